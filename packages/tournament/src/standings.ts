/**
 * Swiss standings (docs/tournaments.md, *Tie-breaks*): points, then Buchholz (the sum of the
 * points of every opponent met; a bye adds nothing), then head to head (the points scored in the
 * games among the entrants still tied), then rating. Entrants equal on all four share a place.
 */

import { gamePoints, opponent, pointsAfter } from "./points.js";
import type { Entrant, PlayedRound, Standing } from "./types.js";

export function swissStandings(entrants: readonly Entrant[], played: readonly PlayedRound[]): Standing[] {
  const ids = entrants.map((e) => e.id);
  const points = pointsAfter(ids, played);
  const games = played.flatMap((r) => r.games);
  const buchholz = new Map(ids.map((id) => [id, 0]));
  for (const g of games) {
    buchholz.set(g.a, (buchholz.get(g.a) ?? 0) + (points.get(g.b) ?? 0));
    buchholz.set(g.b, (buchholz.get(g.b) ?? 0) + (points.get(g.a) ?? 0));
  }
  const rating = new Map(entrants.map((e) => [e.id, e.rating]));
  const first = (id: string) => [points.get(id) ?? 0, buchholz.get(id) ?? 0];

  // Groups equal on points and Buchholz; head to head is counted within each.
  const groups = new Map<string, string[]>();
  for (const id of ids) {
    const key = first(id).join(" ");
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  const headToHead = new Map<string, number>();
  for (const group of groups.values()) {
    const inGroup = new Set(group);
    for (const id of group) {
      const among = games.filter((g) => (g.a === id || g.b === id) && inGroup.has(opponent(g, id)));
      headToHead.set(
        id,
        among.reduce((sum, g) => sum + gamePoints(g, id), 0),
      );
    }
  }
  const keys = new Map(ids.map((id) => [id, [...first(id), headToHead.get(id) ?? 0, rating.get(id) ?? 0]]));
  const order = [...ids].sort((x, y) => {
    const a = keys.get(x) as number[];
    const b = keys.get(y) as number[];
    const d = a.findIndex((v, i) => v !== b[i]);
    return d >= 0 ? b[d] - a[d] : x < y ? -1 : 1;
  });
  return placed(order, (id) => keys.get(id) as number[]);
}

/**
 * Standings in `order` (best first), whose key is [points, ...tie-breaks]: entrants with equal keys
 * share the place of the first of them.
 */
export function placed(order: readonly string[], key: (id: string) => readonly number[]): Standing[] {
  const out: Standing[] = [];
  order.forEach((id, i) => {
    const k = key(id);
    const previous = out[i - 1];
    const same = previous !== undefined && key(previous.id).every((v, j) => v === k[j]);
    const place = same ? previous.place : i + 1;
    out.push({ id, place, points: k[0], tieBreaks: k.slice(1) });
  });
  return out;
}
