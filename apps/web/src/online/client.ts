/**
 * The browser's side of an online table (docs/protocol.md): one WebSocket that says hello with
 * the guest token, follows tables and sends actions; it reconnects by itself with backoff, follows
 * its tables again and resends an action whose answer never came (same id and version: the server
 * applies it once). Every frame from the server is checked with the protocol's schema first; a
 * table's patches are applied to this client's copy of it, and listeners get whole tables.
 * A link that went silent (no frame, not even the answer to a ping) is dropped and made again;
 * when the browser says it is offline, the socket is dropped at once, and made again as soon as
 * it is back online.
 */

import type { Action, GameKind } from "@crossbones/engine";
import { type ClientMessage, PROTOCOL, readServerMessage, type ServerMessage, TableCopies } from "@crossbones/protocol";

export type LinkStatus = "connecting" | "open" | "reconnecting" | "closed";

export interface ClientEvents {
  /** Every valid message from the server. */
  readonly message: (message: ServerMessage) => void;
  /** The connection's state changed. */
  readonly status: (status: LinkStatus) => void;
}

/** A ping after this long without a frame; the link is dropped after twice as long. */
const QUIET_MS = 15_000;

/** Backoff between reconnection attempts: 0.5 s doubling to 8 s, with jitter. */
function backoff(attempt: number): number {
  const base = Math.min(8000, 500 * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}

export class OnlineClient {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private closed = false;
  private readonly followed = new Set<string>();
  private readonly copies = new TableCopies();
  /** Seats asked for before the socket was open: asked for as soon as it is. */
  private readonly sits = new Map<string, ClientMessage>();
  /**
   * Actions not yet answered, by id: resent after a reconnect. `sent`: it left this device, so the
   * server may have it; until then the player may take it back (`withdraw`).
   */
  private readonly unanswered = new Map<string, { readonly message: ClientMessage; sent: boolean }>();
  /**
   * The quick-match request while it waits: asked again after a reconnect, since the server takes a
   * closed socket's player out of the queue (a dropped connection would otherwise wait for ever).
   */
  private queued: ClientMessage | null = null;
  private nextId = 0;
  private readonly listeners = new Set<(m: ServerMessage) => void>();
  private readonly statusListeners = new Set<(s: LinkStatus) => void>();
  status: LinkStatus = "connecting";
  private heard = Date.now();
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {
    this.connect();
    this.heartbeat = setInterval(() => {
      const quiet = Date.now() - this.heard;
      if (this.socket?.readyState !== WebSocket.OPEN) return;
      if (quiet > 2 * QUIET_MS) this.drop();
      else if (quiet > QUIET_MS) this.raw({ t: "ping" });
    }, QUIET_MS / 3);
    addEventListener("offline", this.onOffline);
    addEventListener("online", this.onOnline);
  }

  private readonly onOffline = () => this.drop();

  private readonly onOnline = () => {
    if (this.closed || this.socket) return;
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
    this.attempt = 0;
    this.connect();
  };

  /** Gives up on the current socket (it went quiet, or the device went offline) and reconnects. */
  private drop(): void {
    const socket = this.socket;
    if (!socket) return;
    socket.close();
    socket.onclose?.(new CloseEvent("close"));
  }

  /** The socket address of the page's own server. */
  static urlOf(location: Location): string {
    return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  }

  on(listener: (m: ServerMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: (s: LinkStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(status: LinkStatus): void {
    this.status = status;
    for (const l of this.statusListeners) l(status);
  }

  private connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.heard = Date.now();
      this.copies.clear();
      this.raw({ t: "hello", protocol: PROTOCOL, token: this.token });
      for (const table of this.followed) this.raw({ t: "watch", table });
      for (const m of this.sits.values()) this.raw(m);
      this.sits.clear();
      for (const a of this.unanswered.values()) a.sent = this.raw(a.message) || a.sent;
      if (this.queued) this.raw(this.queued);
      this.setStatus("open");
    };
    socket.onmessage = (e) => {
      this.heard = Date.now();
      const read = readServerMessage(String(e.data));
      if (!read.ok) return; // A frame that is not the protocol is ignored, never acted on.
      const { message: m, resync } = this.copies.receive(read.message);
      if (resync !== null && this.followed.has(resync)) this.raw({ t: "watch", table: resync });
      if (!m) return;
      if (m.t === "ack" || (m.t === "refused" && m.id !== null)) this.unanswered.delete(m.id as string);
      if (m.t === "matched") this.queued = null;
      if (m.t === "bye" && !m.retry) this.close();
      for (const l of this.listeners) l(m);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) return;
      this.setStatus("reconnecting");
      this.retry = setTimeout(
        () => {
          this.retry = null;
          if (!this.closed) this.connect();
        },
        backoff(this.attempt++),
      );
    };
  }

  /** Sends `message` if the socket is open; whether it was sent. */
  private raw(message: ClientMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Follow a table (and again after every reconnect). */
  watch(table: string): void {
    this.followed.add(table);
    this.raw({ t: "watch", table });
  }

  unwatch(table: string): void {
    this.followed.delete(table);
    this.copies.forget(table);
    this.raw({ t: "unwatch", table });
  }

  sit(table: string, seat?: number): void {
    this.followed.add(table);
    const message: ClientMessage = seat === undefined ? { t: "sit", table } : { t: "sit", table, seat };
    if (this.socket?.readyState === WebSocket.OPEN) this.raw(message);
    else this.sits.set(table, message);
  }

  /** Waits for a quick match (and again after every reconnect, until matched or `unqueue`). */
  queue(game: GameKind, players: number): void {
    this.queued = { t: "queue", game, players };
    this.raw(this.queued);
  }

  unqueue(): void {
    this.queued = null;
    this.raw({ t: "unqueue" });
  }

  /** Sends an action made against `version` (now, or once the link is back); returns its id. */
  act(table: string, version: number, action: Action): string {
    const id = `${Date.now().toString(36)}-${this.nextId++}`;
    const message: ClientMessage = { t: "act", table, id, version, action };
    this.unanswered.set(id, { message, sent: this.raw(message) });
    return id;
  }

  /** Takes back action `id` if it has not left this device yet; whether it was taken back. */
  withdraw(id: string): boolean {
    const held = this.unanswered.get(id);
    if (!held || held.sent) return false;
    this.unanswered.delete(id);
    return true;
  }

  send(message: ClientMessage): void {
    this.raw(message);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.retry !== null) clearTimeout(this.retry);
    removeEventListener("offline", this.onOffline);
    removeEventListener("online", this.onOnline);
    this.setStatus("closed");
    this.socket?.close();
    this.socket = null;
  }
}
