/**
 * What one client can hold of the server at the HTTP level: how long a request may take to
 * arrive, how many connections one address may keep open, and how much it may make the server
 * write to its log. A client that sends a body one byte every few seconds, or opens connections
 * without end, must not use up the process's file descriptors (issue 25, point 1).
 */

import type { Server as HttpServer } from "node:http";
import type { Socket } from "node:net";
import { serverRefusal, type WireRefusal } from "@crossbones/protocol";
import type { FastifyBaseLogger } from "fastify";

export interface HttpLimits {
  /** ms for a whole request, headers and body, to arrive; a slower one is answered 408 and closed. */
  readonly requestTimeout: number;
  /** ms for a request's headers to arrive (at most `requestTimeout`). */
  readonly headersTimeout: number;
  /** ms a connection may stay silent before its first request is complete. */
  readonly connectionTimeout: number;
  /**
   * ms an idle keep-alive connection is kept between requests: longer than the 60 s idle timeout
   * of common load balancers, so that the server never closes a connection a balancer is reusing.
   */
  readonly keepAliveTimeout: number;
  /** How often (ms) Node looks for requests past their timeouts (Node's default is 30 s). */
  readonly checkInterval: number;
  /**
   * HTTP connections one address may hold open at once. A connection upgraded to a WebSocket
   * leaves this count: sockets have their own cap (`socketsPerAddress`). Not applied behind a
   * trusted proxy, where every connection comes from the proxy (cap connections there).
   */
  readonly connectionsPerAddress: number;
}

export const HTTP_LIMITS: HttpLimits = {
  requestTimeout: 10_000,
  headersTimeout: 10_000,
  connectionTimeout: 30_000,
  keepAliveTimeout: 72_000,
  checkInterval: 1_000,
  connectionsPerAddress: 64,
};

/** Connections over their address's cap: app.ts answers their request 429 (OVER_CAP) and closes them. */
const overCap = new WeakSet<Socket>();

/**
 * Counts each address's open HTTP connections. One over the cap is let through to its first
 * request, which is answered with a refusal (code and message) and closes it; until then it may
 * stay silent for `overCapMs` only.
 */
export function capConnections(server: HttpServer, perAddress: number, overCapMs = 2_000): void {
  const open = new Map<string, number>();
  /** Each counted connection's address, and what it does when it closes. */
  const counted = new WeakMap<Socket, { address: string; closed: () => void }>();
  const release = (socket: Socket) => {
    const c = counted.get(socket);
    if (c === undefined) return;
    counted.delete(socket);
    // An upgraded socket lives for hours: nothing of this count stays with it.
    socket.removeListener("close", c.closed);
    const left = (open.get(c.address) ?? 1) - 1;
    if (left <= 0) open.delete(c.address);
    else open.set(c.address, left);
  };
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      overCap.add(socket);
      socket.setTimeout(overCapMs);
      return;
    }
    open.set(address, count);
    const closed = () => release(socket);
    counted.set(socket, { address, closed });
    socket.once("close", closed);
  });
  // An upgraded connection is a WebSocket from then on, counted by the sockets' own cap. Node hands
  // an upgrade to whoever listens for it: with nobody else listening (no online play) this
  // listener must not keep the socket, or it would stay open for ever.
  server.on("upgrade", (_req, socket: Socket) => {
    release(socket);
    if (server.listenerCount("upgrade") === 1) socket.destroy();
  });
}

/** Whether this request's connection is over its address's cap. */
export function isOverCap(socket: Socket): boolean {
  return overCap.has(socket);
}

export const OVER_CAP: WireRefusal = {
  ...serverRefusal("rate-limited"),
  message: "too many connections from your address: close some and try again",
};

/**
 * A gate for noisy log lines: at most `perSecond` lines a second for each key (an address). What
 * a client can make the server log must not be a way to fill the disk or drown real errors.
 */
export function logGate(perSecond: number, now: () => number = Date.now): (key: string) => boolean {
  let second = 0;
  const counts = new Map<string, number>();
  return (key) => {
    const t = Math.floor(now() / 1000);
    if (t !== second) {
      second = t;
      counts.clear();
    }
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    return n <= perSecond;
  };
}

/** A client's HTTP fault Node found before any route could (a request too slow, headers too large, not HTTP). */
interface ClientError extends Error {
  readonly code?: string;
}

/** The status line and the refusal that answer a client's fault. */
function answerTo(error: ClientError): { status: number; text: string; refusal: WireRefusal } {
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    const refusal = serverRefusal("bad-message", { reason: "timeout" });
    return {
      status: 408,
      text: "Request Timeout",
      refusal: { ...refusal, message: "the request took too long to arrive" },
    };
  }
  if (error.code === "HPE_HEADER_OVERFLOW") {
    return { status: 431, text: "Request Header Fields Too Large", refusal: serverRefusal("too-large") };
  }
  return { status: 400, text: "Bad Request", refusal: serverRefusal("bad-message") };
}

/**
 * Fastify's `clientErrorHandler`: answers with a refusal in JSON like every other answer (Fastify's
 * own answers in its own shape and logs only at trace level) and logs one line, gated per address.
 */
export function clientErrorHandler(log: () => FastifyBaseLogger, gate: (key: string) => boolean) {
  return (error: ClientError, socket: Socket): void => {
    // The peer is gone: nothing to answer, nothing worth a line.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const address = socket.remoteAddress ?? "";
    const { status, text, refusal } = answerTo(error);
    if (gate(address)) log().info({ address, code: error.code ?? null, status }, "client error");
    if (socket.writable) {
      const body = JSON.stringify({ error: refusal });
      socket.write(
        `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
