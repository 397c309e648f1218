/**
 * The one client of the protocol (docs/protocol.md), shared by the web app, the command line and
 * the tests' players: a socket that says hello with the player's token and, when it drops,
 * connects again by itself with backoff, follows its tables again (each comes whole, then as
 * patches applied to this client's copy: `TableCopies`, which asks again for a table whose frame
 * was missed), sends again every action whose answer never came (same id and version: the server
 * applies it once) and waits in the quick-match queue again. A link that goes silent (no frame, not
 * even the answer to a ping) is dropped and made again. Every frame from the server is checked with
 * the protocol's schema first. For a client that listens for `dealCheck`, it is also each followed
 * table's fair-deal witness (fairness.ts): it sends the seat's seed for every deal and checks every
 * hand's proof. The socket is the platform's: the browser's WebSocket, or `ws`.
 */

import type { Action, GameKind } from "@crossbones/engine";
import { TableCopies } from "./copies.js";
import { type DealCheck, DealWitness } from "./fairness.js";
import { type ClientMessage, PROTOCOL, readServerMessage, type ServerMessage, type WireRefusal } from "./messages.js";

// The timers every platform has (this package is built without the DOM's or Node's types).
declare function setTimeout(run: () => void, ms: number): unknown;
declare function clearTimeout(handle: unknown): void;
declare function setInterval(run: () => void, ms: number): unknown;
declare function clearInterval(handle: unknown): void;

/** What the client needs of a socket: the browser's WebSocket API (`ws` has it too). */
export interface SocketLike {
  readonly readyState: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** `readyState` of an open socket. */
const OPEN = 1;

export type LinkStatus = "connecting" | "open" | "reconnecting" | "closed";

export interface ClientOptions {
  readonly url: string;
  readonly token: string;
  /** The client plays through a program (a bot or the player's own): its hello says so. */
  readonly bot?: boolean;
  /** Opens a socket to `url`. */
  readonly open: (url: string) => SocketLike;
  /** First reconnection delay and the largest (ms); each failure doubles it, with ±20% jitter. */
  readonly backoff?: { readonly first: number; readonly max: number };
  /** How long to keep trying to connect again before giving up (ms; default: for ever). */
  readonly giveUpMs?: number;
  /** The first connection's failure is fatal: a wrong address is said at once, not retried. */
  readonly failFirst?: boolean;
  /** A ping after this long without a frame; the socket is dropped after three times as long (ms). */
  readonly quietMs?: number;
  /**
   * Messages a second and in a burst, kept under the server's limit (20, bursts of 40) so a fast
   * table does not get them refused: one over the pace waits its turn. Null: sent at once.
   */
  readonly pace?: { readonly perSecond: number; readonly burst: number } | null;
  /** A frame that is not the protocol ends the client (`fatal`); otherwise it is ignored. */
  readonly strict?: boolean;
  /** The clock and timers (tests drive them). */
  readonly now?: () => number;
}

export interface ClientEvents {
  /** Every valid message from the server but `pong`; a patch as the whole table it makes. */
  readonly message?: (message: ServerMessage) => void;
  /** Welcomed by the server (`again`: after a reconnection). */
  readonly welcome?: (player: { readonly id: string; readonly name: string }, again: boolean) => void;
  readonly status?: (status: LinkStatus) => void;
  /** Every frame as received, before it is read. */
  readonly raw?: (text: string) => void;
  /**
   * The client gave up: a frame that is not the protocol, a server lost for good (`unreachable`),
   * or the server closed the connection for good (its `refusal`: a token it does not take…).
   */
  readonly fatal?: (reason: string, unreachable: boolean, refusal: WireRefusal | null) => void;
  /** What it is doing, for a person to read (a reconnection and its delay). */
  readonly log?: (text: string) => void;
  /**
   * A hand of a followed table checked against its proof (docs/fairness.md), or "unavailable"
   * where nothing can hash. Listening for it makes the client send this seat's seed for each deal.
   */
  readonly dealCheck?: (table: string, check: DealCheck) => void;
}

export class ProtocolClient {
  private socket: SocketLike | null = null;
  status: LinkStatus = "connecting";
  private welcomed = false;
  private everWelcomed = false;
  private closed = false;
  private attempt = 0;
  private downSince: number | null = null;
  private heard = 0;
  private lastError = "";
  private retry: ReturnType<typeof setTimeout> | null = null;
  private keepAlive: ReturnType<typeof setInterval> | null = null;
  private readonly copies = new TableCopies();
  private readonly followed = new Set<string>();
  /** The fair-deal witness of each followed table (only when `dealCheck` is listened for). */
  private readonly witnesses = new Map<string, DealWitness>();
  /** Seats asked for while not welcomed: asked for as soon as the client is. */
  private readonly sits = new Map<string, ClientMessage>();
  /**
   * Actions not yet answered, by id: sent again after a reconnect. `sent`: it left this device, so
   * the server may have it; until then it may be taken back (`withdraw`).
   */
  private readonly unanswered = new Map<string, { readonly message: ClientMessage; sent: boolean }>();
  /** The quick-match request while it waits (the server forgets a closed socket's place in the queue). */
  private queued: ClientMessage | null = null;
  private nextId = 0;
  /** Messages waiting for their turn under the pace, and the pace's bucket. */
  private outbox: string[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private tokens = 0;
  private refill = 0;
  private readonly now: () => number;

  constructor(
    private readonly options: ClientOptions,
    private readonly events: ClientEvents = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Connects (once; it reconnects by itself from then on). */
  start(): this {
    this.connect();
    return this;
  }

  /** Open and welcomed: a message sent now reaches the server (unless the socket is dropping). */
  get ready(): boolean {
    return this.welcomed && this.socket?.readyState === OPEN;
  }

  private setStatus(status: LinkStatus): void {
    this.status = status;
    this.events.status?.(status);
  }

  private connect(): void {
    if (this.closed) return;
    this.retry = null;
    this.welcomed = false;
    const socket = this.options.open(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.heard = this.now();
      this.copies.clear();
      this.outbox = [];
      this.tokens = (this.options.pace?.burst ?? 1) - 1;
      this.refill = this.now();
      const bot = this.options.bot ? { bot: true } : {};
      socket.send(JSON.stringify({ t: "hello", protocol: PROTOCOL, token: this.options.token, ...bot }));
      this.startKeepAlive(socket);
    };
    socket.onmessage = (e) => {
      if (this.socket === socket) this.receive(String(e.data));
    };
    socket.onerror = (e) => {
      const error = e as { error?: { code?: string; message?: string }; message?: string };
      this.lastError = error.error?.code ?? error.error?.message ?? error.message ?? this.lastError;
    };
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      const reason = String(e.reason ?? "");
      this.down(this.lastError || `closed, ${e.code}${reason.length > 0 ? ` ${reason}` : ""}`);
    };
  }

  private receive(text: string): void {
    this.heard = this.now();
    this.events.raw?.(text);
    const read = readServerMessage(text);
    if (!read.ok) {
      // A frame that is not the protocol is never acted on.
      if (this.options.strict)
        this.fail(`the server sent a frame that is not ${PROTOCOL} (${read.reason}): ${text.slice(0, 160)}`);
      return;
    }
    const m = read.message;
    if (m.t === "pong") return;
    if (m.t === "welcome") this.onWelcome(m.player);
    if (m.t === "bye") {
      if (!m.retry) this.fail(`the server closed the connection: ${m.refusal.message}`, false, m.refusal);
      else this.lastError = `the server went away (${m.refusal.message})`;
    }
    if (m.t === "ack" || (m.t === "refused" && m.id !== null)) this.unanswered.delete(m.id as string);
    if (m.t === "matched") this.queued = null;
    const { message, resync } = this.copies.receive(m);
    if (resync !== null && this.followed.has(resync)) this.send({ t: "watch", table: resync });
    if (message?.t === "table") this.witness(message);
    if (message) this.events.message?.(message);
  }

  /** A followed table's frame, as it arrives, to its fair-deal witness: a seed may be due. */
  private witness(m: Extract<ServerMessage, { t: "table" }>): void {
    const check = this.events.dealCheck;
    const code = m.table.code;
    if (!check || !this.followed.has(code)) return;
    let witness = this.witnesses.get(code);
    if (!witness) {
      witness = new DealWitness((c) => check(code, c), this.now);
      this.witnesses.set(code, witness);
    }
    const seed = witness.frame(m);
    if (seed) this.send(seed);
  }

  private onWelcome(player: { readonly id: string; readonly name: string }): void {
    const again = this.everWelcomed;
    this.welcomed = true;
    this.everWelcomed = true;
    this.attempt = 0;
    this.downSince = null;
    this.lastError = "";
    // Seeds sent on the lost connection prove nothing: each witness starts afresh on this one.
    for (const w of this.witnesses.values()) w.connected();
    for (const table of this.followed) if (!this.sits.has(table)) this.send({ t: "watch", table });
    for (const m of this.sits.values()) this.send(m);
    this.sits.clear();
    for (const a of this.unanswered.values()) a.sent = this.send(a.message) || a.sent;
    if (this.queued) this.send(this.queued);
    this.setStatus("open");
    this.events.welcome?.(player, again);
  }

  private startKeepAlive(socket: SocketLike): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    const quiet = this.options.quietMs ?? 15_000;
    this.keepAlive = setInterval(() => {
      if (this.socket !== socket || socket.readyState !== OPEN) return;
      const silent = this.now() - this.heard;
      if (silent > 3 * quiet) {
        this.lastError = "the server stopped answering";
        this.drop();
      } else if (silent > quiet) this.send({ t: "ping" });
    }, quiet / 3);
    (this.keepAlive as { unref?: () => void }).unref?.();
  }

  /** The socket is gone: connect again later, or give up. */
  private down(why: string): void {
    this.welcomed = false;
    // What was not sent is lost with the socket; unanswered actions go again once welcomed.
    this.outbox = [];
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = null;
    if (this.closed) return;
    if (this.options.failFirst && !this.everWelcomed && this.attempt === 0 && !why.startsWith("the server went away")) {
      this.fail(`cannot connect to ${this.options.url}: ${why}`, true);
      return;
    }
    const now = this.now();
    this.downSince ??= now;
    const giveUp = this.options.giveUpMs ?? Number.POSITIVE_INFINITY;
    if (now - this.downSince > giveUp) {
      this.fail(
        `lost the connection to the server (${why}) and could not connect again in ${Math.round(giveUp / 1000)} s`,
        true,
      );
      return;
    }
    const { first, max } = this.options.backoff ?? { first: 500, max: 8000 };
    const delay = Math.min(max, first * 2 ** this.attempt) * (0.8 + 0.4 * Math.random());
    this.attempt++;
    this.setStatus("reconnecting");
    this.events.log?.(`connection lost (${why}); connecting again in ${(delay / 1000).toFixed(1)} s`);
    this.lastError = "";
    this.retry = setTimeout(() => this.connect(), delay);
  }

  /** Gives up on the socket (it went quiet, the device went offline): connects again with backoff. */
  drop(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.onopen = socket.onmessage = socket.onclose = null;
    // Closing a socket still connecting reports an error (`ws` throws one nobody listens to).
    socket.onerror = () => {};
    socket.close();
    this.down(this.lastError || "dropped");
  }

  /** Connects again now rather than after the backoff (the device is back online). */
  reconnectNow(): void {
    if (this.closed || this.socket) return;
    if (this.retry !== null) clearTimeout(this.retry);
    this.attempt = 0;
    this.connect();
  }

  private fail(reason: string, unreachable = false, refusal: WireRefusal | null = null): void {
    if (this.closed) return;
    this.close();
    this.events.fatal?.(reason, unreachable, refusal);
  }

  /**
   * Sends `message` if the client is welcomed (paced, when it is); whether it went. What is sent
   * before then is the caller's to send again, except what the methods below keep.
   */
  send(message: ClientMessage): boolean {
    const socket = this.socket;
    // A ping may go before the welcome (the server answers it first).
    if (!socket || socket.readyState !== OPEN || !(this.welcomed || message.t === "ping")) return false;
    this.outbox.push(JSON.stringify(message));
    this.flush();
    return true;
  }

  private flush(): void {
    const socket = this.socket;
    if (!socket || this.flushTimer) return;
    const pace = this.options.pace;
    if (!pace) {
      for (const text of this.outbox) socket.send(text);
      this.outbox = [];
      return;
    }
    const now = this.now();
    this.tokens = Math.min(pace.burst, this.tokens + ((now - this.refill) / 1000) * pace.perSecond);
    this.refill = now;
    while (this.outbox.length > 0 && this.tokens >= 1) {
      this.tokens -= 1;
      socket.send(this.outbox.shift() as string);
    }
    if (this.outbox.length > 0) {
      const wait = Math.ceil(((1 - this.tokens) / pace.perSecond) * 1000);
      this.flushTimer = setTimeout(() => {
        this.flushTimer = null;
        if (this.socket === socket) this.flush();
      }, wait);
    }
  }

  /** Follow a table (and again after every reconnect). */
  watch(table: string): void {
    this.followed.add(table);
    this.send({ t: "watch", table });
  }

  unwatch(table: string): void {
    this.followed.delete(table);
    this.witnesses.delete(table);
    this.copies.forget(table);
    this.send({ t: "unwatch", table });
  }

  /** Take a seat (now, or once welcomed); the table is followed from then on. */
  sit(table: string, seat?: number): void {
    this.followed.add(table);
    const message: ClientMessage = seat === undefined ? { t: "sit", table } : { t: "sit", table, seat };
    if (!this.send(message)) this.sits.set(table, message);
  }

  /**
   * Waits for a quick match (and again after every reconnect, until matched or `unqueue`); `bots`:
   * whether bot accounts may be seated with this player.
   */
  queue(game: GameKind, players: number, bots = true): void {
    this.queued = { t: "queue", game, players, ...(bots ? {} : { bots: false }) };
    this.send(this.queued);
  }

  unqueue(): void {
    this.queued = null;
    this.send({ t: "unqueue" });
  }

  /** Sends an action made against `version` (now, or once the client is welcomed again); its id. */
  act(table: string, version: number, action: Action, id = `${this.now().toString(36)}-${this.nextId++}`): string {
    const message: ClientMessage = { t: "act", table, id, version, action };
    this.unanswered.set(id, { message, sent: this.send(message) });
    return id;
  }

  /** Takes back action `id` if it has not left this device yet; whether it was taken back. */
  withdraw(id: string): boolean {
    const held = this.unanswered.get(id);
    if (!held || held.sent) return false;
    this.unanswered.delete(id);
    return true;
  }

  /** The client's copy of table `code`, every patch so far applied. */
  table(code: string): ReturnType<TableCopies["get"]> {
    return this.copies.get(code);
  }

  /** Closes for good. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.retry !== null) clearTimeout(this.retry);
    if (this.keepAlive) clearInterval(this.keepAlive);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.setStatus("closed");
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      // Closing a socket still connecting reports an error (`ws` throws one nobody listens to).
      socket.onerror = () => {};
      socket.close(1000, "done");
    }
  }
}
