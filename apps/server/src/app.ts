/**
 * The HTTP server: serves the built web app (apps/web/dist) as static files, with the service
 * worker and the HTML never cached (so an update reaches players) and hashed assets cached for
 * a year. Every unknown path that looks like a page gets index.html (the app has no server routes).
 */

import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";

export const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export interface ServerOptions {
  /** Directory of the built app; default apps/web/dist. */
  readonly root?: string;
  readonly logger?: boolean;
}

export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const root = options.root ?? WEB_DIST;
  if (!existsSync(join(root, "index.html"))) {
    throw new Error(`the web app is not built: ${join(root, "index.html")} is missing (run npm start or vite build)`);
  }
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    // Our own cache-control (below), not the plugin's max-age=0.
    cacheControl: false,
    setHeaders(res, path) {
      if (path.includes(`${join("assets", "")}`)) res.setHeader("cache-control", "public, max-age=31536000, immutable");
      else res.setHeader("cache-control", "no-cache");
      if (path.endsWith(".webmanifest")) res.setHeader("content-type", "application/manifest+json");
    },
  });
  app.get("/healthz", async () => ({ ok: true }));
  app.setNotFoundHandler((req, reply) => {
    if (req.method === "GET" && !req.url.includes("."))
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    return reply.code(404).send({ error: "not found" });
  });
  return app;
}
