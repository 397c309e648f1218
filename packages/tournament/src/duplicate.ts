/**
 * Duplicate French (docs/tournaments.md, *Duplicate*). Each round seats the players at tables of
 * four; every table of the round plays the same deals, so each seat's bones at each hand are held
 * by one player a table. A player's score for a hand is compared with every other holder of the
 * same seat's bones at that hand (matchpoints, as in duplicate bridge): 1 for each one who took
 * more points than them (the hand's score and its penalties: lower is better in French), ½ for
 * each who took the same. Standings are by the sum over every hand of every round, then rating.
 *
 * Seats a table is short of are played by bots: their hands are compared with like everyone's,
 * and they are in no standings. A player who never came to their table is played by a bot all the
 * same and scores nothing for the round (a forfeit); the others are still compared with that bot.
 */

import { placed } from "./standings.js";
import type { Entrant, Standing } from "./types.js";

export const DUPLICATE_SEATS = 4;

/** A round's table: who holds each seat (null: a bot) and each hand's points per seat. */
export interface DuplicateTable {
  readonly seats: readonly (string | null)[];
  /** `hands[h][s]`: the points seat s took at hand h, penalties included. */
  readonly hands: readonly (readonly number[])[];
  /** Players of this table who never came (their bots played). */
  readonly absent?: readonly string[];
  /** The table's game record, by the server's id for it, when it was kept. */
  readonly record?: string;
}

/**
 * The tables of round `round` (from 0). Round 0 deals the players out by rating like cards (a
 * snake: the top ones each at their own table, every table one of each quarter of the field), so
 * the tables are of like strength. Each later round keeps every player in their seat and moves
 * seat s on by s × round tables, so tables mix: two seats s and s' of a table stay together only
 * when (s − s') × round is a multiple of the number of tables.
 */
export function duplicateSeating(entrants: readonly Entrant[], round: number): (string | null)[][] {
  const order = [...entrants].sort((x, y) => y.rating - x.rating || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const tables = Math.max(1, Math.ceil(order.length / DUPLICATE_SEATS));
  const seating: (string | null)[][] = Array.from({ length: tables }, () => Array(DUPLICATE_SEATS).fill(null));
  order.forEach((e, i) => {
    const seat = Math.floor(i / tables);
    const j = i % tables;
    const first = seat % 2 === 0 ? j : tables - 1 - j;
    seating[(first + seat * round) % tables][seat] = e.id;
  });
  return seating;
}

/** Each player's matchpoints over one round's tables (players of no table: none). */
export function duplicateScores(tables: readonly DuplicateTable[]): Map<string, number> {
  const scores = new Map<string, number>();
  tables.forEach((table, t) => {
    const absent = new Set(table.absent ?? []);
    table.seats.forEach((player, seat) => {
      if (player === null) return;
      let sum = 0;
      if (!absent.has(player))
        table.hands.forEach((points, hand) => {
          const mine = points[seat];
          tables.forEach((other, u) => {
            const theirs = other.hands[hand]?.[seat];
            if (u === t || theirs === undefined) return;
            sum += mine < theirs ? 1 : mine === theirs ? 0.5 : 0;
          });
        });
      scores.set(player, (scores.get(player) ?? 0) + sum);
    });
  });
  return scores;
}

/** Standings after the rounds played: matchpoints summed, then rating. */
export function duplicateStandings(
  entrants: readonly Entrant[],
  rounds: readonly (readonly DuplicateTable[])[],
): Standing[] {
  const total = new Map(entrants.map((e) => [e.id, 0]));
  for (const round of rounds)
    for (const [id, n] of duplicateScores(round)) if (total.has(id)) total.set(id, (total.get(id) ?? 0) + n);
  const rating = new Map(entrants.map((e) => [e.id, e.rating]));
  const key = (id: string) => [total.get(id) ?? 0, rating.get(id) ?? 0];
  const order = entrants
    .map((e) => e.id)
    .sort((x, y) => {
      const [a, b] = [key(x), key(y)];
      return b[0] - a[0] || b[1] - a[1] || (x < y ? -1 : 1);
    });
  return placed(order, key);
}
