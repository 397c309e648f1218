/**
 * What `/metrics` says, in Prometheus's text format (prom-client, a registry per server): live
 * tables, open sockets, actions applied (by players, or by the server for bots, clocks and forced
 * passes), the time an action takes on the server from its frame to its frames out, and the
 * process's own figures (CPU, memory, event-loop delay, GC).
 */

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export class Metrics {
  readonly registry = new Registry();
  /** Actions applied, `by` a player or the server. */
  readonly actions: Counter<"by">;
  /** Seconds from a player's action frame read to every follower's frame sent. */
  readonly actionSeconds: Histogram;
  /** Tables this process stopped owning without handing them over, by why. */
  readonly lost: Counter<"reason">;
  /** Tables closed for good, by why (the core's CloseReason). */
  readonly closed: Counter<"reason">;
  /** Tables taken out of memory (nobody followed them, nothing was due but their closing). */
  readonly evicted: Counter;
  private sockets: () => number = () => 0;

  constructor(tables: () => number, broken: () => number, bots: (priority: "people" | "idle") => number) {
    collectDefaultMetrics({ register: this.registry, prefix: "crossbones_" });
    const registers = [this.registry];
    new Gauge({
      name: "crossbones_tables_loaded",
      help: "Tables in this process's memory (waiting, playing, or finished and open for a rematch; the others are in the store).",
      registers,
      collect() {
        this.set(tables());
      },
    });
    new Gauge({
      name: "crossbones_tables_broken",
      help: "Tables whose log does not replay: each is unavailable (its players are told so); every other table plays on.",
      registers,
      collect() {
        this.set(broken());
      },
    });
    new Gauge({
      name: "crossbones_bot_queue",
      help: "Bot moves waiting for a worker: for tables a person is at (people, served first) or nobody is at (idle, shed beyond 256).",
      labelNames: ["priority"],
      registers,
      collect() {
        this.set({ priority: "people" }, bots("people"));
        this.set({ priority: "idle" }, bots("idle"));
      },
    });
    this.closed = new Counter({
      name: "crossbones_tables_closed_total",
      help: "Tables closed for good: idle (waiting, nobody came), abandoned (a game nobody was at), finished (nobody stayed after the end) or empty (everyone left).",
      labelNames: ["reason"],
      registers,
    });
    this.evicted = new Counter({
      name: "crossbones_tables_evicted_total",
      help: "Tables taken out of memory because nobody followed them and nothing was due but their closing (loaded again on demand).",
      registers,
    });
    const sockets = () => this.sockets();
    new Gauge({
      name: "crossbones_connections",
      help: "Open WebSocket connections.",
      registers,
      collect() {
        this.set(sockets());
      },
    });
    this.actions = new Counter({
      name: "crossbones_actions_total",
      help: "Actions applied to games: by players, or by the server (bots, players away, forced passes).",
      labelNames: ["by"],
      registers,
    });
    this.lost = new Counter({
      name: "crossbones_tables_lost_total",
      help: "Tables this process stopped owning unasked: fenced (another process took it over and refused this one's write), lapsed (this process's lease ran out while it was paused), store (a write failed) or error (a fault at the table: it is rebuilt from the store).",
      labelNames: ["reason"],
      registers,
    });
    this.actionSeconds = new Histogram({
      name: "crossbones_action_seconds",
      help: "Time on the server from a player's action frame to every follower's frame sent.",
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1],
      registers,
    });
  }

  /** Where the number of open sockets comes from (the socket routes keep them). */
  countSockets(count: () => number): void {
    this.sockets = count;
  }
}
