/**
 * One client connection (a WebSocket): hello with a guest token first, then table messages. Every
 * frame is size-checked, rate-limited and validated (zod) before anything looks at it; anything
 * wrong is answered with a refusal that names the problem and changes nothing; a flood closes the
 * socket. No exception ever reaches the client: a server fault is `server-error`.
 */

import {
  type ClientMessage,
  PROTOCOL,
  readClientMessage,
  type ServerMessage,
  serverRefusal,
  type WireRefusal,
} from "@crossbones/protocol";
import type { Hub, Player } from "./hub.js";
import type { Follower } from "./table.js";

/** What a connection needs of its socket. */
export interface Socket {
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** Messages a connection may send per second on average, and in a burst. */
export const RATE = { perSecond: 20, burst: 40 };
/** Refused frames in a row before the socket is closed as a flood. */
const FLOOD = 60;

export class Connection {
  private player: Player | null = null;
  private readonly follows = new Map<string, Follower>();
  private tokens = RATE.burst;
  private refill: number;
  private refusedInARow = 0;
  private open = true;

  constructor(
    private readonly hub: Hub,
    private readonly socket: Socket,
    private readonly now: () => number = Date.now,
  ) {
    this.refill = now();
  }

  private send(message: ServerMessage): void {
    this.sendText(JSON.stringify(message));
  }

  private sendText(text: string): void {
    if (this.open) this.socket.send(text);
  }

  private refuse(refusal: WireRefusal, id: string | null = null, table: string | null = null, charged = false): void {
    this.send({ t: "refused", id, table, refusal, charged });
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
    try {
      this.handle(read.message);
    } catch {
      // A fault of ours: say so, keep going. The table's log is only ever appended to before a
      // change is applied, so nothing half-done remains.
      this.refuse(serverRefusal("server-error"), read.message.t === "act" ? read.message.id : null);
    }
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

  private handle(m: ClientMessage): void {
    if (m.t === "ping") {
      this.send({ t: "pong" });
      return;
    }
    if (m.t === "hello") {
      const player = this.hub.guest(m.token);
      if (m.protocol !== PROTOCOL) this.bye(serverRefusal("bad-protocol"), false);
      else if (!player) this.bye(serverRefusal("bad-token"), false);
      else {
        this.player = player;
        this.send({ t: "welcome", protocol: PROTOCOL, player });
      }
      return;
    }
    const player = this.player;
    if (!player) {
      this.refuse(serverRefusal("not-hello"));
      return;
    }
    if (m.t === "queue") {
      const refused = this.hub.queue(player, m.game, m.players, (message) => this.send(message));
      if (refused) this.refuse(refused);
      return;
    }
    if (m.t === "unqueue") {
      this.hub.unqueue(player.id);
      return;
    }
    const table = this.hub.table(m.table);
    if (!table) {
      this.refuse(serverRefusal("unknown-table"), m.t === "act" ? m.id : null, m.table);
      return;
    }
    let refused: WireRefusal | null = null;
    switch (m.t) {
      case "watch":
        this.follow(m.table);
        break;
      case "unwatch": {
        const f = this.follows.get(m.table);
        if (f) table.unfollow(f);
        this.follows.delete(m.table);
        break;
      }
      case "sit": {
        const sat = table.sit(player.id, player.name, m.seat);
        if (sat.ok) this.follow(m.table);
        else refused = sat.refusal;
        break;
      }
      case "act": {
        const started = performance.now();
        const r = table.act(player.id, m.id, m.version, m.action);
        if (r.ok) this.hub.metrics.actionSeconds.observe((performance.now() - started) / 1000);
        if (r.ok) this.send({ t: "ack", id: m.id, version: r.version });
        else {
          this.refuse(r.refusal, m.id, m.table, r.charged);
          // A stale action is answered with the table as it is now.
          const f = this.follows.get(m.table);
          if (r.refusal.code === "stale" && f) table.follow(f);
        }
        break;
      }
      case "react":
        refused = table.react(player.id, m.reaction);
        break;
      case "next":
        refused = table.next(player.id);
        break;
      case "seed":
        refused = table.seed(player.id, m.commitment, m.seed);
        break;
      case "rematch":
        refused = table.askRematch(player.id);
        break;
      case "leave":
        refused = table.leave(player.id);
        break;
    }
    if (refused) this.refuse(refused, null, m.table);
  }

  /** Follows a table (again): its current state is sent at once. */
  private follow(code: string): void {
    const table = this.hub.table(code);
    if (!table || !this.player) return;
    const old = this.follows.get(code);
    if (old) table.unfollow(old);
    const follower: Follower = { player: this.player.id, send: (text) => this.sendText(text) };
    this.follows.set(code, follower);
    table.follow(follower);
    if (table.seatOf(this.player.id) >= 0) table.presenceChanged();
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
    if (this.player) this.hub.unqueue(this.player.id);
    for (const [code, f] of this.follows) {
      const table = this.hub.table(code);
      table?.unfollow(f);
      if (table && this.player && table.seatOf(this.player.id) >= 0) table.presenceChanged();
    }
    this.follows.clear();
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
