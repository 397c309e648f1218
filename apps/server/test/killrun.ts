/**
 * kill -9 while tables play (kill.test.ts: one server killed and started again on the same data;
 * cluster.test.ts: the owner of the busiest tables killed, another process takes them over). Tables
 * of every game, people on reconnecting clients (players.ts: reconnect with backoff to a process
 * that is up, hello, watch, resend an unanswered action with the same id and version) and some
 * bots. A process is killed with SIGKILL at random moments while hands are being played — some of
 * them right after a client has written an action, so that its answer is lost. Then:
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
import type { LogEntry } from "../src/online/store.js";
import type { ChildServer } from "./child.js";
import { createTable, guest } from "./harness.js";
import { type Frame, ReconnectingSeat, random } from "./players.js";

/** The servers a run kills. */
export interface Fleet {
  /** A process that is up, for a client to (re)connect to or a request. */
  url(): string;
  /** The process to kill now, given the tables still playing. */
  victim(playing: readonly string[]): Promise<ChildServer>;
  /** Right after the kill (one server: starts it again after a moment; a cluster: nothing). */
  down(victim: ChildServer, rnd: () => number): Promise<void>;
  /** Once every table went on (a cluster: the killed member starts again, empty). */
  up(victim: ChildServer): Promise<void>;
  /** A table's log, from the store, once the run is over. */
  log(code: string): Promise<LogEntry[]>;
}

export interface Kill {
  readonly midHand: number;
  readonly playing: number;
  readonly afterAct: boolean;
  /** From the kill to every table beyond where its clients last saw it. */
  readonly recoveredMs: number;
}

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays every plan's table through `kills` kills (each table playing `more` games beyond its plan's,
 * for a fleet that recovers faster than the games last): the problems found, and what happened.
 */
export async function runKills(
  fleet: Fleet,
  SEED: number,
  KILLS: number,
  more = 0,
): Promise<{
  problems: string[];
  summary: string;
  proofs: number;
  seedsIn: number;
  kills: Kill[];
  reconnected: number;
  seats: number;
}> {
  const seats: ReconnectingSeat[] = [];
  try {
    const started = Date.now();
    const rnd = random(SEED);
    const url = () => fleet.url();
    const codes: string[] = [];
    const makers: string[] = [];
    for (const [t, plan] of PLANS.entries()) {
      const people = plan.setup.seats.flatMap((s, i) => (s === "human" ? [i] : []));
      const guests = await Promise.all(people.map((i) => guest(fleet.url(), `T${t}S${i}`)));
      const code = await createTable(fleet.url(), guests[0].token, plan.setup);
      codes.push(code);
      makers.push(guests[0].token);
      people.forEach((seat, k) => {
        const play = random(SEED + 31 * t + seat);
        const leave = plan.leave?.seat === seat ? plan.leave.after : Infinity;
        const rematches = (plan.rematches ?? 0) + more;
        seats.push(new ReconnectingSeat(url, guests[k].token, code, seat, play, k > 0, rematches, leave));
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
      if (l.view.finished)
        return l.table.game >= (PLANS[codes.indexOf(code)].rematches ?? 0) + more ? "over" : "rematch";
      return l.view.phase;
    };
    const kills: Kill[] = [];

    for (let k = 0; k < KILLS; k++) {
      await sleep(200 + rnd() * 600);
      const srv = await fleet.victim(codes.filter((c) => phaseOf(c) !== "over"));
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
      await srv.kill("SIGKILL");
      const killed = Date.now();
      const before = codes.map(whereOf);
      await fleet.down(srv, rnd);
      // Every table continues: each goes beyond where its clients last saw it (or is over).
      await Promise.all(
        codes.map(async (code, i) => {
          while (phaseOf(code) !== "over" && whereOf(code) <= before[i]) await sleep(20);
        }),
      );
      kills.push({ midHand, playing, afterAct, recoveredMs: Date.now() - killed });
      await fleet.up(srv);
    }
    await Promise.race([
      Promise.all(seats.map((s) => s.finished)),
      sleep(120_000).then(() => {
        throw new Error(`not finished: ${codes.map((c) => `${c} ${phaseOf(c)} ${whereOf(c)}`).join(", ")}`);
      }),
    ]);

    // The final records: complete, valid, and what every client saw is a prefix of them.
    const problems: string[] = seats.flatMap((s) => (s.failure ? [`${s.code} seat ${s.seat}: ${s.failure}`] : []));
    let frames = 0;
    let games = 0;
    let proofs = 0;
    let seedsIn = 0;
    for (const [t, code] of codes.entries()) {
      // Every game of the table: the finished ones from "my games", the last one from the table too.
      const mine = (await (
        await fetch(`${fleet.url()}/api/me/games`, { headers: { authorization: `Bearer ${makers[t]}` } })
      ).json()) as { games: { id: string; code: string; game: number }[] };
      const records: unknown[] = [];
      for (const g of mine.games.filter((g) => g.code === code))
        records[g.game] = await (await fetch(`${fleet.url()}/api/games/${g.id}`)).json();
      const last = latestOf(code)?.table.game ?? 0;
      const current = await (await fetch(`${fleet.url()}/api/tables/${code}/record`)).json();
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
            // The commitment a page kept from before the deal is the one revealed: a restart or a
            // takeover between hands raises no false alarm.
            const shown = s.commitments.get(`${index}:${i + 1}`);
            if (shown !== undefined && shown !== h.fair.commitment)
              problems.push(`${code}/${index} hand ${i}: seat ${s.seat} was shown another commitment before the deal`);
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

    // No accepted action lost: each acknowledged id is in its table's log once, for its seat.
    let accepted = 0;
    for (const code of codes) {
      const acts = (await fleet.log(code)).flatMap((e) => (e.k === "act" && e.id !== null ? [e] : []));
      for (const s of byTable(code))
        for (const id of s.log.accepted.keys()) {
          accepted++;
          const found = acts.filter((e) => e.id === id);
          if (found.length !== 1 || found[0].seat !== s.seat)
            problems.push(`${code}: action ${id} logged ${found.length} times`);
        }
    }
    const sum = (f: (s: ReconnectingSeat) => number) => seats.reduce((n, s) => n + f(s), 0);
    const summary =
      `${PLANS.length} tables, ${games} games, ${KILLS} kills (${JSON.stringify(kills)}); ` +
      `${accepted} accepted actions all in the logs; ` +
      `${sum((s) => s.log.connections - 1)} reconnects; ${sum((s) => s.log.resent)} actions resent after a kill ` +
      `(${sum((s) => s.log.resentAcked)} acknowledged: applied before the kill or then, ` +
      `${sum((s) => s.log.resentStale)} stale); ${frames} views checked against the records; ` +
      `${proofs} deals proven (${seedsIn} players' seeds in them); ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`;
    // Every client came back by itself at least once (to a process of its own if the one it was on died).
    const reconnected = seats.filter((s) => s.log.connections > 1).length;
    return { problems, summary, proofs, seedsIn, kills, reconnected, seats: seats.length };
  } finally {
    for (const s of seats) s.stop();
    ReconnectingSeat.onAct = null;
  }
}
