/**
 * Serving the app: hashed assets cached for a year, the page and the service worker never cached,
 * any page-like path answered with the app, an invite link sent on to the app's own address, and
 * a missing file or API route answered 404 in JSON.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../src/app.js";

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "crossbones-static-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>Crossbones</title>");
  writeFileSync(join(root, "sw.js"), "// worker");
  writeFileSync(join(root, "assets", "index-abc123.js"), "export {};");
  app = (await buildServer({ root, online: false })).app;
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe("serving the web app", () => {
  it("caches hashed assets for a year, and never the page or the service worker", async () => {
    const asset = await app.inject("/assets/index-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const path of ["/", "/sw.js"]) {
      const r = await app.inject(path);
      expect(r.statusCode, path).toBe(200);
      expect(r.headers["cache-control"], path).toBe("no-cache");
    }
  });

  it("answers a page-like path with the app", async () => {
    const r = await app.inject("/lessons/french");
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain("<title>Crossbones</title>");
  });

  it("sends an invite link /t/CODE on to /?t=CODE, in capitals", async () => {
    const r = await app.inject("/t/k7qx2m");
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe("/?t=K7QX2M");
  });

  it("refuses an invite link that is not a table code", async () => {
    for (const path of ["/t/K7QX2", "/t/K7QX2M0", "/t/K7-X2M"]) {
      const r = await app.inject(path);
      expect(r.statusCode, path).toBe(404);
      expect(r.json().error.code, path).toBe("not-found");
    }
  });

  it("answers a missing file or API route 404 in JSON, not with the app", async () => {
    for (const path of ["/assets/missing.js", "/api/nothing"]) {
      const r = await app.inject(path);
      expect(r.statusCode, path).toBe(404);
      expect(r.json().error.code, path).toBe("not-found");
    }
  });
});
