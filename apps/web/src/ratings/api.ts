/**
 * The ratings' HTTP routes (docs/protocol.md, *Ratings*): a player's profile and the leaderboards.
 * Both are public; a leaderboard asked for with this device's token also says the player's place.
 */

import type { GameKind } from "@crossbones/engine";
import { type LeaderboardAnswer, leaderboardAnswer, type PlayerAnswer, playerAnswer } from "@crossbones/protocol";
import { ApiError, call, type Guest, savedGuest } from "../online/api";

export type { LeaderboardAnswer, PlayerAnswer };
export type Period = LeaderboardAnswer["period"];

/** The address of player `id`'s profile, as shared (the server sends it on to the app's `?p=ID`). */
export function profilePath(id: string): string {
  return `/p/${id}`;
}

/**
 * Player `id`'s profile and ratings, asked as this device's player (so that it says how they did
 * against each other); null when there is no such player.
 */
export async function playerProfile(id: string): Promise<PlayerAnswer | null> {
  try {
    return playerAnswer.parse(await call(`/api/players/${id}`, {}, savedGuest()?.token));
  } catch (err) {
    if (err instanceof ApiError && err.refusal?.code === "not-found") return null;
    throw err;
  }
}

/** Page `page` of the leaderboard of `kind` over `period`, with this device's player's place on it. */
export async function leaderboard(kind: GameKind, period: Period, page: number): Promise<LeaderboardAnswer> {
  const query = new URLSearchParams({ period, page: String(page) });
  return leaderboardAnswer.parse(await call(`/api/leaderboards/${kind}?${query}`, {}, savedGuest()?.token));
}

/** Shows `country` (an ISO 3166-1 alpha-2 code, "JM") on `guest`'s profile, or none (null). */
export async function setCountry(guest: Guest, country: string | null): Promise<void> {
  await call("/api/me/country", { method: "PUT", body: JSON.stringify({ country }) }, guest.token);
}
