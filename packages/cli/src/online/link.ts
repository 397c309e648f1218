/**
 * The command's connection to a server's `/ws`: the protocol's one client (`ProtocolClient`: hello,
 * frames checked with the protocol's schema, pings, reconnection with backoff, tables followed
 * again, patches applied to whole tables) on `ws`, as a command wants it: a wrong address or a
 * frame that is not the protocol ends the command at once, a server lost for five minutes too, and
 * messages are paced under the server's rate limit. Which seat to take and which action to send
 * again once welcomed is the caller's: `welcome` says whether it is a reconnection.
 */

import {
  type ClientMessage,
  type DealCheck,
  ProtocolClient,
  type ServerMessage,
  type SocketLike,
} from "@crossbones/protocol";
import WebSocket from "ws";
import { CliError, UNREACHABLE } from "./args.js";
import { describeRefusal } from "./http.js";

/** The pace of messages to the server: below its limit of 20 a second with bursts of 40. */
const PACE = { perSecond: 16, burst: 30 };

export interface LinkEvents {
  /** Welcomed by the server (`again`: after a reconnection). */
  welcome(player: { readonly id: string; readonly name: string }, again: boolean): void;
  /** Every other valid message, in order (`welcome`, `pong` and `bye` are the link's own). */
  message(message: ServerMessage): void;
  /** The link gave up: a frame that is not the protocol, a refused token, a server lost for good. */
  fatal(error: CliError): void;
  log(text: string): void;
  /** A hand of a followed table checked against its proof (the link sends the seat's seeds). */
  dealCheck(table: string, check: DealCheck): void;
}

export interface LinkOptions {
  /** ws:// or wss:// URL of the server's socket. */
  readonly url: string;
  readonly token: string;
  /** Called with every raw frame received, before it is read. */
  readonly dump?: (text: string) => void;
  /** First reconnection delay and the largest one (ms); each failure doubles it, with ±20% jitter. */
  readonly backoff?: { readonly first: number; readonly max: number };
  /** How long to keep trying to reconnect before giving up (ms). */
  readonly giveUpMs?: number;
  /** A ping every so often; a connection silent for three of these is dropped and made again (ms). */
  readonly keepAliveMs?: number;
}

export class Link {
  private readonly client: ProtocolClient;
  private socket: WebSocket | null = null;

  constructor(options: LinkOptions, events: LinkEvents) {
    this.client = new ProtocolClient(
      {
        url: options.url,
        token: options.token,
        // The command always plays through a bot or a program: its player is a bot account.
        bot: true,
        open: (url) => {
          this.socket = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 10_000 });
          return this.socket as unknown as SocketLike;
        },
        backoff: options.backoff ?? { first: 250, max: 5000 },
        giveUpMs: options.giveUpMs ?? 300_000,
        // A wrong address is said at once rather than retried for minutes.
        failFirst: true,
        quietMs: options.keepAliveMs ?? 15_000,
        pace: PACE,
        strict: true,
      },
      {
        raw: options.dump,
        welcome: (player, again) => guard(() => events.welcome(player, again)),
        message: (m) => {
          if (m.t !== "welcome" && m.t !== "bye") guard(() => events.message(m));
        },
        fatal: (reason, unreachable, refusal) =>
          events.fatal(
            refusal
              ? new CliError(`the server closed the connection: ${describeRefusal(refusal)}`)
              : new CliError(reason, unreachable ? UNREACHABLE : undefined),
          ),
        log: (text) => events.log(text),
        dealCheck: (table, check) => guard(() => events.dealCheck(table, check)),
      },
    );
    const guard = (run: () => void) => {
      try {
        run();
      } catch (e) {
        this.stop();
        events.fatal(new CliError(`unexpected error: ${e instanceof Error ? e.message : String(e)}`));
      }
    };
  }

  start(): void {
    this.client.start();
  }

  /** Open and welcomed: `send` will reach the server (unless the connection is dropping right now). */
  get ready(): boolean {
    return this.client.ready;
  }

  /**
   * Sends a message if the link is ready; false if it is not (the caller sends again once
   * welcomed). Messages are paced under the server's rate limit (docs/protocol.md: 20 a second,
   * bursts of 40), so a fast table does not get them refused: one over the pace waits its turn.
   */
  send(message: ClientMessage): boolean {
    return this.client.send(message);
  }

  /** Takes a seat at `table` (now, or once welcomed); it is followed again after every reconnect. */
  sit(table: string, seat?: number): void {
    this.client.sit(table, seat);
  }

  /** Follows `table` (and again after every reconnect). */
  watch(table: string): void {
    this.client.watch(table);
  }

  /** Closes the connection for good. */
  stop(): void {
    const socket = this.socket;
    this.client.close();
    // A server that does not answer the close handshake does not keep the command alive.
    if (socket) setTimeout(() => socket.terminate(), 2000).unref();
  }
}
