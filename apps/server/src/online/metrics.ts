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
  private sockets: () => number = () => 0;

  constructor(tables: () => number) {
    collectDefaultMetrics({ register: this.registry, prefix: "crossbones_" });
    const registers = [this.registry];
    new Gauge({
      name: "crossbones_tables",
      help: "Live tables (waiting for players, playing, or finished and open for a rematch).",
      registers,
      collect() {
        this.set(tables());
      },
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
      help: "Tables this process stopped owning unasked: fenced (another process took it over and refused this one's write), lapsed (this process's lease ran out while it was paused) or store (a write failed).",
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
