/** @crossbones/bots: players from easy to hard. They see only a seat's view. */

export { BOT_LEVELS, type Bot, type BotLevel, type BotOptions, type RankedMove } from "./bot.js";
export { createEasyBot } from "./easy.js";
