/**
 * Results instead of exceptions for everything a player or a file can get wrong: a bad deal, an
 * illegal move, a malformed record. The error is a `Refusal` (refusal.ts): a stable code that
 * tests, the server and the UI switch on, its parameters, and a message for people.
 */

import type { Refusal } from "./refusal.js";

export type Result<T, E = Refusal> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}
