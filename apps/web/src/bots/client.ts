/** The page's side of the bot worker: promises for moves and rankings. */

import type { RankedMove } from "@crossbones/bots";
import type { BotRequest, BotResponse } from "@crossbones/bots/worker-protocol";
import type { Move, SeatView } from "@crossbones/engine";
import type { BotLevel } from "../session";

type Answer = Extract<BotResponse, { ok: true }>;

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (r: Answer) => void; reject: (e: Error) => void }>();

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (e: MessageEvent<BotResponse>) => {
      const p = pending.get(e.data.id);
      if (!p) return;
      pending.delete(e.data.id);
      if (e.data.ok) p.resolve(e.data);
      else p.reject(new Error(e.data.error));
    };
  }
  return worker;
}

function ask(request: BotRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    pending.set(request.id, { resolve, reject });
    getWorker().postMessage(request);
  });
}

export async function botMove(view: SeatView, level: BotLevel, seed: number): Promise<Move> {
  const start = performance.now();
  const r = await ask({ id: nextId++, type: "choose", level, options: { seed }, view });
  // Think times show in the browser's performance timeline (and in the web benchmark).
  performance.measure(`bot-${level}`, { start });
  if (!("move" in r)) throw new Error("unexpected answer from the bot");
  return r.move;
}

/** The hard search's ranking of the legal moves of the seat the view belongs to, best first. */
export async function rankMoves(view: SeatView, seed: number): Promise<readonly RankedMove[]> {
  const r = await ask({ id: nextId++, type: "rank", options: { seed }, view });
  if (!("ranked" in r)) throw new Error("unexpected answer from the bot");
  return r.ranked;
}
