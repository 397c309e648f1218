/**
 * Small helpers shared by the engine's tests: explicit deals from bone strings, games built from
 * rule options, and moves written in record notation. Everything fails loudly (throws with the
 * engine's message) so that a test set up wrongly cannot pass by accident.
 */

import {
  applyMove,
  attemptIllegalPlay,
  type Bone,
  type BoneMask,
  createGame,
  type Game,
  type GameKind,
  legalMoves,
  makeMove,
  maskOf,
  POSE,
  parseBone,
  parseMove,
  parseRules,
  type Result,
  startHand,
} from "@crossbones/engine";

/** Bones from "a-b" strings; throws on a string that is not a bone. */
export function bones(...texts: string[]): Bone[] {
  return texts.map((text) => {
    const bone = parseBone(text);
    if (bone === undefined) throw new Error(`not a bone: ${text}`);
    return bone;
  });
}

/** One bone from "a-b". */
export function bone(text: string): Bone {
  return bones(text)[0];
}

/** A deal (one mask per seat) from each seat's bones as "a-b" strings. */
export function deal(...hands: string[][]): BoneMask[] {
  return hands.map((hand) => maskOf(bones(...hand)));
}

/** A game with `options` (the rest default), before its first deal. */
export function newGame(game: GameKind, players: number, options: Record<string, unknown> = {}): Game {
  const rules = parseRules(game, players, options);
  if (!rules.ok) throw new Error(rules.error.message);
  return createGame(rules.value);
}

/** Deals the next hand; throws when the engine refuses the deal. */
export function start(game: Game, masks: readonly BoneMask[]): Game {
  const r = startHand(game, masks);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * Reads one move in record notation ("0-0", "3-5@N", "pass", "!1-2@E") against the current hand
 * and applies it (a "!" attempt through attemptIllegalPlay), without throwing.
 */
export function tryMove(game: Game, text: string): Result<Game> {
  if (!game.state) throw new Error("no hand has been dealt");
  const parsed = parseMove(game.state, text);
  if (!parsed.ok) return parsed;
  const p = parsed.value;
  return p.kind === "move" ? applyMove(game, p.move) : attemptIllegalPlay(game, p.bone, p.target);
}

/** Applies moves in record notation one after another; throws naming the move that failed. */
export function play(game: Game, ...moves: string[]): Game {
  moves.forEach((text, i) => {
    const r = tryMove(game, text);
    if (!r.ok) throw new Error(`move ${i} (${text}) refused: ${r.error.code}: ${r.error.message}`);
    game = r.value;
  });
  return game;
}

/** The legal moves of the seat to act, in record notation and in the engine's order. */
export function legal(game: Game): string[] {
  const isPose = game.state?.phase === POSE;
  return legalMoves(game).map((move) => makeMove(game.config.layout, move, isPose));
}
