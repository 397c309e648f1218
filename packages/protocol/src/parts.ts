/**
 * The small schemas every message and view is made of: a bone, a seat, a table's code, 32 bytes in
 * hex. One definition each, for `messages.ts` and `view.ts`.
 */

import { z } from "zod";

/** A list zod can make an enum of (it wants at least one value). */
export function values<T extends string>(list: readonly T[]): [T, ...T[]] {
  return list as [T, ...T[]];
}

/** A bone as in records: "3-4", low end first. */
export const bone = z.string().regex(/^[0-6]-[0-6]$/);
export const seat = z.int().min(0).max(3);
/**
 * A table's code as read: six (a public table) or ten (a private one) of A-Z and 2-9 (the server
 * makes them without I, L and O: tokens.ts).
 */
export const TABLE_CODE = /^[A-Z2-9]{6}(?:[A-Z2-9]{4})?$/;
export const tableCode = z.string().regex(TABLE_CODE);
/** A player's id: 16 random bytes in base64url (tokens.ts), as in a profile's link `/p/ID`. */
export const PLAYER_ID = /^[A-Za-z0-9_-]{22}$/;
/** A tournament's id: made as a game's public id is (22 characters of base64url). */
export const TOURNAMENT_ID = PLAYER_ID;
/** 32 bytes in lowercase hex: a deal's secret, its commitment, a player's seed (docs/fairness.md). */
export const hex32 = z.string().regex(/^[0-9a-f]{64}$/);
