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
 *
 * By rating (docs/ratings.md): people are seated with others whose rating in the game is within a
 * window of their own, which widens the longer either has waited (`RATING_WINDOW`); once the
 * first has waited `wait`, whoever may sit with them comes, whatever their rating (a person is
 * better company than a bot), and bots take the rest. A bot account sits only with people who
 * allow bots (`bots`, on by default). The lobby is told the usual wait: the median of the last
 * waits that ended at a table.
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

/** Someone who asks for a game: who, from where, their rating in it, whether bot accounts may sit with them. */
export interface Asker {
  readonly player: Player;
  /** Where they connect from (a hash of their address). */
  readonly device: string;
  /** The socket that asked (its wait ends with it, not with another socket of the same player). */
  readonly socket: string;
  /** Their shown rating in the game kind (700 for one who has none). */
  readonly rating: number;
  readonly bots: boolean;
  /** The players they blocked: never seated with them. */
  readonly blocks: readonly string[];
}

export interface QuickMatch {
  /** `asker` waits for a game (any earlier wait of theirs ends). */
  queue(asker: Asker, game: TableSetup["game"], players: number): Promise<WireRefusal | null>;
  /** `player`'s wait ends (the one `socket` asked for, when given). */
  unqueue(player: string, socket?: string): Promise<void>;
  /** Processes died (cluster): the entries of the people connected to them go. */
  dropProcesses(pids: readonly string[]): Promise<void>;
  close(): void;
}

/** Someone waiting (in Redis: a list entry, its JSON; no nulls, which Lua's cjson reads as true). */
export interface Waiting {
  readonly id: string;
  readonly name: string;
  readonly since: number;
  /** Where they connect from (a hash of their address). */
  readonly device: string;
  /** The socket that asked. */
  readonly socket: string;
  /** Their shown rating in the game kind. */
  readonly rating: number;
  /** A bot account. */
  readonly bot: boolean;
  /** Bot accounts may sit with them. */
  readonly bots: boolean;
  /** The players they blocked. */
  readonly blocks: readonly string[];
  /** The process they are connected to (cluster only). */
  readonly pid?: string;
}

/**
 * How far apart two people's ratings may be to be seated together: `base` points, and `perSecond`
 * more for every second the longer-waiting of the two has waited (after 20 s, 450 points).
 */
export const RATING_WINDOW = { base: 150, perSecond: 15 } as const;

/** Waits remembered for the usual wait (the lobby's "usually about …"). */
export const WAITS_KEPT = 25;

/** An asker's entry in a queue, from `since` (`pid`: the process their socket is on, in a cluster). */
function entryOf(asker: Asker, since: number, pid?: string): Waiting {
  const { player, device, socket, rating, bots, blocks } = asker;
  const bot = !!player.bot;
  const entry = { id: player.id, name: player.name, since, device, socket, rating, bot, bots, blocks };
  return pid === undefined ? entry : { ...entry, pid };
}

/**
 * Whether `w` may sit with everyone `taken`: no two of one device, no bot account with someone who
 * refuses them, nobody with someone they blocked or who blocked them.
 */
function fits(taken: readonly Waiting[], w: Waiting, onePerDevice: boolean): boolean {
  return taken.every(
    (t) =>
      !(onePerDevice && t.device === w.device) &&
      (t.bot || w.bot ? (t.bot || t.bots) && (w.bot || w.bots) : true) &&
      !t.blocks.includes(w.id) &&
      !w.blocks.includes(t.id),
  );
}

/** Whether two people's ratings are within the window at `now`. */
function near(a: Waiting, b: Waiting, now: number): boolean {
  const waited = Math.max(now - a.since, now - b.since);
  return Math.abs(a.rating - b.rating) <= RATING_WINDOW.base + (RATING_WINDOW.perSecond * waited) / 1000;
}

/** `anchor` and, in queue order, whoever fits with everyone taken (and is near the anchor, when `now` is given). */
function group(waiting: readonly Waiting[], anchor: Waiting, n: number, onePerDevice: boolean, now: number | null) {
  const taken = [anchor];
  for (const w of waiting) {
    if (taken.length === n) break;
    if (w !== anchor && fits(taken, w, onePerDevice) && (now === null || near(anchor, w, now))) taken.push(w);
  }
  return taken.sort((a, b) => waiting.indexOf(a) - waiting.indexOf(b));
}

/**
 * A full table of people whose ratings are near enough at `now`: the first entry, in queue order,
 * that can be the centre of one, with whoever fits. The same choice as the Lua scripts' `pick`.
 */
export function match(waiting: readonly Waiting[], n: number, onePerDevice: boolean, now: number): Waiting[] | null {
  for (const anchor of waiting) {
    const taken = group(waiting, anchor, n, onePerDevice, now);
    if (taken.length === n) return taken;
  }
  return null;
}

/** When the first has waited long enough: them and whoever may sit with them, whatever their ratings (bots fill the rest). */
export function fill(waiting: readonly Waiting[], n: number, onePerDevice: boolean): Waiting[] {
  return waiting.length === 0 ? [] : group(waiting, waiting[0], n, onePerDevice, null);
}

/** The usual wait: the median of the last ones, or null before any. */
export function usualWait(waits: readonly number[]): number | null {
  if (waits.length === 0) return null;
  const sorted = [...waits].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A public quick-match table: default rules, the default clock, `people` seats for people, rated. */
export function quickSetup(game: TableSetup["game"], players: number, people = players): TableSetup {
  // Two people in Partner sit together, as partners; otherwise people take the first seats.
  const partners = game === "partner" && players === 4 && people === 2 ? seatsOf(defaultRules(game), 0) : null;
  const seats: TableSetup["seats"] = Array.from({ length: players }, (_, i) =>
    (partners ? partners.includes(i) : i < people) ? "human" : "bot:medium",
  );
  return { game, players, options: {}, seats, clock: { move: 20, bank: 60 }, private: false, rated: true };
}

function checkQuick(game: TableSetup["game"], players: number): WireRefusal | null {
  return checkSetup(quickSetup(game, players)).ok
    ? null
    : serverRefusal("bad-setup", { reason: `${game} is not played by ${players}` });
}

const playerOf = (w: Waiting): Player => ({ id: w.id, name: w.name, ...(w.bot ? { bot: true } : {}) });

/** Seats `people` (the first makes the table) with bots in the rest, and tells each their table. */
async function seat(deps: QuickDeps, key: string, people: readonly Waiting[]): Promise<void> {
  if (people.length === 0) return;
  const [game, n] = key.split("/");
  const players = Number(n);
  const setup = quickSetup(game as TableSetup["game"], players, people.length);
  const made = await deps.create(playerOf(people[0]), setup);
  if (!made.ok) return;
  for (const w of people.slice(1)) await deps.sit(made.code, playerOf(w));
  for (const w of people) deps.tell(w.id, { t: "matched", table: made.code }, w.pid);
}

function queued(deps: QuickDeps, key: string, waiting: readonly Waiting[], usualMs: number | null): void {
  const [game, n] = key.split("/");
  const now = deps.now();
  const message = {
    t: "queued",
    game: game as TableSetup["game"],
    players: Number(n),
    waiting: waiting.length,
    botsMs: Math.max(0, Math.round(waiting[0].since + deps.wait - now)),
    usualMs,
    serverTime: now,
  } as const;
  for (const w of waiting) deps.tell(w.id, message, w.pid);
}

export class LocalQuickMatch implements QuickMatch {
  private readonly queues = new Map<string, { waiting: Waiting[]; timer: NodeJS.Timeout | null; waits: number[] }>();
  /** Looks again, every second, for tables the widening rating windows now allow. */
  private readonly ticker: NodeJS.Timeout;

  constructor(private readonly deps: QuickDeps) {
    this.ticker = setInterval(() => void this.matchAll(), 1000);
    this.ticker.unref();
  }

  async queue(asker: Asker, game: TableSetup["game"], players: number): Promise<WireRefusal | null> {
    const refused = checkQuick(game, players);
    if (refused) return refused;
    await this.unqueue(asker.player.id);
    await this.enter(`${game}/${players}`, players, entryOf(asker, this.deps.now()));
    return null;
  }

  private queueOf(key: string) {
    let q = this.queues.get(key);
    if (!q) {
      q = { waiting: [], timer: null, waits: [] };
      this.queues.set(key, q);
    }
    return q;
  }

  /** `w` joins the queue: a table at once if one can be made, else everyone waiting hears how many wait. */
  private async enter(key: string, players: number, w: Waiting): Promise<void> {
    const q = this.queueOf(key);
    q.waiting.push(w);
    if (await this.matchOne(key, players)) return;
    queued(this.deps, key, q.waiting, usualWait(q.waits));
    if (!q.timer) {
      const botsAt = q.waiting[0].since + this.deps.wait;
      q.timer = setTimeout(() => void this.seatDue(key, players), Math.max(0, botsAt - this.deps.now()));
      q.timer.unref?.();
    }
  }

  async unqueue(player: string, socket?: string): Promise<void> {
    for (const q of this.queues.values()) {
      const i = q.waiting.findIndex((w) => w.id === player && (socket === undefined || w.socket === socket));
      if (i >= 0) q.waiting.splice(i, 1);
    }
  }

  /** Seats a table of near ratings from the queue, if there is one now. */
  private async matchOne(key: string, players: number): Promise<boolean> {
    const q = this.queueOf(key);
    const people = match(q.waiting, players, this.deps.onePerDevice, this.deps.now());
    if (!people) return false;
    await this.seatPeople(key, people);
    return true;
  }

  private async matchAll(): Promise<void> {
    for (const [key, q] of this.queues) {
      const players = Number(key.split("/")[1]);
      if (q.waiting.length >= players) await this.matchOne(key, players);
    }
  }

  /** The first has waited long enough: they and whoever may sit with them, with bots; the rest wait on. */
  private async seatDue(key: string, players: number): Promise<void> {
    const q = this.queueOf(key);
    q.timer = null;
    await this.seatPeople(key, fill(q.waiting, players, this.deps.onePerDevice));
    if (q.waiting.length === 0) return;
    const rest = q.waiting.splice(0);
    // Whoever is left waits on, from when they first asked; the bots' time counts from the first.
    for (const w of rest) await this.enter(key, players, w);
  }

  private async seatPeople(key: string, people: readonly Waiting[]): Promise<void> {
    const q = this.queueOf(key);
    q.waiting = q.waiting.filter((w) => !people.includes(w));
    const now = this.deps.now();
    q.waits.push(...people.map((w) => now - w.since));
    q.waits.splice(0, Math.max(0, q.waits.length - WAITS_KEPT));
    await seat(this.deps, key, people);
  }

  async dropProcesses(): Promise<void> {
    // One process: its entries went with its sockets.
  }

  close(): void {
    clearInterval(this.ticker);
    for (const q of this.queues.values()) if (q.timer) clearTimeout(q.timer);
  }
}

/**
 * The Lua half of `match` and `fill`: `pick(key, n, one, now, base, per)` is a full table of near
 * ratings at `now` (the same choice as `match`), or with `now` negative the first entry and whoever
 * may sit with it (`fill`); `take` removes entries from the list and from `<prefix>qmp`.
 */
export const PICK = `
local function fits(taken, w, one)
  for _, t in ipairs(taken) do
    if one == '1' and t.w.device == w.device then return false end
    if (t.w.bot or w.bot) and not ((t.w.bot or t.w.bots) and (w.bot or w.bots)) then return false end
    for _, b in ipairs(t.w.blocks) do if b == w.id then return false end end
    for _, b in ipairs(w.blocks) do if b == t.w.id then return false end end
  end
  return true
end
local function group(es, ai, n, one, now, base, per)
  local a = es[ai].w
  local taken = {es[ai]}
  for i, e in ipairs(es) do
    if #taken == n then break end
    local w = e.w
    local near = now < 0 or math.abs(a.rating - w.rating) <=
      base + per * math.max(now - a.since, now - w.since) / 1000
    if i ~= ai and near and fits(taken, w, one) then table.insert(taken, e) end
  end
  return taken
end
local function pick(key, n, one, now, base, per)
  local es = {}
  for i, raw in ipairs(redis.call('LRANGE', key, 0, -1)) do es[i] = {raw = raw, w = cjson.decode(raw)} end
  if #es == 0 then return {} end
  if now < 0 then return group(es, 1, n, one, now, base, per) end
  for ai = 1, #es do
    local taken = group(es, ai, n, one, now, base, per)
    if #taken == n then return taken end
  end
  return {}
end
local function take(key, entries, prefix)
  local raws = {}
  for _, e in ipairs(entries) do
    redis.call('LREM', key, 1, e.raw)
    redis.call('HDEL', prefix .. 'qmp', e.w.id)
    table.insert(raws, e.raw)
  end
  return raws
end
`;

/**
 * Joins a queue: any earlier wait of the player ends (`<prefix>qmp` holds each waiting player's
 * entry), then either a table of near ratings is taken or every entry is returned (to tell them
 * how many wait). Returns {taken, entries}. ARGV: player, entry, N, prefix, one per device ('1' or
 * '0'), now, the rating window's base and per second.
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
local taken = pick(KEYS[1], n, ARGV[5], tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8]))
if #taken == n then return {1, take(KEYS[1], taken, ARGV[4])} end
return {0, redis.call('LRANGE', KEYS[1], 0, -1)}`;

/** Ends a player's wait (the one socket ARGV[3] asked for, unless it is empty). ARGV: player, prefix, socket. */
const LEAVE = `
local old = redis.call('HGET', ARGV[2] .. 'qmp', ARGV[1])
if old then
  local sep = string.find(old, '|', 1, true)
  local entry = string.sub(old, sep + 1)
  if ARGV[3] ~= '' and cjson.decode(entry).socket ~= ARGV[3] then return 0 end
  redis.call('LREM', string.sub(old, 1, sep - 1), 0, entry)
  redis.call('HDEL', ARGV[2] .. 'qmp', ARGV[1])
end
return 1`;

/**
 * A table from a queue, if one can be made now: of near ratings, or, once its first has waited
 * long enough, the first and whoever may sit with them (bots fill the rest). ARGV: now, wait, N,
 * prefix, one per device ('1' or '0'), the rating window's base and per second.
 */
const DUE = `${PICK}
local now, n = tonumber(ARGV[1]), tonumber(ARGV[3])
local near = pick(KEYS[1], n, ARGV[5], now, tonumber(ARGV[6]), tonumber(ARGV[7]))
if #near == n then return take(KEYS[1], near, ARGV[4]) end
local head = redis.call('LINDEX', KEYS[1], 0)
if not head then return {} end
if cjson.decode(head).since + tonumber(ARGV[2]) > now then return {} end
return take(KEYS[1], pick(KEYS[1], n, ARGV[5], -1, 0, 0), ARGV[4])`;

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

/** Queue entries as Redis holds them, in the order they asked. */
function inOrder(entries: readonly string[]): Waiting[] {
  return entries.map((e) => JSON.parse(e) as Waiting).sort((a, b) => a.since - b.since);
}

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

  async queue(asker: Asker, game: TableSetup["game"], players: number): Promise<WireRefusal | null> {
    const refused = checkQuick(game, players);
    if (refused) return refused;
    const { prefix, pid } = this.cluster;
    const { player } = asker;
    const now = this.deps.now();
    const entry = entryOf(asker, now, pid);
    const window = [RATING_WINDOW.base, RATING_WINDOW.perSecond];
    const args = [
      player.id,
      JSON.stringify(entry),
      players,
      prefix,
      this.deps.onePerDevice ? "1" : "0",
      now,
      ...window,
    ];
    const key = `${game}/${players}`;
    const [taken, entries] = (await this.cluster.client.eval(JOIN, 1, `${prefix}qm:${key}`, ...args)) as [
      number,
      string[],
    ];
    const waiting = inOrder(entries);
    if (taken === 1) await this.seat(key, waiting);
    else queued(this.deps, key, waiting, usualWait(await this.waits(key)));
    return null;
  }

  /** The last waits that ended at a table (`<prefix>qm:waits:<key>`, newest first). */
  private async waits(key: string): Promise<number[]> {
    return (await this.cluster.client.lrange(`${this.cluster.prefix}qm:waits:${key}`, 0, -1)).map(Number);
  }

  private async seat(key: string, people: readonly Waiting[]): Promise<void> {
    const now = this.deps.now();
    const list = `${this.cluster.prefix}qm:waits:${key}`;
    await this.cluster.client
      .multi()
      .lpush(list, ...people.map((w) => now - w.since))
      .ltrim(list, 0, WAITS_KEPT - 1)
      .exec();
    await seat(this.deps, key, people);
  }

  async unqueue(player: string, socket?: string): Promise<void> {
    await this.cluster.client.eval(LEAVE, 0, player, this.cluster.prefix, socket ?? "");
  }

  async dropProcesses(pids: readonly string[]): Promise<void> {
    if (pids.length > 0) await this.cluster.client.eval(DROP, 0, this.cluster.prefix, ...pids);
  }

  private async fill(): Promise<void> {
    const prefix = this.cluster.prefix;
    for (const key of await this.cluster.client.smembers(`${prefix}qm:keys`)) {
      const n = Number(key.split("/")[1]);
      const window = [RATING_WINDOW.base, RATING_WINDOW.perSecond];
      const args = [this.deps.now(), this.deps.wait, n, prefix, this.deps.onePerDevice ? "1" : "0", ...window];
      const taken = (await this.cluster.client.eval(DUE, 1, key, ...args)) as string[];
      if (taken.length > 0) await this.seat(key.slice(`${prefix}qm:`.length), inOrder(taken));
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
