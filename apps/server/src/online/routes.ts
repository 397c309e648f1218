/**
 * Online play over HTTP and WebSocket (docs/protocol.md): guests and tables over small JSON
 * routes, the table itself over `/ws`. Bodies are bounded and checked with zod; a fault answers
 * `server-error` and never a stack trace (app.ts's error handler logs it once, with the request's
 * id). The rate-limit plugin is app.ts's: each route here names its own limit.
 */

import { createHash, timingSafeEqual } from "node:crypto";
import { MAX_CLIENT_FRAME, serverRefusal, TABLE_CODE } from "@crossbones/protocol";
import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { logGate } from "../limits.js";
import { accountRoutes } from "./account-routes.js";
import { Connection, MAX_MISSES } from "./connection.js";
import { friendRoutes } from "./friend-routes.js";
import { Guesses } from "./guesses.js";
import { Heartbeat } from "./heartbeat.js";
import { goneRefusal, type Hub } from "./hub.js";
import { NAME_MESSAGES, nameProblem } from "./names.js";
import { ratingRoutes } from "./rating-routes.js";
import { guestOf, parsed, refuse } from "./requests.js";
import { gameSummary } from "./summaries.js";
import { tournamentRoutes } from "./tournament-routes.js";

export interface RouteOptions {
  /** Page origins allowed to open a socket besides the server's own (none: same host only). */
  readonly origins?: readonly string[];
  /** Sockets one address may hold at once. */
  readonly socketsPerAddress?: number;
  /** HTTP API requests one address may make per minute (guests: a tenth of it). */
  readonly requestsPerMinute?: number;
  /** Tables one address may ask to make in an hour (TABLES_PER_ADDRESS; default 60). */
  readonly tablesPerAddress?: number;
  /** Codes that lead nowhere one address may ask for in 10 minutes before it may look up none (30). */
  readonly guessesPerWindow?: number;
  /** Codes that lead nowhere one socket may ask for before it is closed (10). */
  readonly missesPerSocket?: number;
  /**
   * How often (ms) each socket is pinged; a socket that has not answered the previous ping is
   * dropped, so a player whose network vanished shows as offline within two of these (default 20 s).
   */
  readonly heartbeatMs?: number;
  /**
   * `/metrics` answers only `Authorization: Bearer <this>`; without it, /metrics is not served
   * (404): what the process does is for its operator.
   */
  readonly metricsToken?: string;
  /**
   * The address players open the app at (`PUBLIC_ORIGIN`, e.g. `https://crossbones.example`):
   * passkeys are made for its host name and signed for it alone. Unset: the request's own host.
   */
  readonly publicOrigin?: string;
}

const guestBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(24)
    .regex(/^[^\p{C}]+$/u),
});

/** Whether a request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerIs(req: FastifyRequest, token: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(req.headers.authorization ?? ""), digest(`Bearer ${token}`));
}

/** A device as quick match tells them apart: its address, hashed (no address is kept in a queue). */
function deviceOf(address: string): string {
  return createHash("sha256").update(address).digest("base64url").slice(0, 16);
}

/** Whether a socket may be opened from this page: no Origin (a program), the same host, or allowed. */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export async function onlineRoutes(app: FastifyInstance, hub: Hub, options: RouteOptions = {}): Promise<void> {
  const perAddress = options.socketsPerAddress ?? 32;
  const sockets = new Map<string, number>();
  // Codes that lead nowhere, per device: sockets and the record route count them together.
  const guesses = new Guesses(options.guessesPerWindow);
  const limits = { misses: options.missesPerSocket ?? MAX_MISSES };
  const connections = new Set<Connection>();
  hub.metrics.countSockets(() => connections.size);
  // A graceful stop (SIGTERM) tells every client to come back in a moment.
  app.addHook("preClose", async () => {
    for (const c of connections) c.goingAway();
  });
  const heartbeat = new Heartbeat<{ ping(): void; terminate(): void }>({
    ping: (s) => s.ping(),
    drop: (s) => s.terminate(),
  });
  const beating = setInterval(() => heartbeat.round(), options.heartbeatMs ?? 20_000);
  beating.unref();
  app.addHook("onClose", async () => clearInterval(beating));
  const perMinute = options.requestsPerMinute ?? 600;
  // What a client's socket makes the server log: a few lines a second per address.
  const gate = logGate(3);
  await app.register(websocket, {
    // Frames up to 64 KB reach the connection and are refused as too large by name; beyond that
    // the socket is closed (1009) before anything reads them.
    options: { maxPayload: MAX_CLIENT_FRAME * 16 },
    // An error with a code is the peer's doing (a frame over 64 KB, a broken frame, a reset): one
    // short line, no stack; anything else is a fault of the handler's. Either way the socket goes.
    errorHandler: (error: Error & { code?: string }, socket, req) => {
      if (!error.code) req.log.error({ err: error }, "socket handler failed");
      else if (gate(req.ip)) req.log.info({ address: req.ip, code: error.code }, `socket closed: ${error.message}`);
      socket.terminate();
    },
  });
  // HTTP routes are limited per address (app.ts registers @fastify/rate-limit); socket frames by the connection.
  const limited = { rateLimit: { max: perMinute, timeWindow: 60_000 } };

  app.get("/metrics", { config: limited }, async (req, reply) => {
    if (!options.metricsToken) return refuse(reply, 404, serverRefusal("not-found"));
    if (!bearerIs(req, options.metricsToken))
      return refuse(reply.header("www-authenticate", "Bearer"), 401, serverRefusal("bad-token"));
    return reply.header("content-type", hub.metrics.registry.contentType).send(await hub.metrics.registry.metrics());
  });

  app.post(
    "/api/guests",
    { bodyLimit: 1024, config: { rateLimit: { max: Math.max(1, Math.floor(perMinute / 10)), timeWindow: 60_000 } } },
    async (req, reply) => {
      const body = parsed(guestBody, req.body);
      if (!body.ok) return refuse(reply, 400, body.refusal);
      const problem = nameProblem(body.value.name);
      if (problem) {
        const refusal = {
          ...serverRefusal("bad-message", { field: "name", reason: problem }),
          message: NAME_MESSAGES[problem],
        };
        return refuse(reply, 400, refusal);
      }
      return hub.newGuest(body.value.name);
    },
  );

  // Guests are cheap (one address may make 60 a minute), so a table flood is capped per address
  // too, not only per player (MAX_OPEN_TABLES, the hub's).
  const tablesLimited = {
    rateLimit: {
      max: options.tablesPerAddress ?? 60,
      timeWindow: 3_600_000,
      // Thrown to app.ts's error handler, which answers with this refusal.
      errorResponseBuilder: (_req: FastifyRequest, context: { statusCode: number; ttl: number }) => ({
        statusCode: context.statusCode,
        retryAfter: context.ttl,
        refusal: serverRefusal("too-many-tables", { scope: "address" }),
      }),
    },
  };
  app.post("/api/tables", { bodyLimit: 4096, config: tablesLimited }, async (req, reply) => {
    const player = await guestOf(hub, req);
    if (!player) return refuse(reply, 401, serverRefusal("bad-token"));
    const made = await hub.createTable(player, (req.body as { setup?: unknown } | null)?.setup);
    if (!made.ok) return refuse(reply, 400, made.refusal);
    return { code: made.code };
  });

  app.get<{ Params: { code: string } }>("/api/tables/:code/record", { config: limited }, async (req, reply) => {
    const code = req.params.code;
    const device = deviceOf(req.ip);
    const wait = guesses.wait(device);
    if (wait > 0) return refuse(reply, 429, serverRefusal("rate-limited", { retryAfter: wait }));
    // A duplicate round's table gives its record to its players only: a token says who asks.
    const player = req.headers.authorization ? ((await guestOf(hub, req))?.id ?? null) : null;
    const r = TABLE_CODE.test(code) ? await hub.call(code, { m: "record", player }) : null;
    if (r === null || (r.m === "gone" && r.gone === "unknown")) guesses.miss(device);
    if (r?.m === "gone") return refuse(reply, 404, goneRefusal(r.gone));
    if (r?.m !== "record") return refuse(reply, 404, serverRefusal("unknown-table"));
    if (r.record === null) return refuse(reply, 403, serverRefusal("duplicate-table"));
    return r.record;
  });

  // Who a token stands for: how another device takes up a guest from its key (docs/protocol.md).
  app.get("/api/me", { config: limited }, async (req, reply) => {
    const player = await guestOf(hub, req);
    if (!player) return refuse(reply, 401, serverRefusal("bad-token"));
    return { player: { id: player.id, name: player.name } };
  });

  // Sign out other devices: a new key, every older one refused, the player's sockets of an older
  // key closed, on every process (docs/protocol.md, *Guests*).
  hub.signedOut = (player, key) => {
    for (const c of connections) if (c.playerId === player && c.keyGeneration < key) c.signedOut();
  };
  app.post("/api/me/key", { config: limited }, async (req, reply) => {
    const player = await guestOf(hub, req);
    if (!player) return refuse(reply, 401, serverRefusal("bad-token"));
    return { token: await hub.newKey(player), player: { id: player.id, name: player.name } };
  });

  app.get("/api/me/tables", { config: limited }, async (req, reply) => {
    const player = await guestOf(hub, req);
    if (!player) return refuse(reply, 401, serverRefusal("bad-token"));
    return { tables: await hub.store.tablesOf(player.id) };
  });

  app.get("/api/me/games", { config: limited }, async (req, reply) => {
    const player = await guestOf(hub, req);
    if (!player) return refuse(reply, 401, serverRefusal("bad-token"));
    return { games: (await hub.store.gamesOf(player.id)).map(gameSummary) };
  });

  await accountRoutes(app, hub, { publicOrigin: options.publicOrigin, requestsPerMinute: perMinute });
  await ratingRoutes(app, hub, limited);
  await friendRoutes(app, hub, limited);
  await tournamentRoutes(app, hub, limited);

  app.get<{ Params: { id: string } }>("/api/games/:id", { config: limited }, async (req, reply) => {
    const ref = req.params.id;
    const game = /^[A-Za-z0-9_-]{22}$/.test(ref) ? await hub.store.game(ref) : null;
    if (!game) return refuse(reply, 404, serverRefusal("unknown-table"));
    return reply.header("content-type", "application/json").send(game.record);
  });

  // New sockets a minute: a fifth of the API's requests (clients reconnect with backoff).
  // No header on an upgrade that is let through: the reply object a socket keeps for its life would
  // keep the headers too (with the security headers below, 2.5 KB a socket; bench:server's 4,000).
  const quiet = { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false };
  const upgrades = {
    rateLimit: {
      max: Math.max(1, Math.floor(perMinute / 5)),
      timeWindow: 60_000,
      addHeadersOnExceeding: quiet,
    },
  };
  // No security headers on the upgrade either: a socket has no page to protect.
  app.get("/ws", { websocket: true, config: upgrades, helmet: false }, (socket, req) => {
    const address = req.ip;
    // What the socket's closures keep of its request: two strings, not the request itself
    // (a socket lives for hours; its request, headers and all, would live as long).
    const request = req.id;
    const log = app.log;
    // The upgraded request's network socket, which the WebSocket writes to (`hold` corks it).
    const raw = req.socket;
    if (!originAllowed(req.headers.origin, req.headers.host, options.origins ?? [])) {
      socket.send(JSON.stringify({ t: "bye", refusal: serverRefusal("bad-origin"), retry: false }));
      socket.close(1008, "bad-origin");
      return;
    }
    const count = (sockets.get(address) ?? 0) + 1;
    if (count > perAddress) {
      socket.send(JSON.stringify({ t: "bye", refusal: serverRefusal("rate-limited"), retry: true }));
      socket.close(1013, "rate-limited");
      return;
    }
    sockets.set(address, count);
    const connection = new Connection(
      hub,
      {
        send: (text) => {
          // The connection says server-error without a word to the log: say it here, once, with
          // the socket's request id (a refusal's frame starts so; a table's never does).
          if (text.startsWith('{"t":"refused"') && text.includes('"code":"server-error"')) {
            const { id, table } = JSON.parse(text) as { id: string | null; table: string | null };
            log.error({ reqId: request, address, table, id }, "server-error refused");
          }
          if (socket.readyState === socket.OPEN) socket.send(text);
        },
        close: (code, reason) => socket.close(code, reason),
        buffered: () => socket.bufferedAmount,
        hold: () => {
          raw.cork();
          return () => raw.uncork();
        },
      },
      deviceOf(address),
      guesses,
      limits,
    );
    socket.on("message", (data, isBinary) => {
      heartbeat.heard(socket);
      if (isBinary) {
        connection.receive("");
        return;
      }
      connection.receive(data.toString());
    });
    connections.add(connection);
    socket.on("close", () => {
      connections.delete(connection);
      connection.closed();
      const left = (sockets.get(address) ?? 1) - 1;
      if (left <= 0) sockets.delete(address);
      else sockets.set(address, left);
    });
    // A peer that vanished without closing (a phone out of coverage) answers no ping.
    heartbeat.add(socket);
    socket.on("pong", () => heartbeat.heard(socket));
    socket.on("close", () => heartbeat.remove(socket));
  });
}
