/**
 * The browser's side of an online table: the protocol's one client (`ProtocolClient`: hello,
 * reconnection with backoff, tables followed again, unanswered actions sent again, patches applied
 * to whole tables, the seat's seeds sent and each hand's deal checked) on the browser's
 * WebSocket, with what only a browser knows: when the device says it is offline, the socket is
 * dropped at once, and made again as soon as it is back online. It keeps what a table's screen may
 * open after it came: each followed table's latest hand check and rating change.
 */

import type { Action, GameKind } from "@crossbones/engine";
import {
  type ClientMessage,
  type DealCheck,
  type LinkStatus,
  ProtocolClient,
  type ServerMessage,
  type SocketLike,
} from "@crossbones/protocol";

export type { LinkStatus };

/** How a rated game of a table moved its people's ratings (docs/ratings.md). */
export type RatedGame = Extract<ServerMessage, { t: "rated" }>;

export class OnlineClient {
  private readonly client: ProtocolClient;
  private readonly listeners = new Set<(m: ServerMessage) => void>();
  private readonly statusListeners = new Set<(s: LinkStatus) => void>();
  /** Each followed table's latest hand check, and who listens for the next. */
  private readonly checks = new Map<string, DealCheck>();
  private readonly checkListeners = new Set<(table: string, check: DealCheck) => void>();
  /** Each followed table's latest rated game: it may come before the end of the game is on screen. */
  private readonly rated = new Map<string, RatedGame>();

  constructor(url: string, token: string) {
    this.client = new ProtocolClient(
      { url, token, open: (to) => new WebSocket(to) as unknown as SocketLike, quietMs: 10_000 },
      {
        message: (m) => {
          if (m.t === "rated") this.rated.set(m.table, m);
          for (const l of this.listeners) l(m);
        },
        status: (s) => {
          for (const l of this.statusListeners) l(s);
        },
        dealCheck: (table, check) => {
          this.checks.set(table, check);
          for (const l of this.checkListeners) l(table, check);
        },
      },
    ).start();
    addEventListener("offline", this.onOffline);
    addEventListener("online", this.onOnline);
  }

  private readonly onOffline = () => this.client.drop();
  private readonly onOnline = () => this.client.reconnectNow();

  /** The socket address of the page's own server. */
  static urlOf(location: Location): string {
    return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  }

  get status(): LinkStatus {
    return this.client.status;
  }

  on(listener: (m: ServerMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: (s: LinkStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Table `table`'s latest hand check (none yet: undefined). */
  dealCheck(table: string): DealCheck | undefined {
    return this.checks.get(table);
  }

  /** How game `game` of table `table` moved its people's ratings, if it was rated and that was said. */
  ratedGame(table: string, game: number): RatedGame | undefined {
    const rated = this.rated.get(table);
    return rated?.game === game ? rated : undefined;
  }

  onDealCheck(listener: (table: string, check: DealCheck) => void): () => void {
    this.checkListeners.add(listener);
    return () => this.checkListeners.delete(listener);
  }

  watch(table: string): void {
    this.client.watch(table);
  }

  unwatch(table: string): void {
    this.checks.delete(table);
    this.rated.delete(table);
    this.client.unwatch(table);
  }

  sit(table: string, seat?: number): void {
    this.client.sit(table, seat);
  }

  queue(game: GameKind, players: number, bots: boolean): void {
    this.client.queue(game, players, bots);
  }

  unqueue(): void {
    this.client.unqueue();
  }

  /** Sends an action made against `version` (now, or once the link is back); returns its id. */
  act(table: string, version: number, action: Action): string {
    return this.client.act(table, version, action);
  }

  /** Takes back action `id` if it has not left this device yet; whether it was taken back. */
  withdraw(id: string): boolean {
    return this.client.withdraw(id);
  }

  /** Invites player `player` (a friend) to table `table`, where this player sits; only a refusal answers. */
  invite(table: string, player: string): void {
    this.client.send({ t: "invite", table, player });
  }

  send(message: ClientMessage): void {
    this.client.send(message);
  }

  close(): void {
    removeEventListener("offline", this.onOffline);
    removeEventListener("online", this.onOnline);
    this.client.close();
  }
}
