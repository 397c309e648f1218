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
 */

import { replayRecord } from "@crossbones/engine";
import type { TableSetup } from "@crossbones/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { Store } from "../src/online/store.js";
import { ChildServer } from "./child.js";
import { createTable, guest } from "./harness.js";
import { ReconnectingSeat, random } from "./players.js";

const SEED = Number(process.env.KILL_SEED ?? Date.now() % 1_000_000);
const KILLS = Number(process.env.KILLS ?? 6);

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

let server: ChildServer | null = null;
const seats: ReconnectingSeat[] = [];
afterAll(async () => {
  for (const s of seats) s.stop();
  ReconnectingSeat.onAct = null;
  await server?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("kill -9 mid-hand and restart on the same data", () => {
  it(`${SETUPS.length} tables, ${KILLS} kills: every table continues, nothing accepted is lost`, async () => {
    const started = Date.now();
    const rnd = random(SEED);
    const srv = await ChildServer.start({ timing: { botDelay: 0, handPause: 50, forcedPass: 30 } });
    server = srv;
    const url = () => srv.url;
    const codes: string[] = [];
    for (const [t, setup] of SETUPS.entries()) {
      const people = setup.seats.flatMap((s, i) => (s === "human" ? [i] : []));
      const guests = await Promise.all(people.map((i) => guest(srv.url, `T${t}S${i}`)));
      const code = await createTable(srv.url, guests[0].token, setup);
      codes.push(code);
      people.forEach((seat, k) => {
        seats.push(new ReconnectingSeat(url, guests[k].token, code, seat, random(SEED + 31 * t + seat), k > 0));
      });
    }
    const byTable = (code: string) => seats.filter((s) => s.code === code);
    const phaseOf = (code: string) => byTable(code).find((s) => s.latest)?.latest?.view.phase ?? "waiting";
    const versionOf = (code: string) => Math.max(...byTable(code).map((s) => s.latest?.view.version ?? 0));
    const kills: { midHand: number; playing: number; afterAct: boolean; pid: number | undefined }[] = [];

    for (let k = 0; k < KILLS; k++) {
      await sleep(200 + rnd() * 600);
      // Half of the kills come right after some client has written an action.
      const afterAct = k % 2 === 1;
      if (afterAct) {
        await new Promise<void>((resolve) => {
          ReconnectingSeat.onAct = () => {
            ReconnectingSeat.onAct = null;
            process.kill(srv.pid as number, "SIGKILL");
            resolve();
          };
        });
      }
      const playing = codes.filter((c) => phaseOf(c) !== "finished").length;
      const midHand = codes.filter((c) => phaseOf(c) === "play" || phaseOf(c) === "pose").length;
      kills.push({ midHand, playing, afterAct, pid: srv.pid });
      await srv.kill("SIGKILL");
      const before = codes.map(versionOf);
      // Down for a moment: the clients' reconnects fail and back off.
      await sleep(rnd() * 400);
      await srv.spawn();
      // Every table continues: each is back at (at least) where its clients last saw it.
      await Promise.all(
        codes.map(async (code, i) => {
          while (phaseOf(code) !== "finished" && versionOf(code) < before[i]) await sleep(20);
        }),
      );
    }
    await Promise.race([
      Promise.all(seats.map((s) => s.finished)),
      sleep(120_000).then(() => {
        throw new Error(`not finished: ${codes.map((c) => `${c} ${phaseOf(c)} v${versionOf(c)}`).join(", ")}`);
      }),
    ]);

    // The final records: complete, valid, and what every client saw is a prefix of them.
    const problems: string[] = [];
    let frames = 0;
    for (const code of codes) {
      const record = await (await fetch(`${srv.url}/api/tables/${code}/record`)).json();
      const replayed = replayRecord(record);
      if (!replayed.ok) {
        problems.push(`${code}: the record does not replay: ${JSON.stringify(replayed.error)}`);
        continue;
      }
      const game = replayed.value.game;
      if (!game.finished) problems.push(`${code}: not finished`);
      if (game.hands.some((h) => h.result === null)) problems.push(`${code}: a hand not played out`);
      if (game.version !== versionOf(code))
        problems.push(`${code}: record at ${game.version}, clients at ${versionOf(code)}`);
      const moves = (record as { hands: { moves: string[] }[] }).hands.map((h) => h.moves);
      for (const s of byTable(code)) {
        let last = 0;
        for (const seen of s.log.seen) {
          frames++;
          if (seen.version < last) problems.push(`${code} seat ${s.seat}: went back from ${last} to ${seen.version}`);
          last = seen.version;
          const hand = moves[seen.handIndex] ?? [];
          if (seen.handIndex >= 0 && seen.history.some((m, i) => hand[i] !== m))
            problems.push(`${code} seat ${s.seat}: saw ${seen.history} in hand ${seen.handIndex}, record ${hand}`);
        }
      }
    }
    await srv.kill("SIGTERM");

    // No accepted action lost: each acknowledged id is in its table's log once, for its seat.
    const store = new Store(srv.dataDir);
    let accepted = 0;
    for (const code of codes) {
      const acts = store.log(code).flatMap((e) => (e.k === "act" && e.id !== null ? [e] : []));
      for (const s of byTable(code))
        for (const id of s.log.accepted.keys()) {
          accepted++;
          const found = acts.filter((e) => e.id === id);
          if (found.length !== 1 || found[0].seat !== s.seat)
            problems.push(`${code}: action ${id} logged ${found.length} times`);
        }
    }
    store.close();
    await srv.stop();
    server = null;

    const sum = (f: (s: ReconnectingSeat) => number) => seats.reduce((n, s) => n + f(s), 0);
    process.stdout.write(
      `kill -9 (seed ${SEED}): ${SETUPS.length} tables, ${KILLS} kills (${JSON.stringify(kills)}), ` +
        `${srv.starts} starts; ${accepted} accepted actions all in the logs; ` +
        `${sum((s) => s.log.connections - 1)} reconnects; ${sum((s) => s.log.resent)} actions resent after a kill ` +
        `(${sum((s) => s.log.resentAcked)} acknowledged as already applied or applied then, ` +
        `${sum((s) => s.log.resentStale)} stale); ${frames} views checked against the records; ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    expect(problems).toEqual([]);
    expect(kills.every((k) => k.midHand > 0)).toBe(true);
    // Every client came back by itself at least once.
    expect(seats.every((s) => s.log.connections > 1)).toBe(true);
  }, 240_000);
});
