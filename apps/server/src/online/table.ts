/**
 * One live table: its seats, its game (the engine's value) and everyone following it. The table
 * is the only writer of its game: every change is a log entry, checked and applied in memory,
 * appended to the store in order (one write at a time per table), and only shown to anyone (a
 * frame, an acknowledgement) once the store has it; the same entries rebuild the table after a
 * restart or on another process. A write the store refuses (a newer owner fenced this one out, the
 * database failed) ends the table here: `onFail` hands it back to the hub, which rebuilds it from
 * what is durable.
 * Players act through `applyAction` with the version they saw; bots (and the clock, for a player
 * who is away) act the same way from the bot pool; each follower gets their own seat's view, or
 * the spectators' view, and nothing else.
 */

import { createHash, randomBytes } from "node:crypto";
import {
  type Action,
  applyAction,
  bonesOf,
  createGame,
  type Game,
  makeBone,
  makeRecord,
  moveAction,
  parseBone,
  type Rules,
  startHand,
  viewFor,
} from "@crossbones/engine";
import { type DealProof, dealOf, randomHex32 } from "@crossbones/fair";
import {
  type Reaction,
  type SeatInfo,
  type ServerMessage,
  serverRefusal,
  type TableInfo,
  type TableSetup,
  type WireRefusal,
} from "@crossbones/protocol";
import type { BotPool } from "./bots.js";
import { TableFrames } from "./frames.js";
import type { Metrics } from "./metrics.js";
import type { BotLevel, CheckedSetup } from "./setup.js";
import {
  type Checkpoint,
  isCheckpoint,
  type LogEntry,
  type LogTail,
  type LoggedSeat as Seat,
  type Store,
} from "./store.js";

/** How the table paces itself (milliseconds). */
export interface Timing {
  /** Least time a bot's move takes, so people can follow it. */
  readonly botDelay: number;
  /** Pause between the end of a hand and the next deal (the score sheet). */
  readonly handPause: number;
  /** How long a forced pass shows before it is made for the player. */
  readonly forcedPass: number;
  /**
   * How long a deal waits for the seeds of the people connected (after the hand pause, if that is
   * longer); a seed that comes later is refused and the deal made without it.
   */
  readonly seedWait: number;
}

export interface TableDeps {
  readonly store: Store;
  /** A write failed: the table has stopped (it is closed); the hub forgets it. */
  readonly onFail?: (table: LiveTable, error: unknown) => void;
  readonly bots: BotPool;
  readonly timing: Timing;
  readonly now: () => number;
  readonly metrics?: Metrics;
}

/**
 * Someone following the table: a seated player's socket, or a spectator's. The table notes which
 * hands' results it already sent them (they never change), so each is sent once per socket.
 */
export interface Follower {
  readonly player: string | null;
  /** A frame's text (the table serializes each message once for everyone it goes to). */
  send(text: string): void;
  /** Results of this game (`game`) already sent: hands 0 .. sent - 1. */
  sent?: { game: number; hands: number };
}

/** The seat a person who leaves hands over to. */
const STAND_IN: BotLevel = "medium";
const BOT_NAMES = ["Ruby", "Kofi", "Ines", "Dell"];
/**
 * Action ids remembered per seat, to answer a resent action once. A client resends only what is
 * still unanswered (one action); anything older would be refused as stale by its version anyway.
 */
const REMEMBERED_IDS = 32;

/**
 * The coming deal (docs/fairness.md): the secret drawn and committed to before the seeds are
 * asked for, the seeds in so far, and when the deal is due. `sealed` once the deal is being made:
 * no seed may change it then.
 */
interface PendingDeal {
  readonly hand: number;
  readonly secret: string;
  readonly commitment: string;
  readonly seeds: (string | null)[];
  /** When the commitment was sent. */
  readonly at: number;
  /** When the hand pause ends. */
  readonly due: number;
  sealed: boolean;
}

export type ActResult =
  | { readonly ok: true; readonly version: number }
  | { readonly ok: false; readonly refusal: WireRefusal; readonly charged: boolean };

export class LiveTable {
  readonly code: string;
  readonly setup: TableSetup;
  readonly rules: Rules;
  private seats: Seat[];
  private game: Game;
  private gameIndex = 0;
  private seq = 0;
  /** Log entries the store has (entries 0 .. durable - 1); frames show nothing beyond them. */
  private durableSeq = 0;
  /** The table's writes, in order: each starts once the one before it is done. */
  private writes: Promise<void> = Promise.resolve();
  private failed = false;
  private status: "waiting" | "playing" | "finished" = "waiting";
  private storedStatus = "waiting";
  private readonly rematch = new Set<number>();
  /** Between hands: the people who are ready for the next (not logged: a pause is short). */
  private readonly ready = new Set<number>();
  private readonly ids: string[][];
  private readonly away: boolean[];
  private readonly banks: number[];
  private readonly followers = new Set<Follower>();
  private turnStarted = 0;
  /** The version whose turn `turnStarted` times. */
  private turnVersion = -1;
  private deadline: number | null = null;
  private nextHandAt: number | null = null;
  private pending: PendingDeal | null = null;
  /** Each hand's proof in the current game (null for a hand dealt before deals had them). */
  private proofs: (DealProof | null)[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The version a pending bot or clock move was asked for (stale answers are dropped). */
  private asked: number | null = null;
  private closed = false;
  /** The player who made the table. */
  private host = "";
  /** People the maker took off this table: they may not sit again. */
  private readonly removed = new Set<string>();

  private constructor(
    code: string,
    checked: CheckedSetup,
    /** This owner's fence (store.ts): its writes are refused once another process claims the table. */
    private readonly fence: number,
    private readonly deps: TableDeps,
  ) {
    this.code = code;
    this.setup = checked.setup;
    this.rules = checked.rules;
    this.seats = checked.seats.map((p, i) =>
      p.kind === "bot" ? { kind: "bot", level: p.level, name: BOT_NAMES[i % BOT_NAMES.length] } : { kind: "open" },
    );
    this.game = createGame(this.rules);
    const n = this.rules.players;
    this.ids = Array.from({ length: n }, () => []);
    this.away = new Array(n).fill(false);
    this.banks = new Array(n).fill(checked.setup.clock?.bank ?? 0);
  }

  /**
   * A table from its log (empty for a new table, which the store already has), owned under
   * `fence`; timers start from now. The log may start at a checkpoint (`Store.resume`).
   */
  static rebuild(
    code: string,
    host: string,
    checked: CheckedSetup,
    log: LogTail,
    fence: number,
    deps: TableDeps,
  ): LiveTable {
    const table = new LiveTable(code, checked, fence, deps);
    table.host = host;
    table.seq = log.from;
    if (log.from > 0 && !(log.entries[0] && isCheckpoint(log.entries[0])))
      throw new Error(`table ${code}: its log from entry ${log.from} on does not start at a checkpoint`);
    for (const entry of log.entries) {
      const problem = table.applyEntry(entry);
      if (problem) throw new Error(`table ${code}: log entry ${table.seq} (${entry.k}) does not replay: ${problem}`);
      table.seq++;
    }
    table.durableSeq = table.seq;
    // A game that ended just before the server stopped may not have its record stored yet.
    table.storeStatus();
    table.schedule();
    return table;
  }

  // ---- what the world may ask

  /** The seat `player` holds, or -1. */
  seatOf(player: string): number {
    return this.seats.findIndex((s) => s.kind === "human" && s.player === player);
  }

  get version(): number {
    return this.game.version;
  }

  get isFinished(): boolean {
    return this.status === "finished";
  }

  /** Open seats a person may take. */
  openSeats(): number[] {
    return this.seats.flatMap((s, i) => (s.kind === "open" ? [i] : []));
  }

  /**
   * The record of the current game, with the players' names: every hand so far, but not a hand
   * being played (its deal is every seat's bones; anyone may fetch a table's record).
   */
  record(): unknown {
    const record = makeRecord(
      this.game,
      this.seats.map((s, i) => (s.kind === "open" ? `Seat ${i + 1}` : s.name)),
    );
    const live = !this.game.finished && this.game.state !== null && !this.game.state.over;
    const hands = (live ? record.hands.slice(0, -1) : record.hands).map((hand, i) => {
      const fair = this.proofs[i];
      // The proof of a fair deal (a record extension, docs/record-format.md).
      return fair ? { ...hand, fair } : hand;
    });
    return { ...record, hands };
  }

  // ---- changes

  /** `player` (named `name`) takes `seat`, or the first open seat. */
  sit(player: string, name: string, seat?: number): { ok: true; seat: number } | { ok: false; refusal: WireRefusal } {
    const held = this.seatOf(player);
    if (held >= 0) return { ok: true, seat: held };
    if (this.removed.has(player)) return { ok: false, refusal: serverRefusal("removed") };
    const open = this.openSeats();
    if (open.length === 0) return { ok: false, refusal: serverRefusal("table-full") };
    const chosen = seat ?? open[0];
    if (!open.includes(chosen)) return { ok: false, refusal: serverRefusal("seat-taken", { seat: chosen }) };
    this.commit({ k: "sit", seat: chosen, player, name });
    this.persist(() => this.deps.store.addSeat(this.code, player));
    return { ok: true, seat: chosen };
  }

  /** `player` gives up their seat: open again before the first deal, else a bot plays it from now on. */
  leave(player: string): WireRefusal | null {
    const seat = this.seatOf(player);
    if (seat < 0) return serverRefusal("not-seated");
    this.commit({ k: "leave", seat });
    return null;
  }

  /** The maker (`player`) frees `seat` before the first deal. */
  remove(player: string, seat: number): WireRefusal | null {
    if (player !== this.host) return serverRefusal("not-maker");
    if (!this.beforeFirstDeal()) return serverRefusal("game-started");
    const s = this.seats[seat];
    if (s?.kind !== "human") return serverRefusal("seat-empty", { seat });
    this.commit({ k: "remove", seat });
    return null;
  }

  /** No hand dealt at this table yet (seats may still change hands). */
  private beforeFirstDeal(): boolean {
    return this.gameIndex === 0 && this.game.hands.length === 0 && !this.pending?.sealed;
  }

  /** An action of `player`'s seat made against `version`, with the client's id for it. */
  act(player: string, id: string, version: number, action: Action): ActResult {
    const seat = this.seatOf(player);
    if (seat < 0) return { ok: false, refusal: serverRefusal("not-seated"), charged: false };
    // Sent again after a reconnect: it was applied once, and that is all.
    if (this.ids[seat].includes(id)) return { ok: true, version: this.version };
    const r = applyAction(this.game, seat, action, version);
    if (this.away[seat]) {
      // A player who acts is back at the table, whatever became of the action: the bot playing
      // for them stops (its move, if still thinking, is dropped) and their clock runs again.
      // Out of their turn nothing is rescheduled: the clock of the seat to act runs on.
      // A refused action brings them back too: that is logged (an accepted one says it itself).
      if (r.ok) this.away[seat] = false;
      else this.log({ k: "back", seat });
      const state = this.game.state;
      if (state && !state.over && state.turn === seat) {
        this.turnVersion = -1;
        this.schedule();
      }
      if (!r.ok) this.announce();
    }
    if (!r.ok) return { ok: false, refusal: r.error, charged: false };
    this.spendClock(seat);
    // The bank goes with the action, so that a restart gives nobody their spent time back.
    const bank = this.setup.clock ? { bank: this.banks[seat] } : {};
    this.commit({ k: "act", seat, id, action, ...bank }, r.value);
    return r.charged ? { ok: false, refusal: r.charged, charged: true } : { ok: true, version: this.version };
  }

  /** `player` asks for another game with the same seats; it starts once every person has asked. */
  askRematch(player: string): WireRefusal | null {
    const seat = this.seatOf(player);
    if (seat < 0) return serverRefusal("not-seated");
    if (this.status !== "finished") return serverRefusal("not-finished");
    if (this.rematch.has(seat)) return null;
    // The last person to ask starts the game; an earlier ask is kept (a restart remembers it).
    const people = this.seats.flatMap((s, i) => (s.kind === "human" ? [i] : []));
    const all = people.every((s) => s === seat || this.rematch.has(s));
    this.commit(all ? { k: "rematch", checkpoint: this.checkpoint() } : { k: "ask", seat });
    return null;
  }

  /** What the table carries into its next game (a rebuild may start from it). */
  private checkpoint(): Checkpoint {
    return { game: this.gameIndex + 1, seats: [...this.seats], ids: this.ids.map((ids) => [...ids]) };
  }

  react(player: string, reaction: Reaction): WireRefusal | null {
    const seat = this.seatOf(player);
    if (seat < 0) return serverRefusal("not-seated");
    const text = JSON.stringify({ t: "reaction", table: this.code, seat, reaction } satisfies ServerMessage);
    for (const f of this.followers) f.send(text);
    return null;
  }

  /** `player` is ready for the next hand: it is dealt as soon as every person is (seeds permitting). */
  next(player: string): WireRefusal | null {
    const seat = this.seatOf(player);
    if (seat < 0) return serverRefusal("not-seated");
    if (!this.pending || this.pending.sealed || this.ready.has(seat)) return null;
    this.ready.add(seat);
    this.schedule();
    this.announce();
    return null;
  }

  /** `player`'s seed for the coming deal whose commitment they were sent. */
  seed(player: string, commitment: string, seed: string): WireRefusal | null {
    const seat = this.seatOf(player);
    if (seat < 0) return serverRefusal("not-seated");
    const p = this.pending;
    if (!p || p.sealed || p.commitment !== commitment) return serverRefusal("deal-made");
    if (p.seeds[seat] !== null) return p.seeds[seat] === seed ? null : serverRefusal("seed-given");
    p.seeds[seat] = seed;
    // The deal may be due now that this seed is in.
    this.schedule();
    this.announce();
    return null;
  }

  /**
   * A new follower: the table as it stands (and, if they sit here, everyone sees them connected).
   * While a change is on its way to the store, the frame that follows it goes to them too.
   */
  follow(follower: Follower): void {
    this.followers.add(follower);
    follower.sent = undefined;
    if (follower.player !== null && this.seatOf(follower.player) >= 0) this.announce();
    else if (this.durableSeq === this.seq) this.sendTo(follower, new TableFrames(this.game, (you) => this.info(you)));
  }

  /** A follower goes (if they sit here, everyone sees them disconnected). */
  unfollow(follower: Follower): void {
    if (this.followers.delete(follower) && follower.player !== null && this.seatOf(follower.player) >= 0)
      this.announce();
  }

  /** Resolves once every change so far is in the store (an action is acknowledged after it). */
  durable(): Promise<void> {
    return this.writes;
  }

  /** Whether the table stopped because the store refused a write (another process owns it now). */
  get stopped(): boolean {
    return this.failed;
  }

  close(): void {
    this.closed = true;
    this.clearTimer();
  }

  /** Stops the table for good here (another process owns it now): nothing more is written or sent. */
  stop(): void {
    this.failed = true;
    this.close();
  }

  // ---- the log

  /**
   * Applies `entry` (`next`: the game the caller already computed for an action), sends it to the
   * store, schedules what comes next and tells everyone once the store has it: what nobody could
   * rebuild is never shown.
   */
  private commit(entry: LogEntry, next?: Game): void {
    this.log(entry, next);
    if (entry.k === "act") this.deps.metrics?.actions.inc({ by: entry.id === null ? "server" : "player" });
    this.afterChange();
  }

  /** Applies `entry` and sends it to the store, nothing more (the caller tells whoever must know). */
  private log(entry: LogEntry, next?: Game): void {
    const problem = this.applyEntry(entry, next);
    if (problem) throw new Error(`table ${this.code}: an entry to log did not apply: ${problem}`);
    const seq = this.seq++;
    this.persist(async () => {
      await this.deps.store.append(this.code, seq, entry, this.fence);
      this.durableSeq = seq + 1;
    });
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

  /**
   * Everyone is sent the table once the store has every entry applied so far (queued behind the
   * writes; when more changes came meanwhile, the frame after the last of them says it all).
   */
  private announce(): void {
    this.writes = this.writes.then(() => {
      if (!this.failed && this.durableSeq === this.seq) this.broadcast();
    });
  }

  /** Applies one log entry to the table's state (live and when rebuilding); a problem, or null. */
  private applyEntry(entry: LogEntry, next?: Game): string | null {
    switch (entry.k) {
      case "sit":
        this.seats[entry.seat] = { kind: "human", player: entry.player, name: entry.name };
        if (this.status === "waiting" && this.openSeats().length === 0) this.status = "playing";
        return null;
      case "remove":
      case "leave": {
        const seat = this.seats[entry.seat];
        if (entry.k === "remove" && seat.kind === "human") this.removed.add(seat.player);
        if (this.beforeFirstDeal()) {
          this.seats[entry.seat] = { kind: "open" };
          this.status = "waiting";
          this.pending = null;
          return null;
        }
        const name = this.seats[entry.seat].kind === "human" ? (this.seats[entry.seat] as { name: string }).name : "";
        this.seats[entry.seat] = { kind: "bot", level: STAND_IN, name };
        this.away[entry.seat] = false;
        return null;
      }
      case "deal": {
        const masks = entry.hands.map((hand) => hand.reduce((m, b) => m | (1 << (parseBone(b) ?? 0)), 0));
        const r = startHand(this.game, masks);
        if (!r.ok) return r.error.message;
        this.proofs[this.game.hands.length] = entry.fair
          ? { table: this.tableId, hand: this.game.hands.length + 1, ...entry.fair }
          : null;
        this.game = r.value;
        return null;
      }
      case "act": {
        if (next) {
          this.game = next;
        } else {
          const r = applyAction(this.game, entry.seat, entry.action);
          if (!r.ok) return r.error.message;
          this.game = r.value;
        }
        if (entry.bank !== undefined) this.banks[entry.seat] = entry.bank;
        if (entry.id !== null) {
          // A person's own action: they are at the table.
          this.away[entry.seat] = false;
          const ids = this.ids[entry.seat];
          ids.push(entry.id);
          if (ids.length > REMEMBERED_IDS) ids.shift();
        }
        if (this.game.finished) this.status = "finished";
        return null;
      }
      case "ask":
        this.rematch.add(entry.seat);
        return null;
      case "away":
        this.banks[entry.seat] = 0;
        this.away[entry.seat] = true;
        return null;
      case "back":
        this.away[entry.seat] = false;
        return null;
      case "rematch":
        this.game = createGame(this.rules);
        if (entry.checkpoint) {
          // The same as the table has when it is live; the first entry when it is rebuilt from here.
          const { game, seats, ids } = entry.checkpoint;
          if (seats.length !== this.seats.length || ids.length !== this.ids.length)
            return `a checkpoint for ${seats.length} seats at a table of ${this.seats.length}`;
          this.gameIndex = game;
          this.seats = [...seats];
          for (const [i, seat] of ids.entries()) this.ids[i] = [...seat];
        } else {
          this.gameIndex++;
        }
        this.proofs = [];
        this.pending = null;
        this.ready.clear();
        this.rematch.clear();
        this.banks.fill(this.setup.clock?.bank ?? 0);
        // Every person asked for this game: they are all at the table.
        this.away.fill(false);
        this.status = "playing";
        return null;
    }
  }

  private afterChange(): void {
    this.storeStatus();
    this.schedule();
    this.announce();
  }

  /** The table's status in the store (and a finished game's record), when it changed. */
  private storeStatus(): void {
    if (this.status === this.storedStatus) return;
    const { status, gameIndex } = this;
    if (status === "finished") {
      const record = this.record();
      const now = this.deps.now();
      this.persist(() => this.deps.store.addGame(this.code, gameIndex, record, now));
    }
    this.persist(() => this.deps.store.setStatus(this.code, status, this.fence));
    this.storedStatus = status;
  }

  // ---- what happens by itself: deals, bots, the clock, forced passes

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.asked = null;
  }

  private later(ms: number, what: () => void): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.closed) what();
    }, ms);
    this.timer.unref?.();
  }

  /** Sets the one timer a table needs now: the next deal, a bot's move, a forced pass or the clock. */
  private schedule(): void {
    this.clearTimer();
    this.deadline = null;
    this.nextHandAt = null;
    if (this.closed || this.status !== "playing") {
      this.pending = null;
      this.ready.clear();
      return;
    }
    const now = this.deps.now();
    if (this.game.state === null || this.game.state.over) {
      const p = this.pending ?? this.commitToDeal(now);
      // Wait a little for every person's seed (only the first hand of a game has no pause to
      // cover it; someone whose seed does not come in time is dealt without it).
      const waiting = this.seats.some((s, i) => s.kind === "human" && p.seeds[i] === null);
      // Everyone ready: no need to sit out the rest of the pause.
      const due = this.seats.every((s, i) => s.kind !== "human" || this.ready.has(i)) ? p.at : p.due;
      const at = waiting ? Math.max(due, p.at + this.deps.timing.seedWait) : due;
      this.nextHandAt = at;
      this.later(Math.max(0, at - now), () =>
        this.deal(p).catch(() => {
          // Hashing failed (it does not): commit to a new secret and try again.
          this.pending = null;
          this.schedule();
        }),
      );
      return;
    }
    const turn = this.game.state.turn;
    // A new turn starts its clock; the same turn scheduled again (someone left) keeps it.
    if (this.turnVersion !== this.version) {
      this.turnVersion = this.version;
      this.turnStarted = now;
    }
    const seat = this.seats[turn];
    if (seat.kind !== "human" || this.away[turn]) {
      this.botMove(turn, seat.kind === "bot" ? seat.level : STAND_IN);
      return;
    }
    const view = viewFor(this.game, turn);
    const clock = this.setup.clock;
    // The deadline shows the same whether or not the seat can play: a missing one would tell.
    if (clock) this.deadline = this.turnStarted + (clock.move + this.banks[turn]) * 1000;
    if (view.plays.length === 0 && view.canPass && view.passCost === 0) {
      // Nothing fits: the pass is made for the player, after a moment everyone can see.
      this.later(this.deps.timing.forcedPass, () => this.serverMove(turn, { type: "pass" }, view.version));
      return;
    }
    if (!clock || this.deadline === null) return;
    this.later(Math.max(0, this.deadline - now), () => {
      // Out of time: the seat is away and a bot plays for it until the player acts again.
      this.commit({ k: "away", seat: turn });
    });
  }

  /** The clock after `seat` acted: time beyond the move's allowance comes out of the bank. */
  private spendClock(seat: number): void {
    const clock = this.setup.clock;
    if (!clock || this.game.state?.turn !== seat || this.turnStarted === 0) return;
    const used = (this.deps.now() - this.turnStarted) / 1000;
    this.banks[seat] = Math.max(0, this.banks[seat] - Math.max(0, used - clock.move));
  }

  /** Draws the coming deal's secret and commits to it (everyone is sent the commitment). */
  private commitToDeal(now: number): PendingDeal {
    const secret = randomHex32();
    const pause = this.game.state === null ? 0 : this.deps.timing.handPause;
    this.pending = {
      hand: this.game.hands.length + 1,
      secret,
      commitment: createHash("sha256").update(Buffer.from(secret, "hex")).digest("hex"),
      seeds: new Array(this.rules.players).fill(null),
      at: now,
      due: now + pause,
      sealed: false,
    };
    return this.pending;
  }

  /** Makes the deal from the secret and the seeds in (if it is still the one to make). */
  private async deal(p: PendingDeal): Promise<void> {
    if (p.sealed || this.pending !== p) return;
    p.sealed = true;
    const seeds = [...p.seeds];
    const deal = await dealOf(this.game.config, { table: this.tableId, hand: p.hand, secret: p.secret, seeds });
    if (this.closed || this.pending !== p) return;
    this.pending = null;
    this.ready.clear();
    this.commit({
      k: "deal",
      hands: deal.map((mask) => bonesOf(mask).map(makeBone)),
      fair: { secret: p.secret, commitment: p.commitment, seeds },
    });
  }

  /** The table's id in its deals: the code and the game's number here. */
  private get tableId(): string {
    return `${this.code}-${this.gameIndex + 1}`;
  }

  private connected(player: string): boolean {
    for (const f of this.followers) if (f.player === player) return true;
    return false;
  }

  private botMove(seat: number, level: BotLevel): void {
    const version = this.version;
    const view = viewFor(this.game, seat);
    this.asked = version;
    const started = this.deps.now();
    const seed = randomBytes(4).readUInt32LE(0);
    const only =
      view.legalMoves.length === 1 ? Promise.resolve(view.legalMoves[0]) : this.deps.bots.choose(view, level, seed);
    only
      .catch(() => view.legalMoves[0])
      .then((move) => {
        const wait = Math.max(0, this.deps.timing.botDelay - (this.deps.now() - started));
        const action = moveAction(view.layout, move, view.phase === "pose");
        setTimeout(() => {
          if (this.asked === version) this.serverMove(seat, action, version);
        }, wait).unref?.();
      });
  }

  /** A move the table makes for a seat (a bot's, a forced pass), if the game is still where it was. */
  private serverMove(seat: number, action: Action, version: number): void {
    if (this.closed || this.version !== version) return;
    let r = applyAction(this.game, seat, action, version);
    if (!r.ok) {
      // A bot's move is legal by construction; should one ever not be, the first legal move.
      const view = viewFor(this.game, seat);
      action = moveAction(view.layout, view.legalMoves[0], view.phase === "pose");
      r = applyAction(this.game, seat, action, version);
      if (!r.ok) return;
    }
    this.commit({ k: "act", seat, id: null, action }, r.value);
  }

  // ---- what everyone sees

  private info(you: number | null): TableInfo {
    const now = this.deps.now();
    const turn = this.game.state && !this.game.state.over ? this.game.state.turn : null;
    return {
      code: this.code,
      setup: this.setup,
      seats: this.seats.map(
        (s, seat): SeatInfo => ({
          seat,
          name: s.kind === "open" ? "" : s.name,
          kind: s.kind,
          level: s.kind === "bot" ? s.level : null,
          connected: s.kind === "human" && this.connected(s.player),
          away: this.away[seat],
          bankMs: this.setup.clock === null ? null : Math.round(this.bankLeft(seat, turn, now) * 1000),
        }),
      ),
      you,
      status: this.status,
      maker: ((seat) => (seat >= 0 ? seat : null))(this.seatOf(this.host)),
      turnMs: this.deadline === null ? null : Math.max(0, Math.round(this.deadline - now)),
      nextHandMs: this.nextHandAt === null ? null : Math.max(0, Math.round(this.nextHandAt - now)),
      paused: false,
      serverTime: now,
      rematch: [...this.rematch].sort(),
      ready: [...this.ready].sort(),
      game: this.gameIndex,
      ...this.fairness(),
    };
  }

  /** The coming or current deal's commitment, and the proof of the hand just over. */
  private fairness(): Pick<TableInfo, "fair" | "proof"> {
    const p = this.pending;
    if (p) {
      const seeded = p.seeds.flatMap((s, i) => (s === null ? [] : [i]));
      const last = this.game.hands.length - 1;
      return { fair: { hand: p.hand, commitment: p.commitment, dealt: false, seeded }, proof: wire(this.proofs[last]) };
    }
    const s = this.game.state;
    const proof = this.proofs[this.game.hands.length - 1] ?? null;
    if (!proof) return { fair: null, proof: null };
    if (s && !s.over && !this.game.finished) {
      const seeded = proof.seeds.flatMap((x, i) => (x === null ? [] : [i]));
      return { fair: { hand: proof.hand, commitment: proof.commitment, dealt: true, seeded }, proof: null };
    }
    return { fair: null, proof: wire(proof) };
  }

  /** Seconds left in `seat`'s bank now (while it is to act, the time beyond the move's allowance is out). */
  private bankLeft(seat: number, turn: number | null, now: number): number {
    const clock = this.setup.clock;
    if (!clock || seat !== turn || this.deadline === null) return this.banks[seat];
    const over = (now - this.turnStarted) / 1000 - clock.move;
    return Math.max(0, this.banks[seat] - Math.max(0, over));
  }

  /**
   * One follower's message: their seat's view when they sit here, else the spectators'. A hand's
   * result is sent once per socket (it never changes): the results the follower has are null.
   */
  private sendTo(follower: Follower, frames: TableFrames): void {
    const seat = follower.player === null ? -1 : this.seatOf(follower.player);
    const known = follower.sent?.game === this.gameIndex ? follower.sent.hands : 0;
    follower.send(frames.frame(seat >= 0 ? seat : null, known));
    const results = this.game.hands.length;
    const finished = results > 0 && this.game.hands[results - 1].result !== null ? results : results - 1;
    follower.sent = { game: this.gameIndex, hands: Math.max(0, finished) };
  }

  private broadcast(): void {
    const frames = new TableFrames(this.game, (you) => this.info(you));
    for (const f of this.followers) this.sendTo(f, frames);
  }
}

/** A proof as the protocol sends it. */
function wire(proof: DealProof | null | undefined): TableInfo["proof"] {
  return proof ? { ...proof, seeds: [...proof.seeds] } : null;
}
