/** The page's side of the bot worker: promises for moves and rankings. */

import type { Move, SeatView } from "@crossbones/engine";
import type { BotLevel } from "../session";
import type { BotRequest, BotResponse } from "./protocol";

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (r: BotResponse) => void; reject: (e: Error) => void }>();

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (e: MessageEvent<BotResponse>) => {
      const p = pending.get(e.data.id);
      if (!p) return;
      pending.delete(e.data.id);
      if (e.data.kind === "error") p.reject(new Error(e.data.message));
      else p.resolve(e.data);
    };
  }
  return worker;
}

function ask(req: Omit<BotRequest, "id">): Promise<BotResponse> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    getWorker().postMessage({ ...req, id } as BotRequest);
  });
}

export async function botMove(view: SeatView, level: BotLevel, seed: number): Promise<Move> {
  const start = performance.now();
  const r = await ask({ kind: "move", view, level, seed });
  // Think times show in the browser's performance timeline (and in the web benchmark).
  performance.measure(`bot-${level}`, { start });
  if (r.kind !== "move") throw new Error("unexpected answer from the bot");
  return r.move;
}

export async function rankMoves(
  view: SeatView,
  level: BotLevel,
  seed: number,
): Promise<readonly { move: Move; value: number }[]> {
  const r = await ask({ kind: "rank", view, level, seed });
  if (r.kind !== "rank") throw new Error("unexpected answer from the bot");
  return r.ranked;
}
