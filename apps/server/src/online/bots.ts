/**
 * Bots on the server, in worker threads (never on the event loop, which serves every table): a
 * small pool speaking the bots package's worker protocol. A request carries one seat's view —
 * the bot sees what a player in that seat would — and comes back as a move.
 *
 * Two queues: a table with a person at it is served first; a table nobody is at (its bots play
 * out a hand for nobody) waits behind, and when more than `MAX_IDLE_QUEUE` of those wait, the
 * oldest is answered at once with no move (its table plays its first legal move), so bot-only
 * tables can never hold up the bots of tables people play at.
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

/** Whose move is asked for: a table a person is at, or one nobody is at. */
export type BotPriority = "people" | "idle";

/** Requests of tables nobody is at that may wait; beyond, the oldest is shed. */
export const MAX_IDLE_QUEUE = 256;

export class BotPool {
  private readonly workers = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly queues: Record<BotPriority, { request: BotRequest; pending: Pending }[]> = { people: [], idle: [] };
  private readonly pending = new Map<number, Pending>();
  /** The request each busy worker is thinking about. */
  private readonly busy = new Map<Worker, number>();
  private readonly script = fileURLToPath(import.meta.resolve("@crossbones/bots/worker/node"));
  private nextId = 1;
  private closed = false;

  constructor(threads: number) {
    for (let i = 0; i < Math.max(1, threads); i++) this.spawn();
  }

  /**
   * A worker. One that dies (a crash, an out-of-memory) fails the request it held — the table then
   * plays the first legal move — and is replaced, so no table waits for a bot forever.
   */
  private spawn(): void {
    const worker = new Worker(this.script);
    worker.on("message", (response: BotResponse) => this.answer(worker, response));
    worker.on("error", () => undefined);
    worker.on("exit", () => {
      this.workers.delete(worker);
      const i = this.idle.indexOf(worker);
      if (i >= 0) this.idle.splice(i, 1);
      const id = this.busy.get(worker);
      this.busy.delete(worker);
      if (id !== undefined) {
        this.pending.get(id)?.reject(new Error("the bot's thread stopped"));
        this.pending.delete(id);
      }
      if (!this.closed) {
        this.spawn();
        this.pump();
      }
    });
    worker.unref();
    this.workers.add(worker);
    this.idle.push(worker);
  }

  /** The move of a bot of `level` for the seat whose view this is. */
  choose(view: SeatView, level: BotLevel, seed: number, priority: BotPriority = "people"): Promise<Move> {
    if (this.closed) return Promise.reject(new Error("the bot pool is closed"));
    return new Promise((resolve, reject) => {
      const request: BotRequest = { id: this.nextId++, type: "choose", level, options: { seed }, view };
      const queue = this.queues[priority];
      queue.push({ request, pending: { resolve, reject } });
      if (priority === "idle" && queue.length > MAX_IDLE_QUEUE)
        queue.shift()?.pending.reject(new Error("the bots are busy with tables people play at"));
      this.pump();
    });
  }

  /** Requests waiting for a worker, by priority (a metric). */
  waiting(priority: BotPriority): number {
    return this.queues[priority].length;
  }

  private pump(): void {
    while (this.idle.length > 0) {
      const next = this.queues.people.shift() ?? this.queues.idle.shift();
      if (!next) return;
      const worker = this.idle.pop() as Worker;
      const { request, pending } = next;
      this.pending.set(request.id, pending);
      this.busy.set(worker, request.id);
      worker.postMessage(request);
    }
  }

  private answer(worker: Worker, response: BotResponse): void {
    const pending = this.pending.get(response.id);
    this.pending.delete(response.id);
    this.busy.delete(worker);
    this.idle.push(worker);
    this.pump();
    if (!pending) return;
    if (response.ok && "move" in response) pending.resolve(response.move);
    else pending.reject(new Error(response.ok ? "unexpected answer" : response.error));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queue of Object.values(this.queues))
      for (const { pending } of queue.splice(0)) pending.reject(new Error("the bot pool is closed"));
    await Promise.all([...this.workers].map((w) => w.terminate()));
  }
}
