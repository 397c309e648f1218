/**
 * Game records, version 1 (RECORD.md): read (`parseRecord`), replay (`replayRecord`), write
 * (`makeRecord`) and summarise (`summarize`, the output of `crossbones replay`).
 */

import { type BoneMask, bonesOf, makeBone, parseBone } from "./bones.js";
import { attemptIllegalPlay, createGame, type Game, replaceHands, resign, startHand, step } from "./game.js";
import type { HandState } from "./hand.js";
import { makeMove, parseMove } from "./notation.js";
import { quote, type Refusal, refusal } from "./refusal.js";
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
  /** Extension (docs/record-format.md): the seat that resigned after the last move, ending the game. */
  readonly resigned?: number;
}

/**
 * Where a record goes wrong: hand and move are 0-based, null when the fault is wider; the
 * refusal's code and parameters say what is wrong there.
 */
export type RecordError = Refusal & { readonly hand: number | null; readonly move: number | null };

export type RecordResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: RecordError };

function fail(hand: number | null, move: number | null, error: Refusal): { ok: false; error: RecordError } {
  return { ok: false, error: { ...error, hand, move } };
}

/** A replayed record: the game and the names it gave the seats. */
export interface Replayed {
  readonly game: Game;
  readonly names: readonly string[] | null;
}

export interface ReplayOptions {
  /**
   * Stop after this many actions (the game's `version`: deals, moves and a resignation): the game
   * as it stood at that point, for a viewer stepping through a record or an undo. The whole
   * record is still checked.
   */
  readonly upTo?: number;
}

/** Reads record text and replays it move by move; the first fault is reported. */
export function parseRecord(text: string, options: ReplayOptions = {}): RecordResult<Replayed> {
  if (typeof text !== "string") return fail(null, null, refusal("bad-json", {}));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(null, null, refusal("bad-json", {}));
  }
  return replayRecord(json, options);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Replays a record already parsed from JSON. Linear in the number of moves: the games made on the
 * way are never seen by anyone else, so each move is appended to them in place (`step`).
 */
export function replayRecord(record: unknown, options: ReplayOptions = {}): RecordResult<Replayed> {
  if (!isObject(record)) return fail(null, null, refusal("bad-record", {}));
  if (record.format !== RECORD_FORMAT) return fail(null, null, refusal("bad-format", { format: quote(record.format) }));
  const rules = parseRules(record.game, record.players, record.rules ?? {});
  if (!rules.ok) return fail(null, null, rules.error);
  const players = rules.value.players;
  let names: string[] | null = null;
  if (record.names !== undefined) {
    const n = record.names;
    if (!Array.isArray(n) || n.length !== players || !n.every((x) => typeof x === "string")) {
      return fail(null, null, refusal("bad-names", { players }));
    }
    names = n as string[];
  }
  const resigned = record.resigned;
  if (
    resigned !== undefined &&
    !(Number.isInteger(resigned) && (resigned as number) >= 0 && (resigned as number) < players)
  ) {
    return fail(null, null, refusal("bad-resigned", { players }));
  }
  if (!Array.isArray(record.hands)) return fail(null, null, refusal("bad-hands", {}));
  const upTo = options.upTo ?? Infinity;
  let game = createGame(rules.value);
  let kept: Game | null = upTo <= 0 ? game : null;
  for (let h = 0; h < record.hands.length; h++) {
    const hand: unknown = record.hands[h];
    if (!isObject(hand) || !Array.isArray(hand.deal) || !Array.isArray(hand.moves)) {
      return fail(h, null, refusal("bad-hand", {}));
    }
    const deal = parseDeal(hand.deal);
    if (!Array.isArray(deal)) return fail(h, null, deal);
    const started = startHand(game, deal);
    if (!started.ok) return fail(h, null, started.error);
    game = started.value;
    if (kept === null && game.version >= upTo) kept = copyOf(game);
    for (let i = 0; i < hand.moves.length; i++) {
      const state = game.state;
      if (!state || state.over || game.finished) {
        return fail(h, i, refusal("move-after-end", { text: quote(hand.moves[i]) }));
      }
      const parsed = parseMove(state, hand.moves[i]);
      if (!parsed.ok) return fail(h, i, parsed.error);
      const p = parsed.value;
      const next = p.kind === "move" ? step(game, p.move, true) : attemptIllegalPlay(game, p.bone, p.target, true);
      if (!next.ok) return fail(h, i, next.error);
      game = next.value;
      if (kept === null && game.version >= upTo) kept = copyOf(game);
    }
  }
  if (resigned !== undefined) {
    const ended = resign(game, resigned as number);
    if (!ended.ok) return fail(null, null, ended.error);
    game = ended.value;
  }
  return { ok: true, value: { game: kept ?? game, names } };
}

/** A game whose move lists nobody else will append to (the replay goes on appending to its own). */
function copyOf(game: Game): Game {
  return replaceHands(
    game,
    game.hands.map((h) => ({ ...h, moves: [...h.moves], seats: [...h.seats], events: [...h.events] })),
  );
}

/** Seat i's bones in a record's deal, as masks; or why they cannot be read. */
function parseDeal(deal: unknown[]): BoneMask[] | Refusal {
  const out: BoneMask[] = [];
  for (let seat = 0; seat < deal.length; seat++) {
    const hand = deal[seat];
    if (!Array.isArray(hand)) return refusal("deal-not-a-list", { seat });
    let mask = 0;
    for (const text of hand) {
      const bone = typeof text === "string" ? parseBone(text) : undefined;
      if (bone === undefined) return refusal("unknown-bone", { text: quote(text), seat });
      if ((mask & (1 << bone)) !== 0) return refusal("deal-repeats", { seat, bone: makeBone(bone) });
      mask |= 1 << bone;
    }
    out.push(mask);
  }
  return out;
}

/**
 * Writes a game as a record; every option is written, so defaults changing later cannot alter it.
 * Reading it back (`replayRecord`) gives the same game at the same version: a record is how a game
 * is stored and sent whole.
 */
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
    ...(game.resigned !== null ? { resigned: game.resigned } : {}),
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
