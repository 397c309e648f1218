/**
 * Helpers for the Cut Throat and Partner rule tests: deals and moves written as in records,
 * and hands with a chosen outcome (found by random play from seeded random deals), so that a
 * test can walk a match to the situation it checks and assert the bookkeeping itself.
 */
import {
  applyMove,
  type Bone,
  type BoneMask,
  bonesOf,
  createGame,
  type Game,
  type GameEvent,
  type HandLog,
  type HandResult,
  legalMoves,
  makeBone,
  maskOf,
  parseBone,
  parseMove,
  parseRules,
  type Result,
  type Rng,
  randomDeal,
  startHand,
} from "@crossbones/engine";

export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** A bone written "a-b". */
export function bone(text: string): Bone {
  const b = parseBone(text);
  if (b === undefined) throw new Error(`not a bone: ${text}`);
  return b;
}

/** A hand written as bones separated by spaces, e.g. "6-6 5-6 0-1". */
export function hand(text: string): BoneMask {
  return maskOf(text.split(/\s+/).filter(Boolean).map(bone));
}

/** The bones of a mask as "a-b" strings, in index order. */
export function names(mask: BoneMask): string[] {
  return bonesOf(mask).map(makeBone);
}

export function newGame(game: "cutthroat" | "partner", players: number, options: object = {}): Game {
  return createGame(unwrap(parseRules(game, players, options)));
}

/** Starts a hand with a deal given as one string per seat. */
export function deal(game: Game, ...hands: readonly string[]): Game {
  return unwrap(startHand(game, hands.map(hand)));
}

/** Applies moves written in record notation ("pass", "a-b", "a-b@L"); throws on any refusal. */
export function play(game: Game, ...moves: readonly string[]): Game {
  for (const text of moves) {
    if (!game.state) throw new Error("no hand");
    const parsed = unwrap(parseMove(game.state, text));
    if (parsed.kind !== "move") throw new Error(`${text} is not a move`);
    game = unwrap(applyMove(game, parsed.move));
  }
  return game;
}

/** A hand as a record writes it: the deal (one list of bones per seat) and its moves. */
export interface CraftedHand {
  readonly deal: readonly (readonly string[])[];
  readonly moves: readonly string[];
}

export function replayHand(game: Game, h: CraftedHand): Game {
  return play(deal(game, ...h.deal.map((bones) => bones.join(" "))), ...h.moves);
}

export function lastHand(game: Game): HandLog {
  const h = game.hands[game.hands.length - 1];
  if (!h) throw new Error("no hand dealt");
  return h;
}

export function lastResult(game: Game): HandResult {
  const r = lastHand(game).result;
  if (!r) throw new Error("the hand is not finished");
  return r;
}

/** The match-level events of the last hand: bruk, oneAllPlayTwo, gameEnd. */
export function matchEvents(game: Game): GameEvent[] {
  return lastHand(game).events.filter((e) => e.type === "bruk" || e.type === "oneAllPlayTwo" || e.type === "gameEnd");
}

/** Plays random legal moves until the current hand ends. */
export function playout(game: Game, rng: Rng): Game {
  while (game.state && !game.state.over) {
    const moves = legalMoves(game);
    game = unwrap(applyMove(game, moves[rng.nextInt(moves.length)]));
  }
  return game;
}

/**
 * Deals and plays one hand (random deals, random legal moves) whose winner is `winner`, a seat,
 * or null for a drawn (tied, blocked) hand. Deterministic for a given rng state.
 */
export function handWonBy(game: Game, rng: Rng, winner: number | null): Game {
  for (let attempt = 0; attempt < 20000; attempt++) {
    const done = playout(unwrap(startHand(game, randomDeal(game.config, rng))), rng);
    if (lastResult(done).winner === winner) return done;
  }
  throw new Error(`no hand won by ${winner} found`);
}

/** Plays one hand per entry of `winners` and returns the game after each of them. */
export function handsWonBy(game: Game, rng: Rng, winners: readonly (number | null)[]): Game[] {
  const out: Game[] = [];
  for (const w of winners) {
    game = handWonBy(game, rng, w);
    out.push(game);
  }
  return out;
}

/** The seat of a deal that holds `b`. */
export function holderOf(dealt: readonly BoneMask[], b: Bone): number {
  return dealt.findIndex((m) => (m & (1 << b)) !== 0);
}

/** A Cut Throat deal for two (randomDeal(cutthroat 2, createRng(3))): seat 0 holds 6-6, seat 1 5-6. */
export const CUT2_DEAL = [
  ["0-3", "0-4", "0-6", "1-1", "1-2", "1-6", "2-4", "2-5", "3-3", "3-6", "4-4", "4-5", "4-6", "6-6"],
  ["0-0", "0-1", "0-2", "0-5", "1-3", "1-4", "1-5", "2-2", "2-3", "2-6", "3-4", "3-5", "5-5", "5-6"],
];
