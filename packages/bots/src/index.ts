/** @crossbones/bots: players from easy to hard. They see only a seat's view. */

import type { SeatView } from "@crossbones/engine";
import type { Bot, BotLevel, BotOptions, RankedMove } from "./bot.js";
import { createEasyBot } from "./easy.js";
import { createMediumBot, heuristicRanking } from "./medium.js";

export { BOT_LEVELS, type Bot, type BotLevel, type BotOptions, type RankedMove } from "./bot.js";
export { createEasyBot } from "./easy.js";
export { createMediumBot } from "./medium.js";

/** A bot of a level players can choose. */
export function createBot(level: BotLevel, options: BotOptions = {}): Bot {
  switch (level) {
    case "easy":
      return createEasyBot(options);
    case "medium":
      return createMediumBot();
    case "hard":
      return { ...createMediumBot(), level: "hard" };
  }
}

/** Every legal move of the seat to act, best first, with an estimate of its value. */
export function rankMoves(view: SeatView, _options: BotOptions = {}): RankedMove[] {
  if (view.legalMoves.length === 0) return [];
  return heuristicRanking(view);
}
