/**
 * kill -9 (issue 11, Tests): the server is a process of its own (child.ts) with tables of every
 * game, people on reconnecting clients (players.ts: reconnect with backoff, hello, watch, resend
 * an unanswered action with the same id and version) and some bots. It is killed with SIGKILL at
 * random moments while hands are being played — some of them right after a client has written an
 * action, so that its answer is lost — and started again on the same port and DATA_DIR. Then:
 * - every table continues where it was and every game is played to its end;
 * - no client ever sees a table go back: every view it received, before and after the kills, is
 *   a prefix of the final record (what was shown had been committed);
 * - the final records are complete and valid (the engine's `replayRecord`);
 * - no accepted action is lost: every acknowledged action id is in the table's log exactly once,
 *   for its seat.
 * Two tables also put the other log entries through the kills: one plays three short games
 * (rematches), and at one a person leaves early (a bot plays the seat under their name).
 */

import { replayRecord } from "@crossbones/engine";
import { checkHand, type DealProof, faultMessage } from "@crossbones/fair";
import type { TableSetup } from "@crossbones/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../src/online/sqlite-store.js";
import { ChildServer } from "./child.js";
import { createTable, guest } from "./harness.js";
import { type Frame, ReconnectingSeat, random } from "./players.js";

const SEED = Number(process.env.KILL_SEED ?? Date.now() % 1_000_000);
const KILLS = Number(process.env.KILLS ?? 6);

/** A table: its setup, rematches its people ask for, and a seat whose person leaves after some actions. */
interface Plan {
  readonly setup: TableSetup;
  readonly rematches?: number;
  readonly leave?: { readonly seat: number; readonly after: number };
}

const SETUPS: TableSetup[] = [
  {
    game: "french",
    players: 4,
    options: { target: 100, illegalPlayPenalty: 5 },
    seats: ["human", "human", "human", "human"],
    clock: null,
    private: true,
  },
  {
    game: "french",
    players: 4,
    options: { target: 100 },
    seats: ["human", "bot:easy", "human", "bot:medium"],
    clock: null,
    private: true,
  },
  ...[2, 4].map(
    (players): TableSetup => ({
      game: "cutthroat",
      players,
      options: { match: "straight" },
      seats: Array.from({ length: players }, () => "human" as const),
      clock: null,
      private: true,
    }),
  ),
  {
    game: "cutthroat",
    players: 3,
    options: { match: "straight" },
    seats: ["human", "human", "bot:easy"],
    clock: null,
    private: true,
  },
  {
    game: "partner",
    players: 4,
    options: { match: "straight" },
    seats: ["human", "human", "human", "bot:medium"],
    clock: null,
    private: true,
  },
];

const PLANS: Plan[] = [
  ...SETUPS.map((setup) => ({ setup })),
  // Short sets played three times: rematches in the log, some of them across a kill.
  {
    setup: {
      game: "french",
      players: 4,
      options: { target: 1 },
      seats: ["human", "bot:easy", "human", "bot:easy"],
      clock: null,
      private: true,
    },
    rematches: 2,
  },
  // A person leaves early: a bot plays the seat, across the kills.
  {
    setup: {
      game: "cutthroat",
      players: 3,
      options: { match: "straight" },
      seats: ["human", "human", "human"],
      clock: null,
      private: true,
    },
    leave: { seat: 2, after: 2 },
  },
];

let server: ChildServer | null = null;
const seats: ReconnectingSeat[] = [];
afterAll(async () => {
  for (const s of seats) s.stop();
  ReconnectingSeat.onAct = null;
  await server?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("kill -9 mid-hand and restart on the same data", () => {
  it(`${PLANS.length} tables, ${KILLS} kills: every table continues, nothing accepted is lost`, async () => {
    const started = Date.now();
    const rnd = random(SEED);
    const srv = await ChildServer.start({ timing: { botDelay: 0, handPause: 50, forcedPass: 30, seedWait: 200 } });
    server = srv;
    const url = () => srv.url;
    const codes: string[] = [];
    const makers: string[] = [];
    for (const [t, plan] of PLANS.entries()) {
      const people = plan.setup.seats.flatMap((s, i) => (s === "human" ? [i] : []));
      const guests = await Promise.all(people.map((i) => guest(srv.url, `T${t}S${i}`)));
      const code = await createTable(srv.url, guests[0].token, plan.setup);
      codes.push(code);
      makers.push(guests[0].token);
      people.forEach((seat, k) => {
        const play = random(SEED + 31 * t + seat);
        const leave = plan.leave?.seat === seat ? plan.leave.after : Infinity;
        seats.push(new ReconnectingSeat(url, guests[k].token, code, seat, play, k > 0, plan.rematches ?? 0, leave));
      });
    }
    const byTable = (code: string) => seats.filter((s) => s.code === code);
    /** Where a table is, as its clients last saw it: game and version, as one number that only grows. */
    const at = (game: number, version: number) => game * 100_000 + version;
    const latestOf = (code: string) => {
      let best: Frame | null = null;
      for (const s of byTable(code))
        if (
          s.latest &&
          (!best || at(s.latest.table.game, s.latest.view.version) > at(best.table.game, best.view.version))
        )
          best = s.latest;
      return best;
    };
    const whereOf = (code: string) => {
      const l = latestOf(code);
      return l ? at(l.table.game, l.view.version) : 0;
    };
    /** The phase of the table, "over" once its last game is. */
    const phaseOf = (code: string): string => {
      const l = latestOf(code);
      if (!l) return "waiting";
      if (l.view.finished) return l.table.game >= (PLANS[codes.indexOf(code)].rematches ?? 0) ? "over" : "rematch";
      return l.view.phase;
    };
    const kills: { midHand: number; playing: number; afterAct: boolean }[] = [];

    for (let k = 0; k < KILLS; k++) {
      await sleep(200 + rnd() * 600);
      // Half of the kills come right after some client has written an action.
      const afterAct = k % 2 === 1;
      if (afterAct) {
        await new Promise<void>((resolve) => {
          // (Should nobody act for a while, the kill comes anyway.)
          const anyway = setTimeout(() => {
            ReconnectingSeat.onAct = null;
            resolve();
          }, 3000);
          ReconnectingSeat.onAct = () => {
            ReconnectingSeat.onAct = null;
            clearTimeout(anyway);
            process.kill(srv.pid as number, "SIGKILL");
            resolve();
          };
        });
      }
      const playing = codes.filter((c) => phaseOf(c) !== "over").length;
      const midHand = codes.filter((c) => phaseOf(c) === "play" || phaseOf(c) === "pose").length;
      kills.push({ midHand, playing, afterAct });
      await srv.kill("SIGKILL");
      const before = codes.map(whereOf);
      // Down for a moment: the clients' reconnects fail and back off.
      await sleep(rnd() * 400);
      await srv.spawn();
      // Every table continues: each is back at (at least) where its clients last saw it.
      await Promise.all(
        codes.map(async (code, i) => {
          while (phaseOf(code) !== "over" && whereOf(code) < before[i]) await sleep(20);
        }),
      );
    }
    await Promise.race([
      Promise.all(seats.map((s) => s.finished)),
      sleep(120_000).then(() => {
        throw new Error(`not finished: ${codes.map((c) => `${c} ${phaseOf(c)} ${whereOf(c)}`).join(", ")}`);
      }),
    ]);

    // The final records: complete, valid, and what every client saw is a prefix of them.
    const problems: string[] = [];
    let frames = 0;
    let games = 0;
    let proofs = 0;
    let seedsIn = 0;
    for (const [t, code] of codes.entries()) {
      // Every game of the table: the finished ones from "my games", the last one from the table too.
      const mine = (await (
        await fetch(`${srv.url}/api/me/games`, { headers: { authorization: `Bearer ${makers[t]}` } })
      ).json()) as { games: { id: number; code: string; game: number }[] };
      const records: unknown[] = [];
      for (const g of mine.games.filter((g) => g.code === code))
        records[g.game] = await (await fetch(`${srv.url}/api/games/${g.id}`)).json();
      const last = latestOf(code)?.table.game ?? 0;
      const current = await (await fetch(`${srv.url}/api/tables/${code}/record`)).json();
      if (records.length !== last + 1) problems.push(`${code}: ${records.length} games kept, ${last + 1} played`);
      if (JSON.stringify(records[last]) !== JSON.stringify(current)) problems.push(`${code}: the kept record differs`);
      for (const [index, record] of records.entries()) {
        games++;
        const replayed = replayRecord(record);
        if (!replayed.ok) {
          problems.push(`${code}/${index}: the record does not replay: ${JSON.stringify(replayed.error)}`);
          continue;
        }
        const game = replayed.value.game;
        if (!game.finished) problems.push(`${code}/${index}: not finished`);
        if (game.hands.some((h) => h.result === null)) problems.push(`${code}/${index}: a hand not played out`);
        if (index === last && game.version !== latestOf(code)?.view.version)
          problems.push(`${code}: record at ${game.version}, clients at ${latestOf(code)?.view.version}`);
        // Every deal's proof survives the kills and checks; a seed in it is the one its seat sent.
        const hands = (record as { hands: { moves: string[]; fair?: DealProof }[] }).hands;
        for (const [i, h] of hands.entries()) {
          if (!h.fair) {
            problems.push(`${code}/${index} hand ${i}: no proof of its deal`);
            continue;
          }
          proofs++;
          const fault = await checkHand(game.config, h.fair, game.hands[i].deal);
          if (fault) problems.push(`${code}/${index} hand ${i}: ${faultMessage(fault)}`);
          for (const s of byTable(code)) {
            const seed = h.fair.seeds[s.seat];
            if (seed !== null && s.seeds.get(h.fair.commitment) !== seed)
              problems.push(`${code}/${index} hand ${i}: seat ${s.seat}'s seed is not the one it sent`);
            if (seed !== null) seedsIn++;
          }
        }
        const moves = hands.map((h) => h.moves);
        for (const s of byTable(code))
          for (const seen of s.log.seen) {
            if (seen.game !== index) continue;
            frames++;
            const hand = moves[seen.handIndex] ?? [];
            if (seen.handIndex >= 0 && seen.history.some((m, i) => hand[i] !== m))
              problems.push(
                `${code}/${index} seat ${s.seat}: saw ${seen.history} in hand ${seen.handIndex}, record ${hand}`,
              );
          }
      }
      // No client ever saw its table go back.
      for (const s of byTable(code)) {
        let was = 0;
        for (const seen of s.log.seen) {
          const now = at(seen.game, seen.version);
          if (now < was) problems.push(`${code} seat ${s.seat}: went back from ${was} to ${now}`);
          was = now;
        }
      }
      // The seat given up is a bot's, under the person's name.
      const leave = PLANS[t].leave;
      if (leave) {
        const seat = latestOf(code)?.table.seats[leave.seat];
        if (seat?.kind !== "bot" || seat.name !== `T${t}S${leave.seat}`)
          problems.push(`${code}: seat ${leave.seat} is ${JSON.stringify(seat)}`);
      }
    }
    for (const s of seats) s.stop();
    await srv.kill("SIGTERM");

    // No accepted action lost: each acknowledged id is in its table's log once, for its seat.
    const store = new SqliteStore(srv.dataDir);
    let accepted = 0;
    for (const code of codes) {
      const acts = (await store.log(code)).flatMap((e) => (e.k === "act" && e.id !== null ? [e] : []));
      for (const s of byTable(code))
        for (const id of s.log.accepted.keys()) {
          accepted++;
          const found = acts.filter((e) => e.id === id);
          if (found.length !== 1 || found[0].seat !== s.seat)
            problems.push(`${code}: action ${id} logged ${found.length} times`);
        }
    }
    await store.close();
    await srv.stop();
    server = null;

    const sum = (f: (s: ReconnectingSeat) => number) => seats.reduce((n, s) => n + f(s), 0);
    process.stdout.write(
      `kill -9 (seed ${SEED}): ${PLANS.length} tables, ${games} games, ${KILLS} kills (${JSON.stringify(kills)}), ` +
        `${srv.starts} starts; ${accepted} accepted actions all in the logs; ` +
        `${sum((s) => s.log.connections - 1)} reconnects; ${sum((s) => s.log.resent)} actions resent after a kill ` +
        `(${sum((s) => s.log.resentAcked)} acknowledged: applied before the kill or then, ` +
        `${sum((s) => s.log.resentStale)} stale); ${frames} views checked against the records; ` +
        `${proofs} deals proven (${seedsIn} players' seeds in them); ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    expect(problems).toEqual([]);
    expect(proofs).toBeGreaterThan(0);
    expect(seedsIn).toBeGreaterThan(0);
    expect(kills.every((k) => k.midHand > 0)).toBe(true);
    // Every client came back by itself at least once.
    expect(seats.every((s) => s.log.connections > 1)).toBe(true);
  }, 240_000);
});
