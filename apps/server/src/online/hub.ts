/**
 * Everything online on one server: guests, live tables (rebuilt from the store on start), quick
 * match queues and the bot pool. Sockets and HTTP routes call into it; it never touches a socket
 * itself (a table's followers carry their own `send`).
 */

import type { ServerMessage, TableSetup, WireRefusal } from "@crossbones/protocol";
import { serverRefusal } from "@crossbones/protocol";
import { BotPool } from "./bots.js";
import { Metrics } from "./metrics.js";
import { checkSetup } from "./setup.js";
import { Store } from "./store.js";
import { LiveTable, type Timing } from "./table.js";
import { Tokens, tableCode } from "./tokens.js";

export interface OnlineOptions {
  /** Where the SQLite file and the token secret live. */
  readonly dataDir: string;
  readonly timing?: Partial<Timing>;
  /** Bot worker threads (default 1: the event loop keeps the other core). */
  readonly botThreads?: number;
  /** How long quick match waits for people before bots fill the table (ms). */
  readonly quickWait?: number;
  readonly now?: () => number;
}

export const DEFAULT_TIMING: Timing = { botDelay: 900, handPause: 8000, forcedPass: 1200, seedWait: 3000 };

export interface Player {
  readonly id: string;
  readonly name: string;
}

/** Someone waiting in a quick match queue. */
interface Waiting {
  readonly player: Player;
  readonly send: (message: ServerMessage) => void;
  readonly since: number;
}

export class Hub {
  readonly store: Store;
  readonly tokens: Tokens;
  readonly bots: BotPool;
  readonly timing: Timing;
  readonly metrics: Metrics;
  private readonly now: () => number;
  private readonly quickWait: number;
  private readonly tables = new Map<string, LiveTable>();
  private readonly queues = new Map<string, { waiting: Waiting[]; timer: NodeJS.Timeout | null }>();

  constructor(options: OnlineOptions) {
    this.store = new Store(options.dataDir);
    this.tokens = new Tokens(options.dataDir);
    this.bots = new BotPool(options.botThreads ?? 1);
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.now = options.now ?? Date.now;
    this.quickWait = options.quickWait ?? 20_000;
    this.metrics = new Metrics(() => this.tables.size);
    this.rebuild();
  }

  private get deps() {
    return { store: this.store, bots: this.bots, timing: this.timing, now: this.now, metrics: this.metrics };
  }

  /** Every table that was live when the server stopped, from its log. */
  private rebuild(): void {
    for (const stored of this.store.liveTables()) {
      const checked = checkSetup(stored.setup);
      if (!checked.ok) continue;
      this.tables.set(
        stored.code,
        LiveTable.rebuild(stored.code, checked.value, this.store.log(stored.code), this.deps),
      );
    }
  }

  // ---- guests

  /** A new guest with a display name, and the token that proves it. */
  newGuest(name: string): { token: string; player: Player } {
    const { id, token } = this.tokens.issue();
    this.store.addPlayer(id, name, this.now());
    return { token, player: { id, name } };
  }

  /** The guest a token proves, or null. */
  guest(token: string): Player | null {
    const id = this.tokens.verify(token);
    if (id === null) return null;
    const name = this.store.playerName(id);
    return name === null ? null : { id, name };
  }

  // ---- tables

  table(code: string): LiveTable | undefined {
    return this.tables.get(code);
  }

  /** A new table; its maker takes the first seat for a person. */
  createTable(player: Player, setup: unknown): { ok: true; code: string } | { ok: false; refusal: WireRefusal } {
    const checked = checkSetup(setup);
    if (!checked.ok)
      return { ok: false, refusal: checked.refusal ?? serverRefusal("bad-setup", { reason: checked.reason }) };
    let code = tableCode();
    while (this.store.hasTable(code)) code = tableCode();
    const table = LiveTable.create(code, checked.value, player.id, this.deps);
    this.tables.set(code, table);
    table.sit(player.id, player.name);
    return { ok: true, code };
  }

  // ---- quick match

  /** `player` waits for a game; a table is made once enough people wait, or bots fill it. */
  queue(
    player: Player,
    game: TableSetup["game"],
    players: number,
    send: (m: ServerMessage) => void,
  ): WireRefusal | null {
    const setup = quickSetup(game, players);
    if (!checkSetup(setup).ok) return serverRefusal("bad-setup", { reason: `${game} is not played by ${players}` });
    this.unqueue(player.id);
    const key = `${game}/${players}`;
    const q = this.queues.get(key) ?? { waiting: [], timer: null };
    this.queues.set(key, q);
    q.waiting.push({ player, send, since: this.now() });
    if (q.waiting.length >= players) {
      this.seatQueue(key, players);
      return null;
    }
    const botsAt = q.waiting[0].since + this.quickWait;
    for (const w of q.waiting) w.send({ t: "queued", game, players, waiting: q.waiting.length, botsAt });
    if (!q.timer) {
      q.timer = setTimeout(() => this.seatQueue(key, players), Math.max(0, botsAt - this.now()));
      q.timer.unref?.();
    }
    return null;
  }

  unqueue(playerId: string): void {
    for (const q of this.queues.values()) {
      const i = q.waiting.findIndex((w) => w.player.id === playerId);
      if (i >= 0) q.waiting.splice(i, 1);
    }
  }

  /** Seats up to `players` people waiting under `key`, bots in the rest. */
  private seatQueue(key: string, players: number): void {
    const q = this.queues.get(key);
    if (!q) return;
    if (q.timer) clearTimeout(q.timer);
    q.timer = null;
    const people = q.waiting.splice(0, players);
    if (people.length === 0) return;
    const [game] = key.split("/") as [TableSetup["game"]];
    const setup = quickSetup(game, players, people.length);
    const made = this.createTable(people[0].player, setup);
    if (!made.ok) return;
    const table = this.tables.get(made.code) as LiveTable;
    for (const w of people.slice(1)) table.sit(w.player.id, w.player.name);
    for (const w of people) w.send({ t: "matched", table: made.code });
    // Whoever is left starts waiting afresh.
    if (q.waiting.length > 0) {
      const rest = q.waiting.splice(0);
      for (const w of rest) this.queue(w.player, game, players, w.send);
    }
  }

  /** Whether the server can serve: its database answers. */
  ready(): { ok: boolean; database: string } {
    try {
      this.store.ping();
      return { ok: true, database: "ok" };
    } catch (e) {
      return { ok: false, database: (e as Error).message };
    }
  }

  async close(): Promise<void> {
    for (const q of this.queues.values()) if (q.timer) clearTimeout(q.timer);
    for (const t of this.tables.values()) t.close();
    await this.bots.close();
    this.store.close();
  }
}

/** A public quick-match table: default rules, the default clock, `people` seats for people. */
function quickSetup(game: TableSetup["game"], players: number, people = players): TableSetup {
  const seats: TableSetup["seats"] = Array.from({ length: players }, (_, i) => (i < people ? "human" : "bot:medium"));
  // People sit together in Partner when there are two of them (seats 0 and 2 are partners).
  if (game === "partner" && people === 2) seats.splice(0, 4, "human", "bot:medium", "human", "bot:medium");
  return { game, players, options: {}, seats, clock: { move: 20, bank: 60 }, private: false };
}
