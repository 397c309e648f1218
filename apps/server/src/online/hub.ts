/**
 * Everything online in one server process: guests, the tables this process owns, where every
 * other table lives, quick match and the bot pool. Sockets and HTTP routes call into it; it never
 * touches a socket itself (followers carry their own `send`).
 *
 * One process (the default) owns every table: on SQLite, or on PostgreSQL with `databaseUrl`.
 * With `redisUrl` too, processes share the tables (cluster.ts): a table is owned by one process
 * at a time and loaded from the store by whichever process takes it; a request for a table owned
 * elsewhere goes to its owner over Redis, and the owner's frames come back to the follower's
 * process. When an owner dies, its tables are taken over and their followers follow them there.
 */

import { randomBytes } from "node:crypto";
import type { GameKind } from "@crossbones/engine";
import type { ServerMessage, TableSetup, WireRefusal } from "@crossbones/protocol";
import { serverRefusal } from "@crossbones/protocol";
import { type CloseReason, DEFAULT_TIMING, ReplayError, type Timing } from "@crossbones/table";
import { BotPool } from "./bots.js";
import { Cluster } from "./cluster.js";
import { Metrics } from "./metrics.js";
import { type OpResult, runOp, sitOp, type TableOp } from "./ops.js";
import { PgStore } from "./pg-store.js";
import { LocalQuickMatch, type QuickMatch, RedisQuickMatch } from "./quick.js";
import { START, shown } from "./ratings.js";
import { type CheckedSetup, checkSetup, frozenSetup } from "./setup.js";
import { SqliteStore } from "./sqlite-store.js";
import { FencedError, type Store, TABLE_FORMAT } from "./store.js";
import { type Follower, LiveTable, REAL_TIMERS, type TableDeps, type Timers } from "./table.js";
import { CODE_LENGTH, Tokens, tableCode } from "./tokens.js";
import { MAX_LIVE_TOURNAMENTS, TOURNAMENT_CLOCK, type TournamentLease, TournamentRunner } from "./tournaments.js";

export interface OnlineOptions {
  /** Where the SQLite file and the token secret live (without `databaseUrl`). */
  readonly dataDir: string;
  /** PostgreSQL instead of SQLite (`postgres://…`). */
  readonly databaseUrl?: string;
  /** PostgreSQL: wait for the disk at each commit (default true; docs/deploy.md). */
  readonly databaseSync?: boolean;
  /** Share tables with other processes through this Redis (needs `databaseUrl`). */
  readonly redisUrl?: string;
  /** Cluster: how long a process's lease lasts without renewal (ms; default 2000). */
  readonly leaseMs?: number;
  /** Cluster: the start of every Redis key and channel (default `cb:`; one per cluster sharing a Redis). */
  readonly redisPrefix?: string;
  readonly timing?: Partial<Timing>;
  /** Bot worker threads (default 1: the event loop keeps the other core). */
  readonly botThreads?: number;
  /** How long quick match waits for people before bots fill the table (ms). */
  readonly quickWait?: number;
  /** The clock of tournament tables (default TOURNAMENT_CLOCK: 30 s a move, a 120 s bank). */
  readonly tournamentClock?: { readonly move: number; readonly bank: number };
  /**
   * The time tournaments start by, when it is not the tables' (`now` and `timers`): a test's fake
   * clock starts a tournament once its players are in, while its tables play in real time.
   */
  readonly tournamentTime?: { readonly now: () => number; readonly timers: Timers };
  /** Open or running tournaments at once (default MAX_LIVE_TOURNAMENTS). */
  readonly maxTournaments?: number;
  /**
   * Quick match seats at most one entry per device (address) at a table (default true; tests that
   * play several people from one machine turn it off: QUICK_ONE_PER_ADDRESS=off).
   */
  readonly quickOnePerDevice?: boolean;
  /** How long a table nobody follows, with nothing due but its closing, stays in memory (ms; EVICT_SECONDS). */
  readonly evictAfter?: number;
  /** How often the store is asked for tables out of memory whose time has come (ms). */
  readonly sweepEvery?: number;
  /** How long changes of who is at a table are gathered into one `presence` message (ms). */
  readonly presenceDelay?: number;
  /** Waiting or playing tables one player may have made (MAX_OPEN_TABLES). */
  readonly maxOpenTables?: number;
  readonly now?: () => number;
  /** The tables' timers (a fake clock's in tests). */
  readonly timers?: Timers;
  /** Where a table that cannot be loaded is reported (the server's log). */
  readonly logger?: { error(details: object, message: string): void };
}

/**
 * Why a table cannot be reached: none by that code, closed for good, its log does not replay, or
 * (to watch) too many watch it already, or it is a duplicate round's (whose deals other tables play).
 */
export type Gone = "unknown" | "closed" | "broken" | "crowded" | "duplicate";

const GONE_CODES = {
  unknown: "unknown-table",
  closed: "table-closed",
  broken: "table-unavailable",
  crowded: "table-crowded",
  duplicate: "duplicate-table",
} as const;

/** The refusal a client gets for a table it cannot reach. */
export function goneRefusal(gone: Gone): WireRefusal {
  return serverRefusal(GONE_CODES[gone]);
}

export interface Player {
  readonly id: string;
  readonly name: string;
  /** A bot account: it plays through a program (docs/ratings.md). */
  readonly bot?: boolean;
}

/** Where a table lives, seen from this process, or why it cannot be reached. */
type Route = { readonly local: LiveTable } | { readonly remote: string } | { readonly gone: Gone };
/** How a follower here follows its table: the table itself, or through its owner (`fid`). */
type Link = { readonly table: LiveTable } | { readonly pid: string; readonly fid: string };

/** A follower on another process, as its table's owner keeps it. */
interface RemoteFollower {
  readonly code: string;
  readonly from: string;
  readonly follower: Follower;
}

/** Messages between processes (over the cluster's inboxes). */
type Relay =
  | { readonly t: "call"; readonly rid: string; readonly from: string; readonly code: string; readonly op: TableOp }
  | { readonly t: "reply"; readonly rid: string; readonly result: OpResult }
  | {
      readonly t: "follow";
      readonly code: string;
      readonly fid: string;
      readonly from: string;
      readonly player: string | null;
    }
  | { readonly t: "unfollow"; readonly fid: string }
  | { readonly t: "resend"; readonly fid: string }
  | { readonly t: "moved"; readonly code: string }
  | { readonly t: "player"; readonly player: string; readonly message: ServerMessage }
  /** For every socket of `player` on the process (an invitation). */
  | { readonly t: "everyone"; readonly player: string; readonly message: ServerMessage }
  /** Close the process's sockets of `player` that said hello with a key older than `key`. */
  | { readonly t: "signed-out"; readonly player: string; readonly key: number }
  /** Tournament `id`'s log has a new round or its end, written elsewhere: its holder reads it again. */
  | { readonly t: "tournament"; readonly id: string };

/** A tournament's lease in Redis sits beside the tables' (cluster.ts), under a key no code can be. */
const TOURNAMENT_KEY = "tournament:";

/**
 * How long a request to another process waits for its answer before the table is looked up again
 * (asking again is safe: an action is known by its id, and sitting, asking for a rematch or being
 * ready twice is the same as once). A new owner's announcement ends the wait at once.
 */
const CALL_TIMEOUT = 1500;
/** Above every key generation: `signOut` closes all of a player's sockets (a deleted account). */
export const EVERY_KEY = Number.MAX_SAFE_INTEGER;
/** How many times a request follows a table that moved before it gives up (a failover takes a few seconds). */
const CALL_ATTEMPTS = 12;
/** A dead process's tables loaded at once by a taker (PostgreSQL's pool has 8 connections). */
const TAKEOVER_LOADS = 4;

export class Hub {
  readonly tokens: Tokens;
  readonly bots: BotPool;
  readonly timing: Timing;
  readonly metrics: Metrics;
  readonly quick: QuickMatch;
  /** Tournaments (in a cluster, each run by the holder of its lease). */
  readonly tournaments: TournamentRunner;
  private readonly now: () => number;
  /** The tables this process owns and has in memory. */
  private readonly tables = new Map<string, LiveTable>();
  private readonly loading = new Map<string, Promise<LiveTable | "elsewhere" | Gone>>();
  /** Tables whose log does not replay, with why: each is its own problem, never the server's. */
  private readonly broken = new Map<string, string>();
  /** The next sweep (the tables' timers: a fake clock moves it in tests). */
  private sweeper: unknown = null;
  private sweeping = false;
  /** Followers on this process's sockets, by table (wherever it lives), and where each follows it. */
  private readonly follows = new Map<string, Map<Follower, Link>>();
  /** This process's followers of remote tables, by id (their frames come back under it). */
  private readonly fids = new Map<string, Follower>();
  /** Followers on other processes of the tables owned here, by id. */
  private readonly remotes = new Map<string, RemoteFollower>();
  /**
   * Where tables owned elsewhere live, as last looked up (forgotten when the owner changes, dies or
   * says the table is not there: the next request looks again).
   */
  private readonly owners = new Map<string, string>();
  /**
   * Tables whose owner Redis is being asked for, with how many ask: an owner announced meanwhile
   * is kept in `owners`, being newer than the answer (a takeover's, while the answer names the dead).
   */
  private readonly asking = new Map<string, number>();
  /** Dead processes whose tables this process is taking over now (one walk through each's list). */
  private readonly takingOver = new Set<string>();
  /** Requests to other processes waiting for their answer: the table and its owner asked. */
  private readonly pending = new Map<string, { code: string; pid: string; done: (result: OpResult) => void }>();
  /** Players connected here who wait for quick match (the others' processes tell them apart). */
  private readonly players = new Map<string, (m: ServerMessage) => void>();
  /** Every open socket of each player connected here, as a way to tell it (presence, invitations). */
  private readonly here = new Map<string, Set<(m: ServerMessage) => void>>();
  private closing = false;
  private readonly options: OnlineOptions;
  /** What every table of this process is given. */
  private readonly deps: TableDeps;

  private constructor(
    readonly store: Store,
    secret: string,
    private readonly cluster: Cluster | null,
    options: OnlineOptions,
  ) {
    this.tokens = new Tokens(secret);
    this.bots = new BotPool(options.botThreads ?? 1);
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.now = options.now ?? Date.now;
    this.options = options;
    this.metrics = new Metrics(
      () => this.tables.size,
      () => this.broken.size,
      (priority) => this.bots.waiting(priority),
    );
    this.deps = {
      store,
      bots: this.bots,
      timing: this.timing,
      now: this.now,
      timers: options.timers ?? REAL_TIMERS,
      metrics: this.metrics,
      evictAfter: options.evictAfter ?? 120_000,
      presenceDelay: options.presenceDelay ?? 1000,
      onFail: (table, error) =>
        this.failed(table, error instanceof FencedError ? "fenced" : error instanceof ReplayError ? "error" : "store"),
      onIdle: (table) => void this.evict(table),
      onClosed: (table, reason) => this.closed(table, reason),
      onGameOver: (table, state) => this.tournaments.gameOver(table.code, state, table.tournament),
      dealIdOf: (code) => this.tokens.dealId(code),
      duplicateSecret: (table, hand) => this.tokens.duplicateSecret(table, hand),
    };
    this.sweepLater();
    const quick = {
      wait: options.quickWait ?? 20_000,
      now: this.now,
      onePerDevice: options.quickOnePerDevice ?? true,
      create: (player: Player, setup: TableSetup) => this.createTable(player, setup, false),
      sit: (code: string, player: Player) => this.call(code, sitOp(player)),
      tell: (player: string, message: ServerMessage, pid?: string) => this.tell(player, message, pid),
    };
    this.quick = cluster ? new RedisQuickMatch(cluster, quick) : new LocalQuickMatch(quick);
    this.tournaments = new TournamentRunner({
      store,
      now: options.tournamentTime?.now ?? this.now,
      timers: options.tournamentTime?.timers ?? this.deps.timers,
      clock: options.tournamentClock ?? TOURNAMENT_CLOCK,
      maxLive: options.maxTournaments ?? MAX_LIVE_TOURNAMENTS,
      makeTable: async (setup, players) => {
        // The first player makes it and takes the first seat for a person (theirs); the rest sit.
        const first = players.findIndex((p) => p !== null);
        const maker = players[first];
        const made = maker ? await this.createTable(maker, setup, false) : null;
        if (!made?.ok) return null;
        for (const [seat, p] of players.entries()) if (seat > first && p) await this.call(made.code, sitOp(p, seat));
        return made.code;
      },
      tell: (player, message) => void this.tellEverywhere(player, message).catch(() => {}),
      timeUp: (code) => void this.call(code, { m: "time-up" }).catch(() => {}),
      ...(cluster ? { lease: this.tournamentLease(cluster) } : {}),
    });
  }

  /** The store, the token secret, the cluster if any, and (alone) every live table from its log. */
  static async open(options: OnlineOptions): Promise<Hub> {
    if (options.redisUrl && !options.databaseUrl)
      throw new Error("REDIS_URL needs DATABASE_URL: processes share their tables through PostgreSQL");
    const store: Store = options.databaseUrl
      ? await PgStore.open(options.databaseUrl, { synchronous: options.databaseSync })
      : new SqliteStore(options.dataDir);
    const secret = await store.secret(() => randomBytes(32).toString("hex"));
    let hub: Hub | null = null;
    const cluster = options.redisUrl
      ? await Cluster.join(
          options.redisUrl,
          {
            message: (m) => hub?.relay(m as Relay),
            frame: (fid, text) => hub?.fids.get(fid)?.send(text),
            owner: (code, pid) => hub?.ownerChanged(code, pid),
            dead: (pids) => hub?.takeOver(pids),
            lapsed: () => hub?.recheck(),
          },
          { ttl: options.leaseMs, prefix: options.redisPrefix },
        )
      : null;
    hub = new Hub(store, secret, cluster, options);
    // Nothing is loaded before the server listens. Alone, the tables that were in memory when the
    // last process stopped without parking them (a crash) come back in the background, and the
    // sweep takes those whose time has come; in a cluster, tables are taken as they are asked for,
    // when their owner dies, or by the sweep.
    // Tournaments are taken up by whichever process claims each first.
    void hub.tournaments.resume().catch(() => {});
    if (!cluster)
      void store.loadedTables().then(
        (codes) => hub.loadAll(codes).then(() => hub.sweep()),
        () => {},
      );
    else void hub.sweep();
    return hub;
  }

  /** This process's id in the cluster (null alone). */
  get pid(): string | null {
    return this.cluster?.pid ?? null;
  }

  // ---- guests

  /** A new guest with a display name, and the token that proves it. */
  async newGuest(name: string): Promise<{ token: string; player: Player }> {
    const { id, token } = this.tokens.issue();
    await this.store.addPlayer(id, name, this.now());
    return { token, player: { id, name } };
  }

  /** A player's shown rating in a game kind (where quick match seats them), or a newcomer's. */
  async ratingOf(player: string, kind: GameKind): Promise<number> {
    return shown((await this.store.rating(player, kind)) ?? START);
  }

  /** The guest a token proves (of the player's current key generation), or null. */
  async guest(token: string): Promise<Player | null> {
    const proved = this.tokens.verify(token);
    if (proved === null) return null;
    const player = await this.store.player(proved.id);
    if (player === null || player.key !== proved.key) return null;
    return { id: proved.id, name: player.name, ...(player.bot ? { bot: true } : {}) };
  }

  /**
   * Signs `player` out of every other device: their key generation goes up, every older token is
   * refused from now on (and their sockets opened with one are closed, on every process), and the
   * new token is theirs to keep.
   */
  async newKey(player: Player): Promise<string> {
    const key = await this.store.rotate(player.id);
    await this.signOut(player.id, key);
    return this.tokens.tokenFor(player.id, key);
  }

  /**
   * Closes every socket of `player` that said hello with a key older than `key` (`EVERY_KEY`: all
   * of them), on every process. A socket of the new key, opened meanwhile on another process, stays.
   */
  async signOut(player: string, key: number): Promise<void> {
    this.signedOut(player, key);
    const cluster = this.cluster;
    if (!cluster) return;
    // Redis away: the old keys are refused all the same at the next hello.
    const pids = await cluster.hereAt(player).catch(() => []);
    for (const pid of pids)
      if (pid !== cluster.pid) cluster.send(pid, { t: "signed-out", player, key } satisfies Relay);
  }

  /** Closes this process's sockets of `player` older than key `key` (routes.ts sets it). */
  signedOut: (player: string, key: number) => void = () => {};

  // ---- tables

  /** A table owned by this process (tests and the benchmark look inside). */
  table(code: string): LiveTable | undefined {
    return this.tables.get(code);
  }

  /** Whether this process owns table `code` and it plays (its answers do not cross Redis). */
  owns(code: string): boolean {
    return this.playing(code) !== undefined;
  }

  /** Table `code` when this process owns it and it plays (a stopped one is on its way out). */
  private playing(code: string): LiveTable | undefined {
    const table = this.tables.get(code);
    return table && !table.stopped ? table : undefined;
  }

  /** Whether there is a table `code` (wherever it lives, even closed). */
  async exists(code: string): Promise<boolean> {
    return this.tables.has(code) || (await this.store.table(code)) !== null;
  }

  /**
   * A new table, owned here; its maker takes the first seat for a person. `chosen`: its maker
   * chose to make it, so it is refused when they already have `maxOpenTables` waiting or playing,
   * and it may be rated only with a person at every seat (quick match makes tables for people who
   * asked for a game, with bots in the seats nobody came for: neither rule applies).
   */
  async createTable(
    player: Player,
    setup: unknown,
    chosen = true,
  ): Promise<{ ok: true; code: string } | { ok: false; refusal: WireRefusal }> {
    const checked = checkSetup(setup);
    if (!checked.ok)
      return { ok: false, refusal: checked.refusal ?? serverRefusal("bad-setup", { reason: checked.reason }) };
    // Its deals are a tournament round's: a table asked for with them would show them to its maker.
    if (chosen && checked.value.setup.duplicate)
      return { ok: false, refusal: serverRefusal("bad-setup", { reason: "only a tournament makes duplicate tables" }) };
    if (chosen && checked.value.setup.tournament)
      return { ok: false, refusal: serverRefusal("bad-setup", { reason: "only a tournament makes its tables" }) };
    if (chosen && checked.value.setup.rated && checked.value.seats.some((s) => s.kind === "bot"))
      return { ok: false, refusal: serverRefusal("bad-setup", { reason: "a rated table seats people only" }) };
    const limit = this.options.maxOpenTables ?? 10;
    if (chosen && (await this.store.openTables(player.id)) >= limit)
      return { ok: false, refusal: serverRefusal("too-many-tables", { limit }) };
    // The table is stored with every rule option as it is today: a later default never changes it.
    const value: CheckedSetup = { ...checked.value, setup: frozenSetup(checked.value) };
    const length = value.setup.private ? CODE_LENGTH.private : CODE_LENGTH.public;
    let code = tableCode(length);
    while (!(await this.store.addTable(code, value.setup, player.id, this.now()))) code = tableCode(length);
    if (this.cluster) await this.cluster.claim(code);
    const fence = (await this.store.claim(code)) as number;
    const table = LiveTable.create(code, player.id, value, fence, this.deps);
    this.tables.set(code, table);
    await runOp(table, sitOp(player));
    return { ok: true, code };
  }

  /**
   * Takes `code` from the store and owns it (in a cluster, only if no live process owns it):
   * the table, "elsewhere" when another process has it, or why it cannot be had.
   */
  private load(code: string): Promise<LiveTable | "elsewhere" | Gone> {
    const own = this.playing(code);
    if (own) return Promise.resolve(own);
    const broken = this.broken.has(code);
    if (broken) return Promise.resolve("broken");
    let loading = this.loading.get(code);
    if (!loading) {
      loading = this.loadNow(code).finally(() => this.loading.delete(code));
      this.loading.set(code, loading);
    }
    return loading;
  }

  private async loadNow(code: string): Promise<LiveTable | "elsewhere" | Gone> {
    if (this.closing) return "unknown";
    const stored = await this.store.table(code);
    if (!stored) return "unknown";
    if (stored.status === "closed") return "closed";
    const checked = checkSetup(stored.setup);
    if (!checked.ok) return this.breaks(code, `its setup is refused: ${checked.reason}`);
    if (this.cluster && !(await this.cluster.claim(code))) return "elsewhere";
    // A table stored before rules were kept whole is played from now on by the rules it has now.
    if (stored.format < TABLE_FORMAT) await this.store.freeze(code, frozenSetup(checked.value));
    // The fence first, then the log: every append of an earlier owner is in it (pg-store.ts).
    const fence = (await this.store.claim(code)) as number;
    const log = await this.store.resume(code);
    let table: LiveTable;
    try {
      table = LiveTable.rebuild(code, stored.host, checked.value, log, fence, this.deps, stored.idle);
    } catch (e) {
      if (this.cluster) await this.cluster.release(code).catch(() => {});
      return this.breaks(code, e instanceof Error ? e.message : String(e));
    }
    this.tables.set(code, table);
    this.owners.delete(code);
    // In memory: a crash from here on finds it again at the next start.
    if (stored.wake !== null || stored.idle !== null) await this.store.park(code, null, null);
    if (this.cluster) {
      await this.cluster.announce(code, this.cluster.pid);
      // Followers here who followed it elsewhere follow it here now.
      this.refollow(code);
    }
    return table;
  }

  /** One table's log does not replay: it is unavailable, said once in the log; every other table plays on. */
  private breaks(code: string, why: string): "broken" {
    this.broken.set(code, why);
    this.options.logger?.error({ table: code, problem: why }, "table unavailable: its log does not replay");
    return "broken";
  }

  /**
   * Loads tables `at` at a time (a start's one after another), each on its own: one that fails is
   * its own problem.
   */
  private async loadAll(codes: readonly string[], at = 1): Promise<void> {
    let next = 0;
    const loader = async () => {
      while (next < codes.length && !this.closing) await this.load(codes[next++]).catch(() => {});
    };
    await Promise.all(Array.from({ length: at }, loader));
  }

  private sweepLater(): void {
    if (this.closing) return;
    this.sweeper = this.deps.timers.set(() => {
      void this.sweep().finally(() => this.sweepLater());
    }, this.options.sweepEvery ?? 30_000);
  }

  /** Loads the tables out of memory whose time has come (their closing, or what was due at a stop). */
  async sweep(): Promise<void> {
    if (this.sweeping || this.closing) return;
    this.sweeping = true;
    try {
      for (;;) {
        const due = (await this.store.dueTables(this.now(), 100)).filter(
          (c) => !this.tables.has(c) && !this.broken.has(c),
        );
        if (due.length === 0) return;
        await this.loadAll(due);
        // A table another process holds stays due in the store: leave it to that process.
        if (due.every((c) => !this.tables.has(c))) return;
      }
    } catch {
      // The store is away: the next sweep tries again.
    } finally {
      this.sweeping = false;
    }
  }

  /** A table nobody follows and with nothing due but its closing leaves memory; it is loaded again on demand. */
  private async evict(table: LiveTable): Promise<void> {
    await table.durable();
    if (this.tables.get(table.code) !== table || table.stopped || !table.evictable()) return;
    const { wake, idle } = table.parking();
    table.close();
    this.tables.delete(table.code);
    try {
      await this.store.park(table.code, wake, idle);
    } catch {
      // Not parked: it stays marked as loaded, and the next start loads it again.
    }
    if (this.cluster) await this.cluster.release(table.code).catch(() => {});
    this.metrics.evicted.inc();
  }

  /** A table closed for good: it leaves memory (its records stay); its followers saw it close. */
  private closed(table: LiveTable, reason: CloseReason): void {
    this.metrics.closed.inc({ reason });
    this.tournaments.tableClosed(table.code, table.tournament);
    if (this.tables.get(table.code) !== table) return;
    table.close();
    this.tables.delete(table.code);
    if (this.cluster) void this.cluster.release(table.code).catch(() => {});
  }

  /** Where `code` lives now (taking it if nobody does), or why it cannot be reached. */
  private async route(code: string): Promise<Route> {
    for (let i = 0; i < 3; i++) {
      const own = this.playing(code);
      if (own) return { local: own };
      if (this.cluster) {
        const known = this.owners.get(code);
        if (known) return { remote: known };
        const asked = await this.askOwner(code);
        // Loaded here or announced elsewhere while Redis answered: newer than its answer.
        const here = this.playing(code);
        if (here) return { local: here };
        const owner = this.owners.get(code) ?? asked;
        if (owner !== null && owner !== this.cluster.pid) {
          this.owners.set(code, owner);
          return { remote: owner };
        }
      }
      const loaded = await this.load(code);
      if (loaded !== "elsewhere") return typeof loaded === "string" ? { gone: loaded } : { local: loaded };
    }
    return { gone: "unknown" };
  }

  /** Who owns `code`, as Redis says (owners announced meanwhile are kept: `asking`). */
  private async askOwner(code: string): Promise<string | null> {
    const cluster = this.cluster as Cluster;
    this.asking.set(code, (this.asking.get(code) ?? 0) + 1);
    try {
      return await cluster.owner(code);
    } finally {
      const left = (this.asking.get(code) ?? 1) - 1;
      if (left > 0) this.asking.set(code, left);
      else this.asking.delete(code);
    }
  }

  /** Does `op` at table `code` wherever it lives: the answer, or why the table cannot be reached. */
  async call(code: string, op: TableOp): Promise<OpResult | { readonly m: "gone"; readonly gone: Gone }> {
    for (let attempt = 0; attempt < CALL_ATTEMPTS; attempt++) {
      const route = await this.route(code);
      if ("gone" in route) return { m: "gone", gone: route.gone };
      const result = "local" in route ? await runOp(route.local, op) : await this.request(route.remote, code, op);
      if (result.m !== "moved") return result;
      this.owners.delete(code);
      // The owner is gone or going: its lease runs out within a few seconds, then someone takes it.
      await sleep(250 + attempt * 100);
    }
    return { m: "done", refusal: serverRefusal("server-error") };
  }

  private request(pid: string, code: string, op: TableOp): Promise<OpResult> {
    const cluster = this.cluster as Cluster;
    const rid = randomBytes(8).toString("base64url");
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(rid);
        resolve({ m: "moved" });
      }, CALL_TIMEOUT);
      this.pending.set(rid, {
        code,
        pid,
        done: (result) => {
          clearTimeout(timer);
          this.pending.delete(rid);
          resolve(result);
        },
      });
      cluster.send(pid, { t: "call", rid, from: cluster.pid, code, op } satisfies Relay);
    });
  }

  /** `follower` follows table `code` (its state is sent at once); why not, when it cannot be reached. */
  async follow(code: string, follower: Follower): Promise<Gone | null> {
    const route = await this.route(code);
    if ("gone" in route) return route.gone;
    const mine = this.follows.get(code) ?? new Map();
    this.follows.set(code, mine);
    const refused = this.attach(code, follower, route, mine);
    if (refused === null) return null;
    if (mine.size === 0) this.follows.delete(code);
    return refused;
  }

  /** The table as it stands, again, to one of its followers here (nobody else hears of it). */
  resend(code: string, follower: Follower): void {
    const link = this.follows.get(code)?.get(follower);
    if (!link) return;
    if ("table" in link) link.table.resend(follower);
    else this.cluster?.send(link.pid, { t: "resend", fid: link.fid } satisfies Relay);
  }

  private attach(
    code: string,
    follower: Follower,
    route: Exclude<Route, { gone: Gone }>,
    mine: Map<Follower, Link>,
  ): "crowded" | "duplicate" | null {
    if ("local" in route) {
      const refused = route.local.follow(follower);
      if (refused) return refused;
      mine.set(follower, { table: route.local });
      return null;
    }
    // Through its owner, who refuses a crowd itself (its refusal comes back as the follower's frame).
    const cluster = this.cluster as Cluster;
    const fid = randomBytes(8).toString("base64url");
    this.fids.set(fid, follower);
    mine.set(follower, { pid: route.remote, fid });
    cluster.send(route.remote, { t: "follow", code, fid, from: cluster.pid, player: follower.player } satisfies Relay);
    return null;
  }

  unfollow(code: string, follower: Follower): void {
    const mine = this.follows.get(code);
    if (!mine?.has(follower)) return;
    this.detach(follower, mine.get(follower) as Link);
    mine.delete(follower);
    if (mine.size === 0) {
      this.follows.delete(code);
      this.owners.delete(code);
    }
  }

  private detach(follower: Follower, link: Link): void {
    if ("table" in link) {
      link.table.unfollow(follower);
      return;
    }
    this.fids.delete(link.fid);
    this.cluster?.send(link.pid, { t: "unfollow", fid: link.fid } satisfies Relay);
  }

  /** The table `code` moved (or may have): every follower here follows it wherever it is now. */
  private refollow(code: string): void {
    const mine = this.follows.get(code);
    if (!mine || mine.size === 0) return;
    void this.route(code)
      .then((route) => {
        if ("gone" in route) return;
        for (const [follower, link] of mine) {
          // A follower at this very table stays; one followed through an owner registers again (the
          // owner may have refused it while it was still loading the table, or be a new one).
          if ("table" in link && "local" in route && route.local === link.table) continue;
          this.detach(follower, link);
          this.attach(code, follower, route, mine);
        }
      })
      .catch(() => setTimeout(() => this.refollow(code), 1000).unref());
  }

  /** A table stopped: the store refused its write (a newer owner, or the database is away). */
  private failed(table: LiveTable, reason: "fenced" | "lapsed" | "store" | "error"): void {
    this.metrics.lost.inc({ reason });
    if (this.tables.get(table.code) === table) this.tables.delete(table.code);
    for (const [fid, r] of this.remotes) if (r.code === table.code) this.remotes.delete(fid);
    // Its followers look again: at the new owner, or here once the table loads again.
    const again = () => this.refollow(table.code);
    // (Redis may be away: the lease then runs out by itself.)
    if (this.cluster)
      void this.cluster
        .release(table.code)
        .catch(() => {})
        .then(() => setTimeout(again, 100).unref());
    else setTimeout(again, 1000).unref();
  }

  // ---- between processes

  private relay(m: Relay): void {
    const cluster = this.cluster as Cluster;
    switch (m.t) {
      case "call": {
        const table = this.tables.get(m.code);
        const done = (result: OpResult) => cluster.send(m.from, { t: "reply", rid: m.rid, result } satisfies Relay);
        if (!table || table.stopped) done({ m: "moved" });
        else runOp(table, m.op).then(done, () => done({ m: "done", refusal: serverRefusal("server-error") }));
        return;
      }
      case "reply":
        this.pending.get(m.rid)?.done(m.result);
        return;
      case "follow": {
        const table = this.tables.get(m.code);
        if (!table || table.stopped) {
          cluster.send(m.from, { t: "moved", code: m.code } satisfies Relay);
          return;
        }
        const follower: Follower = {
          player: m.player,
          send: (text) => cluster.frame(m.from, m.fid, [text]),
          sendPieces: (pieces) => cluster.frame(m.from, m.fid, pieces),
        };
        const gone = table.follow(follower);
        if (gone === null) this.remotes.set(m.fid, { code: m.code, from: m.from, follower });
        else {
          const refused: ServerMessage = {
            t: "refused",
            id: null,
            table: m.code,
            refusal: goneRefusal(gone),
            charged: false,
          };
          follower.send(JSON.stringify(refused));
        }
        return;
      }
      case "unfollow": {
        const r = this.remotes.get(m.fid);
        if (!r) return;
        this.remotes.delete(m.fid);
        this.tables.get(r.code)?.unfollow(r.follower);
        return;
      }
      case "resend": {
        const r = this.remotes.get(m.fid);
        if (r) this.tables.get(r.code)?.resend(r.follower);
        return;
      }
      case "moved":
        this.owners.delete(m.code);
        setTimeout(() => this.refollow(m.code), 200).unref();
        return;
      case "player":
        this.players.get(m.player)?.(m.message);
        return;
      case "everyone":
        for (const tell of this.here.get(m.player) ?? []) tell(m.message);
        return;
      case "signed-out":
        this.signedOut(m.player, m.key);
        return;
      case "tournament":
        this.tournaments.changed(m.id);
        return;
    }
  }

  private ownerChanged(code: string, pid: string | null): void {
    // A tournament let go by a process that stopped: one of the others takes it up.
    if (code.startsWith(TOURNAMENT_KEY)) {
      if (pid === null && !this.closing)
        void this.tournaments.takeOver(code.slice(TOURNAMENT_KEY.length)).catch(() => {});
      return;
    }
    if (pid === null || pid === this.cluster?.pid) this.owners.delete(code);
    else if (this.owners.has(code) || this.follows.has(code) || this.asking.has(code)) this.owners.set(code, pid);
    // Requests waiting on the old owner go to the new one now.
    for (const p of this.pending.values()) if (p.code === code && p.pid !== pid) p.done({ m: "moved" });
    if (this.follows.has(code)) this.refollow(code);
    // Given up by its owner (a graceful stop): someone must keep its bots and clocks going.
    else if (pid === null && !this.closing) void this.load(code).catch(() => {});
  }

  /** Tournaments' leases, beside the tables' (the same claim: one live holder each). */
  private tournamentLease(cluster: Cluster): TournamentLease {
    const key = (id: string) => `${TOURNAMENT_KEY}${id}`;
    return {
      claim: (id) => cluster.claim(key(id)),
      release: (id) => cluster.release(key(id)),
      end: (id) => cluster.drop(key(id)),
      changed: (id) =>
        void cluster.owner(key(id)).then(
          (pid) => {
            // Held here (taken over while this process wrote through the store): read again here too.
            if (pid === null || pid === cluster.pid) this.tournaments.changed(id);
            else cluster.send(pid, { t: "tournament", id } satisfies Relay);
          },
          // Redis away: its holder finds the round when it next reads the log (a result, a look).
          () => {},
        ),
    };
  }

  /** Processes that died: their followers here are gone, and their tables are taken (by one of us each). */
  private takeOver(pids: string[]): void {
    const dead = new Set(pids);
    // Their people's quick-match entries go with their sockets (every process may try: it is idempotent).
    void this.quick.dropProcesses(pids).catch(() => {});
    for (const [code, pid] of this.owners) if (dead.has(pid)) this.owners.delete(code);
    for (const [fid, r] of this.remotes) {
      if (!dead.has(r.from)) continue;
      this.remotes.delete(fid);
      this.tables.get(r.code)?.unfollow(r.follower);
    }
    const cluster = this.cluster as Cluster;
    for (const pid of pids) {
      // Sweeps come every quarter lease: one walk through a dead process's tables at a time.
      if (this.takingOver.has(pid)) continue;
      this.takingOver.add(pid);
      void cluster
        .ownedBy(pid)
        .then(
          async (codes) => {
            // Its tournaments first (their rounds wait on them), then its tables a few at a time
            // (TAKEOVER_LOADS): a process that held hundreds (finished games not yet out of memory)
            // would otherwise have them all loaded at once, and a table someone asks for meanwhile
            // (route) would queue behind every one of them for the store's connections.
            for (const code of codes)
              if (code.startsWith(TOURNAMENT_KEY))
                void this.tournaments.takeOver(code.slice(TOURNAMENT_KEY.length)).catch(() => {});
            await this.loadAll(
              codes.filter((code) => !code.startsWith(TOURNAMENT_KEY)),
              TAKEOVER_LOADS,
            );
          },
          // Redis away: the next sweep tries again.
          () => {},
        )
        .finally(() => this.takingOver.delete(pid));
    }
  }

  /** This process's lease lapsed (it was paused): drop every table another process took meanwhile. */
  private recheck(): void {
    const cluster = this.cluster as Cluster;
    for (const [code, table] of this.tables)
      void cluster.owner(code).then(
        (pid) => {
          if (pid === cluster.pid || this.tables.get(code) !== table) return;
          table.stop();
          this.failed(table, "lapsed");
        },
        // Redis away: the fence still refuses this process's writes if the table moved.
        () => {},
      );
  }

  // ---- quick match

  /** Messages for a player connected here (quick match tells them of their table): their latest socket's. */
  listen(player: string, send: (m: ServerMessage) => void): void {
    this.players.set(player, send);
  }

  // ---- presence: who has a socket open, here or on another process

  /** A socket of `player` said hello here. */
  arrive(player: string, tell: (m: ServerMessage) => void): void {
    const sockets = this.here.get(player);
    if (sockets) sockets.add(tell);
    else {
      this.here.set(player, new Set([tell]));
      void this.cluster?.arrive(player).catch(() => {});
    }
  }

  /** A socket of `player` closed. */
  depart(player: string, tell: (m: ServerMessage) => void): void {
    const sockets = this.here.get(player);
    if (!sockets?.delete(tell) || sockets.size > 0) return;
    this.here.delete(player);
    void this.cluster?.depart(player).catch(() => {});
  }

  /** Whether `player` has a socket open on any process. */
  async online(player: string): Promise<boolean> {
    if (this.here.has(player)) return true;
    return this.cluster ? (await this.cluster.hereAt(player)).length > 0 : false;
  }

  /** Tells every open socket of `player`, on every process. */
  async tellEverywhere(player: string, message: ServerMessage): Promise<void> {
    for (const tell of this.here.get(player) ?? []) tell(message);
    const cluster = this.cluster;
    if (!cluster) return;
    for (const pid of await cluster.hereAt(player))
      if (pid !== cluster.pid) cluster.send(pid, { t: "everyone", player, message } satisfies Relay);
  }

  /** A socket closed: it is no longer how its player is told (unless a newer one already is). */
  unlisten(player: string, send: (m: ServerMessage) => void): void {
    if (this.players.get(player) === send) this.players.delete(player);
  }

  private tell(player: string, message: ServerMessage, pid?: string): void {
    if (pid === undefined || pid === this.cluster?.pid) this.players.get(player)?.(message);
    else this.cluster?.send(pid, { t: "player", player, message } satisfies Relay);
  }

  // ---- operations

  /** Whether the server can serve: its database (and Redis, in a cluster) answer. */
  async ready(): Promise<{ ok: boolean; database: string; redis?: string }> {
    const check = (p: Promise<void>) =>
      p.then(
        () => "ok",
        (e: Error) => e.message || String(e),
      );
    const database = await check(this.store.ping());
    if (!this.cluster) return { ok: database === "ok", database };
    const redis = await check(this.cluster.ping());
    return { ok: database === "ok" && redis === "ok", database, redis };
  }

  /** Stops: in a cluster, every table is handed over (its writes done) before the process leaves. */
  async close(): Promise<void> {
    this.closing = true;
    this.tournaments.close();
    if (this.sweeper !== null) this.deps.timers.clear(this.sweeper);
    this.quick.close();
    for (const t of this.tables.values()) t.close();
    await Promise.all([...this.tables.values()].map((t) => t.durable()));
    // Each table is parked as it stands: the next start loads only those with something due.
    await Promise.all(
      [...this.tables.values()].map((t) => {
        const { wake, idle } = t.parking();
        return this.store.park(t.code, wake, idle).catch(() => {});
      }),
    );
    if (this.cluster) {
      await Promise.all([...this.tables.keys()].map((code) => this.cluster?.release(code).catch(() => {})));
      await this.cluster.leave();
    }
    this.tables.clear();
    await this.bots.close();
    await this.store.close();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
