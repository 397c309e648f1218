/**
 * Medium: the one-ply heuristic of `policy.ts` with the belief's voids, and no search. It never
 * passes while able to play.
 */

import { type Move, PASS, type SeatView } from "@crossbones/engine";
import { beliefFrom } from "./belief.js";
import type { Bot, RankedMove } from "./bot.js";
import { MEDIUM_WEIGHTS, Policy, type PolicyWeights } from "./policy.js";
import { positionOf } from "./position.js";

/** Heuristic scores of the view's legal moves (PASS while able gets the lowest score). */
export function heuristicRanking(view: SeatView, weights: PolicyWeights = MEDIUM_WEIGHTS): RankedMove[] {
  const belief = beliefFrom(view);
  const state = positionOf(view, [0, 0, 0, 0]);
  const policy = new Policy(state, weights);
  policy.voids.set(belief.voids);
  policy.sizes.set(belief.sizes);
  const ranked = view.legalMoves.map((move) => ({
    move,
    value: move === PASS ? (view.legalMoves.length === 1 ? 0 : -1e6) : policy.scorePlay(state, move),
  }));
  return ranked.sort((a, b) => b.value - a.value);
}

export function createMediumBot(weights: Partial<PolicyWeights> = {}): Bot {
  const w = { ...MEDIUM_WEIGHTS, ...weights };
  return {
    level: "medium",
    chooseMove(view: SeatView): Move {
      const legal = view.legalMoves;
      if (legal.length === 1) return legal[0];
      return heuristicRanking(view, w)[0].move;
    },
  };
}
