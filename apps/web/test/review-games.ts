/**
 * Games for the review tests and the review benchmark: seeded deals played by the medium bot
 * (with a random move now and then, and penalty passes where the table allows them), so that
 * hands look like real ones and every rule that feeds the belief comes up.
 */

import { createMediumBot } from "@crossbones/bots";
import {
  applyMove,
  createGame,
  createRng,
  type Game,
  type GameKind,
  legalMoves,
  needsDeal,
  PASS,
  parseRules,
  type Rng,
  randomDeal,
  startHand,
  viewFor,
} from "@crossbones/engine";

const medium = createMediumBot();

export function newGame(kind: GameKind, players: number, options: Record<string, unknown> = {}): Game {
  const rules = parseRules(kind, players, options);
  if (!rules.ok) throw new Error(rules.error.message);
  return createGame(rules.value);
}

/** Deals the next hand from `rng`. */
export function deal(game: Game, rng: Rng): Game {
  const r = startHand(game, randomDeal(game.config, rng));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** One move for the seat to act: medium's, or (with chance `noise`) any legal one. */
export function step(game: Game, rng: Rng, noise = 0.15): Game {
  const seat = game.state?.turn ?? 0;
  const legal = legalMoves(game);
  let move = legal[0];
  const r = rng.next();
  if (legal.includes(PASS) && r < noise / 3) move = PASS;
  else if (r < noise) move = legal[rng.nextInt(legal.length)];
  else move = medium.chooseMove(viewFor(game, seat));
  const next = applyMove(game, move);
  if (!next.ok) throw new Error(next.error.message);
  return next.value;
}

/** Plays the hand in progress to its end. */
export function playOut(game: Game, rng: Rng, noise = 0.15): Game {
  while (game.state && !game.state.over) game = step(game, rng, noise);
  return game;
}

/** A game of `hands` finished hands (fewer when it ends first), from `seed`. */
export function playedGame(kind: GameKind, players: number, seed: number, hands = 1, options = {}): Game {
  const rng = createRng(`review:${seed}`);
  let game = newGame(kind, players, options);
  for (let h = 0; h < hands && needsDeal(game); h++) game = playOut(deal(game, rng), rng);
  return game;
}
