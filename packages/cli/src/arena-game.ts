/**
 * One arena game: a deal sequence, the bots in one rotation, and what the table needs from it.
 * Shared by the worker threads and the in-process runner (`--workers 0`).
 */

import { createMeasuringBot, mixSeed, playGame } from "@crossbones/bots";
import {
  createRng,
  type GameRecord,
  handConfig,
  makeRecord,
  parseRules,
  type Rules,
  randomDeal,
} from "@crossbones/engine";

export interface ArenaSetup {
  readonly game: "french" | "cutthroat" | "partner";
  readonly players: number;
  /** One bot spec per position in the seat list. */
  readonly seats: readonly string[];
  readonly seed: number;
  readonly save: boolean;
}

export interface ArenaJob {
  readonly index: number;
  /** Which deal sequence. */
  readonly deals: number;
  /** The bot at seat s is `seats[(s + rotation) % n]`. */
  readonly rotation: number;
}

export interface ArenaResult {
  readonly index: number;
  /** The deal sequence the game was played on (`ArenaJob.deals`). */
  readonly deals: number;
  /** Per seat: the position in the seat list of the bot that sat there. */
  readonly bots: readonly number[];
  /** The winning seat (French, Cut Throat) or team (Partner), or null. */
  readonly winner: number | null;
  /** Per seat: French points over the game, hands won (the team's in Partner), hands played. */
  readonly points: readonly number[];
  readonly handsWon: readonly number[];
  readonly hands: number;
  /** Per seat: decision times in ms (decisions with one legal move excluded). */
  readonly times: readonly (readonly number[])[];
  /** Per seat: decisions with one legal move (not timed). */
  readonly forced: readonly number[];
  readonly record: GameRecord | null;
}

export function rulesOf(setup: Pick<ArenaSetup, "game" | "players">): Rules {
  const r = parseRules(setup.game, setup.players);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export function runJob(setup: ArenaSetup, job: ArenaJob): ArenaResult {
  const rules = rulesOf(setup);
  const n = setup.players;
  const bots = Array.from({ length: n }, (_, s) => (s + job.rotation) % n);
  const players = bots.map((b, s) => createMeasuringBot(setup.seats[b], mixSeed(setup.seed, job.index, s)));
  const times: number[][] = bots.map(() => []);
  const forced = bots.map(() => 0);
  const config = handConfig(rules);
  const game = playGame(rules, players, {
    // Every rotation of a deal sequence sees the same deals: the seed of hand h of sequence d.
    deal: (h) => randomDeal(config, createRng(mixSeed(setup.seed, job.deals, h, 0x5eed))),
    clock: () => performance.now(),
    onDecision: (seat, ms, choices) => {
      if (choices > 1) times[seat].push(ms);
      else forced[seat]++;
    },
  });
  const teams = rules.game === "partner";
  const points = bots.map(() => 0);
  const handsWon = bots.map(() => 0);
  for (const hand of game.hands) {
    const r = hand.result;
    if (!r) continue;
    for (let s = 0; s < n; s++) {
      points[s] += r.score[s] + r.penalties[s];
      if (r.winner !== null && (teams ? r.winner % 2 === s % 2 : r.winner === s)) handsWon[s]++;
    }
  }
  return {
    index: job.index,
    deals: job.deals,
    bots,
    winner: game.winner,
    points,
    handsWon,
    hands: game.hands.filter((h) => h.result).length,
    times,
    forced,
    record: setup.save
      ? makeRecord(
          game,
          bots.map((b) => setup.seats[b]),
        )
      : null,
  };
}
