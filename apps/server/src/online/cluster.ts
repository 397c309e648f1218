/**
 * Several server processes on one Redis (`REDIS_URL`, ioredis): who owns which table, and the
 * messages between processes. Redis holds no game state; PostgreSQL does (pg-store.ts). Every key
 * and channel starts with a prefix (`cb:` by default), so that several clusters can share a Redis.
 *
 * - Liveness: each process keeps `cb:alive:<pid>` (expires after `ttl` ms, renewed every ttl/4)
 *   and is listed in `cb:procs`; every ttl/4 each process looks for members whose key is gone, and
 *   takes their tables over (a failover: the lease runs out, then at most ttl/4 more).
 * - Ownership: `cb:owner:<code>` names the process that owns a table, and `cb:owned:<pid>` lists
 *   its tables. A process may take a table when nobody owns it or its owner is no longer alive
 *   (`claim`, one Lua script, so two processes never both win). Ownership in Redis is only the
 *   lease: the fence in the store (store.ts) is what stops an old owner that was paused past
 *   its lease from writing after the table moved on.
 * - Messages: each process listens on its inbox `cb:p:<pid>` (pub/sub); `cb:owners` tells every
 *   process that a table has a new owner (or none), so followers elsewhere follow it there.
 */

import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { RelayBatch, readBatch } from "./relay-batch.js";

// ARGV: this process, the table, the key prefix.
const CLAIM = `
local cur = redis.call('GET', KEYS[1])
if cur == ARGV[1] then return 1 end
if cur and redis.call('EXISTS', ARGV[3] .. 'alive:' .. cur) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SADD', ARGV[3] .. 'owned:' .. ARGV[1], ARGV[2])
if cur then redis.call('SREM', ARGV[3] .. 'owned:' .. cur, ARGV[2]) end
return 1`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
redis.call('SREM', ARGV[3] .. 'owned:' .. ARGV[1], ARGV[2])
return 1`;

export interface ClusterEvents {
  /** A message to this process. */
  message(message: unknown): void;
  /** A frame for one of this process's followers of a table owned elsewhere. */
  frame(fid: string, text: string): void;
  /** A table's owner changed (null: released or lost; whoever follows it should look again). */
  owner(code: string, pid: string | null): void;
  /** These processes stopped renewing their lease: their tables may be taken over. */
  dead(pids: string[]): void;
  /** This process could not renew its lease in time (paused, or cut off): its tables may be gone. */
  lapsed(): void;
}

export class Cluster {
  readonly pid = randomBytes(6).toString("hex");
  private readonly redis: Redis;
  private readonly sub: Redis;
  private renewer: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private lastRenewed = 0;
  /** What waits for the next flush, by process (see `send`). */
  private readonly outbox = new Map<string, RelayBatch>();
  private flushing = false;

  private constructor(
    url: string,
    private readonly ttl: number,
    /** Of every key and channel. */
    readonly prefix: string,
    private readonly events: ClusterEvents,
  ) {
    // Commands fail fast while Redis is away instead of queueing without bound.
    const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true };
    this.redis = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.redis.on("error", () => {});
    this.sub.on("error", () => {});
  }

  static async join(
    url: string,
    events: ClusterEvents,
    options: { ttl?: number; prefix?: string } = {},
  ): Promise<Cluster> {
    const c = new Cluster(url, options.ttl ?? 2000, options.prefix ?? "cb:", events);
    await c.redis.connect();
    await c.sub.connect();
    c.sub.on("messageBuffer", (channel: Buffer, data: Buffer) => c.receive(channel.toString(), data.toString()));
    await c.sub.subscribe(c.inbox(c.pid), `${c.prefix}owners`);
    await c.renew();
    await c.redis.sadd(`${c.prefix}procs`, c.pid);
    c.renewer = setInterval(() => void c.renew().catch(() => {}), Math.max(50, c.ttl / 4));
    c.renewer.unref();
    c.sweeper = setInterval(() => void c.sweep().catch(() => {}), Math.max(50, c.ttl / 4));
    c.sweeper.unref();
    return c;
  }

  private inbox(pid: string): string {
    return `${this.prefix}p:${pid}`;
  }

  private receive(channel: string, data: string): void {
    try {
      if (channel === `${this.prefix}owners`) {
        const m = JSON.parse(data) as { code: string; pid: string | null };
        if (m.pid !== this.pid) this.events.owner(m.code, m.pid);
        return;
      }
      readBatch(data, this.events);
    } catch {
      // Not ours (another version on the same prefix?): nothing to do with it.
    }
  }

  private async renew(): Promise<void> {
    const now = Date.now();
    // Renewed too late (the process was paused, or Redis was away): another may own our tables.
    if (this.lastRenewed !== 0 && now - this.lastRenewed > this.ttl) this.events.lapsed();
    await this.redis.set(`${this.prefix}alive:${this.pid}`, "1", "PX", this.ttl);
    this.lastRenewed = now;
  }

  /** Processes that stopped renewing: their tables are for the taking. */
  private async sweep(): Promise<void> {
    const pids = (await this.redis.smembers(`${this.prefix}procs`)).filter((p) => p !== this.pid);
    if (pids.length === 0) return;
    const alive = await this.redis.mget(pids.map((p) => `${this.prefix}alive:${p}`));
    const dead = pids.filter((_, i) => alive[i] === null);
    if (dead.length > 0) this.events.dead(dead);
  }

  /** The tables a dead process owned (empty once they are all taken; it is then forgotten). */
  async ownedBy(pid: string): Promise<string[]> {
    const codes = await this.redis.smembers(`${this.prefix}owned:${pid}`);
    if (codes.length === 0) await this.redis.srem(`${this.prefix}procs`, pid);
    return codes;
  }

  /** The process that owns `code` and is alive, or null. */
  async owner(code: string): Promise<string | null> {
    const pid = await this.redis.get(`${this.prefix}owner:${code}`);
    if (pid === null) return null;
    if (pid === this.pid) return pid;
    return (await this.redis.exists(`${this.prefix}alive:${pid}`)) === 1 ? pid : null;
  }

  /** Takes `code` unless a live process owns it; whether this process owns it now. */
  async claim(code: string): Promise<boolean> {
    return (await this.redis.eval(CLAIM, 1, `${this.prefix}owner:${code}`, this.pid, code, this.prefix)) === 1;
  }

  /** Gives `code` up (if still ours), and tells everyone. */
  async release(code: string): Promise<void> {
    await this.drop(code);
    await this.announce(code, null);
  }

  /** Gives `code` up (if still ours) without a word: it is over, and nobody is to take it up. */
  async drop(code: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, `${this.prefix}owner:${code}`, this.pid, code, this.prefix);
  }

  /** Tells every process who owns `code` now. */
  async announce(code: string, pid: string | null): Promise<void> {
    await this.redis.publish(`${this.prefix}owners`, JSON.stringify({ code, pid }));
  }

  /**
   * Sends `message` to process `pid`. Messages and frames are batched, one publish per process per
   * turn of the event loop (relay-batch.ts).
   */
  send(pid: string, message: unknown): void {
    this.batch(pid).message(message);
  }

  /**
   * Sends a follower's frame to process `pid` in its pieces (joined, the frame's JSON): the text is
   * neither encoded again nor parsed there, and a piece shared by several followers there goes once.
   */
  frame(pid: string, fid: string, pieces: readonly string[]): void {
    this.batch(pid).frame(fid, pieces);
  }

  private batch(pid: string): RelayBatch {
    let batch = this.outbox.get(pid);
    if (!batch) {
      batch = new RelayBatch();
      this.outbox.set(pid, batch);
    }
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => this.flush());
    }
    return batch;
  }

  private flush(): void {
    this.flushing = false;
    for (const [pid, batch] of this.outbox) void this.redis.publish(this.inbox(pid), batch.text()).catch(() => {});
    this.outbox.clear();
  }

  /** `player` has a socket open on this process (`cb:here:<player>`, the processes they are on). */
  async arrive(player: string): Promise<void> {
    await this.redis.sadd(`${this.prefix}here:${player}`, this.pid);
  }

  /** `player` has no socket open on this process any more. */
  async depart(player: string): Promise<void> {
    await this.redis.srem(`${this.prefix}here:${player}`, this.pid);
  }

  /** The live processes `player` has a socket open on (a dead process's word no longer counts). */
  async hereAt(player: string): Promise<string[]> {
    const pids = await this.redis.smembers(`${this.prefix}here:${player}`);
    if (pids.length === 0) return [];
    const alive = await this.redis.mget(pids.map((p) => `${this.prefix}alive:${p}`));
    const dead = pids.filter((_, i) => alive[i] === null);
    // A process that died said nothing on its way out: its word is taken back here.
    if (dead.length > 0) void this.redis.srem(`${this.prefix}here:${player}`, ...dead).catch(() => {});
    return pids.filter((_, i) => alive[i] !== null);
  }

  /** The Redis of this cluster (quick match keeps its queues there). */
  get client(): Redis {
    return this.redis;
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  /** Leaves the cluster: no lease, no listening (tables are released by the hub first). */
  async leave(): Promise<void> {
    if (this.renewer) clearInterval(this.renewer);
    if (this.sweeper) clearInterval(this.sweeper);
    this.flush();
    // Whoever sweeps next finds this process gone with nothing left to take, and forgets it.
    await this.redis.del(`${this.prefix}alive:${this.pid}`).catch(() => {});
    this.sub.disconnect();
    await this.redis.quit().catch(() => {});
  }
}
