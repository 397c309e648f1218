/**
 * The command's connection to a server's `/ws`: it says hello with the player's token, checks
 * every frame it receives with the protocol's own schema (`readServerMessage`), keeps the
 * connection alive with pings, and when the connection drops it connects again by itself with
 * backoff (a seat belongs to the token, not to the socket: docs/protocol.md, *Reconnecting*). A
 * table's patches are applied to the link's copy of it: the caller gets whole tables.
 * What to do once welcomed (watch, resend) is the caller's: `welcome` says whether it is a
 * reconnection.
 */

import { type ClientMessage, PROTOCOL, readServerMessage, type ServerMessage, TableCopies } from "@crossbones/protocol";
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
  private socket: WebSocket | null = null;
  private welcomed = false;
  private everWelcomed = false;
  private stopped = false;
  private attempt = 0;
  private downSince: number | null = null;
  private lastHeard = 0;
  private lastError = "";
  private retryTimer: NodeJS.Timeout | null = null;
  private keepAlive: NodeJS.Timeout | null = null;
  /** Messages waiting for their turn under the pace, and the pace's bucket. */
  private outbox: string[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private tokens: number = PACE.burst;
  private refill = 0;
  private readonly backoff: { readonly first: number; readonly max: number };
  private readonly giveUpMs: number;
  private readonly keepAliveMs: number;
  private readonly copies = new TableCopies();

  constructor(
    private readonly options: LinkOptions,
    private readonly events: LinkEvents,
  ) {
    this.backoff = options.backoff ?? { first: 250, max: 5000 };
    this.giveUpMs = options.giveUpMs ?? 300_000;
    this.keepAliveMs = options.keepAliveMs ?? 15_000;
  }

  start(): void {
    this.connect();
  }

  /** Open and welcomed: `send` will reach the server (unless the connection is dropping right now). */
  get ready(): boolean {
    return this.welcomed && this.socket?.readyState === WebSocket.OPEN;
  }

  /**
   * Sends a message if the link is ready; false if it is not (the caller sends again once
   * welcomed). Messages are paced under the server's rate limit (docs/protocol.md: 20 a second,
   * bursts of 40), so a fast table does not get them refused: one over the pace waits its turn.
   */
  send(message: ClientMessage): boolean {
    if (!this.ready || !this.socket) return false;
    this.outbox.push(JSON.stringify(message));
    this.flush();
    return true;
  }

  private flush(): void {
    const socket = this.socket;
    if (!socket || this.flushTimer) return;
    const now = Date.now();
    this.tokens = Math.min(PACE.burst, this.tokens + ((now - this.refill) / 1000) * PACE.perSecond);
    this.refill = now;
    while (this.outbox.length > 0 && this.tokens >= 1) {
      this.tokens -= 1;
      socket.send(this.outbox.shift() as string);
    }
    if (this.outbox.length > 0) {
      const wait = Math.ceil(((1 - this.tokens) / PACE.perSecond) * 1000);
      this.flushTimer = setTimeout(() => {
        this.flushTimer = null;
        if (this.socket === socket) this.flush();
      }, wait);
    }
  }

  /** Closes the connection for good. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.keepAlive) clearInterval(this.keepAlive);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    if (socket.readyState === WebSocket.OPEN) {
      socket.close(1000, "done");
      // A server that does not answer the close handshake does not keep the command alive.
      setTimeout(() => socket.terminate(), 2000).unref();
    } else {
      socket.terminate();
    }
  }

  private connect(): void {
    if (this.stopped) return;
    this.retryTimer = null;
    this.welcomed = false;
    this.outbox = [];
    this.tokens = PACE.burst - 1;
    this.refill = Date.now();
    const socket = new WebSocket(this.options.url, { perMessageDeflate: false, handshakeTimeout: 10_000 });
    this.socket = socket;
    socket.on("open", () => {
      this.lastHeard = Date.now();
      socket.send(JSON.stringify({ t: "hello", protocol: PROTOCOL, token: this.options.token }));
      this.startKeepAlive(socket);
    });
    socket.on("message", (data, isBinary) => {
      if (this.socket !== socket) return;
      this.receive(data.toString(), isBinary);
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      this.lastError = error.code ?? error.message;
    });
    socket.on("close", (code, reason) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.down(this.lastError || `closed, ${code}${reason.length > 0 ? ` ${reason.toString()}` : ""}`);
    });
  }

  private receive(text: string, isBinary: boolean): void {
    this.lastHeard = Date.now();
    this.options.dump?.(text);
    if (isBinary) {
      this.fail(new CliError("the server sent a binary frame, which the protocol does not have"));
      return;
    }
    const read = readServerMessage(text);
    if (!read.ok) {
      this.fail(
        new CliError(`the server sent a frame that is not ${PROTOCOL} (${read.reason}): ${text.slice(0, 160)}`),
      );
      return;
    }
    const message = read.message;
    switch (message.t) {
      case "welcome": {
        const again = this.everWelcomed;
        this.welcomed = true;
        this.everWelcomed = true;
        this.attempt = 0;
        this.downSince = null;
        this.lastError = "";
        this.copies.clear();
        try {
          this.events.welcome(message.player, again);
        } catch (e) {
          this.fail(new CliError(`unexpected error: ${e instanceof Error ? e.message : String(e)}`));
        }
        return;
      }
      case "pong":
        return;
      case "bye":
        if (!message.retry) {
          this.fail(new CliError(`the server closed the connection: ${describeRefusal(message.refusal)}`));
          return;
        }
        this.lastError = `the server went away (${message.refusal.message})`;
        return;
      default: {
        const { message: m, resync } = this.copies.receive(message);
        if (resync !== null) this.send({ t: "watch", table: resync });
        if (!m) return;
        try {
          this.events.message(m);
        } catch (e) {
          this.fail(new CliError(`unexpected error: ${e instanceof Error ? e.message : String(e)}`));
        }
      }
    }
  }

  private startKeepAlive(socket: WebSocket): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = setInterval(() => {
      if (this.socket !== socket) return;
      if (Date.now() - this.lastHeard > 3 * this.keepAliveMs) {
        this.lastError = "the server stopped answering";
        socket.terminate();
        return;
      }
      if (this.ready) this.send({ t: "ping" });
    }, this.keepAliveMs);
  }

  /** The connection is gone: try again later, or give up. */
  private down(why: string): void {
    this.welcomed = false;
    // What was not sent is lost with the connection; the caller sends its action again once welcomed.
    this.outbox = [];
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = null;
    if (this.stopped) return;
    if (!this.everWelcomed && this.attempt === 0 && !why.startsWith("the server went away")) {
      // The first connection: a wrong address is said at once rather than retried for minutes.
      this.fail(new CliError(`cannot connect to ${this.options.url}: ${why}`, UNREACHABLE));
      return;
    }
    const now = Date.now();
    this.downSince ??= now;
    if (now - this.downSince > this.giveUpMs) {
      this.fail(
        new CliError(
          `lost the connection to the server (${why}) and could not connect again in ${Math.round(this.giveUpMs / 1000)} s`,
          UNREACHABLE,
        ),
      );
      return;
    }
    const delay = Math.min(this.backoff.max, this.backoff.first * 2 ** this.attempt) * (0.8 + 0.4 * Math.random());
    this.attempt++;
    this.events.log(`connection lost (${why}); connecting again in ${(delay / 1000).toFixed(1)} s`);
    this.lastError = "";
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private fail(error: CliError): void {
    if (this.stopped) return;
    this.stop();
    this.events.fatal(error);
  }
}
