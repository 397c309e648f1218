/**
 * One live table in this process: the shell around the table core (@crossbones/table). The core
 * decides every change (`decide`), is changed only by `apply` and says what it does next by itself
 * (`due`); this shell does what the core cannot: it appends each logged change to the store in
 * order (one write at a time, under this owner's fence) and shows it to nobody before the store has
 * it, keeps one timer for what is due, draws secrets and makes deals (Web Crypto, `@crossbones/fair`),
 * asks the bot pool, and sends each follower their frames. A write the store refuses (a newer owner
 * fenced this one out, the database failed) ends the table here: `onFail` hands it back to the hub.
 */

import { randomBytes } from "node:crypto";
import { type Action, type GameKind, viewFor } from "@crossbones/engine";
import { commitmentOf, dealOf, randomHex32 } from "@crossbones/fair";
import {
  type Reaction,
  type ServerMessage,
  serverRefusal,
  type TableSetup,
  type WireRefusal,
} from "@crossbones/protocol";

/** Where a tournament's table stands in it (its setup's `tournament`). */
export type TournamentTable = NonNullable<TableSetup["tournament"]>;

import {
  apply,
  botAction,
  type Change,
  type CloseReason,
  type Command,
  closing,
  type Decision,
  type Due,
  dealInputs,
  decide,
  due,
  isHere,
  isLogged,
  type LogTail,
  newTable,
  openSeats,
  type Refusal,
  ratedResult,
  rebuild,
  recordOf,
  seatOf,
  type TableRules,
  type TableState,
  type Timing,
  tableId,
} from "@crossbones/table";
import type { BotPool, BotPriority } from "./bots.js";
import { type Sent, TableFrames } from "./frames.js";
import { presenceOf, tableInfo } from "./info.js";
import type { Metrics } from "./metrics.js";
import { confusable } from "./names.js";
import type { TableOp } from "./ops.js";
import { PROVISIONAL_GAMES, type RatingChange, shown } from "./ratings.js";
import type { CheckedSetup } from "./setup.js";
import type { Store } from "./store.js";
import { gameRef } from "./tokens.js";

/** Timers the table sets (the real ones by default; a fake clock's in tests). */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const REAL_TIMERS: Timers = {
  set(run, ms) {
    const timer = setTimeout(run, ms);
    timer.unref?.();
    return timer;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface TableDeps {
  readonly store: Store;
  readonly bots: BotPool;
  readonly timing: Timing;
  readonly now: () => number;
  readonly timers: Timers;
  readonly metrics?: Metrics;
  /** How long a table nobody follows, with nothing due but its closing, stays in memory (ms). */
  readonly evictAfter: number;
  /** How long changes of who is here are gathered into one `presence` message (ms). */
  readonly presenceDelay: number;
  /** A write failed: the table has stopped here; the hub forgets it. */
  readonly onFail?: (table: LiveTable, error: unknown) => void;
  /** Nobody follows the table and nothing is due but its closing: the hub may take it out of memory. */
  readonly onIdle?: (table: LiveTable) => void;
  /** The table's game finished (its record is kept): a tournament's result. */
  readonly onGameOver?: (table: LiveTable, state: TableState) => void;
  /** The table closed for good (everything it wrote is in the store). */
  readonly onClosed?: (table: LiveTable, reason: CloseReason) => void;
  /** A table's name in its deals' proofs, which its code cannot be read from (the hub's: an HMAC). */
  readonly dealIdOf: (code: string) => string;
  /** The secret of hand `hand` of duplicate deals named `table` (the hub's: an HMAC, tokens.ts). */
  readonly duplicateSecret: (table: string, hand: number) => string;
}

/**
 * Someone following the table: a seated player's socket, or a spectator's. The table notes the
 * last frame it sent them, so the next can be a patch from it.
 */
export interface Follower {
  readonly player: string | null;
  /** A frame's text (the table serializes each message once for everyone it goes to). */
  send(text: string): void;
  /** A frame in pieces (frames.ts), where they are worth keeping apart; else `send` gets them joined. */
  sendPieces?(pieces: readonly string[]): void;
  /** The last frame sent (none yet, or a snapshot is due: undefined). */
  sent?: Sent;
}

export type ActResult =
  | { readonly ok: true; readonly version: number }
  | { readonly ok: false; readonly refusal: WireRefusal; readonly charged: boolean };

/** People who may watch a table without sitting at it (a crowd costs every change a frame each). */
export const MAX_SPECTATORS = 100;

/** What a table that stopped here answers: nothing happened (`stopped` sends the asker elsewhere). */
const NOTHING: Decision = { changes: [], refusal: null, charged: false };

/** The rules a checked setup plays by, as the core takes them. */
function rulesOf(checked: CheckedSetup): TableRules {
  return {
    rules: checked.rules,
    seats: checked.seats,
    clock: checked.setup.clock,
    rated: checked.setup.rated === true,
    ...(checked.setup.duplicate ? { duplicate: checked.setup.duplicate.deals } : {}),
  };
}

/** A refusal as the protocol sends it: the engine's carry their message, the table's get theirs. */
function wireRefusal(r: Refusal): WireRefusal {
  if ("message" in r) return r;
  const { code, ...params } = r;
  return serverRefusal(code, params);
}

export class LiveTable {
  readonly code: string;
  /** The setup as made (every rule option filled in): what `table` frames say. */
  readonly setup: TableSetup;
  /** A tournament's table: its game there (frames leave it out: a link tournament's id is its key). */
  readonly tournament: TournamentTable | null;
  private state: TableState;
  /** Log entries the store has (entries 0 .. durable - 1); frames show nothing beyond them. */
  private durableSeq: number;
  /** The `rated` message of the table's last rated game, for whoever comes to watch it. */
  private rated: { readonly game: number; readonly text: string } | null = null;
  /** The table's writes, in order: each starts once the one before it is done. */
  private writes: Promise<void> = Promise.resolve();
  private failed = false;
  /** Stopped here (handed over, out of memory, the server closing): nothing more happens. */
  private shut = false;
  private storedStatus = "waiting";
  private readonly followers = new Set<Follower>();
  /** Since when nobody follows the table (it leaves memory `evictAfter` later, if nothing is due). */
  private unfollowedAt: number;
  private timer: unknown = null;
  /** The shell's own work for the core is under way (a secret, a deal): `due` waits for it. */
  private busy = false;
  private presenceTimer: unknown = null;
  /** The last `presence` message sent (or what the last frame said of it): the same is not sent twice. */
  private presenceSent = "";

  private constructor(
    setup: TableSetup,
    state: TableState,
    /** This owner's fence (store.ts): its writes are refused once another process claims the table. */
    private readonly fence: number,
    private readonly deps: TableDeps,
  ) {
    this.code = state.code;
    const { tournament, ...shown } = setup;
    this.setup = shown;
    this.tournament = tournament ?? null;
    this.state = state;
    this.durableSeq = state.seq;
    this.unfollowedAt = deps.now();
  }

  /** A new table (the store has its row), owned under `fence`; its maker sits at once. */
  static create(code: string, maker: string, checked: CheckedSetup, fence: number, deps: TableDeps): LiveTable {
    const state = newTable({ code, dealId: deps.dealIdOf(code), maker, table: rulesOf(checked), timing: deps.timing });
    return new LiveTable(checked.setup, state, fence, deps);
  }

  /**
   * A table from its log (which may start at a checkpoint), owned under `fence`; timers start from
   * now, and nobody has been here since `idle` (if known). Throws ReplayError when the log does not
   * replay.
   */
  static rebuild(
    code: string,
    maker: string,
    checked: CheckedSetup,
    log: LogTail,
    fence: number,
    deps: TableDeps,
    idle: number | null = null,
  ): LiveTable {
    const init = { code, dealId: deps.dealIdOf(code), maker, table: rulesOf(checked), timing: deps.timing };
    const table = new LiveTable(checked.setup, rebuild(init, log, deps.now(), idle), fence, deps);
    // A game that ended just before the server stopped may not have its record stored yet.
    table.storeStatus();
    table.schedule();
    return table;
  }

  // ---- what the world may ask

  /** The seat `player` holds, or -1. */
  seatOf(player: string): number {
    return seatOf(this.state, player);
  }

  get version(): number {
    return this.state.game.version;
  }

  get status(): TableState["status"] {
    return this.state.status;
  }

  get isFinished(): boolean {
    return this.state.status === "finished";
  }

  /** Open seats a person may take. */
  openSeats(): number[] {
    return openSeats(this.state);
  }

  /** The table's state (tests and the benchmark look inside). */
  get snapshot(): TableState {
    return this.state;
  }

  /**
   * The record of the current game (not a hand being played: anyone may fetch a table's record),
   * or null for someone who does not sit at a duplicate round's table: it holds the deals every
   * table of the round plays.
   */
  record(player: string | null): unknown {
    if (this.state.table.duplicate !== undefined && (player === null || this.seatOf(player) < 0)) return null;
    return recordOf(this.state);
  }

  // ---- changes: each is the core's decision, applied and logged

  /**
   * `player` (named `name`) takes `seat`, or the first open seat. A name that can be taken for the
   * name of someone at the table (a person or a bot: the same look, names.ts) is refused: nobody
   * may pass for another at the table.
   */
  sit(op: Extract<TableOp, { m: "sit" }>): { ok: true; seat: number } | { ok: false; refusal: WireRefusal } {
    const { player, name, seat, program } = op;
    const like = this.state.seats.findIndex(
      (s) => s.kind !== "open" && !(s.kind === "human" && s.player === player) && confusable(s.name, name),
    );
    if (like >= 0 && this.seatOf(player) < 0)
      return { ok: false, refusal: serverRefusal("name-too-like", { seat: like }) };
    const d = this.submit({ c: "sit", player, name, seat, program });
    return d.refusal ? { ok: false, refusal: wireRefusal(d.refusal) } : { ok: true, seat: d.seat as number };
  }

  /** `player` gives up their seat: open again before the first deal, else a bot plays it from now on. */
  leave(player: string): WireRefusal | null {
    return this.refusal(this.submit({ c: "leave", player }));
  }

  /** The maker (`player`) frees `seat` before the first deal. */
  remove(player: string, seat: number): WireRefusal | null {
    return this.refusal(this.submit({ c: "remove", player, seat }));
  }

  /** An action of `player`'s seat made against `version`, with the client's id for it. */
  act(player: string, id: string, version: number, action: Action): ActResult {
    const d = this.submit({ c: "act", player, id, version, action });
    if (d.refusal) return { ok: false, refusal: wireRefusal(d.refusal), charged: d.charged };
    return { ok: true, version: this.version };
  }

  /** `player` asks for another game with the same seats; it starts once every person has asked. */
  askRematch(player: string): WireRefusal | null {
    return this.refusal(this.submit({ c: "rematch", player }));
  }

  react(player: string, reaction: Reaction): WireRefusal | null {
    return this.refusal(this.submit({ c: "react", player, reaction }));
  }

  /** `player` is ready for the next hand (and, if away, back at the table). */
  next(player: string): WireRefusal | null {
    return this.refusal(this.submit({ c: "next", player }));
  }

  /** The game's time is up (its tournament round's length): bots finish it. */
  timeUp(): WireRefusal | null {
    return this.refusal(this.submit({ c: "time-up" }));
  }

  /** `player`'s seed for the coming deal whose commitment they were sent. */
  seed(player: string, commitment: string, seed: string): WireRefusal | null {
    return this.refusal(this.submit({ c: "seed", player, commitment, seed }));
  }

  private refusal(d: Decision): WireRefusal | null {
    return d.refusal ? wireRefusal(d.refusal) : null;
  }

  // ---- followers

  /**
   * A new follower gets the table as it stands once the store has it; everyone else hears, in a
   * moment, that they are here (a `presence` message). Why not: too many watch the table already,
   * or it is a duplicate round's, which only its players follow (its deals are every table's).
   */
  follow(follower: Follower): "crowded" | "duplicate" | null {
    const watching = follower.player === null || this.seatOf(follower.player) < 0;
    if (watching && this.state.table.duplicate !== undefined) return "duplicate";
    if (watching && this.spectators() >= MAX_SPECTATORS) return "crowded";
    this.followers.add(follower);
    this.present();
    this.resend(follower);
    return null;
  }

  /** Followers who do not sit here. */
  private spectators(): number {
    let n = 0;
    for (const f of this.followers) if (f.player === null || this.seatOf(f.player) < 0) n++;
    return n;
  }

  /** A follower goes (if they sit here, the others hear it in a moment). */
  unfollow(follower: Follower): void {
    if (!this.followers.delete(follower)) return;
    if (this.followers.size === 0) this.unfollowedAt = this.deps.now();
    this.present();
  }

  /**
   * The whole table as it stands, again, to one follower (a stale action's answer, a client that
   * fell behind or missed a frame): nobody else hears of it.
   */
  resend(follower: Follower): void {
    follower.sent = undefined;
    this.writes = this.writes.then(() => {
      // When more changes are on their way, the frame after the last of them goes to this follower too.
      if (!this.failed && this.followers.has(follower) && this.durableSeq === this.state.seq) {
        const frames = this.frames();
        this.sendTo(follower, frames);
        frames.release();
        if (this.rated?.game === this.state.gameIndex) follower.send(this.rated.text);
      }
    });
  }

  /** Who is connected, as the core takes it: the people with a follower here. */
  private present(): void {
    const players = new Set<string>();
    for (const f of this.followers) if (f.player !== null) players.add(f.player);
    this.submit({ c: "present", players: [...players] });
  }

  get following(): number {
    return this.followers.size;
  }

  // ---- the lifecycle, as the hub sees it

  /** Resolves once every change so far is in the store (an action is acknowledged after it). */
  durable(): Promise<void> {
    return this.writes;
  }

  /**
   * Whether the table stopped here: the store refused a write (another process owns it now), or
   * it was handed over, taken out of memory or closed. Whoever holds it asks for it again.
   */
  get stopped(): boolean {
    return this.failed || this.shut;
  }

  /**
   * Whether the table may leave memory now: nobody follows it (for `evictAfter`), nothing is due but
   * its closing, and every change is in the store.
   */
  evictable(): boolean {
    if (this.followers.size > 0 || this.busy || this.durableSeq !== this.state.seq) return false;
    const now = this.deps.now();
    return now >= this.unfollowedAt + this.deps.evictAfter && this.idleDue(due(this.state, now));
  }

  /**
   * What the store keeps of a table out of memory: when it must be loaded again by itself (`wake`:
   * its closing, or now when something else is due, as at a graceful stop) and since when nobody
   * was at it.
   */
  parking(): { wake: number | null; idle: number | null } {
    const now = this.deps.now();
    const d = due(this.state, now);
    const wake = this.idleDue(d) ? (closing(this.state)?.at ?? null) : now;
    return { wake, idle: this.state.idleSince };
  }

  /** Nothing is due, or only the table's closing. */
  private idleDue(d: Due | null): boolean {
    return d === null || (d.kind === "tick" && d.why === "close");
  }

  /** Stops the table here (the hub hands it over, takes it out of memory or closes). */
  close(): void {
    this.shut = true;
    this.clearTimer();
    if (this.presenceTimer !== null) this.deps.timers.clear(this.presenceTimer);
    this.presenceTimer = null;
  }

  /** Stops the table for good here (another process owns it now): nothing more is written or sent. */
  stop(): void {
    this.failed = true;
    this.close();
  }

  // ---- the core

  /** Decides `command` now, applies what it says and sets the timer for what is due next. */
  private submit(command: Command): Decision {
    // Stopped here: nothing happens (the hub asks wherever the table is now: `stopped`).
    if (this.shut) return NOTHING;
    try {
      const d = decide(this.state, command, this.deps.now());
      if (d.changes.length > 0) this.applyChanges(d.changes);
      this.schedule();
      return d;
    } catch (e) {
      // A fault of ours at this table (the core refused its own change): the table stops here
      // and is rebuilt from what the store has; no other table, and not the process, is touched.
      this.stop();
      this.deps.onFail?.(this, e);
      return NOTHING;
    }
  }

  /**
   * Applies changes, appends the logged ones to the store (in order, behind the table's other
   * writes) and tells whoever must know once the store has them: what nobody could rebuild is
   * never shown. Presence and readiness go out as a small `presence` message, gathered for a moment.
   */
  private applyChanges(changes: readonly Change[]): void {
    let frame = false;
    let presence = false;
    for (const change of changes) {
      const seq = this.state.seq;
      this.state = apply(this.state, change);
      if (isLogged(change)) {
        frame = true;
        this.persist(async () => {
          await this.deps.store.append(this.code, seq, change, this.fence);
          this.durableSeq = seq + 1;
        });
        if (change.k === "act") this.deps.metrics?.actions.inc({ by: change.id === null ? "server" : "player" });
        // "My tables" lists the tables a player sat at.
        if (change.k === "sit") this.persist(() => this.deps.store.addSeat(this.code, change.player));
      } else if (change.k === "present" || change.k === "ready") presence = true;
      else if (change.k === "react") this.tellReaction(change.seat, change.reaction as Reaction);
    }
    this.storeStatus();
    if (frame) this.announce();
    else if (presence) this.presenceSoon();
  }

  /** Queues a write behind the table's others; a failed one stops the table (`onFail`). */
  private persist(write: () => Promise<void>): void {
    this.writes = this.writes.then(async () => {
      if (this.failed) return;
      try {
        await write();
      } catch (e) {
        this.stop();
        this.deps.onFail?.(this, e);
      }
    });
  }

  /** The table's status in the store (and a finished or abandoned game's record), when it changed. */
  private storeStatus(): void {
    const { status, closed, gameIndex, game } = this.state;
    if (status === this.storedStatus) return;
    const record =
      status === "finished" || (closed === "abandoned" && game.hands.length > 0) ? recordOf(this.state) : null;
    if (record) {
      const now = this.deps.now();
      const finished = this.state;
      const rated = status === "finished" ? ratedResult(finished) : null;
      const seats = rated
        ? this.state.seats.map((seat, i) => (seat.kind === "human" ? seat.player : this.state.left[i]))
        : [];
      this.persist(async () => {
        const changes = await this.deps.store.addGame(this.code, gameIndex, record, now, gameRef(), rated);
        if (status === "finished") this.deps.onGameOver?.(this, finished);
        // A rated table's game that rates nobody (people on one side only) says so: no ratings.
        if (changes.length > 0 || (rated === null && status === "finished" && this.state.table.rated))
          this.tellRated(gameIndex, this.state.table.rules.game, seats, changes);
      });
    }
    this.persist(() => this.deps.store.setStatus(this.code, status, this.fence));
    this.storedStatus = status;
    if (closed !== null)
      this.writes = this.writes.then(() => {
        if (!this.failed) this.deps.onClosed?.(this, closed);
      });
  }

  // ---- the one timer: what is due

  private clearTimer(): void {
    if (this.timer !== null) this.deps.timers.clear(this.timer);
    this.timer = null;
  }

  /** Sets the one timer: the core's next effect, or leaving memory when nothing but closing is due. */
  private schedule(): void {
    this.clearTimer();
    if (this.shut) return;
    const now = this.deps.now();
    const d = due(this.state, now);
    // While the shell's own work is under way, only what the core does alone can be due.
    let at = d && !(this.busy && d.kind !== "tick") ? d.at : Number.POSITIVE_INFINITY;
    if (this.followers.size === 0 && this.idleDue(d)) at = Math.min(at, this.unfollowedAt + this.deps.evictAfter);
    if (at === Number.POSITIVE_INFINITY) return;
    this.timer = this.deps.timers.set(
      () => {
        this.timer = null;
        this.fire();
      },
      Math.max(0, at - now),
    );
  }

  private fire(): void {
    if (this.shut) return;
    const now = this.deps.now();
    const d = due(this.state, now);
    if (d && d.at <= now && !(this.busy && d.kind !== "tick")) this.run(d);
    else if (this.evictable()) this.deps.onIdle?.(this);
    else this.schedule();
  }

  /** Does what is due: the core's own tick, or the shell's part (a secret, a deal, a bot's move). */
  private run(d: Due): void {
    switch (d.kind) {
      case "tick":
        this.submit({ c: "tick" });
        return;
      case "draw": {
        // A duplicate round's deals are the same at every table: its secrets are drawn once for all.
        const secret = this.state.table.duplicate
          ? this.deps.duplicateSecret(tableId(this.state), this.state.game.hands.length + 1)
          : randomHex32();
        this.work(commitmentOf(secret), (commitment) => this.submit({ c: "commit", secret, commitment }));
        return;
      }
      case "deal": {
        const inputs = dealInputs(this.state);
        if (!inputs) return;
        this.work(dealOf(this.state.game.config, inputs), (hands) => this.submit({ c: "deal", hands }));
        return;
      }
      case "think": {
        this.submit({ c: "thinking" });
        const { version } = this.state.game;
        const view = viewFor(this.state.game, d.seat);
        const seed = randomBytes(4).readUInt32LE(0);
        const move =
          view.legalMoves.length === 1
            ? Promise.resolve(view.legalMoves[0])
            : this.deps.bots.choose(view, d.level, seed, this.botPriority());
        // A bot that fails leaves the move to the core (its first legal one).
        move.then(
          (m) => this.submit({ c: "thought", version, action: botAction(view, m) }),
          () => this.submit({ c: "thought", version, action: null }),
        );
        return;
      }
    }
  }

  /** Tables a person is at come first in the bot pool; a table nobody is at waits behind them. */
  botPriority(): BotPriority {
    const s = this.state;
    return s.seats.some((seat, i) => isHere(s, seat) && !s.away[i]) ? "people" : "idle";
  }

  /** The shell's own asynchronous work for the core; `due` waits until it is done (or failed: asked again). */
  private work<T>(job: Promise<T>, done: (value: T) => void): void {
    this.busy = true;
    job.then(
      (value) => {
        this.busy = false;
        if (!this.shut) done(value);
      },
      () => {
        this.busy = false;
        this.schedule();
      },
    );
  }

  // ---- what everyone sees

  /** The frame of the table as it stands (what it is made from is kept: the state and the time). */
  private frames(): TableFrames {
    const now = this.deps.now();
    const state = this.state;
    return new TableFrames(state.game, () => tableInfo(state, this.setup, null, now), state.seq);
  }

  /**
   * Everyone is sent the table once the store has every entry applied so far (queued behind the
   * writes; when more changes came meanwhile, the frame after the last of them says it all).
   */
  private announce(): void {
    this.writes = this.writes.then(() => {
      if (!this.failed && this.durableSeq === this.state.seq) this.broadcast();
    });
  }

  private broadcast(): void {
    const frames = this.frames();
    const older = new Set<TableFrames>();
    for (const f of this.followers) {
      if (f.sent) older.add(f.sent.frame);
      this.sendTo(f, frames);
    }
    // What was built to send them goes; the frames stay as what they were made from.
    for (const o of older) o.release();
    frames.release();
    // The frame said who is here: a presence message saying the same would be noise.
    this.presenceSent = JSON.stringify(presenceOf(this.state));
  }

  private presenceSoon(): void {
    if (this.presenceTimer !== null || this.shut) return;
    this.presenceTimer = this.deps.timers.set(() => {
      this.presenceTimer = null;
      // A frame on its way says it all.
      if (this.failed || this.durableSeq !== this.state.seq) return;
      const presence = presenceOf(this.state);
      const text = JSON.stringify(presence);
      if (text === this.presenceSent) return;
      this.presenceSent = text;
      this.sendAll(text);
      // Each follower's table has it now: the next patch counts from that (as clients apply it).
      for (const f of this.followers) if (f.sent) f.sent = { ...f.sent, presence };
    }, this.deps.presenceDelay);
  }

  /** A reaction goes to everyone following the table but those who blocked the person who made it. */
  private tellReaction(seat: number, reaction: Reaction): void {
    const message: ServerMessage = { t: "reaction", table: this.code, seat, reaction };
    const text = JSON.stringify(message);
    const by = this.state.seats[seat];
    const followers = [...this.followers];
    const players = [...new Set(followers.flatMap((f) => (f.player === null ? [] : [f.player])))];
    if (by?.kind !== "human" || players.length === 0) {
      this.sendAll(text);
      return;
    }
    this.deps.store.blockersAmong(by.player, players).then(
      (blockers) => {
        for (const f of followers) if (this.followers.has(f) && !(f.player && blockers.has(f.player))) f.send(text);
      },
      // A store that cannot say: nobody hears it (a reaction is not worth guessing about a block).
      () => {},
    );
  }

  /**
   * Whether `player` may not sit here: they blocked someone seated, or someone seated blocked them
   * (a seat they already hold is theirs whatever happened since).
   */
  async shutOut(player: string): Promise<boolean> {
    if (this.seatOf(player) >= 0) return false;
    const seated = this.state.seats.flatMap((s) => (s.kind === "human" ? [s.player] : []));
    return this.deps.store.blockedAmong(player, seated);
  }

  /** Everyone hears how the game moved its people's ratings (and whoever comes to watch it, later). */
  private tellRated(
    game: number,
    kind: GameKind,
    seats: readonly (string | null)[],
    changes: readonly RatingChange[],
  ): void {
    const message: ServerMessage = {
      t: "rated",
      table: this.code,
      game,
      kind,
      ratings: changes.map((c) => ({
        seat: seats.indexOf(c.player),
        before: shown(c.before),
        after: shown(c.after),
        games: c.games,
        provisional: c.games < PROVISIONAL_GAMES,
        left: this.state.left.includes(c.player),
      })),
    };
    this.rated = { game, text: JSON.stringify(message) };
    this.sendAll(this.rated.text);
  }

  private sendAll(text: string): void {
    for (const f of this.followers) f.send(text);
  }

  /** One follower's frame: their seat's view when they sit here, else the spectators'. */
  private sendTo(follower: Follower, frames: TableFrames): void {
    const seat = follower.player === null ? -1 : this.seatOf(follower.player);
    const { pieces, sent } = frames.frame(seat >= 0 ? seat : null, follower.sent);
    if (follower.sendPieces) follower.sendPieces(pieces);
    else follower.send(pieces.join(""));
    follower.sent = sent;
  }
}
