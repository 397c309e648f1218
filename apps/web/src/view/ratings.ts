/**
 * Ratings as players read them (pure; docs/ratings.md): a change with its sign ("+138", "−73"),
 * and a profile's rated games, newest first, each with how far it moved its rating. The server
 * says every rating; nothing here works one out.
 */

import type { GameKind } from "@crossbones/engine";

/** Which way a rating went. */
export type Direction = "up" | "down" | "same";

export function direction(before: number, after: number): Direction {
  return after > before ? "up" : after < before ? "down" : "same";
}

/**
 * A rating or a change of one, in plain digits: "1500" as players know it, never a grouped
 * "1,500" or "1.500" (a rating is a score, not an amount).
 */
export function ratingDigits(n: number): string {
  return String(n);
}

/** A change of rating with its sign: "+138", "−73" (a minus sign, not a hyphen), "±0". */
export function ratingChange(before: number, after: number): string {
  const sign = { up: "+", down: "\u2212", same: "\u00b1" }[direction(before, after)];
  return `${sign}${ratingDigits(Math.abs(after - before))}`;
}

/**
 * Names told apart on a list: a name two or more rows share gets a short tag from each player's id
 * ("Ana #q4Fh"), so players who chose the same name are not taken for one another.
 */
export function taggedNames(rows: readonly { readonly player: string; readonly name: string }[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const r of rows) count.set(r.name, (count.get(r.name) ?? 0) + 1);
  return new Map(
    rows.map((r) => [r.player, (count.get(r.name) ?? 0) > 1 ? `${r.name} #${r.player.slice(0, 4)}` : r.name]),
  );
}

/** One kind's ratings as a profile has them (`GET /api/players/:id`). */
export interface KindHistory {
  readonly kind: GameKind;
  readonly history: readonly { readonly at: number; readonly rating: number; readonly game: string }[];
}

/** A rated game on a profile: its kind, when, the game's id, the rating after it and how far it moved. */
export interface RatedGameRow {
  readonly kind: GameKind;
  readonly at: number;
  readonly game: string;
  readonly rating: number;
  /** The rating before it, or null for the first rated game of its kind (the history starts after it). */
  readonly before: number | null;
}

/** Every kind's rated games in one list, newest first; each knows the rating its kind had before it. */
export function ratedHistory(kinds: readonly KindHistory[]): RatedGameRow[] {
  return kinds
    .flatMap(({ kind, history }) =>
      history.map((h, i) => ({
        kind,
        at: h.at,
        game: h.game,
        rating: h.rating,
        before: history[i - 1]?.rating ?? null,
      })),
    )
    .sort((a, b) => b.at - a.at);
}
