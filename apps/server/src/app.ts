/**
 * The HTTP server: serves the built web app (apps/web/dist) as static files, compressed at build
 * time (brotli and gzip beside each file), with the service worker and the HTML never cached (so
 * an update reaches players) and hashed assets cached for a year, and online play (`/api/…`,
 * `/ws`; online/). Every unknown path that looks like a page gets index.html. An invite link
 * `/t/K7QX2M` is sent on to `/?t=K7QX2M`, and a profile `/p/ID` to `/?p=ID`: the app's files are
 * addressed relative to its page, so the app lives at one path and routes by its query.
 *
 * Every answer carries the security headers (headers.ts); every route, the 404s included, is
 * rate-limited per address; a request must arrive in time and an address may hold only so many
 * connections (limits.ts); every refusal is `{"error": {code, message}}`.
 */

import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PLAYER_ID, serverRefusal, TABLE_CODE, type WireRefusal } from "@crossbones/protocol";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from "fastify";
import { helmetOptions, inlineScriptHashes } from "./headers.js";
import {
  capConnections,
  clientErrorHandler,
  HTTP_LIMITS,
  type HttpLimits,
  isOverCap,
  logGate,
  OVER_CAP,
} from "./limits.js";
import { Hub, type OnlineOptions } from "./online/hub.js";
import { onlineRoutes, type RouteOptions } from "./online/routes.js";

export const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), "../../web/dist");

/**
 * What one address may ask a minute of the routes without a limit of their own (files, probes,
 * 404s), all together: this many times what it may ask of one API route.
 */
const OTHER_PER_API = 5;

export interface ServerOptions {
  /** Directory of the built app (default apps/web/dist), or false to serve no app (tests, the API alone). */
  readonly root?: string | false;
  /**
   * Structured logs (pino, Fastify's own) at this level, or none (false, the default); to
   * `stream` instead of standard output (tests read them).
   */
  readonly logger?: false | { readonly level: string; readonly stream?: { write(line: string): void } };
  /** Online play, or false for none. */
  readonly online?: (OnlineOptions & RouteOptions) | false;
  /**
   * Trust X-Forwarded-For from this many proxies in front (per-address limits then see the
   * player's address). Off by default: a client talking to the server directly could send any.
   */
  readonly trustProxy?: number | false;
  /** Timeouts and the connections an address may hold (default HTTP_LIMITS). */
  readonly http?: Partial<HttpLimits>;
}

export interface Server {
  readonly app: FastifyInstance;
  /** Online play, when it is on. */
  readonly hub: Hub | null;
}

function refuse(reply: FastifyReply, status: number, refusal: WireRefusal) {
  // Also where helmet is off (the socket's upgrade): a refusal is never read as anything but JSON.
  return reply.code(status).header("x-content-type-options", "nosniff").send({ error: refusal });
}

/** A component's state for /readyz: "ok" or "down" (why goes to the log: a database's error can name hosts and users). */
function state(answer: string): "ok" | "down" {
  return answer === "ok" ? "ok" : "down";
}

export async function buildServer(options: ServerOptions = {}): Promise<Server> {
  const root = options.root === undefined ? WEB_DIST : options.root;
  if (root !== false && !existsSync(join(root, "index.html"))) {
    throw new Error(`the web app is not built: ${join(root, "index.html")} is missing (run npm start or vite build)`);
  }
  const hops = options.trustProxy ?? false;
  // Fastify takes a number of hops as a function of the hop index.
  const trustProxy = hops === false ? false : (_address: string, hop: number) => hop < hops;
  const limits = { ...HTTP_LIMITS, ...options.http };
  // What a client can make the server log (bad requests, oversized frames) is a few lines a second per address.
  const gate = logGate(3);
  // Requests are not logged one by one (every static file would be); errors and lifecycle are.
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy,
    // Fastify's defaults (0) let a request take for ever to arrive: one byte of body every few
    // seconds held a connection open without end.
    requestTimeout: limits.requestTimeout,
    connectionTimeout: limits.connectionTimeout,
    keepAliveTimeout: limits.keepAliveTimeout,
    http: {
      headersTimeout: Math.min(limits.headersTimeout, limits.requestTimeout),
      connectionsCheckingInterval: limits.checkInterval,
    },
    clientErrorHandler: clientErrorHandler(() => app.log, gate),
  });
  // Behind a proxy every connection comes from the proxy: the proxy caps its clients' connections.
  if (hops === false) capConnections(app.server, limits.connectionsPerAddress);
  // Once listening, an error of the listening socket is a failed accept (out of file descriptors,
  // EMFILE): one line, and the server goes on (without a listener it would end the process).
  app.server.on("error", (error: NodeJS.ErrnoException) => {
    if (app.server.listening && gate("accept")) app.log.warn({ code: error.code ?? null }, "accept failed");
  });

  // The page's inline script is allowed by its hash, read from the page served (a rebuild of the
  // app while the server runs needs a restart for the page's preload to run).
  const scripts = root === false ? [] : inlineScriptHashes(readFileSync(join(root, "index.html"), "utf8"));
  await app.register(helmet, helmetOptions(scripts));
  app.addHook("onRequest", async (req, reply) => {
    if (isOverCap(req.raw.socket)) return refuse(reply.header("connection", "close"), 429, OVER_CAP);
  });
  // Every route is limited per address: the API's routes, /metrics and /ws by their own limits
  // (routes.ts), every other one (files, /t/CODE, probes, 404s) by this one, shared.
  const perMinute = (options.online ? options.online.requestsPerMinute : undefined) ?? 600;
  await app.register(rateLimit, {
    global: true,
    max: perMinute * OTHER_PER_API,
    timeWindow: 60_000,
    // Thrown to the error handler below, which answers with the refusal.
    errorResponseBuilder: (_req, context) => ({ statusCode: context.statusCode, retryAfter: context.ttl }),
  });
  app.setErrorHandler((error, req, reply) => {
    const code = (error as { statusCode?: unknown }).statusCode;
    const status = typeof code === "number" && code >= 400 && code < 500 ? code : 500;
    if (status === 429) {
      // A limit with its own refusal (too-many-tables) carries it; the others are rate-limited.
      const own = (error as { refusal?: WireRefusal }).refusal;
      const retryAfter = (error as { retryAfter?: number }).retryAfter;
      return refuse(reply, 429, own ? { ...own, retryAfter } : serverRefusal("rate-limited", { retryAfter }));
    }
    if (status === 413) return refuse(reply, 413, serverRefusal("too-large"));
    if (status < 500) return refuse(reply, status, serverRefusal("bad-message"));
    // A fault of ours: logged once, here, with the request's id (also in the answer, to quote).
    req.log.error({ err: error }, "server error");
    return refuse(reply, 500, serverRefusal("server-error", { request: req.id }));
  });

  const hub = options.online ? await Hub.open({ logger: app.log, ...options.online }) : null;
  if (hub && options.online) {
    await onlineRoutes(app, hub, options.online);
    app.addHook("onClose", () => hub.close());
  }
  // Alive (the process answers), and ready (it can serve: the database, and Redis in a cluster, answer).
  app.get("/healthz", async () => ({ ok: true }));
  app.get("/readyz", async (req, reply) => {
    if (!hub) return { ok: true };
    const ready = await hub.ready();
    if (!ready.ok && gate("readyz")) req.log.warn({ database: ready.database, redis: ready.redis }, "not ready");
    const answer = {
      ok: ready.ok,
      database: state(ready.database),
      ...(ready.redis ? { redis: state(ready.redis) } : {}),
    };
    return reply.code(ready.ok ? 200 : 503).send(answer);
  });
  const notFound = { preHandler: app.rateLimit() };
  if (root === false) {
    app.setNotFoundHandler(notFound, (_req, reply) => refuse(reply, 404, serverRefusal("not-found")));
    return { app, hub };
  }
  app.get<{ Params: { code: string } }>("/t/:code", (req, reply) => {
    const code = req.params.code.toUpperCase();
    return TABLE_CODE.test(code) ? reply.redirect(`/?t=${code}`, 302) : refuse(reply, 404, serverRefusal("not-found"));
  });
  app.get<{ Params: { id: string } }>("/p/:id", (req, reply) => {
    const id = req.params.id;
    return PLAYER_ID.test(id) ? reply.redirect(`/?p=${id}`, 302) : refuse(reply, 404, serverRefusal("not-found"));
  });
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    // index.html.br, app.js.gz…: made by the web app's build (apps/web/compress.ts), sent as they are.
    preCompressed: true,
    // Our own cache-control (below), not the plugin's max-age=0.
    cacheControl: false,
    setHeaders(res, path) {
      if (path.includes(`${join("assets", "")}`)) res.setHeader("cache-control", "public, max-age=31536000, immutable");
      else res.setHeader("cache-control", "no-cache");
      // A cache in between keeps one copy per encoding.
      res.setHeader("vary", "accept-encoding");
      if (/\.webmanifest(\.br|\.gz)?$/.test(path)) res.setHeader("content-type", "application/manifest+json");
    },
  });
  app.setNotFoundHandler(notFound, (req, reply) => {
    if (req.method === "GET" && !req.url.includes(".") && !req.url.startsWith("/api/"))
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    return refuse(reply, 404, serverRefusal("not-found"));
  });
  return { app, hub };
}
