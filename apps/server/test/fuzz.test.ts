/**
 * The server under fuzzing (issue 11, Tests: Fuzz), over real sockets and real HTTP: malformed,
 * oversized, forged and stale messages, generated with fast-check. Each one gets a refusal with
 * a code (`refused`, or `bye` and a closed socket; a frame beyond the socket's limit closes it
 * with 1009), nothing else (no `ack`, no table change); the server stays up (a ping still pongs);
 * and the table's log, version and record are exactly as before. No frame or HTTP body ever holds
 * a stack trace. HTTP bad inputs (bad JSON, huge bodies, bad setups, missing or forged bearer
 * tokens) get a 4xx with `{error: {code, message}}`.
 *
 * The table under attack: French at a strict table, four people seated, the first hand dealt and
 * waiting for its pose (no clock, no bots: nothing moves unless a message is accepted).
 */

import { REFUSAL_CODES } from "@crossbones/engine";
import { clientMessage, MAX_CLIENT_FRAME, PROTOCOL, SERVER_REFUSAL_CODES, TableCopies } from "@crossbones/protocol";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { checkSetup } from "../src/online/setup.js";
import { createTable, guest, startServer, type TestServer } from "./harness.js";

const SEED = Number(process.env.FUZZ_SEED ?? 20261130);
const RUNS = Number(process.env.FUZZ_RUNS ?? 250);
const CODES = new Set<string>([...REFUSAL_CODES, ...SERVER_REFUSAL_CODES]);
/** What a stack trace looks like in text: "    at f (file.js:1:2)" or an "Error:" line. */
const STACK = /\n\s+at |\bat [^\s()]+ \([^)]*:\d+:\d+\)|Error:/;

// biome-ignore lint/suspicious/noExplicitAny: frames are read as plain JSON
type Frame = any;

/** A raw socket that keeps every frame and its close code (and each patch's whole table: `read`). */
class Probe {
  readonly frames: string[] = [];
  /** Every frame as read: a patch as the whole table it makes. */
  readonly read: Frame[] = [];
  private readonly copies = new TableCopies();
  closed: number | null = null;
  sent = 0;
  private wake: (() => void) | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const text = data.toString();
      const parsed = JSON.parse(text);
      this.frames.push(text);
      this.read.push(this.copies.receive(parsed).message ?? parsed);
      this.wake?.();
    });
    socket.on("close", (code) => {
      this.closed = code;
      this.wake?.();
    });
    socket.on("error", () => {});
  }

  static async open(url: string, token?: string, headers: Record<string, string> = {}): Promise<Probe> {
    const socket = new WebSocket(`${url.replace("http", "ws")}/ws`, { headers });
    // Listening from the start: a refusal may come with the handshake's answer.
    const probe = new Probe(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    if (token) {
      probe.send(JSON.stringify({ t: "hello", protocol: PROTOCOL, token }));
      const welcome = JSON.parse(await probe.until((m) => m.t === "welcome" || m.t === "bye"));
      if (welcome.t !== "welcome") throw new Error(`hello refused: ${JSON.stringify(welcome)}`);
      probe.frames.length = 0;
      probe.read.length = 0;
    }
    return probe;
  }

  send(data: string | Buffer): void {
    this.sent++;
    this.socket.send(data);
  }

  /** Waits for a frame from index `from` on that passes `test` (or the close); returns it ("" on close). */
  async until(test: (m: Frame) => boolean, ms = 5000, from = 0): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.read.slice(from).find((m) => test(m));
      if (hit !== undefined) return JSON.stringify(hit);
      if (this.closed !== null) return "";
      if (Date.now() > deadline) throw new Error(`no answer in time; frames: ${this.frames.join(" | ")}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
      this.wake = null;
    }
  }

  close(): void {
    this.socket.close();
  }
}

let server: TestServer;
let code: string;
/** Tokens: seats 0..3 of the table, then an outsider who sits nowhere. */
const tokens: string[] = [];
const ids: string[] = [];
let poser = -1;
let version = 0;
let before: { log: string; record: string; version: number };
const probes = new Map<string, Probe>();
const stats = { cases: 0, refused: 0, byes: 0, closed1009: 0, codes: {} as Record<string, number> };

async function snapshot(): Promise<{ log: string; record: string; version: number }> {
  const hub = server.server.hub;
  if (!hub) throw new Error("no hub");
  const record = await (await fetch(`${server.url}/api/tables/${code}/record`)).text();
  return { log: JSON.stringify(await hub.store.log(code)), record, version: hub.table(code)?.version ?? -1 };
}

beforeAll(async () => {
  server = await startServer();
  for (const name of ["Ana", "Ben", "Cai", "Dee", "Eve"]) {
    const g = await guest(server.url, name);
    tokens.push(g.token);
    ids.push(g.player.id);
  }
  code = await createTable(server.url, tokens[0], {
    game: "french",
    players: 4,
    options: { target: 50, illegalPlayPenalty: 5 },
    seats: ["human", "human", "human", "human"],
    clock: null,
    private: true,
  });
  const sitters = await Promise.all(tokens.slice(1, 4).map((t) => Probe.open(server.url, t)));
  sitters.forEach((p, i) => {
    p.send(JSON.stringify({ t: "sit", table: code, seat: i + 1 }));
  });
  const watcher = await Probe.open(server.url, tokens[0]);
  watcher.send(JSON.stringify({ t: "watch", table: code }));
  const dealt = JSON.parse(await watcher.until((m) => m.t === "table" && m.view.phase === "pose"));
  poser = dealt.view.turn;
  version = dealt.view.version;
  for (const p of [...sitters, watcher]) p.close();
  before = await snapshot();
});

afterAll(async () => {
  for (const p of probes.values()) p.close();
  process.stdout.write(`fuzz: ${JSON.stringify(stats)}\n`);
  await server?.close();
});

/**
 * A hello'd socket for `who` (a token index, or "anon" for none), opened afresh once it has sent
 * a burst's worth of frames (the server allows 40 at once) or was closed.
 */
async function probeFor(who: number | "anon"): Promise<Probe> {
  const key = String(who);
  const old = probes.get(key);
  if (old && old.closed === null && old.sent < 30) return old;
  old?.close();
  const probe = await Probe.open(server.url, who === "anon" ? undefined : tokens[who]);
  probes.set(key, probe);
  return probe;
}

/** A new socket that has not said hello (the last one is closed). */
async function freshAnon(): Promise<Probe> {
  probes.get("anon")?.close();
  const probe = await Probe.open(server.url);
  probes.set("anon", probe);
  return probe;
}

/**
 * Sends `data` as `who` and checks the answer: a refusal with a known code (or a bye, or the
 * socket closed with `closeCode`), then a ping still pongs, and the table is unchanged.
 */
async function expectRefused(who: number | "anon", data: string | Buffer, closeCode?: number): Promise<Frame> {
  const probe = await probeFor(who);
  const start = probe.frames.length;
  probe.send(data);
  const answer = await probe.until((m) => m.t === "refused" || m.t === "bye", 5000, start);
  stats.cases++;
  const seen = probe.frames.slice(start);
  for (const f of seen) {
    expect(STACK.test(f), f).toBe(false);
    const m = JSON.parse(f);
    expect(["refused", "bye"], f).toContain(m.t);
  }
  let refusal: Frame = null;
  if (answer === "") {
    expect(probe.closed).toBe(closeCode ?? -1);
    stats.closed1009++;
  } else {
    const m = JSON.parse(answer);
    refusal = m.refusal;
    expect(CODES.has(refusal.code), answer).toBe(true);
    expect(typeof refusal.message).toBe("string");
    stats.codes[refusal.code] = (stats.codes[refusal.code] ?? 0) + 1;
    if (m.t === "bye") {
      stats.byes++;
      await probe.until(() => false, 2000).catch(() => {});
      expect(probe.closed).not.toBeNull();
    } else stats.refused++;
  }
  // The server is up: this socket (or a fresh one) still pongs.
  const pinger = probe.closed === null ? probe : await probeFor("anon");
  const from = pinger.frames.length;
  pinger.send(JSON.stringify({ t: "ping" }));
  await pinger.until((m) => m.t === "pong", 5000, from);
  expect(pinger.frames.slice(from).map((f) => JSON.parse(f).t)).toEqual(["pong"]);
  expect(await snapshot()).toEqual(before);
  return refusal;
}

const table = () => fc.constant(code);
const otherCode = fc
  .array(fc.constantFrom(..."ABCDEFGHJKMNPQRSTUVWXYZ23456789"), { minLength: 6, maxLength: 6 })
  .map((a) => a.join(""))
  .filter((c) => c !== code);
const bone = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })).map(([a, b]) => `${a}-${b}`);
const target = fc.constantFrom("N", "E", "S", "W", "L", "R");
const play = fc.record({ type: fc.constant("play"), bone, target }, { requiredKeys: ["type", "bone"] });
const anyAction = fc.oneof(play, fc.constant({ type: "pass" }), fc.constant({ type: "resign" }));
const actionId = fc.string({ minLength: 1, maxLength: 64 });

/** Every well-formed client message, at any table (valid by the schema). */
const wellFormed = (tables: fc.Arbitrary<string>) =>
  fc.oneof(
    fc.record({ t: fc.constant("watch"), table: tables }),
    fc.record({ t: fc.constant("unwatch"), table: tables }),
    fc.record(
      { t: fc.constant("sit"), table: tables, seat: fc.integer({ min: 0, max: 3 }) },
      { requiredKeys: ["t", "table"] },
    ),
    fc.record({ t: fc.constant("act"), table: tables, id: actionId, version: fc.nat(1000), action: anyAction }),
    fc.record({ t: fc.constant("react"), table: tables, reaction: fc.constantFrom("goodPlay", "ouch", "sorry") }),
    fc.record({ t: fc.constant("rematch"), table: tables }),
    fc.record({ t: fc.constant("leave"), table: tables }),
  );

/** A message the schema refuses: a well-formed one with a field broken, or anything at all. */
const malformed = fc
  .oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.json({ maxDepth: 4 }),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc
      .tuple(
        wellFormed(otherCode),
        fc.constantFrom("t", "table", "id", "version", "action", "seat", "extra"),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .map(([m, key, value]) => JSON.stringify({ ...m, [key]: value })),
    fc.tuple(wellFormed(otherCode), fc.constantFrom("t", "table", "id", "version", "action")).map(([m, key]) => {
      const copy: Record<string, unknown> = { ...m };
      delete copy[key];
      return JSON.stringify(copy);
    }),
    fc.record({ t: fc.string({ maxLength: 12 }) }).map((m) => JSON.stringify(m)),
    // Truncated JSON.
    wellFormed(otherCode).chain((m) => {
      const text = JSON.stringify(m);
      return fc.integer({ min: 0, max: text.length - 1 }).map((n) => text.slice(0, n));
    }),
  )
  .filter((text) => !clientMessage.safeParse(safeJson(text)).success && !/\n\s+at |Error:/.test(text));

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return Symbol("not JSON");
  }
}

/** A body `POST /api/guests` accepts: `{"name"}` alone, 1–24 characters once trimmed, none a control. */
function validGuest(text: string): boolean {
  const body = safeJson(text);
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  const name = (body as { name?: unknown }).name;
  if (keys.length !== 1 || typeof name !== "string") return false;
  const trimmed = name.trim();
  return trimmed.length >= 1 && trimmed.length <= 24 && /^[^\p{C}]+$/u.test(trimmed);
}

const options = (runs: number) => ({ seed: SEED, numRuns: Math.ceil(runs), endOnFailure: true });

describe("fuzzing the socket", () => {
  it("malformed frames: refused as bad-message, nothing changes", async () => {
    await fc.assert(
      fc.asyncProperty(malformed, async (text) => {
        const refusal = await expectRefused(4, text);
        expect(refusal.code).toBe("bad-message");
      }),
      options(RUNS * 2),
    );
  });

  it("binary frames and empty frames: refused", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), async (bytes) => {
        const refusal = await expectRefused(4, Buffer.from(bytes));
        expect(refusal.code).toBe("bad-message");
      }),
      options(RUNS / 5),
    );
    expect((await expectRefused(4, "")).code).toBe("bad-message");
  });

  it("oversized frames: too-large up to the socket's limit, the socket closed (1009) beyond it", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: MAX_CLIENT_FRAME + 1, max: MAX_CLIENT_FRAME * 4 }),
        fc.constantFrom("x", " ", "é"),
        async (size, pad) => {
          const text = JSON.stringify({ t: "ping", pad: pad.repeat(size) }).slice(0, size);
          const bytes = Buffer.byteLength(text);
          const refusal = await expectRefused(4, text, bytes > MAX_CLIENT_FRAME * 2 ? 1009 : undefined);
          if (refusal) expect(["too-large", "bad-message"]).toContain(refusal.code);
          if (refusal && text.length > MAX_CLIENT_FRAME) expect(refusal.code).toBe("too-large");
        },
      ),
      options(RUNS / 5),
    );
  });

  it("anything before hello: not-hello", async () => {
    await fc.assert(
      fc.asyncProperty(wellFormed(fc.oneof(table(), otherCode)), async (m) => {
        await freshAnon();
        const refusal = await expectRefused("anon", JSON.stringify(m));
        expect(refusal.code).toBe("not-hello");
      }),
      options(RUNS / 3),
    );
  });

  it("forged and foreign tokens, other protocols: bye with a code, the socket closed", async () => {
    const [, id, signature] = tokens[0].split(".");
    const forged = fc.oneof(
      // Another player's id with a signature that is not the server's.
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((sig) => `g1.${ids[1]}.${sig}`),
      // A player's signature on another id.
      fc.stringMatching(/^[A-Za-z0-9_-]{22}$/).map((other) => `g1.${other}.${signature}`),
      // A real token, altered by one character.
      fc.integer({ min: 0, max: tokens[0].length - 1 }).map((i) => {
        const c = tokens[0][i] === "A" ? "B" : "A";
        return `${tokens[0].slice(0, i)}${c}${tokens[0].slice(i + 1)}`;
      }),
      // Any string a token field holds, the empty and the short among them.
      fc.string({ maxLength: 200 }),
      fc.constantFrom("", "g1", "g1.."),
      fc.constant(`g2.${id}.${signature}`),
    );
    await fc.assert(
      fc.asyncProperty(forged, async (token) => {
        fc.pre(token !== tokens[0]);
        const probe = await freshAnon();
        const refusal = await expectRefused("anon", JSON.stringify({ t: "hello", protocol: PROTOCOL, token }));
        expect(refusal.code).toBe("bad-token");
        expect(probe.closed).not.toBeNull();
      }),
      options(RUNS / 2),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant("crossbones/1"), fc.string({ maxLength: 40 })), async (protocol) => {
        fc.pre(protocol !== PROTOCOL);
        await freshAnon();
        const refusal = await expectRefused("anon", JSON.stringify({ t: "hello", protocol, token: tokens[0] }));
        // The refusal names the version to speak.
        expect(refusal).toMatchObject({ code: "bad-protocol", protocol: PROTOCOL });
      }),
      options(RUNS / 5),
    );
  });

  it("a table code that does not exist: unknown-table", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 4 }), wellFormed(otherCode), async (who, m) => {
        const refusal = await expectRefused(who, JSON.stringify(m));
        expect(refusal.code).toBe("unknown-table");
      }),
      options(RUNS),
    );
  });

  it("someone who does not sit at the table: not-seated, table-full", async () => {
    const outsider = fc.oneof(
      fc.record({
        t: fc.constant("act"),
        table: table(),
        id: actionId,
        version: fc.constantFrom(version, 0, version + 1),
        action: anyAction,
      }),
      fc.record(
        { t: fc.constant("sit"), table: table(), seat: fc.integer({ min: 0, max: 3 }) },
        { requiredKeys: ["t", "table"] },
      ),
      fc.record({ t: fc.constant("leave"), table: table() }),
      fc.record({ t: fc.constant("rematch"), table: table() }),
      fc.record({ t: fc.constant("react"), table: table(), reaction: fc.constantFrom("goodPlay", "hurryUp") }),
    );
    await fc.assert(
      fc.asyncProperty(outsider, async (m) => {
        const refusal = await expectRefused(4, JSON.stringify(m));
        // Every seat is taken: a sit that names a seat is told that seat is taken (and which),
        // one that names none that the table is full.
        if (m.t === "sit" && m.seat !== undefined) expect(refusal).toMatchObject({ code: "seat-taken", seat: m.seat });
        else expect(refusal.code).toBe(m.t === "sit" ? "table-full" : "not-seated");
      }),
      options(RUNS),
    );
  });

  it("seated players: stale versions, out of turn, illegal poses, a rematch before the end", async () => {
    const seat = fc.integer({ min: 0, max: 3 });
    const seated = fc.oneof(
      // Any action against a version that is not the table's.
      fc.record({
        t: fc.constant("act"),
        table: table(),
        id: actionId,
        version: fc.nat(1000).filter((v) => v !== version),
        action: anyAction,
      }),
      // The table's version, but not this seat's turn (a resignation would be accepted: not sent).
      fc.record({
        t: fc.constant("act"),
        table: table(),
        id: actionId,
        version: fc.constant(version),
        action: fc.oneof(play, fc.constant({ type: "pass" })),
      }),
      fc.record({ t: fc.constant("rematch"), table: table() }),
    );
    await fc.assert(
      fc.asyncProperty(seat, seated, async (s, m) => {
        // The poser's own turn: only what the pose refuses (not 0-0 alone, which is the pose).
        if (s === poser && m.t === "act" && m.version === version && m.action.type === "play")
          fc.pre(m.action.bone !== "0-0" || m.action.target !== undefined);
        const refusal = await expectRefused(s, JSON.stringify(m));
        if (m.t === "rematch") expect(refusal.code).toBe("not-finished");
        else if (m.version !== version) expect(refusal.code).toBe("stale");
        else if (s !== poser) expect(refusal.code).toBe("not-your-turn");
        else
          expect(["wrong-pose", "not-held", "unknown-target", "pose-has-target", "must-pose"]).toContain(refusal.code);
      }),
      options(RUNS),
    );
  });

  it("a page from another origin: bye bad-origin before anything; the server's own origin is welcome", async () => {
    const host = new URL(server.url).host;
    for (const origin of ["https://evil.example", `http://${host}.evil.example`, "null", "http://localhost:1"]) {
      const probe = await Probe.open(server.url, undefined, { origin });
      const bye = JSON.parse(await probe.until((m) => m.t === "bye"));
      expect(bye.refusal.code).toBe("bad-origin");
      await probe.until(() => false, 2000).catch(() => {});
      expect(probe.closed).not.toBeNull();
    }
    const same = await Probe.open(server.url, tokens[4], { origin: `http://${host}` });
    same.send(JSON.stringify({ t: "ping" }));
    await same.until((m) => m.t === "pong");
    same.close();
    expect(await snapshot()).toEqual(before);
  });

  it("a flood: rate-limited, then bye and the socket closed; the server stays up", async () => {
    const probe = await Probe.open(server.url, tokens[4]);
    for (let i = 0; i < 150; i++) probe.send(JSON.stringify({ t: "ping" }));
    await probe.until(() => false, 3000).catch(() => {});
    const kinds = probe.frames.map((f) => JSON.parse(f));
    expect(kinds.filter((m) => m.t === "pong").length).toBeGreaterThanOrEqual(35);
    expect(kinds.filter((m) => m.t === "refused" && m.refusal.code === "rate-limited").length).toBeGreaterThan(0);
    expect(kinds.at(-1)).toMatchObject({ t: "bye", refusal: { code: "rate-limited" } });
    expect(probe.closed).not.toBeNull();
    const fresh = await Probe.open(server.url, tokens[4]);
    fresh.send(JSON.stringify({ t: "ping" }));
    await fresh.until((m) => m.t === "pong");
    fresh.close();
    expect(await snapshot()).toEqual(before);
  });
});

describe("fuzzing HTTP", () => {
  /** Checks a refused request: 4xx, `{error: {code, message}}`, no stack trace. */
  async function expectHttpRefusal(response: Response, statuses?: number[]): Promise<Frame> {
    const text = await response.text();
    expect(response.status, text).toBeGreaterThanOrEqual(400);
    expect(response.status, text).toBeLessThan(500);
    if (statuses) expect(statuses, text).toContain(response.status);
    expect(STACK.test(text), text).toBe(false);
    const body = JSON.parse(text);
    expect(Object.keys(body), text).toEqual(["error"]);
    expect(CODES.has(body.error.code), text).toBe(true);
    expect(typeof body.error.message).toBe("string");
    return body.error;
  }

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });

  it("bad guests: bad JSON, wrong shapes, bad names, huge bodies, other content types", async () => {
    const bad = fc.oneof(
      malformed,
      fc.jsonValue().map((v) => JSON.stringify({ name: v })),
      fc.string({ minLength: 25, maxLength: 60 }).map((name) => JSON.stringify({ name: `x${name}`.padEnd(25, "y") })),
      fc.constant(JSON.stringify({ name: "Ana\u0007" })),
    );
    await fc.assert(
      fc.asyncProperty(bad, async (body) => {
        fc.pre(!validGuest(body));
        await expectHttpRefusal(await post("/api/guests", body));
      }),
      options(RUNS),
    );
    await expectHttpRefusal(await post("/api/guests", JSON.stringify({ name: "x".repeat(5000) })), [413]);
    await expectHttpRefusal(
      await post("/api/guests", "name=Ana", { "content-type": "application/x-www-form-urlencoded" }),
    );
    await expectHttpRefusal(await post("/api/guests", "{", {}), [400]);
  });

  it("bad tables: missing and forged bearer tokens, bad setups, huge bodies", async () => {
    const good = {
      game: "partner",
      players: 4,
      options: {},
      seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
      clock: null,
      private: true,
    };
    const badSetup = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc
        .tuple(fc.constantFrom(...Object.keys(good)), fc.jsonValue({ maxDepth: 2 }))
        .map(([k, v]) => ({ ...good, [k]: v })),
      fc.constant({ ...good, seats: ["bot:easy", "bot:easy", "bot:easy", "bot:easy"] }),
      fc.constant({ ...good, seats: ["human", "human"] }),
      fc.constant({ ...good, clock: null, private: false }),
      fc.constant({ ...good, options: { target: 100 } }),
      fc.constant({ ...good, game: "french", options: { target: 0 } }),
      fc.constant({ ...good, game: "cutthroat", players: 5 }),
      fc.constant({ ...good, clock: { move: 1, bank: 0 } }),
    );
    const auth = { authorization: `Bearer ${tokens[4]}` };
    await fc.assert(
      fc.asyncProperty(badSetup, async (setup) => {
        fc.pre(!checkSetup(setup).ok);
        await expectHttpRefusal(await post("/api/tables", JSON.stringify({ setup }), auth), [400]);
      }),
      options(RUNS),
    );
    const tables = JSON.stringify({ setup: good });
    const forged: Record<string, string>[] = [
      {},
      { authorization: "Bearer" },
      { authorization: `Bearer ${tokens[4]}x` },
      { authorization: `Bearer g1.${ids[1]}.${"A".repeat(43)}` },
      { authorization: `Basic ${tokens[4]}` },
      { authorization: `Bearer ${"x".repeat(300)}` },
    ];
    for (const headers of forged) {
      await expectHttpRefusal(await post("/api/tables", tables, headers), [401]);
      for (const path of ["/api/me/tables", "/api/me/games"])
        await expectHttpRefusal(await fetch(`${server.url}${path}`, { headers }), [401]);
    }
    await expectHttpRefusal(
      await post("/api/tables", JSON.stringify({ setup: good, pad: "x".repeat(10_000) }), auth),
      [413],
    );
    await expectHttpRefusal(await post("/api/tables", '{"setup":', auth), [400]);
    await expectHttpRefusal(await fetch(`${server.url}/api/tables/ZZZZZZ/record`), [404]);
    await expectHttpRefusal(await fetch(`${server.url}/api/tables/${"%00".repeat(20)}/record`), [404]);
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999", "1e3"])
      await expectHttpRefusal(await fetch(`${server.url}/api/games/${id}`), [404]);
    expect(await snapshot()).toEqual(before);
  });
});
