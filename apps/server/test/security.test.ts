/**
 * What the server promises a public it cannot trust (docs/security.md; issue 25): a request that
 * arrives too slowly is cut off, an address holds only so many connections, every answer carries
 * the security headers, every route has a rate limit, /metrics is its operator's, names show a
 * letter and are not a bot's, what a client makes the server log is short and bounded, its data
 * is its user's alone, and `npm start` listens on loopback unless told otherwise.
 */

import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { type Socket, connect as tcp } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROTOCOL } from "@crossbones/protocol";
import type { InjectOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buildServer, type Server, type ServerOptions } from "../src/app.js";
import { BOT_NAMES, confusable, skeleton } from "../src/online/names.js";
import { SqliteStore } from "../src/online/sqlite-store.js";
import { settingsFrom } from "../src/settings.js";
import { createTable, FAST, guest, isTable, METRICS_AUTH, METRICS_TOKEN, TestClient, tracked } from "./harness.js";

const dirs: string[] = [];
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.app.close()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "crossbones-security-"));
  dirs.push(dir);
  return dir;
}

/** A server's log lines (JSON), as a test reads them. */
class LogLines {
  readonly lines: Record<string, unknown>[] = [];
  readonly raw: string[] = [];
  readonly stream = {
    write: (line: string) => {
      this.raw.push(line);
      this.lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  with(msg: string | RegExp): Record<string, unknown>[] {
    return this.lines.filter((l) => (typeof l.msg === "string" ? l.msg.match(msg) : false));
  }
}

interface Started {
  readonly server: Server;
  readonly port: number;
  readonly url: string;
  readonly logs: LogLines;
}

/** A server on 127.0.0.1 (online play on unless `online: false`), its log read by the test. */
async function start(
  options: Omit<ServerOptions, "online" | "logger"> & { online?: Partial<ServerOptions["online"]> | false } = {},
): Promise<Started> {
  const logs = new LogLines();
  const server = await buildServer({
    root: false,
    ...options,
    logger: { level: "info", stream: logs.stream },
    online:
      options.online === false
        ? false
        : { dataDir: tempDir(), timing: FAST, requestsPerMinute: 1_000_000, ...(options.online ?? {}) },
  });
  servers.push(server);
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const address = server.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { server, port, url: `http://127.0.0.1:${port}`, logs };
}

/** An HTTP answer read off a raw connection. */
interface RawAnswer {
  readonly status: number;
  readonly head: string;
  readonly body: string;
}

/** Reads one HTTP answer from `socket` (to its Content-Length), or what came before the socket closed. */
function readAnswer(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let data = "";
    const done = () => {
      socket.off("data", onData);
      socket.off("close", done);
      const at = data.indexOf("\r\n\r\n");
      if (at < 0) reject(new Error(`no answer: ${JSON.stringify(data)}`));
      else resolve({ status: Number(data.slice(9, 12)), head: data.slice(0, at), body: data.slice(at + 4) });
    };
    const onData = (chunk: Buffer) => {
      data += chunk.toString();
      const at = data.indexOf("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(data.slice(0, at));
      if (at >= 0 && length && Buffer.byteLength(data.slice(at + 4)) >= Number(length[1])) done();
    };
    socket.on("data", onData);
    socket.on("close", done);
  });
}

/** An open TCP connection to `port` (from `localAddress`, another loopback address, if given). */
function open(port: number, localAddress?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tcp({ host: "127.0.0.1", port, localAddress }, () => resolve(socket));
    socket.once("error", reject);
  });
}

function get(socket: Socket, path: string): Promise<RawAnswer> {
  const answer = readAnswer(socket);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  return answer;
}

const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once("close", () => resolve()));

describe("slow clients and connections (point 1)", () => {
  const quick = { requestTimeout: 300, headersTimeout: 300, checkInterval: 50 };

  it("a request body that arrives too slowly is answered 408 and closed within the timeout", async () => {
    const s = await start({ http: quick });
    const socket = await open(s.port);
    const answer = readAnswer(socket);
    const started = Date.now();
    socket.write(
      "POST /api/guests HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    // One byte of the body every 100 ms: never idle, never done.
    const drip = setInterval(() => socket.write(" "), 100);
    try {
      const a = await answer;
      await closed(socket);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(a.status).toBe(408);
      expect(JSON.parse(a.body).error).toMatchObject({
        code: "bad-message",
        reason: "timeout",
        message: expect.any(String),
      });
      expect(s.logs.with("client error")).toEqual([
        expect.objectContaining({ address: "127.0.0.1", code: "ERR_HTTP_REQUEST_TIMEOUT", status: 408 }),
      ]);
    } finally {
      clearInterval(drip);
    }
  });

  it("headers that arrive too slowly are cut off the same way, on any route", async () => {
    const s = await start({ http: quick, online: false });
    const socket = await open(s.port);
    const answer = readAnswer(socket);
    socket.write("GET /healthz HTTP/1.1\r\n");
    const drip = setInterval(() => socket.write("X"), 100);
    try {
      expect((await answer).status).toBe(408);
      await closed(socket);
    } finally {
      clearInterval(drip);
    }
  });

  it("an address holds at most N HTTP connections: one more is refused while the others are served", async () => {
    const s = await start({ http: { connectionsPerAddress: 3 }, online: false });
    const held = [await open(s.port), await open(s.port), await open(s.port)];
    const extra = await open(s.port);
    const refused = await get(extra, "/healthz");
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).error).toMatchObject({
      code: "rate-limited",
      message: expect.stringMatching(/connections/),
    });
    await closed(extra);
    for (const socket of held) expect((await get(socket, "/healthz")).status).toBe(200);
    // Another address is served all the same.
    const elsewhere = await open(s.port, "127.0.0.2");
    expect((await get(elsewhere, "/healthz")).status).toBe(200);
    for (const socket of [...held, elsewhere]) socket.destroy();
  });

  it("a connection upgraded to a WebSocket leaves the HTTP count (sockets have their own cap)", async () => {
    const s = await start({ http: { connectionsPerAddress: 2 } });
    const sockets = [];
    for (let i = 0; i < 3; i++) sockets.push(await TestClient.connect(s.url));
    const a = await open(s.port);
    const b = await open(s.port);
    expect((await get(a, "/healthz")).status).toBe(200);
    expect((await get(b, "/healthz")).status).toBe(200);
    for (const c of sockets) c.close();
    a.destroy();
    b.destroy();
  });

  it("a WebSocket stays open past the request timeout", async () => {
    const s = await start({ http: quick });
    const ana = await guest(s.url, "Ana");
    const client = await TestClient.connect(s.url, ana.token);
    await new Promise((resolve) => setTimeout(resolve, 3 * quick.requestTimeout));
    client.send({ t: "ping" });
    await client.next((m) => m.t === "pong", 2_000);
    client.close();
  });

  it("a request that is not HTTP is answered 400 with a refusal, and logged in one short line", async () => {
    const s = await start({ online: false });
    const socket = await open(s.port);
    const answer = readAnswer(socket);
    socket.write("HELLO\r\n\r\n");
    const a = await answer;
    expect(a.status).toBe(400);
    expect(JSON.parse(a.body).error).toMatchObject({ code: "bad-message", message: expect.any(String) });
    const [line] = s.logs.with("client error");
    expect(line).toMatchObject({ address: "127.0.0.1", status: 400 });
    expect(line).not.toHaveProperty("err");
  });

  it("a failed accept (out of file descriptors) is logged, and the server goes on", async () => {
    const s = await start({ online: false });
    s.server.app.server.emit("error", Object.assign(new Error("accept EMFILE"), { code: "EMFILE", syscall: "accept" }));
    expect(s.logs.with("accept failed")).toEqual([expect.objectContaining({ code: "EMFILE" })]);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });
});

/** A Content-Security-Policy's directives: each name and its sources. */
function directivesOf(csp: unknown): Map<string, string[]> {
  return new Map(
    String(csp)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe("security headers (point 9)", () => {
  const script = "(function () { document.title = 'x'; })();";
  const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

  async function app() {
    const root = tempDir();
    mkdirSync(join(root, "assets"));
    writeFileSync(join(root, "index.html"), `<!doctype html><head><script>${script}</script></head><title>C</title>`);
    writeFileSync(join(root, "sw.js"), "// worker");
    writeFileSync(join(root, "assets", "index-abc123.js"), "export {};");
    const server = await buildServer({ root, online: { dataDir: tempDir(), timing: FAST } });
    servers.push(server);
    return server.app;
  }

  it("every answer carries a CSP allowing the page's own inline script by hash, no framing, nosniff, a referrer policy", async () => {
    const a = await app();
    const requests: InjectOptions[] = [
      { url: "/" },
      { url: "/lessons/french" },
      { url: "/assets/index-abc123.js" },
      { url: "/sw.js" },
      { url: "/assets/missing.js" },
      { url: "/api/nothing" },
      { url: "/t/K7QX2M" },
      { url: "/healthz" },
      { method: "POST", url: "/api/guests", payload: { name: 7 } },
      { method: "POST", url: "/api/guests", payload: "{", headers: { "content-type": "application/json" } },
      { url: "/api/me", headers: { authorization: "Bearer nonsense-token" } },
    ];
    for (const request of requests) {
      const r = await a.inject(request);
      const where = `${request.method ?? "GET"} ${request.url} → ${r.statusCode}`;
      const directives = directivesOf(r.headers["content-security-policy"]);
      expect(directives.get("script-src"), where).toEqual(["'self'", hash]);
      expect(directives.get("frame-ancestors"), where).toEqual(["'none'"]);
      expect(directives.get("default-src"), where).toEqual(["'self'"]);
      expect(directives.get("object-src"), where).toEqual(["'none'"]);
      // The socket on the page's own host (Safari does not count ws: as 'self'); workers are the app's files.
      expect(directives.get("connect-src"), where).toEqual(["'self'", "ws://localhost:80", "wss://localhost:80"]);
      expect(directives.get("worker-src"), where).toEqual(["'self'"]);
      // A page served over plain HTTP (npm start, a LAN) must not be told to fetch its files over HTTPS.
      expect(directives.has("upgrade-insecure-requests"), where).toBe(false);
      expect(r.headers["x-content-type-options"], where).toBe("nosniff");
      expect(r.headers["x-frame-options"], where).toBe("DENY");
      expect(r.headers["referrer-policy"], where).toBe("same-origin");
    }
  });

  it("names in the policy only a Host that is a host name", async () => {
    const a = await app();
    const r = await a.inject({ url: "/healthz", headers: { host: "evil.example; script-src *" } });
    expect(directivesOf(r.headers["content-security-policy"]).get("connect-src")).toEqual(["'self'"]);
  });
});

describe("rate limits (point 12)", () => {
  /** A request for each route Fastify knows (its parameters filled in), read off its route tree. */
  function routes(app: Server["app"]): { method: string; url: string }[] {
    const found: { method: string; url: string }[] = [];
    // printRoutes with commonPrefix false: a tree whose lines add to their parent's path,
    // "│   └── /:code/record (GET, HEAD)", four characters of indent a level.
    const path: string[] = [];
    for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
      const m = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
      if (!m) continue;
      path.length = m[1].length / 4;
      path.push(m[2]);
      if (!m[3]) continue;
      const url = path
        .join("")
        .replace(/^\*/, "/*")
        .replace(":code", "K7QX2M")
        .replace(":id", "1")
        .replace("*", "anything");
      for (const method of m[3].split(", ")) if (method !== "HEAD") found.push({ method, url });
    }
    return found;
  }

  it("every route, and a path that is none, answers rate-limited once its address is past the limit", async () => {
    const root = tempDir();
    writeFileSync(join(root, "index.html"), "<!doctype html><title>C</title>");
    const server = await buildServer({ root, online: { dataDir: tempDir(), timing: FAST, requestsPerMinute: 5 } });
    servers.push(server);
    await server.app.ready();
    const all = [...routes(server.app), { method: "GET", url: "/no/such.file" }];
    expect(all.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        "/api/guests",
        "/api/tables/K7QX2M/record",
        "/api/me/games",
        "/ws",
        "/metrics",
        "/anything",
      ]),
    );
    for (const { method, url } of all) {
      let last = 0;
      for (let i = 0; i < 200 && last !== 429; i++) {
        const r = await server.app.inject({ method, url, payload: method === "POST" ? {} : undefined });
        last = r.statusCode;
        if (last !== 429) continue;
        // Making tables has its own hourly limit per address, said as too-many-tables.
        const code = url === "/api/tables" ? "too-many-tables" : "rate-limited";
        expect(r.json().error, `${method} ${url}`).toMatchObject({ code, message: expect.any(String) });
        expect(r.headers["x-content-type-options"], `${method} ${url}`).toBe("nosniff");
      }
      expect(last, `${method} ${url}`).toBe(429);
    }
  });
});

describe("/metrics (point 12)", () => {
  const { server } = tracked();

  it("is not served without METRICS_TOKEN (404), refused without the token (401), served with it", async () => {
    const none = await start();
    const r = await fetch(`${none.url}/metrics`);
    expect(r.status).toBe(404);
    expect((await r.json()).error.code).toBe("not-found");

    const s = await server();
    for (const authorization of [
      undefined,
      "Bearer wrong-token-of-16-chars",
      METRICS_TOKEN,
      `Basic ${METRICS_TOKEN}`,
    ]) {
      const refused = await fetch(`${s.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(refused.status, authorization).toBe(401);
      expect((await refused.json()).error.code).toBe("bad-token");
    }
    const served = await fetch(`${s.url}/metrics`, { headers: METRICS_AUTH });
    expect(served.status).toBe(200);
    expect(await served.text()).toContain("crossbones_tables_loaded ");
  });

  it("METRICS_TOKEN shorter than 16 characters is refused at start", () => {
    expect(() => settingsFrom({ METRICS_TOKEN: "short" })).toThrow(/at least 16/);
    expect(settingsFrom({ METRICS_TOKEN: "a-long-enough-token" }).options.online).toMatchObject({
      metricsToken: "a-long-enough-token",
    });
  });
});

describe("names (point 10)", () => {
  const { server, connect } = tracked();
  async function tryName(url: string, name: string) {
    return fetch(`${url}/api/guests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
  }

  it("refuses a guest name with no visible letter or digit, or with a line break", async () => {
    const s = await server();
    const names = {
      "\u3164": "invisible",
      "\u3164\u3164": "invisible",
      "\u2800": "invisible",
      "\uFFA0 \u115F": "invisible",
      "\u2800\u2028\u2800": "line-break",
      "Ana\u2029Bo": "line-break",
      "-- . --": "invisible",
    };
    for (const [name, reason] of Object.entries(names)) {
      const r = await tryName(s.url, name);
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect((await r.json()).error, JSON.stringify(name)).toMatchObject({
        code: "bad-message",
        field: "name",
        reason,
        message: expect.any(String),
      });
    }
    for (const name of ["Ana", "李", "Zoë", "R2", "7", "Ana ✓"])
      expect((await tryName(s.url, name)).status, name).toBe(200);
  });

  it("a guest body refused names the field at fault: the name, or one it must not have", async () => {
    const s = await server();
    const post = (body: unknown) =>
      fetch(`${s.url}/api/guests`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, error: (await r.json()).error }));
    expect(await post({ name: "" })).toMatchObject({ status: 400, error: { code: "bad-message", field: "name" } });
    expect(await post({})).toMatchObject({ status: 400, error: { code: "bad-message", field: "name" } });
    expect(await post({ name: "Zed", colour: "red" })).toMatchObject({
      status: 400,
      error: { code: "bad-message", field: "colour" },
    });
    const notAnObject = await post(["Zed"]);
    expect(notAnObject).toMatchObject({ status: 400, error: { code: "bad-message" } });
    expect(notAnObject.error).not.toHaveProperty("field");
  });

  it("refuses a guest name confusable with a bot's", async () => {
    const s = await server();
    // Cyrillic у and о, capital i's for l's, lower case, fullwidth letters.
    for (const name of ["Ruby", "ruby", "Rub\u0443", "K\u043Efi", "DeII", "INES", "\uFF32\uFF55\uFF42\uFF59"]) {
      const r = await tryName(s.url, name);
      expect(r.status, name).toBe(400);
      expect((await r.json()).error, name).toMatchObject({ code: "bad-message", field: "name", reason: "bot-name" });
    }
    for (const name of ["Rubén", "Kofi2", "Della", "Ana"]) expect((await tryName(s.url, name)).status, name).toBe(200);
  });

  it("confusable names: the same skeleton (UTS #39), compatibility forms and case aside", () => {
    expect(skeleton("K\u043Efi")).toBe("Kofi");
    expect(skeleton("mike")).toBe(skeleton("rnike"));
    const alike = [
      ["Ana", "ana"],
      ["Ana", "\u0410na"],
      ["Dell", "DeII"],
      ["Dell", "De11"],
      ["mike", "rnike"],
      ["Ruby", "\uD835\uDC11\uD835\uDC2E\uD835\uDC1B\uD835\uDC32"],
      ["Zoe\u0301", "Zoé"],
    ];
    for (const [a, b] of alike) expect(confusable(a, b), `${a} ${b}`).toBe(true);
    for (const [a, b] of [
      ["Ana", "Ann"],
      ["Zoë", "Zoe"],
      ["Ruby", "Rubén"],
    ])
      expect(confusable(a, b), `${a} ${b}`).toBe(false);
  });

  it("the bots at a table are named from BOT_NAMES (the names a guest may not take)", async () => {
    const s = await server();
    const ana = await guest(s.url, "Ana");
    const code = await createTable(s.url, ana.token, {
      game: "french",
      players: 4,
      options: {},
      seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
      clock: null,
      private: true,
    });
    const a = await connect(s, ana.token);
    a.send({ t: "watch", table: code });
    const m = await a.next(isTable(code));
    const bots = m.table.seats.filter((seat) => seat.kind === "bot").map((seat) => seat.name);
    expect(bots).toHaveLength(3);
    for (const name of bots) expect(BOT_NAMES).toContain(name);
  });
});

describe("logging (point 15)", () => {
  it("a server error is logged once, with the request id the refusal names", async () => {
    const s = await start();
    await s.server.hub?.store.close();
    const r = await fetch(`${s.url}/api/guests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ana" }),
    });
    expect(r.status).toBe(500);
    const { error } = await r.json();
    expect(error).toMatchObject({ code: "server-error", request: expect.any(String) });
    const lines = s.logs.lines.filter((l) => l.level === 50);
    expect(lines).toEqual([expect.objectContaining({ msg: "server error", reqId: error.request })]);
  });

  it("a server-error refusal on a socket is logged once, with the socket's request id", async () => {
    const s = await start();
    const ana = await guest(s.url, "Ana");
    const client = await TestClient.connect(s.url, ana.token);
    await s.server.hub?.store.close();
    client.send({ t: "watch", table: "K7QX2M" });
    const refused = await client.next((m) => m.t === "refused");
    expect(refused).toMatchObject({ refusal: { code: "server-error" } });
    const lines = s.logs.with("server-error refused");
    expect(lines).toEqual([expect.objectContaining({ address: "127.0.0.1", reqId: expect.any(String) })]);
    client.close();
  });

  it("an oversized WebSocket frame logs one short line, no stack, at most 3 a second per address", async () => {
    const s = await start();
    const first = Math.floor(Date.now() / 1000);
    const frames = 10;
    await Promise.all(
      Array.from({ length: frames }, async () => {
        const socket = new WebSocket(`ws://127.0.0.1:${s.port}/ws`);
        await new Promise((resolve) => socket.once("open", resolve));
        socket.send(JSON.stringify({ t: "hello", protocol: PROTOCOL, token: "x".repeat(70_000) }));
        const code = await new Promise((resolve) => socket.once("close", resolve));
        expect(code).toBe(1009);
      }),
    );
    const seconds = Math.floor(Date.now() / 1000) - first + 1;
    const lines = s.logs.with(/^socket closed/);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(Math.min(frames, 3 * seconds));
    for (const line of lines) {
      expect(line).toMatchObject({ level: 30, address: "127.0.0.1", code: "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH" });
      expect(line).not.toHaveProperty("err");
      expect(String(line.msg).length).toBeLessThan(80);
    }
    for (const raw of s.logs.raw) expect(raw).not.toMatch(/\\n\s+at /);
  });
});

describe("the data directory (point 16)", () => {
  it("is made 0700, and its database, WAL, SHM and secret files 0600", async () => {
    const dir = join(tempDir(), "data");
    const store = new SqliteStore(dir);
    await store.addPlayer("p1", "Ana", 0);
    await store.secret(() => "s3cret");
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect(mode(dir).toString(8)).toBe("700");
    for (const file of ["crossbones.sqlite", "crossbones.sqlite-wal", "crossbones.sqlite-shm", "secret"]) {
      expect(mode(join(dir, file)).toString(8), file).toBe("600");
    }
    await store.close();
  });
});

describe("npm start's address (point 17)", () => {
  it("listens on loopback unless HOST says otherwise", async () => {
    const { host, options } = settingsFrom({});
    expect(host).toBe("127.0.0.1");
    expect(settingsFrom({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    const server = await buildServer({ ...options, root: false, online: false, logger: false });
    servers.push(server);
    await server.app.listen({ port: 0, host });
    const address = server.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    // Any address of this machine but 127.0.0.1 (127.0.0.2 is one without any network) finds nothing.
    await expect(fetch(`http://127.0.0.2:${port}/healthz`)).rejects.toThrow();
  });
});
