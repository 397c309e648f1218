/**
 * Quick match: people wait per game kind and player count; a table is made as soon as enough of
 * them wait, or, once the first has waited `wait` ms, with bots in the seats left. Alone, the
 * queues are in memory (`LocalQuickMatch`); in a cluster they are lists in Redis
 * (`RedisQuickMatch`), changed only by Lua scripts, so people connected to different processes
 * meet and no one is seated twice.
 *
 * One table never seats two waiting entries of one device (`device`: a hash of the address they
 * connect from, unless `onePerDevice` is off), so one person with several guests cannot fill a
 * table with absent ghosts or take three seats of four; a queue entry lives only while its socket
 * is connected (connection.ts takes it out), and a cluster drops the entries of a process that died.
 */

import { defaultRules, seatsOf } from "@crossbones/engine";
import type { ServerMessage, TableSetup, WireRefusal } from "@crossbones/protocol";
import { serverRefusal } from "@crossbones/protocol";
import type { Cluster } from "./cluster.js";
import type { Player } from "./hub.js";
import { checkSetup } from "./setup.js";

export interface QuickDeps {
  readonly wait: number;
  readonly now: () => number;
  /** Whether two entries of one device may sit at one table (tests of many people on one machine). */
  readonly onePerDevice: boolean;
  /** Makes a table (its maker sits): its code. */
  create(player: Player, setup: TableSetup): Promise<{ ok: true; code: string } | { ok: false; refusal: WireRefusal }>;
  sit(code: string, player: Player): Promise<unknown>;
  /** Tells a waiting player something, on the process they are connected to (`pid`; here when absent). */
  tell(player: string, message: ServerMessage, pid?: string): void;
}

export interface QuickMatch {
  /** `player`, connected from `device`, waits for a game (any earlier wait of theirs ends). */
  queue(player: Player, game: TableSetup["game"], players: number, device: string): Promise<WireRefusal | null>;
  unqueue(player: string): Promise<void>;
  /** Processes died (cluster): the entries of the people connected to them go. */
  dropProcesses(pids: readonly string[]): Promise<void>;
  close(): void;
}

/** Someone waiting (in Redis: a list entry, its JSON). */
interface Waiting {
  readonly id: string;
  readonly name: string;
  readonly since: number;
  /** Where they connect from (a hash of their address). */
  readonly device: string;
  /** The process they are connected to (cluster only). */
  readonly pid?: string;
}

/**
 * The first entries, in order, that may sit at one table: up to `n`, no two of one device (unless
 * `onePerDevice` is off). The same choice as the Lua scripts' `pick`.
 */
export function pick(waiting: readonly Waiting[], n: number, onePerDevice: boolean): Waiting[] {
  const taken: Waiting[] = [];
  const devices = new Set<string>();
  for (const w of waiting) {
    if (taken.length === n) break;
    if (onePerDevice && devices.has(w.device)) continue;
    devices.add(w.device);
    taken.push(w);
  }
  return taken;
}

/** A public quick-match table: default rules, the default clock, `people` seats for people. */
export function quickSetup(game: TableSetup["game"], players: number, people = players): TableSetup {
  // Two people in Partner sit together, as partners; otherwise people take the first seats.
  const partners = game === "partner" && players === 4 && people === 2 ? seatsOf(defaultRules(game), 0) : null;
  const seats: TableSetup["seats"] = Array.from({ length: players }, (_, i) =>
    (partners ? partners.includes(i) : i < people) ? "human" : "bot:medium",
  );
  return { game, players, options: {}, seats, clock: { move: 20, bank: 60 }, private: false };
}

function checkQuick(game: TableSetup["game"], players: number): WireRefusal | null {
  return checkSetup(quickSetup(game, players)).ok
    ? null
    : serverRefusal("bad-setup", { reason: `${game} is not played by ${players}` });
}

/** Seats `people` (the first makes the table) with bots in the rest, and tells each their table. */
async function seat(deps: QuickDeps, key: string, people: readonly Waiting[]): Promise<void> {
  if (people.length === 0) return;
  const [game, n] = key.split("/");
  const players = Number(n);
  const setup = quickSetup(game as TableSetup["game"], players, people.length);
  const made = await deps.create({ id: people[0].id, name: people[0].name }, setup);
  if (!made.ok) return;
  for (const w of people.slice(1)) await deps.sit(made.code, { id: w.id, name: w.name });
  for (const w of people) deps.tell(w.id, { t: "matched", table: made.code }, w.pid);
}

function queued(deps: QuickDeps, key: string, waiting: readonly Waiting[]): void {
  const [game, n] = key.split("/");
  const now = deps.now();
  const message = {
    t: "queued",
    game: game as TableSetup["game"],
    players: Number(n),
    waiting: waiting.length,
    botsMs: Math.max(0, Math.round(waiting[0].since + deps.wait - now)),
    serverTime: now,
  } as const;
  for (const w of waiting) deps.tell(w.id, message, w.pid);
}

export class LocalQuickMatch implements QuickMatch {
  private readonly queues = new Map<string, { waiting: Waiting[]; timer: NodeJS.Timeout | null }>();

  constructor(private readonly deps: QuickDeps) {}

  async queue(player: Player, game: TableSetup["game"], players: number, device: string): Promise<WireRefusal | null> {
    const refused = checkQuick(game, players);
    if (refused) return refused;
    await this.unqueue(player.id);
    const key = `${game}/${players}`;
    const q = this.queues.get(key) ?? { waiting: [], timer: null };
    this.queues.set(key, q);
    q.waiting.push({ id: player.id, name: player.name, since: this.deps.now(), device });
    if (pick(q.waiting, players, this.deps.onePerDevice).length >= players) {
      await this.seatQueue(key, players);
      return null;
    }
    queued(this.deps, key, q.waiting);
    if (!q.timer) {
      const botsAt = q.waiting[0].since + this.deps.wait;
      q.timer = setTimeout(() => void this.seatQueue(key, players), Math.max(0, botsAt - this.deps.now()));
      q.timer.unref?.();
    }
    return null;
  }

  async unqueue(player: string): Promise<void> {
    for (const q of this.queues.values()) {
      const i = q.waiting.findIndex((w) => w.id === player);
      if (i >= 0) q.waiting.splice(i, 1);
    }
  }

  /** Seats up to `players` people waiting under `key`; whoever is left starts waiting afresh. */
  private async seatQueue(key: string, players: number): Promise<void> {
    const q = this.queues.get(key);
    if (!q) return;
    if (q.timer) clearTimeout(q.timer);
    q.timer = null;
    const people = pick(q.waiting, players, this.deps.onePerDevice);
    const rest = q.waiting.filter((w) => !people.includes(w));
    q.waiting.length = 0;
    await seat(this.deps, key, people);
    const [game] = key.split("/") as [TableSetup["game"]];
    for (const w of rest) await this.queue({ id: w.id, name: w.name }, game, players, w.device);
  }

  async dropProcesses(): Promise<void> {
    // One process: its entries went with its sockets.
  }

  close(): void {
    for (const q of this.queues.values()) if (q.timer) clearTimeout(q.timer);
  }
}

/**
 * The Lua half of `pick`: the first entries of list `key`, up to `n`, no two of one device (when
 * `one` is '1'); `take` removes entries from the list and from `<prefix>qmp`.
 */
const PICK = `
local function pick(key, n, one)
  local taken, devices = {}, {}
  for _, e in ipairs(redis.call('LRANGE', key, 0, -1)) do
    if #taken == n then break end
    local d = cjson.decode(e).device
    if one ~= '1' or not devices[d] then
      devices[d] = true
      table.insert(taken, e)
    end
  end
  return taken
end
local function take(key, entries, prefix)
  for _, e in ipairs(entries) do
    redis.call('LREM', key, 1, e)
    redis.call('HDEL', prefix .. 'qmp', cjson.decode(e).id)
  end
  return entries
end
`;

/**
 * Joins a queue: any earlier wait of the player ends (`<prefix>qmp` holds each waiting player's
 * entry), then either N entries that may sit together are taken (enough people) or every entry is
 * returned (to tell them how many wait). Returns {taken, entries}. ARGV: player, entry, N, prefix,
 * one per device ('1' or '0').
 */
const JOIN = `${PICK}
local old = redis.call('HGET', ARGV[4] .. 'qmp', ARGV[1])
if old then
  local sep = string.find(old, '|', 1, true)
  redis.call('LREM', string.sub(old, 1, sep - 1), 0, string.sub(old, sep + 1))
end
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('HSET', ARGV[4] .. 'qmp', ARGV[1], KEYS[1] .. '|' .. ARGV[2])
redis.call('SADD', ARGV[4] .. 'qm:keys', KEYS[1])
local n = tonumber(ARGV[3])
local taken = pick(KEYS[1], n, ARGV[5])
if #taken == n then return {1, take(KEYS[1], taken, ARGV[4])} end
return {0, redis.call('LRANGE', KEYS[1], 0, -1)}`;

/** Ends a player's wait. ARGV: player, prefix. */
const LEAVE = `
local old = redis.call('HGET', ARGV[2] .. 'qmp', ARGV[1])
if old then
  local sep = string.find(old, '|', 1, true)
  redis.call('LREM', string.sub(old, 1, sep - 1), 0, string.sub(old, sep + 1))
  redis.call('HDEL', ARGV[2] .. 'qmp', ARGV[1])
end
return 1`;

/**
 * Takes up to N entries that may sit together from a queue whose first has waited long enough
 * (bots fill the rest). ARGV: now, wait, N, prefix, one per device ('1' or '0').
 */
const DUE = `${PICK}
local head = redis.call('LINDEX', KEYS[1], 0)
if not head then return {} end
if cjson.decode(head).since + tonumber(ARGV[2]) > tonumber(ARGV[1]) then return {} end
return take(KEYS[1], pick(KEYS[1], tonumber(ARGV[3]), ARGV[5]), ARGV[4])`;

/** Drops the entries of dead processes from every queue. ARGV: prefix, then the pids. */
const DROP = `
local dead = {}
for i = 2, #ARGV do dead[ARGV[i]] = true end
for _, key in ipairs(redis.call('SMEMBERS', ARGV[1] .. 'qm:keys')) do
  for _, e in ipairs(redis.call('LRANGE', key, 0, -1)) do
    local w = cjson.decode(e)
    if dead[w.pid] then
      redis.call('LREM', key, 1, e)
      redis.call('HDEL', ARGV[1] .. 'qmp', w.id)
    end
  end
end
return 1`;

export class RedisQuickMatch implements QuickMatch {
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly cluster: Cluster,
    private readonly deps: QuickDeps,
  ) {
    // Every process looks for queues due for bots; the script lets only one take each.
    this.timer = setInterval(() => void this.fill().catch(() => {}), 250);
    this.timer.unref();
  }

  async queue(player: Player, game: TableSetup["game"], players: number, device: string): Promise<WireRefusal | null> {
    const refused = checkQuick(game, players);
    if (refused) return refused;
    const { prefix, pid } = this.cluster;
    const entry: Waiting = { id: player.id, name: player.name, since: this.deps.now(), device, pid };
    const args = [player.id, JSON.stringify(entry), players, prefix, this.deps.onePerDevice ? "1" : "0"];
    const key = `${game}/${players}`;
    const [taken, entries] = (await this.cluster.client.eval(JOIN, 1, `${prefix}qm:${key}`, ...args)) as [
      number,
      string[],
    ];
    const waiting = entries.map((e) => JSON.parse(e) as Waiting);
    if (taken === 1) await seat(this.deps, key, waiting);
    else queued(this.deps, key, waiting);
    return null;
  }

  async unqueue(player: string): Promise<void> {
    await this.cluster.client.eval(LEAVE, 0, player, this.cluster.prefix);
  }

  async dropProcesses(pids: readonly string[]): Promise<void> {
    if (pids.length > 0) await this.cluster.client.eval(DROP, 0, this.cluster.prefix, ...pids);
  }

  private async fill(): Promise<void> {
    const prefix = this.cluster.prefix;
    for (const key of await this.cluster.client.smembers(`${prefix}qm:keys`)) {
      const n = Number(key.split("/")[1]);
      const args = [this.deps.now(), this.deps.wait, n, prefix, this.deps.onePerDevice ? "1" : "0"];
      const taken = (await this.cluster.client.eval(DUE, 1, key, ...args)) as string[];
      const waiting = taken.map((e) => JSON.parse(e) as Waiting);
      if (waiting.length > 0) await seat(this.deps, key.slice(`${prefix}qm:`.length), waiting);
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
