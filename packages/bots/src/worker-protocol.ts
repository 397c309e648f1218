/**
 * The message protocol of a bot worker, shared by the Node `worker_threads` bootstrap
 * (`worker/node-worker.mjs`) and a browser Web Worker (`worker/browser-worker.js`): a request
 * carries a seat's view (plain data, structured-clone safe) and gets back a move or a ranking.
 */

import type { Move, SeatView } from "@crossbones/engine";
import type { BotLevel, BotOptions, RankedMove } from "./bot.js";
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

/**
 * One request, one answer; never throws. Bots keep no state between moves (each decision is seeded
 * from the options' seed and the position), so a bot is made afresh for every request.
 */
export function handleBotRequest(request: BotRequest): BotResponse {
  try {
    if (request.type === "rank") return { id: request.id, ok: true, ranked: rankMoves(request.view, request.options) };
    return { id: request.id, ok: true, move: createBot(request.level, request.options).chooseMove(request.view) };
  } catch (e) {
    return { id: request.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
