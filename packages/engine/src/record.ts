/**
 * Game records, version 1 (RECORD.md): read (`parseRecord`), replay (`replayRecord`), write
 * (`makeRecord`) and summarise (`summarize`, the output of `crossbones replay`).
 */

import { type BoneMask, bonesOf, makeBone, parseBone } from "./bones.js";
import { applyMove, attemptIllegalPlay, createGame, type Game, startHand } from "./game.js";
import type { HandState } from "./hand.js";
import { makeMove, parseMove } from "./notation.js";
import type { GameKind } from "./rules.js";
import { parseRules } from "./rules.js";

export const RECORD_FORMAT = "crossbones-record/1";

/** A record as JSON: what `makeRecord` writes and `parseRecord` reads. */
export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly game: GameKind;
  readonly players: number;
  readonly rules?: Readonly<Record<string, unknown>>;
  readonly names?: readonly string[];
  readonly hands: readonly { readonly deal: readonly (readonly string[])[]; readonly moves: readonly string[] }[];
}

/** Where a record goes wrong: hand and move are 0-based, null when the fault is wider. */
export interface RecordError {
  readonly hand: number | null;
  readonly move: number | null;
  readonly message: string;
}

export type RecordResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: RecordError };

function fail(hand: number | null, move: number | null, message: string): { ok: false; error: RecordError } {
  return { ok: false, error: { hand, move, message } };
}

/** A replayed record: the game and the names it gave the seats. */
export interface Replayed {
  readonly game: Game;
  readonly names: readonly string[] | null;
}

/** Reads record text and replays it move by move; the first fault is reported. */
export function parseRecord(text: string): RecordResult<Replayed> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(null, null, "not valid JSON");
  }
  return replayRecord(json);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Replays a record already parsed from JSON. */
export function replayRecord(record: unknown): RecordResult<Replayed> {
  if (!isObject(record)) return fail(null, null, "a record must be a JSON object");
  if (record.format !== RECORD_FORMAT) {
    return fail(null, null, `format must be "${RECORD_FORMAT}", not ${JSON.stringify(record.format)}`);
  }
  const rules = parseRules(record.game, record.players, record.rules ?? {});
  if (!rules.ok) return fail(null, null, rules.error.message);
  let names: string[] | null = null;
  if (record.names !== undefined) {
    const n = record.names;
    if (!Array.isArray(n) || n.length !== rules.value.players || !n.every((x) => typeof x === "string")) {
      return fail(null, null, `names must list ${rules.value.players} strings, one per seat`);
    }
    names = n as string[];
  }
  if (!Array.isArray(record.hands)) return fail(null, null, "hands must be a list");
  let game = createGame(rules.value);
  for (let h = 0; h < record.hands.length; h++) {
    const hand: unknown = record.hands[h];
    if (game.finished) return fail(h, null, "the set or match was already over");
    if (game.state && !game.state.over)
      return fail(h, null, `hand ${h - 1} is not finished, so no other hand can follow it`);
    if (!isObject(hand) || !Array.isArray(hand.deal) || !Array.isArray(hand.moves)) {
      return fail(h, null, "a hand must have a deal (a list of hands of bones) and moves (a list)");
    }
    const deal = parseDeal(hand.deal);
    if (typeof deal === "string") return fail(h, null, deal);
    const started = startHand(game, deal);
    if (!started.ok) return fail(h, null, started.error.message);
    game = started.value;
    for (let i = 0; i < hand.moves.length; i++) {
      const state = game.state;
      if (!state || state.over || game.finished) {
        return fail(h, i, `the hand was already over: move ${JSON.stringify(hand.moves[i])} is one too many`);
      }
      const parsed = parseMove(state, hand.moves[i]);
      if (!parsed.ok) return fail(h, i, parsed.error.message);
      const p = parsed.value;
      const next = p.kind === "move" ? applyMove(game, p.move) : attemptIllegalPlay(game, p.bone, p.target);
      if (!next.ok) return fail(h, i, next.error.message);
      game = next.value;
    }
  }
  return { ok: true, value: { game, names } };
}

function parseDeal(deal: unknown[]): BoneMask[] | string {
  const out: BoneMask[] = [];
  for (const hand of deal) {
    if (!Array.isArray(hand)) return "each hand of the deal must be a list of bones";
    let mask = 0;
    for (const text of hand) {
      const bone = typeof text === "string" ? parseBone(text) : undefined;
      if (bone === undefined) return `unknown bone ${JSON.stringify(text)} in the deal`;
      if ((mask & (1 << bone)) !== 0) return "deal must hold each bone once, equally shared";
      mask |= 1 << bone;
    }
    out.push(mask);
  }
  return out;
}

/** Writes a game as a record; every option is written, so defaults changing later cannot alter it. */
export function makeRecord(game: Game, names?: readonly string[]): GameRecord {
  return {
    format: RECORD_FORMAT,
    game: game.rules.game,
    players: game.rules.players,
    rules: { ...game.rules.options },
    ...(names ? { names: [...names] } : {}),
    hands: game.hands.map((hand) => ({
      deal: hand.deal.map((m) => bonesOf(m).map(makeBone)),
      moves: hand.moves.map((move, i) => makeMove(game.config.layout, move, i === 0)),
    })),
  };
}

/** One hand in the output of `crossbones replay`. */
export interface HandSummary {
  readonly winner: number | null;
  readonly end: "domino" | "blocked" | null;
  readonly counts: readonly number[];
  readonly score: readonly number[];
  readonly penalties: readonly number[];
  readonly points: readonly number[] | null;
}

export interface ReplaySummary {
  readonly hands: readonly HandSummary[];
  readonly totals: readonly number[];
  readonly finished: boolean;
  readonly winner: number | null;
}

/** The result of a game as RECORD.md specifies for `crossbones replay`. */
export function summarize(game: Game): ReplaySummary {
  const hands = game.hands.map((hand): HandSummary => {
    if (hand.result) {
      const r = hand.result;
      return {
        winner: r.winner,
        end: r.end,
        counts: r.counts,
        score: r.score,
        penalties: r.penalties,
        points: r.points,
      };
    }
    // Only the last hand can be in progress: its current counts and the penalties so far.
    const s = game.state as HandState;
    const seats = Array.from({ length: game.rules.players }, (_, seat) => seat);
    return {
      winner: null,
      end: null,
      counts: seats.map((seat) => s.count(seat)),
      score: seats.map(() => 0),
      penalties: seats.map((seat) => s.penalties(seat)),
      points: null,
    };
  });
  return { hands, totals: game.totals, finished: game.finished, winner: game.winner };
}
