/**
 * A table's frames (frames.ts): a follower's first frame is the whole table, each later one a
 * patch from the frame it holds. Every snapshot must read back as exactly the message built the
 * plain way (the seat's `viewFor`, or the spectators' `spectatorView`); every patch, applied to the
 * frame it counts from, must make that message; and a client's copies (`TableCopies`), fed a
 * stream of frames where some are lost and some come twice, must always end at the server's table.
 */

import { type Game, parseRules, spectatorView, viewFor } from "@crossbones/engine";
import { type PresenceMessage, type ServerMessage, TableCopies, type TableInfo, toWire } from "@crossbones/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { playRandomGame, TABLES } from "../../../packages/engine/test/random-game.js";
import { type Sent, TableFrames } from "../src/online/frames.js";

/** Every position of one random game per table kind (each with its step's number). */
function games(): Game[][] {
  return TABLES.map(([game, players]) => {
    const rules = parseRules(game, players, game === "french" ? { target: 40, illegalPlayPenalty: 5 } : {});
    if (!rules.ok) throw new Error(rules.error.message);
    const out: Game[] = [];
    playRandomGame(rules.value, `frames-${game}-${players}`, { onStep: ({ after }) => out.push(after) });
    return out;
  });
}
const GAMES = games();

/** A table's information as the server would send it at step `step` (what changes: clocks, seats). */
function infoAt(game: Game, step: number, you: number | null): TableInfo {
  const players = game.config.players;
  return {
    code: "K7QX2M",
    setup: {
      game: game.rules.game,
      players,
      options: {},
      seats: Array.from({ length: players }, () => "human" as const),
      clock: { move: 30, bank: 120 },
      private: false,
    },
    seats: Array.from({ length: players }, (_, i) => ({
      seat: i,
      name: `P${i}`,
      kind: "human" as const,
      level: null,
      program: false,
      connected: true,
      away: false,
      bankMs: 120_000 - ((step * (i + 1) * 37) % 5000),
    })),
    you,
    status: game.finished ? "finished" : "playing",
    maker: 0,
    turnMs: game.finished ? null : 30_000 - ((step * 101) % 3000),
    nextHandMs: null,
    paused: false,
    serverTime: 1_790_000_000_000 + step * 1234,
    rematch: [],
    ready: [],
    game: 0,
    fair: null,
    proof: null,
  };
}

const framesAt = (games: Game[], step: number) =>
  new TableFrames(games[step], () => infoAt(games[step], step, null), step + 1);

/** The message built the plain way: the whole view of `seat` (a spectator: null). */
function plain(games: Game[], step: number, seat: number | null) {
  const game = games[step];
  const view = toWire(seat === null ? spectatorView(game) : viewFor(game, seat));
  return { t: "table", seq: step + 1, table: infoAt(game, step, seat), view };
}

const followers = (game: Game): (number | null)[] => [
  null,
  ...Array.from({ length: game.config.players }, (_, s) => s),
];

describe("table frames", () => {
  it("a first frame is the whole table, as built the plain way, for every seat and a spectator", () => {
    let checked = 0;
    for (const games of GAMES) {
      for (let step = 0; step < games.length; step += 5) {
        const frames = framesAt(games, step);
        for (const seat of followers(games[step])) {
          expect(JSON.parse(frames.frame(seat, undefined).pieces.join(""))).toStrictEqual(plain(games, step, seat));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
  });

  it("a patch from the frame a follower holds makes the whole table it stands for", () => {
    let patches = 0;
    for (const games of GAMES) {
      // A spectator and the last seat (the first seat's frames are checked as snapshots above).
      for (const seat of [null, games[0].config.players - 1]) {
        const copies = new TableCopies();
        let sent: Sent | undefined;
        // Every frame in turn, then jumps back over several changes at once.
        for (let step = 0; step < games.length; step += 1 + (step % 3)) {
          const frames = framesAt(games, step);
          const { pieces, sent: now } = frames.frame(seat, sent);
          const text = pieces.join("");
          // As the server does once a change is sent: the frames keep only what they are made from.
          sent?.frame.release();
          frames.release();
          const message = JSON.parse(text) as ServerMessage;
          expect(message.t).toBe(sent ? "patch" : "table");
          if (message.t === "patch") patches++;
          const received = copies.receive(message);
          expect(received.resync).toBeNull();
          expect(received.message).toStrictEqual(plain(games, step, seat));
          sent = now;
        }
      }
    }
    expect(patches).toBeGreaterThan(150);
  });

  it("a frame from another seat's view is never patched: the whole table is sent", () => {
    const games = GAMES[0];
    const { sent } = framesAt(games, 3).frame(0, undefined);
    expect(JSON.parse(framesAt(games, 4).frame(1, sent).pieces.join("")).t).toBe("table");
    expect(JSON.parse(framesAt(games, 4).frame(null, sent).pieces.join("")).t).toBe("table");
  });

  it("copies fed frames with some lost, some twice and presence between end at the server's table", () => {
    let resyncs = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: GAMES.length - 1 }),
        fc.integer({ min: -1, max: 3 }),
        fc.array(fc.constantFrom("deliver", "deliver", "deliver", "drop", "twice", "presence"), {
          minLength: 1,
          maxLength: 300,
        }),
        (kind, who, fates) => {
          const games = GAMES[kind];
          const seat = who < 0 || who >= games[0].config.players ? null : who;
          const copies = new TableCopies();
          let sent: Sent | undefined;
          const players = games[0].config.players;
          const steps = Math.min(games.length, fates.length + 1);
          let step = 0;
          const deliver = (text: string) => {
            const { resync } = copies.receive(JSON.parse(text) as ServerMessage);
            if (resync === null) return;
            resyncs++;
            // The client watches again: the server answers with the whole table as it stands.
            const snapshot = framesAt(games, step).frame(seat, undefined);
            sent = snapshot.sent;
            deliver(snapshot.pieces.join(""));
          };
          for (; step < steps; step++) {
            const fate = step === steps - 1 ? "deliver" : (fates[step] ?? "deliver");
            const { pieces, sent: now } = framesAt(games, step).frame(seat, sent);
            const text = pieces.join("");
            sent = now;
            if (fate === "presence") {
              deliver(text);
              if (!sent) continue;
              // Someone left: the server and the client both merge it into the table they hold.
              const seats = Array.from({ length: players }, (_, i) => ({
                connected: i !== step % players,
                away: false,
              }));
              const p: PresenceMessage = { t: "presence", table: "K7QX2M", seats, ready: [], paused: false };
              deliver(JSON.stringify(p));
              sent = { ...sent, presence: p };
              continue;
            }
            if (fate !== "drop") deliver(text);
            if (fate === "twice") deliver(text);
          }
          // The last frame made every presence before it good: the copy is the server's table.
          expect(copies.get("K7QX2M")).toStrictEqual(plain(games, steps - 1, seat));
        },
      ),
      { numRuns: 300 },
    );
    // Lost frames were noticed and asked for again (the path under test was taken).
    expect(resyncs).toBeGreaterThan(100);
  });
});
