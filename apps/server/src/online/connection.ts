/**
 * One client connection (a WebSocket): hello with a guest token first, then table messages. Every
 * frame is size-checked, rate-limited and validated (zod) before anything looks at it; anything
 * wrong is answered with a refusal that names the problem and changes nothing; a flood closes the
 * socket. No exception ever reaches the client: a server fault is `server-error`. A connection's
 * messages are handled one after another, in the order they came (each may wait for the store,
 * or for the process that owns the table).
 */

import { randomBytes } from "node:crypto";
import {
  type ClientMessage,
  PROTOCOL,
  readClientMessage,
  type ServerMessage,
  serverRefusal,
  type WireRefusal,
} from "@crossbones/protocol";
import type { Guesses } from "./guesses.js";
import { goneRefusal, type Hub, type Player } from "./hub.js";
import { sitOp, type TableOp } from "./ops.js";
import type { Follower } from "./table.js";

/** What a connection needs of its socket. */
export interface Socket {
  send(text: string): void;
  close(code: number, reason: string): void;
  /** Bytes sent but not yet taken by the client. */
  buffered(): number;
  /**
   * Holds what is sent from now on until the returned function is called, then writes it at once
   * (an action's frame and its acknowledgement: one write to the network, not two).
   */
  hold?(): () => void;
}

/**
 * Back-pressure: once this many bytes wait for a client that reads too slowly, its tables' frames
 * are not queued any more; when it has taken all but `DRAINED` of them, each table it fell behind
 * on is sent to it again whole (its next patch would count from a frame it never got).
 */
export const CONGESTED = 256 * 1024;
const DRAINED = 64 * 1024;
/** Tables one socket may follow at once. */
export const MAX_WATCHED = 8;
/** Codes that lead nowhere one socket may ask for before it is closed (the device's are counted too). */
export const MAX_MISSES = 10;

/** What limits a connection, beyond its frames' rate (tests that play many games from one socket lift them). */
export interface ConnectionLimits {
  readonly misses: number;
}

/** Messages a connection may send per second on average, and in a burst. */
export const RATE = { perSecond: 20, burst: 40 };
/** Least time between two invitations of one socket to the same person (ms). */
export const INVITE_GAP = 10_000;
/** People one socket remembers inviting (the oldest is forgotten first). */
const MAX_INVITED = 100;

/** Refused frames in a row before the socket is closed as a flood. */
const FLOOD = 60;

export class Connection {
  private player: Player | null = null;
  /** The key generation of the token its hello proved (a sign-out closes the older ones). */
  private key = 0;
  private readonly follows = new Map<string, Follower>();
  private tokens = RATE.burst;
  private refill: number;
  private refusedInARow = 0;
  private open = true;
  /** The message being handled; the next waits for it. */
  private handling: Promise<void> = Promise.resolve();
  /** Codes this socket asked for that lead nowhere. */
  private misses = 0;
  /** Tables whose frames this client fell behind on (sent again once it has drained; made when first needed). */
  private behind: Set<string> | null = null;
  private draining: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly hub: Hub,
    private readonly socket: Socket,
    /** Where the socket comes from, as quick match tells devices apart (a hash of the address). */
    private readonly device: string,
    /** Codes that led nowhere, per device (shared by the device's sockets and HTTP requests). */
    private readonly guesses: Guesses,
    private readonly limits: ConnectionLimits = { misses: MAX_MISSES },
    private readonly now: () => number = Date.now,
  ) {
    this.refill = now();
  }

  /**
   * This socket among its player's others: a socket that closes takes out only its own quick-match
   * wait and its own way of being told (a player whose program connects again at once has a new
   * socket waiting before the old one's close is even seen).
   */
  private readonly id = randomBytes(8).toString("base64url");
  /** How the hub tells this socket's player of their quick match. */
  private readonly tell = (message: ServerMessage) => this.send(message);
  /** When this socket last invited each person. */
  private readonly invited = new Map<string, number>();

  private send(message: ServerMessage): void {
    this.sendText(JSON.stringify(message));
  }

  private sendText(text: string): void {
    if (this.open) this.socket.send(text);
  }

  private refuse(refusal: WireRefusal, id: string | null = null, table: string | null = null, charged = false): void {
    this.send({ t: "refused", id, table, refusal, charged });
  }

  /** A refusal; a code that leads nowhere counts against the socket and its device. */
  private refuseTable(refusal: WireRefusal, id: string | null, table: string): void {
    this.refuse(refusal, id, table);
    if (refusal.code !== "unknown-table") return;
    this.guesses.miss(this.device);
    if (++this.misses > this.limits.misses) this.bye(serverRefusal("rate-limited"), false);
  }

  /** One frame from the client. */
  receive(text: string): void {
    if (!this.open) return;
    if (!this.take()) {
      this.refuse(serverRefusal("rate-limited"), actionId(text));
      if (++this.refusedInARow > FLOOD) this.bye(serverRefusal("rate-limited"), false);
      return;
    }
    const read = readClientMessage(text);
    if (!read.ok) {
      this.refuse(read.refusal);
      if (++this.refusedInARow > FLOOD) this.bye(serverRefusal("rate-limited"), false);
      return;
    }
    this.refusedInARow = 0;
    const m = read.message;
    // A ping is answered at once, even while a message before it waits.
    if (m.t === "ping") {
      this.send({ t: "pong" });
      return;
    }
    this.handling = this.handling.then(() =>
      this.handle(m).catch(() => {
        // A fault of ours: say so, keep going. Nothing is shown before the store has it, so
        // nothing half-done remains.
        this.refuse(serverRefusal("server-error"), m.t === "act" ? m.id : null);
      }),
    );
  }

  /** Token bucket: RATE.perSecond, bursts up to RATE.burst. */
  private take(): boolean {
    const now = this.now();
    this.tokens = Math.min(RATE.burst, this.tokens + ((now - this.refill) / 1000) * RATE.perSecond);
    this.refill = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private async handle(m: ClientMessage): Promise<void> {
    if (!this.open || m.t === "ping") return;
    if (m.t === "hello") {
      const player = await this.hub.guest(m.token);
      // The refusal names the version to speak, so an old client can say what to update to.
      if (m.protocol !== PROTOCOL) this.bye(serverRefusal("bad-protocol", { protocol: PROTOCOL }), false);
      else if (!player) this.bye(serverRefusal("bad-token"), false);
      // One identity per socket: another player's hello would let one socket queue or sit as many.
      else if (this.player && this.player.id !== player.id) this.refuse(serverRefusal("already-hello"));
      else {
        // A program says so once, and its player is a bot account from then on.
        if (m.bot && !player.bot) await this.hub.store.markBot(player.id);
        if (!this.player) this.hub.arrive(player.id, this.tell);
        this.player = m.bot ? { ...player, bot: true } : player;
        this.key = this.hub.tokens.verify(m.token)?.key ?? 0;
        this.send({ t: "welcome", protocol: PROTOCOL, player: { id: player.id, name: player.name } });
      }
      return;
    }
    const player = this.player;
    if (!player) {
      this.refuse(serverRefusal("not-hello"));
      return;
    }
    if (m.t === "queue") {
      this.hub.listen(player.id, this.tell);
      const rating = await this.hub.ratingOf(player.id, m.game);
      const blocks = (await this.hub.store.blocksOf(player.id)).map((b) => b.id);
      const asker = { player, device: this.device, socket: this.id, rating, bots: m.bots ?? true, blocks };
      const refused = await this.hub.quick.queue(asker, m.game, m.players);
      if (refused) this.refuse(refused);
      return;
    }
    if (m.t === "unqueue") {
      await this.hub.quick.unqueue(player.id, this.id);
      return;
    }
    // Someone trying codes is slowed down, then stopped (a few misses are typos).
    const wait = this.follows.has(m.table) ? 0 : this.guesses.wait(this.device);
    if (wait > 0) {
      this.refuse(serverRefusal("rate-limited", { retryAfter: wait }), m.t === "act" ? m.id : null, m.table);
      return;
    }
    if (m.t === "unwatch") {
      const f = this.follows.get(m.table);
      if (f) this.hub.unfollow(m.table, f);
      else if (!(await this.hub.exists(m.table))) this.refuseTable(serverRefusal("unknown-table"), null, m.table);
      this.follows.delete(m.table);
      return;
    }
    if (m.t === "watch") {
      const refused = await this.follow(m.table);
      if (refused) this.refuseTable(refused, null, m.table);
      return;
    }
    if (m.t === "invite") {
      const refused = await this.invite(player, m.table, m.player);
      if (refused) this.refuse(refused, null, m.table);
      return;
    }
    const started = performance.now();
    // An action's answer is its patch (the table's broadcast, once the store has it) then its ack:
    // held, they leave in one write. The socket's other frames wait as long, so only at a table
    // this process owns: one elsewhere answers through Redis, and during a failover not for
    // seconds (the patch and the ack arrive apart from there anyway).
    const release = m.t === "act" && this.hub.owns(m.table) ? this.socket.hold?.() : undefined;
    try {
      await this.answer(m, player, started);
    } finally {
      release?.();
    }
  }

  /** Does what `m` asks of its table and answers it. */
  private async answer(m: TableMessage, player: Player, started: number): Promise<void> {
    const r = await this.hub.call(m.table, op(m, player));
    if (!this.open) return;
    switch (r.m) {
      case "gone":
        this.refuseTable(goneRefusal(r.gone), m.t === "act" ? m.id : null, m.table);
        return;
      case "sit":
        if (r.ok) await this.follow(m.table);
        else this.refuse(r.refusal, null, m.table);
        return;
      case "act": {
        if (m.t !== "act") return;
        if (r.ok) {
          this.hub.metrics.actionSeconds.observe((performance.now() - started) / 1000);
          this.send({ t: "ack", id: m.id, version: r.version });
          return;
        }
        this.refuse(r.refusal, m.id, m.table, r.charged);
        // A stale action is answered with the table as it is now (to this socket alone: nobody
        // sees the seat leave and come back).
        const follower = this.follows.get(m.table);
        if (r.refusal.code === "stale" && follower) this.hub.resend(m.table, follower);
        return;
      }
      case "done":
        if (r.refusal) this.refuse(r.refusal, null, m.table);
        return;
      default:
        return;
    }
  }

  /**
   * Invites `invitee` to `table`, where this player sits: every socket of theirs hears of it,
   * unless one of the two blocked the other (then nobody is told, and the inviter is not told why).
   * One invitation per invitee every INVITE_GAP.
   */
  private async invite(player: Player, table: string, invitee: string): Promise<WireRefusal | null> {
    const last = this.invited.get(invitee) ?? Number.NEGATIVE_INFINITY;
    const wait = last + INVITE_GAP - this.now();
    // `about`: which limit (a reaction's is the other one a client may meet at a table).
    if (wait > 0) return serverRefusal("rate-limited", { retryAfter: Math.ceil(wait), about: "invite" });
    if (invitee === player.id || !(await this.hub.store.player(invitee))) return serverRefusal("not-found");
    const about = await this.hub.call(table, { m: "about", player: player.id });
    if (about.m === "gone") return goneRefusal(about.gone);
    if (about.m !== "about" || !about.seated) return serverRefusal("not-seated");
    this.invited.set(invitee, this.now());
    if (this.invited.size > MAX_INVITED) this.invited.delete(this.invited.keys().next().value as string);
    if (await this.hub.store.blockedAmong(player.id, [invitee])) return null;
    const from = { id: player.id, name: player.name };
    await this.hub.tellEverywhere(invitee, { t: "invited", table, from, game: about.game, players: about.players });
    return null;
  }

  /** Follows a table (again): its current state is sent at once. Why not, when it cannot be. */
  private async follow(code: string): Promise<WireRefusal | null> {
    if (!this.player) return goneRefusal("unknown");
    const old = this.follows.get(code);
    if (!old && this.follows.size >= MAX_WATCHED) return serverRefusal("watching-too-many", { limit: MAX_WATCHED });
    if (old) this.hub.unfollow(code, old);
    const follower: Follower = { player: this.player.id, send: (text) => this.sendTable(code, text) };
    this.follows.set(code, follower);
    const gone = await this.hub.follow(code, follower);
    if (gone) this.follows.delete(code);
    return gone ? goneRefusal(gone) : null;
  }

  /** A table's frame (or presence, or reaction): dropped while the client is behind (back-pressure). */
  private sendTable(code: string, text: string): void {
    if (!this.open) return;
    if (this.behind?.has(code) || this.socket.buffered() > CONGESTED) {
      this.behind ??= new Set();
      this.behind.add(code);
      this.drainLater();
      return;
    }
    this.socket.send(text);
  }

  private drainLater(): void {
    if (this.draining) return;
    this.draining = setInterval(() => {
      if (!this.open || this.socket.buffered() > DRAINED) return;
      this.stopDraining();
      for (const code of this.behind ?? []) {
        const follower = this.follows.get(code);
        if (follower) this.hub.resend(code, follower);
      }
      this.behind = null;
    }, 100);
    this.draining.unref?.();
  }

  private stopDraining(): void {
    if (this.draining) clearInterval(this.draining);
    this.draining = null;
  }

  /** The player this socket said hello as, if any. */
  get playerId(): string | null {
    return this.player?.id ?? null;
  }

  get keyGeneration(): number {
    return this.key;
  }

  /** Its player signed out other devices: the key this socket said hello with is no longer good. */
  signedOut(): void {
    this.bye(serverRefusal("bad-token"), false);
  }

  /** The server is going away (a restart): reconnect in a moment. */
  goingAway(): void {
    this.bye(serverRefusal("going-away"), true);
  }

  private bye(refusal: WireRefusal, retry: boolean): void {
    this.send({ t: "bye", refusal, retry });
    this.closed();
    this.socket.close(retry ? 1012 : 1008, refusal.code);
  }

  /** The socket closed: stop following, leave the queue, show the seat as disconnected. */
  closed(): void {
    if (!this.open) return;
    this.open = false;
    this.stopDraining();
    if (this.player) {
      void this.hub.quick.unqueue(this.player.id, this.id).catch(() => {});
      this.hub.unlisten(this.player.id, this.tell);
      this.hub.depart(this.player.id, this.tell);
    }
    for (const [code, f] of this.follows) this.hub.unfollow(code, f);
    this.follows.clear();
  }
}

/** A message that asks something of a table (through `hub.call`). */
type TableMessage = Exclude<
  ClientMessage,
  { t: "ping" | "hello" | "queue" | "unqueue" | "watch" | "unwatch" | "invite" }
>;

/** What a table message asks of the table. */
function op(m: TableMessage, player: Player): TableOp {
  switch (m.t) {
    case "sit":
      return sitOp(player, m.seat);
    case "act":
      return { m: "act", player: player.id, id: m.id, version: m.version, action: m.action };
    case "react":
      return { m: "react", player: player.id, reaction: m.reaction };
    case "next":
      return { m: "next", player: player.id };
    case "seed":
      return { m: "seed", player: player.id, commitment: m.commitment, seed: m.seed };
    case "rematch":
      return { m: "rematch", player: player.id };
    case "leave":
      return { m: "leave", player: player.id };
    case "remove":
      return { m: "remove", player: player.id, seat: m.seat };
  }
}

/** The id of an action frame, read without trusting it (for refusals before the frame is checked). */
function actionId(text: string): string | null {
  try {
    const m = JSON.parse(text) as { t?: unknown; id?: unknown };
    return m.t === "act" && typeof m.id === "string" && m.id.length <= 64 ? m.id : null;
  } catch {
    return null;
  }
}
