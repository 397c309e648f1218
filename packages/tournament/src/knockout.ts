/**
 * Knockout brackets (docs/tournaments.md, *Knockout*). Entrants are seeded by rating (then id);
 * the bracket is the next power of two, seeds placed so that 1 and 2 can meet only in the final,
 * 1–4 only in the semi-finals, and so on; its empty slots face the top seeds, who go through to
 * round 2 without a game (the byes). A game's winner goes on; a game that ends level (a draw, or
 * neither side came) sends the higher seed on.
 */

import { gamePoints } from "./points.js";
import { placed } from "./standings.js";
import type { Entrant, Game, Standing } from "./types.js";

/** A round's slots in bracket order: slots 2i and 2i+1 meet; null is an empty slot (a bye). */
export type Slots = readonly (string | null)[];

/** Seeds 1…size in bracket order (size a power of two): [1, 8, 4, 5, 2, 7, 3, 6] for 8. */
export function seedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((seed) => [seed, n + 1 - seed]);
  }
  return order;
}

/** Each entrant's seed (1 is the highest rating). */
export function seeds(entrants: readonly Entrant[]): Map<string, number> {
  const order = [...entrants].sort((x, y) => y.rating - x.rating || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return new Map(order.map((e, i) => [e.id, i + 1]));
}

/** Round 1's slots. */
export function seedBracket(entrants: readonly Entrant[]): Slots {
  const bySeed = [...seeds(entrants)].sort((x, y) => x[1] - y[1]).map(([id]) => id);
  let size = 2;
  while (size < bySeed.length) size *= 2;
  return seedOrder(size).map((seed) => bySeed[seed - 1] ?? null);
}

/** The games a round plays: each pair of slots both taken. */
export function knockoutGames(slots: Slots): [string, string][] {
  const games: [string, string][] = [];
  for (let i = 0; i + 1 < slots.length; i += 2) {
    const [a, b] = [slots[i], slots[i + 1]];
    if (a !== null && b !== null) games.push([a, b]);
  }
  return games;
}

/** The next round's slots, from this round's and its games (every game of `knockoutGames` played). */
export function nextKnockoutRound(slots: Slots, games: readonly Game[], seed: ReadonlyMap<string, number>): Slots {
  const next: (string | null)[] = [];
  for (let i = 0; i + 1 < slots.length; i += 2) {
    const [a, b] = [slots[i], slots[i + 1]];
    if (a === null || b === null) {
      next.push(a ?? b);
      continue;
    }
    const game = games.find((g) => (g.a === a && g.b === b) || (g.a === b && g.b === a));
    if (!game) throw new Error(`the game of ${a} and ${b} is not played yet`);
    const [pa, pb] = [gamePoints(game, a), gamePoints(game, b)];
    const higher = (seed.get(a) ?? Infinity) < (seed.get(b) ?? Infinity) ? a : b;
    next.push(pa > pb ? a : pb > pa ? b : higher);
  }
  return next;
}

/**
 * Standings from the bracket's rounds so far (`rounds[0]` is round 1's slots): by the round each
 * entrant reached (the champion, alone in the last, first), then seed. Those who went out in the
 * same round share a place (3rd for both losing semi-finalists); `points` is how many rounds on
 * the entrant got (a bye counted), the seed its tie-break.
 */
export function knockoutStandings(entrants: readonly Entrant[], rounds: readonly Slots[]): Standing[] {
  const seed = seeds(entrants);
  const reached = new Map(entrants.map((e) => [e.id, 0]));
  rounds.forEach((slots, r) => {
    for (const id of slots) if (id !== null) reached.set(id, r);
  });
  const order = entrants
    .map((e) => e.id)
    .sort((x, y) => (reached.get(y) ?? 0) - (reached.get(x) ?? 0) || (seed.get(x) ?? 0) - (seed.get(y) ?? 0));
  // The seed orders within a place without parting it.
  return placed(order, (id) => [reached.get(id) ?? 0]).map((s) => ({ ...s, tieBreaks: [seed.get(s.id) ?? 0] }));
}
