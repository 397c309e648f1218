/**
 * Ratings (docs/ratings.md): Weng–Lin's Bayesian rating with the Plackett–Luce model (openskill),
 * because French and Cut Throat for three or four are free-for-all and Partner is two teams, which
 * one-against-one systems (Elo, Glicko) do not model. A rating is a belief about a player's skill:
 * a mean `mu` and an uncertainty `sigma`. Pure: the stores call `rateGame` inside the transaction
 * that keeps the game's result.
 */

import type { RatedResult } from "@crossbones/table";
import { rate } from "openskill";

/** The game kinds rated apart: Cut Throat's player counts share one rating (docs/ratings.md). */
export const RATED_KINDS = ["french", "cutthroat", "partner"] as const;
export type RatedKind = (typeof RATED_KINDS)[number];

export interface Rating {
  readonly mu: number;
  readonly sigma: number;
}

/** Everyone starts here: openskill's defaults (mu 25, sigma 25/3). */
export const START: Rating = { mu: 25, sigma: 25 / 3 };

/**
 * The number players see: the conservative estimate (mu − 3 sigma, a skill the player is 99.7%
 * likely to have) on a familiar scale, 700 + 40 per point. A new player shows 700 and climbs as
 * the system grows sure of them; a player of average skill who has played a few dozen games
 * shows about 1500.
 */
export function shown(r: Rating): number {
  return Math.round(700 + 40 * (r.mu - 3 * r.sigma));
}

/** A rating is marked provisional for its first games. */
export const PROVISIONAL_GAMES = 10;

/**
 * Against farming: earlier rated games of the same kind between exactly the same people within
 * this long count against a new one (`weightOf`).
 */
export const FARMING_WINDOW = 24 * 3_600_000;

/** The weight of a rated game after `earlier` games of the same people within the window: 1, ½, ⅓, … */
export function weightOf(earlier: number): number {
  return 1 / (1 + earlier);
}

/** Who played a rated game, as one key: their ids, sorted (the farming rule's "same people"). */
export function peopleKey(result: RatedResult): string {
  return result.teams
    .flatMap((t) => t.players)
    .sort()
    .join(",");
}

/** A player's rating as kept: with their rated games in its kind so far. */
export type KeptRating = Rating & { readonly games: number };

export interface RatingChange {
  readonly player: string;
  readonly place: number;
  readonly weight: number;
  readonly before: Rating;
  readonly after: Rating;
  /** Rated games in the kind, this one included. */
  readonly games: number;
}

/**
 * Everyone's new rating after a game: `current` is each player's rating (null: never rated, so
 * START), `weight` the farming rule's. A game of weight w moves each player a fraction w of the
 * full update: mu by w of its change, the variance (sigma²) by w of its change.
 */
export function rateGame(
  result: RatedResult,
  current: (player: string) => KeptRating | null,
  weight: number,
): RatingChange[] {
  const kept = result.teams.map((t) => t.players.map((p) => current(p) ?? { ...START, games: 0 }));
  const before = kept.map((t) => t.map(({ mu, sigma }) => ({ mu, sigma })));
  const full = rate(before, { rank: result.teams.map((t) => t.place) });
  return result.teams.flatMap((team, i) =>
    team.players.map((player, j) => {
      const b = before[i][j];
      const f = full[i][j];
      const variance = b.sigma ** 2 + weight * (f.sigma ** 2 - b.sigma ** 2);
      return {
        player,
        place: team.place,
        weight,
        before: b,
        after: { mu: b.mu + weight * (f.mu - b.mu), sigma: Math.sqrt(variance) },
        games: kept[i][j].games + 1,
      };
    }),
  );
}
