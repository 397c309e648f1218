/** @crossbones/bots: players from easy to hard. They see only a seat's view. */

import type { SeatView } from "@crossbones/engine";
import type { Bot, BotLevel, BotOptions, RankedMove } from "./bot.js";
import { createEasyBot } from "./easy.js";
import { analyse, createSearchBot, rankFromStats } from "./hard.js";
import { createMediumBot } from "./medium.js";
import { toAct } from "./position.js";

export { createMeasuringBot, MEASURING_LEVELS } from "./baselines.js";
export { type Belief, beliefFrom, DealSampler } from "./belief.js";
export type { Bot, BotLevel, BotOptions, RankedMove } from "./bot.js";
export type { MeasuredBot } from "./hard.js";
export { createMediumBot } from "./medium.js";
export { type Player, type PlayOptions, playGame } from "./play.js";
export { mixSeed } from "./position.js";

/** A bot of a level players can choose. */
export function createBot(level: BotLevel, options: BotOptions = {}): Bot {
  switch (level) {
    case "easy":
      return createEasyBot(options);
    case "medium":
      return createMediumBot();
    case "hard":
      return createSearchBot("hard", options);
    default:
      throw new Error(`unknown bot level ${JSON.stringify(level)}`);
  }
}

/**
 * Every legal move of the seat to act (the view's seat), best first, with the hard search's
 * estimate of its value: French, minus the expected points of the hand for that seat (penalties
 * included); line games, the chance of winning the hand (for the team in Partner). Empty when the
 * view's seat is not to act.
 */
export function rankMoves(view: SeatView, options: BotOptions = {}): RankedMove[] {
  if (!toAct(view)) return [];
  return rankFromStats(view, analyse(view, "ismcts", options));
}
