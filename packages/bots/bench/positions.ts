/** Positions the bot benchmarks run on (the same every run). */

import { createRng, defaultRules, type GameKind, handConfig, randomDeal, type SeatView } from "@crossbones/engine";
import { createMediumBot, mixSeed, type Player, playGame } from "../src/index.js";

/** Positions with a real choice (two or more legal moves) from medium self-play. */
export function benchPositions(game: GameKind, count: number): SeatView[] {
  const rules = defaultRules(game, 4);
  const config = handConfig(rules);
  const medium = createMediumBot();
  const views: SeatView[] = [];
  const recorder: Player = {
    chooseMove(view) {
      if (view.legalMoves.length > 1 && views.length < count) views.push(view);
      return medium.chooseMove(view);
    },
  };
  for (let d = 0; views.length < count; d++) {
    playGame(rules, [recorder, recorder, recorder, recorder], {
      deal: (h) => randomDeal(config, createRng(mixSeed(d, h, 99))),
      maxHands: 3,
    });
  }
  return views;
}
