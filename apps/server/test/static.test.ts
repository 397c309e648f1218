/**
 * Serving the app: hashed assets cached for a year, the page and the service worker never cached,
 * any page-like path answered with the app, an invite link sent on to the app's own address, a
 * missing file or API route answered 404 in JSON, and every file sent compressed as the build
 * made it (brotli or gzip, whichever the client takes).
 */

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressDir } from "../../web/compress.js";
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

  it("sends a profile link /p/ID on to /?p=ID, and refuses one that is not a player id", async () => {
    const r = await app.inject("/p/Ab-_0123456789abcdefgh");
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe("/?p=Ab-_0123456789abcdefgh");
    for (const path of ["/p/short", "/p/Ab-_0123456789abcdefgh1", "/p/Ab.!0123456789abcdefgh"]) {
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

describe("compressed files", () => {
  let built: string;
  let served: FastifyInstance;
  // Text worth compressing (over a kilobyte), as a build makes it.
  const page = `<!doctype html><title>Crossbones</title>${"<p>dominoes</p>".repeat(100)}`;
  const script = `export const bones = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `${i % 7}-${i % 5}`))};`;

  beforeAll(async () => {
    built = mkdtempSync(join(tmpdir(), "crossbones-static-"));
    mkdirSync(join(built, "assets"));
    writeFileSync(join(built, "index.html"), page);
    writeFileSync(join(built, "sw.js"), `// worker\n${script}`);
    writeFileSync(join(built, "assets", "index-abc123.js"), script);
    writeFileSync(join(built, "assets", "tiny-abc123.js"), "export {};");
    writeFileSync(join(built, "icon.png"), Buffer.alloc(4096, 7));
    compressDir(built);
    served = (await buildServer({ root: built, online: false })).app;
  });

  afterAll(async () => {
    await served.close();
    rmSync(built, { recursive: true, force: true });
  });

  it("the build writes a brotli and a gzip copy of each text file over a kilobyte, and of nothing else", () => {
    for (const file of ["index.html", "sw.js", "assets/index-abc123.js"]) {
      expect(brotliDecompressSync(readFileSync(join(built, `${file}.br`))).toString(), file).toBe(
        readFileSync(join(built, file), "utf8"),
      );
      expect(gunzipSync(readFileSync(join(built, `${file}.gz`))).toString(), file).toBe(
        readFileSync(join(built, file), "utf8"),
      );
    }
    for (const file of ["assets/tiny-abc123.js", "icon.png"]) {
      expect(existsSync(join(built, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(built, `${file}.gz`)), file).toBe(false);
    }
  });

  it("sends each file as brotli or gzip, whichever the client takes, with its type and cache headers", async () => {
    const cases = [
      { url: "/", original: page, type: /^text\/html/, cache: "no-cache" },
      { url: "/lessons/french", original: page, type: /^text\/html/, cache: "no-cache" },
      { url: "/sw.js", original: `// worker\n${script}`, type: /javascript/, cache: "no-cache" },
      {
        url: "/assets/index-abc123.js",
        original: script,
        type: /javascript/,
        cache: "public, max-age=31536000, immutable",
      },
    ];
    for (const { url, original, type, cache } of cases) {
      for (const [accept, encoding, decode] of [
        ["gzip, deflate, br", "br", brotliDecompressSync],
        ["gzip", "gzip", gunzipSync],
      ] as const) {
        const r = await served.inject({ url, headers: { "accept-encoding": accept } });
        const where = `${url} (${accept})`;
        expect(r.statusCode, where).toBe(200);
        expect(r.headers["content-encoding"], where).toBe(encoding);
        expect(decode(r.rawPayload).toString(), where).toBe(original);
        expect(r.headers["content-type"], where).toMatch(type);
        expect(r.headers["cache-control"], where).toBe(cache);
        expect(r.headers.vary, where).toMatch(/accept-encoding/i);
      }
      const plain = await served.inject(url);
      expect(plain.headers["content-encoding"], url).toBeUndefined();
      expect(plain.body, url).toBe(original);
    }
  });
});
