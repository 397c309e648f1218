/**
 * Results instead of exceptions for everything a player or a file can get wrong: a bad deal, an
 * illegal move, a malformed record. `code` is stable (tests, the server and the UI switch on it);
 * `message` is for people.
 */

export type ErrorCode =
  | "bad-json"
  | "bad-format"
  | "unknown-game"
  | "bad-players"
  | "bad-option"
  | "bad-deal"
  | "bad-notation"
  | "unknown-bone"
  | "ambiguous-move"
  | "illegal-move"
  | "hand-over"
  | "game-over"
  | "no-hand";

export interface EngineError {
  readonly code: ErrorCode;
  readonly message: string;
}

export type Result<T, E = EngineError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err(code: ErrorCode, message: string): { ok: false; error: EngineError } {
  return { ok: false, error: { code, message } };
}
