/**
 * The message protocol of a bot worker, shared by the Node `worker_threads` bootstrap
 * (`worker/node-worker.mjs`) and a browser Web Worker (`worker/browser-worker.js`): a request
 * carries a seat's view (plain data, structured-clone safe) and gets back a move or a ranking.
 */

import type { Move, SeatView } from "@crossbones/engine";
import type { Bot, BotLevel, BotOptions, RankedMove } from "./bot.js";
import { createBot, rankMoves } from "./index.js";

export type BotRequest =
  | {
      readonly id: number;
      readonly type: "choose";
      readonly level: BotLevel;
      readonly options?: BotOptions;
      readonly view: SeatView;
    }
  | { readonly id: number; readonly type: "rank"; readonly options?: BotOptions; readonly view: SeatView };

export type BotResponse =
  | { readonly id: number; readonly ok: true; readonly move: Move }
  | { readonly id: number; readonly ok: true; readonly ranked: readonly RankedMove[] }
  | { readonly id: number; readonly ok: false; readonly error: string };

/** Bots kept between requests (the easy bot's generator runs on from one move to the next). */
const bots = new Map<string, Bot>();

export function handleBotRequest(request: BotRequest): BotResponse {
  try {
    if (request.type === "rank") return { id: request.id, ok: true, ranked: rankMoves(request.view, request.options) };
    const key = `${request.level}:${JSON.stringify(request.options ?? {})}`;
    let bot = bots.get(key);
    if (!bot) {
      bot = createBot(request.level, request.options);
      bots.set(key, bot);
    }
    return { id: request.id, ok: true, move: bot.chooseMove(request.view) };
  } catch (e) {
    return { id: request.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
