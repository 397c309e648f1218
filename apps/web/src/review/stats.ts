/**
 * Stats over the finished games kept on this device (and online games): games and wins per game
 * kind and bot level, French points per hand, six-loves given and taken, and mistakes per hand
 * over time from the reviews. Everything is computed from the games' records, replayed by the
 * engine; nothing is counted twice by hand.
 */

import { type GameKind, replayRecord, sideOf } from "@crossbones/engine";
import type { LossUnit } from "./grade";

export type Level = "easy" | "medium" | "hard";

/** A finished game as history keeps it. */
export interface GameEntry {
  /** Unique per game: a local game's start time and seed, or the online game's id. */
  readonly id: string;
  /** When it finished (ms since 1970). */
  readonly finishedAt: number;
  readonly source: "bots" | "online";
  /** The strongest bot at the table, or null when there was none. */
  readonly level: Level | null;
  /** The player's seat. */
  readonly seat: number;
  /** The game record (docs/record-format.md). */
  readonly record: unknown;
  /**
   * What the record says about the player, worked out once when the game is kept (`withFacts`), so
   * that the stats page does not replay hundreds of records on the main thread each time it opens
   * (about 0.3 ms a French set here). Null: the record does not replay; absent: kept before facts were.
   */
  readonly facts?: GameFacts | null;
}

/** A reviewed hand as history keeps it. */
export interface ReviewEntry {
  readonly gameId: string;
  readonly hand: number;
  /** When the review finished (ms since 1970). */
  readonly at: number;
  readonly unit: LossUnit;
  readonly decisions: number;
  readonly mistakes: number;
  readonly lost: number;
}

/** What one game says about its player. */
export interface GameFacts {
  readonly kind: GameKind;
  readonly players: number;
  readonly won: boolean;
  readonly sixLove: "given" | "taken" | null;
  /** French: points the player took in each hand (hand score plus penalties). */
  readonly frenchPoints: readonly number[];
  readonly hands: number;
}

export function gameFacts(entry: GameEntry): GameFacts | null {
  const r = replayRecord(entry.record);
  if (!r.ok) return null;
  const game = r.value.game;
  const rules = game.rules;
  const won = game.winner !== null && game.winner === sideOf(rules, entry.seat);
  const frenchPoints: number[] = [];
  if (rules.game === "french") {
    for (const h of game.hands) {
      if (h.result) frenchPoints.push(h.result.score[entry.seat] + h.result.penalties[entry.seat]);
    }
  }
  return {
    kind: rules.game,
    players: rules.players,
    won,
    sixLove: game.sixLove ? (won ? "given" : "taken") : null,
    frenchPoints,
    hands: game.hands.filter((h) => h.result !== null).length,
  };
}

/** The entry with its facts worked out (once, when it is kept). */
export function withFacts(entry: GameEntry): GameEntry {
  return { ...entry, facts: gameFacts(entry) };
}

/** An entry's facts: those kept with it, or worked out now for an entry kept without them. */
export function factsOf(entry: GameEntry): GameFacts | null {
  return entry.facts !== undefined ? entry.facts : gameFacts(entry);
}

export interface KindStats {
  readonly kind: GameKind;
  readonly level: Level | null;
  readonly games: number;
  readonly wins: number;
}

export interface Stats {
  readonly games: number;
  /** One row per game kind and bot level, in the order kinds and levels are listed. */
  readonly byKind: readonly KindStats[];
  readonly frenchHands: number;
  /** The player's average points per French hand (lower is better), or null without one. */
  readonly frenchPointsPerHand: number | null;
  readonly sixLoveGiven: number;
  readonly sixLoveTaken: number;
  /** Per finished French game in time order: its average points per hand. */
  readonly frenchOverTime: readonly { readonly at: number; readonly perHand: number }[];
  /** Per reviewed hand in time order: the mistakes (inaccuracies or worse) found. */
  readonly mistakesOverTime: readonly { readonly at: number; readonly mistakes: number }[];
  /** Mistakes per reviewed hand, over every review, or null without one. */
  readonly mistakesPerHand: number | null;
}

const KINDS: readonly GameKind[] = ["french", "cutthroat", "partner"];
const LEVELS: readonly (Level | null)[] = ["easy", "medium", "hard", null];

export function aggregate(entries: readonly GameEntry[], reviews: readonly ReviewEntry[]): Stats {
  const rows = new Map<string, { kind: GameKind; level: Level | null; games: number; wins: number }>();
  let frenchHands = 0;
  let frenchPoints = 0;
  let sixLoveGiven = 0;
  let sixLoveTaken = 0;
  let games = 0;
  const frenchOverTime: { at: number; perHand: number }[] = [];
  for (const entry of [...entries].sort((a, b) => a.finishedAt - b.finishedAt)) {
    const facts = factsOf(entry);
    if (!facts) continue;
    games++;
    const key = `${facts.kind}/${entry.level}`;
    const row = rows.get(key) ?? { kind: facts.kind, level: entry.level, games: 0, wins: 0 };
    row.games++;
    if (facts.won) row.wins++;
    rows.set(key, row);
    if (facts.sixLove === "given") sixLoveGiven++;
    if (facts.sixLove === "taken") sixLoveTaken++;
    if (facts.frenchPoints.length > 0) {
      const sum = facts.frenchPoints.reduce((a, b) => a + b, 0);
      frenchHands += facts.frenchPoints.length;
      frenchPoints += sum;
      frenchOverTime.push({ at: entry.finishedAt, perHand: sum / facts.frenchPoints.length });
    }
  }
  const byKind: KindStats[] = [];
  for (const kind of KINDS)
    for (const level of LEVELS) {
      const row = rows.get(`${kind}/${level}`);
      if (row) byKind.push(row);
    }
  const sorted = [...reviews].sort((a, b) => a.at - b.at);
  const mistakes = sorted.reduce((a, r) => a + r.mistakes, 0);
  return {
    games,
    byKind,
    frenchHands,
    frenchPointsPerHand: frenchHands > 0 ? frenchPoints / frenchHands : null,
    sixLoveGiven,
    sixLoveTaken,
    frenchOverTime,
    mistakesOverTime: sorted.map((r) => ({ at: r.at, mistakes: r.mistakes })),
    mistakesPerHand: sorted.length > 0 ? mistakes / sorted.length : null,
  };
}
