/**
 * Swiss pairings (docs/tournaments.md, *Swiss*). Entrants are ranked by points, then rating, then
 * id. An odd number leaves one out: the bye goes to the lowest-ranked entrant who has not had one.
 * The rest are paired within their points group, its top half against its bottom half in order
 * (1 against n/2 + 1, as the Dutch system does), an odd one out floating down to the next group;
 * nobody meets the same opponent twice. Where the preferred pairing would repeat a game, the search
 * backtracks over every other choice, best first, so a pairing without a rematch is found whenever
 * one exists. Within `maxSwissRounds` rounds one always does.
 */

import { metBefore, pointsAfter } from "./points.js";
import type { Entrant, PlayedRound } from "./types.js";

export interface Pairing {
  /** Games of the round, the higher-ranked entrant first. */
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
}

/**
 * The most rounds a Swiss of `n` entrants may have: ⌈n/2⌉. Each entrant then has more entrants
 * not yet met than half the field (the bye counted as one), and by Dirac's theorem a pairing
 * without a rematch exists every round. A tournament's rounds are cut to this at its start.
 */
export function maxSwissRounds(n: number): number {
  return n < 2 ? 0 : Math.ceil(n / 2);
}

/** How many choices the search may try before it gives up on avoiding a rematch. */
const SEARCH_LIMIT = 200_000;

interface Ranked {
  readonly id: string;
  readonly points: number;
  /** Place in the whole ranking (0 first). */
  readonly rank: number;
  /** Place within its points group, and who it would meet there (the Dutch system's partner). */
  readonly ideal: number;
  readonly inGroup: number;
}

/** The next round's pairing, given the rounds played so far. */
export function pairSwiss(entrants: readonly Entrant[], played: readonly PlayedRound[]): Pairing {
  const points = pointsAfter(
    entrants.map((e) => e.id),
    played,
  );
  const order = [...entrants].sort(
    (x, y) =>
      (points.get(y.id) ?? 0) - (points.get(x.id) ?? 0) ||
      y.rating - x.rating ||
      (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
  );
  const met = metBefore(played);
  const hadBye = new Set(played.flatMap((r) => (r.bye === null ? [] : [r.bye])));
  const pair = (field: readonly Entrant[], allowed: (a: string, b: string) => boolean) =>
    matching(ranked(field, points), allowed);
  const fresh = (a: string, b: string) => !met(a, b);

  if (order.length % 2 === 0) {
    const pairs = pair(order, fresh) ?? pair(order, () => true);
    return { pairs: pairs ?? [], bye: null };
  }
  // The bye: the lowest-ranked without one whose absence still lets the rest pair afresh.
  const byeFirst = [...order].reverse();
  const candidates = byeFirst.filter((e) => !hadBye.has(e.id));
  for (const e of candidates.length > 0 ? candidates : byeFirst) {
    const pairs = pair(
      order.filter((o) => o !== e),
      fresh,
    );
    if (pairs) return { pairs, bye: e.id };
  }
  // Beyond maxSwissRounds a rematch may be unavoidable: the same bye rule, any opponents.
  const bye = (candidates[0] ?? byeFirst[0]).id;
  const pairs = pair(
    order.filter((o) => o.id !== bye),
    () => true,
  );
  return { pairs: pairs ?? [], bye };
}

/** `field` (in ranking order) with each entrant's points group and place in it. */
function ranked(field: readonly Entrant[], points: Map<string, number>): Ranked[] {
  const groups = new Map<number, string[]>();
  for (const e of field) {
    const p = points.get(e.id) ?? 0;
    const group = groups.get(p);
    if (group) group.push(e.id);
    else groups.set(p, [e.id]);
  }
  return field.map((e, rank) => {
    const p = points.get(e.id) ?? 0;
    const group = groups.get(p) as string[];
    const inGroup = group.indexOf(e.id);
    const half = Math.floor(group.length / 2);
    return { id: e.id, points: p, rank, inGroup, ideal: inGroup < half ? inGroup + half : inGroup - half };
  });
}

/**
 * A pairing of everyone in `field` where every pair is `allowed`, or null. The highest-ranked
 * unpaired entrant is paired first, with its most preferred opponent: the nearest in points, then
 * (in its own group) the nearest to its Dutch partner, (below it) the highest-ranked.
 */
function matching(field: readonly Ranked[], allowed: (a: string, b: string) => boolean): [string, string][] | null {
  const preference = (p: Ranked, q: Ranked): number[] => [
    Math.abs(p.points - q.points),
    p.points === q.points ? Math.abs(q.inGroup - p.ideal) : q.rank,
    q.rank,
  ];
  const choices = field.map((p) =>
    field
      .filter((q) => q !== p && allowed(p.id, q.id))
      .map((q) => ({ q, key: preference(p, q) }))
      .sort((x, y) => x.key[0] - y.key[0] || x.key[1] - y.key[1] || x.key[2] - y.key[2])
      .map(({ q }) => q.rank),
  );
  const free = field.map(() => true);
  const pairs: [string, string][] = [];
  let steps = 0;
  const search = (): boolean => {
    const p = free.indexOf(true);
    if (p < 0) return true;
    free[p] = false;
    for (const q of choices[p]) {
      if (!free[q]) continue;
      if (++steps > SEARCH_LIMIT) break;
      free[q] = false;
      pairs.push([field[p].id, field[q].id]);
      if (search()) return true;
      pairs.pop();
      free[q] = true;
    }
    free[p] = true;
    return false;
  };
  return search() ? pairs : null;
}
