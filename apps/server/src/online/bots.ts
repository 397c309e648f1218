/**
 * Bots on the server, in worker threads (never on the event loop, which serves every table): a
 * small pool speaking the bots package's worker protocol. A request carries one seat's view —
 * the bot sees what a player in that seat would — and comes back as a move.
 */

import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { BotRequest, BotResponse } from "@crossbones/bots/worker-protocol";
import type { Move, SeatView } from "@crossbones/engine";
import type { BotLevel } from "./setup.js";

interface Pending {
  readonly resolve: (move: Move) => void;
  readonly reject: (error: Error) => void;
}

export class BotPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: { request: BotRequest; pending: Pending }[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(threads: number) {
    const script = fileURLToPath(import.meta.resolve("@crossbones/bots/worker/node"));
    for (let i = 0; i < Math.max(1, threads); i++) {
      const worker = new Worker(script);
      worker.on("message", (response: BotResponse) => this.answer(worker, response));
      worker.on("error", (error) => this.fail(error));
      worker.unref();
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  /** The move of a bot of `level` for the seat whose view this is. */
  choose(view: SeatView, level: BotLevel, seed: number): Promise<Move> {
    if (this.closed) return Promise.reject(new Error("the bot pool is closed"));
    return new Promise((resolve, reject) => {
      const request: BotRequest = { id: this.nextId++, type: "choose", level, options: { seed }, view };
      this.queue.push({ request, pending: { resolve, reject } });
      this.pump();
    });
  }

  private pump(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop() as Worker;
      const { request, pending } = this.queue.shift() as { request: BotRequest; pending: Pending };
      this.pending.set(request.id, pending);
      worker.postMessage(request);
    }
  }

  private answer(worker: Worker, response: BotResponse): void {
    const pending = this.pending.get(response.id);
    this.pending.delete(response.id);
    this.idle.push(worker);
    this.pump();
    if (!pending) return;
    if (response.ok && "move" in response) pending.resolve(response.move);
    else pending.reject(new Error(response.ok ? "unexpected answer" : response.error));
  }

  private fail(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const { pending } of this.queue.splice(0)) pending.reject(new Error("the bot pool is closed"));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
