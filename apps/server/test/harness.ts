/**
 * Real servers and real sockets for the online tests: a server on a free port with its own data
 * directory (started in process, or as a child process that can be killed), and scripted clients
 * over `ws` that read every frame with the protocol's own schema.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROTOCOL, readServerMessage, type ServerMessage, TableCopies, type TableSetup } from "@crossbones/protocol";
import type { Timing } from "@crossbones/table";
import { afterAll, expect } from "vitest";
import WebSocket from "ws";
import { buildServer, type Server } from "../src/app.js";
import type { OnlineOptions } from "../src/online/hub.js";
import type { RouteOptions } from "../src/online/routes.js";
import { actionOf } from "./players.js";

/** Tables that move at once (they still close after the usual idle times). */
/** One person and three easy bots, French to 20, private: a table most tests can play out fast. */
export const PRACTICE: TableSetup = {
  game: "french",
  players: 4,
  options: { target: 20 },
  seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
  clock: null,
  private: true,
};

export const FAST: Partial<Timing> = { botDelay: 0, handPause: 0, forcedPass: 0, seedWait: 0 };
/** The test servers' METRICS_TOKEN: `/metrics` answers `Authorization: Bearer` it only. */
export const METRICS_TOKEN = "metrics-token-for-tests";
export const METRICS_AUTH = { authorization: `Bearer ${METRICS_TOKEN}` };

export interface TestServer {
  readonly url: string;
  readonly server: Server;
  readonly dataDir: string;
  close(): Promise<void>;
}

export async function startServer(
  options: {
    dataDir?: string;
    timing?: Partial<Timing>;
    quickWait?: number;
    origins?: string[];
    socketsPerAddress?: number;
    requestsPerMinute?: number;
    tablesPerAddress?: number;
    heartbeatMs?: number;
    /** Anything else of the hub's (a fake clock's `now` and `timers`, the lifecycle's limits…). */
    online?: Partial<OnlineOptions & RouteOptions>;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "crossbones-online-"));
  const server = await buildServer({
    root: false,
    // One address (127.0.0.1) plays every seat here: no per-address limits unless a test sets them.
    http: { connectionsPerAddress: 1_000_000 },
    online: {
      dataDir,
      timing: { ...FAST, ...options.timing },
      quickWait: options.quickWait,
      origins: options.origins,
      socketsPerAddress: options.socketsPerAddress ?? 1_000_000,
      requestsPerMinute: options.requestsPerMinute ?? 1_000_000,
      tablesPerAddress: options.tablesPerAddress ?? 1_000_000,
      guessesPerWindow: 1_000_000,
      missesPerSocket: 1_000_000,
      // One machine plays every person here: quick match may seat them together.
      quickOnePerDevice: false,
      heartbeatMs: options.heartbeatMs,
      metricsToken: METRICS_TOKEN,
      ...options.online,
    },
  });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const address = server.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    dataDir,
    close: async () => {
      await server.app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function guest(
  url: string,
  name: string,
): Promise<{ token: string; player: { id: string; name: string } }> {
  const r = await fetch(`${url}/api/guests`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  if (!r.ok) throw new Error(`guest: ${r.status} ${await r.text()}`);
  return r.json() as Promise<{ token: string; player: { id: string; name: string } }>;
}

/** A POST of `body` as JSON to `path` as `token`'s player: its status and JSON answer (null for 204). */
export async function post(url: string, token: string, path: string, body: unknown = {}) {
  const r = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: r.status === 204 ? null : await r.json() };
}

export async function createTable(url: string, token: string, setup: TableSetup): Promise<string> {
  const r = await fetch(`${url}/api/tables`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ setup }),
  });
  const body = (await r.json()) as { code?: string; error?: unknown };
  if (!body.code) throw new Error(`create table: ${JSON.stringify(body)}`);
  return body.code;
}

/**
 * A scripted client: every frame it receives (raw text too), checked with the protocol schema. A
 * table's patches are applied to its copy, as every client does: `messages` holds the whole table
 * each makes (a missed frame is asked for again, as every client does).
 */
export class TestClient {
  readonly frames: string[] = [];
  readonly messages: ServerMessage[] = [];
  readonly copies = new TableCopies();
  /** Frames the protocol's schema refused (a test asserts there are none). */
  readonly invalid: string[] = [];
  private readonly waiters: { test: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const text = data.toString();
      this.frames.push(text);
      const read = readServerMessage(text);
      if (!read.ok) {
        this.invalid.push(`${read.reason}: ${text.slice(0, 200)}`);
        return;
      }
      const { message, resync } = this.copies.receive(read.message);
      if (resync !== null) this.send({ t: "watch", table: resync });
      if (!message) return;
      this.messages.push(message);
      for (const w of [...this.waiters]) {
        if (w.test(message)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(message);
        }
      }
    });
  }

  static async connect(url: string, token?: string, headers: Record<string, string> = {}): Promise<TestClient> {
    const socket = new WebSocket(`${url.replace("http", "ws")}/ws`, { headers });
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    const client = new TestClient(socket);
    if (token) {
      client.send({ t: "hello", protocol: PROTOCOL, token });
      await client.next((m) => m.t === "welcome" || m.t === "bye");
    }
    return client;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The next message (from now on) that passes `test`. */
  next<M extends ServerMessage>(test: (m: ServerMessage) => m is M, ms?: number): Promise<M>;
  next(test: (m: ServerMessage) => boolean, ms?: number): Promise<ServerMessage>;
  next(test: (m: ServerMessage) => boolean, ms = 10_000): Promise<ServerMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no such message in time")), ms);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /** The latest table message for `code`, if any. */
  latest(code: string): Extract<ServerMessage, { t: "table" }> | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const m = this.messages[i];
      if (m.t === "table" && m.table.code === code) return m;
    }
    return undefined;
  }

  close(): void {
    this.socket.close();
  }
}

export type TableMessage = Extract<ServerMessage, { t: "table" }>;

/** For `client.next`: a table message of table `code`. */
export const isTable =
  (code: string) =>
  (m: ServerMessage): m is TableMessage =>
    m.t === "table" && m.table.code === code;

/**
 * What a message of table `code` says of `seat`'s person (connected, away): a whole `table` frame
 * or the small `presence` message that says only that. Null for any other message.
 */
export function seatShown(code: string, m: ServerMessage, seat: number): { connected: boolean; away: boolean } | null {
  if (m.t === "table" && m.table.code === code) return m.table.seats[seat];
  if (m.t === "presence" && m.table === code) return m.seats[seat];
  return null;
}

/** Waits until what `client` last heard of `seat` at table `code` (a frame or a presence message) passes `test`. */
export async function seatReaches(
  client: TestClient,
  code: string,
  seat: number,
  test: (shown: { connected: boolean; away: boolean }) => boolean,
  ms?: number,
): Promise<void> {
  for (let i = client.messages.length - 1; i >= 0; i--) {
    const shown = seatShown(code, client.messages[i], seat);
    if (shown) {
      if (test(shown)) return;
      break;
    }
  }
  await client.next((m) => {
    const shown = seatShown(code, m, seat);
    return shown !== null && test(shown);
  }, ms);
}

/**
 * Servers and clients of a test file, closed when it ends; every frame any client received must
 * have passed the protocol's schema and hold no stack trace.
 */
export function tracked(): {
  server: (options?: Parameters<typeof startServer>[0]) => Promise<TestServer>;
  connect: (s: TestServer, token?: string) => Promise<TestClient>;
} {
  const servers: TestServer[] = [];
  const clients: TestClient[] = [];
  afterAll(async () => {
    for (const c of clients) {
      expect(c.invalid).toEqual([]);
      for (const f of c.frames) expect(/\n\s+at |Error:/.test(f), f).toBe(false);
      c.close();
    }
    await Promise.all(servers.map((s) => s.close()));
  });
  return {
    server: async (options = {}) => {
      const s = await startServer(options);
      servers.push(s);
      return s;
    },
    connect: async (s, token) => {
      const c = await TestClient.connect(s.url, token);
      clients.push(c);
      return c;
    },
  };
}

/** How long `autoPlay` waits for a frame before it asks for its table whole again (ms). */
const QUIET_MS = 5_000;

/** Action ids of `autoPlay`: the client's own, unique per seat (a reused one is taken for a resend). */
let autoIds = 0;

/**
 * Plays `client`'s seat (the first legal move, at once) until `until` holds for a table message
 * (checked on every one, so it should hold at the end of the game too); `done` gives that
 * message, or null after `stop()`. An action the server could not take yet (`rate-limited`: a
 * fast table can outrun a person's limit) is made again a moment later.
 */
export function autoPlay(
  client: TestClient,
  code: string,
  until: (m: TableMessage) => boolean = (m) => m.view.finished,
  /** Which of `count` legal moves to play (the first, unless a test wants players to differ). */
  pick: (count: number) => number = () => 0,
): { done: Promise<TableMessage | null>; stop: () => void } {
  let stopped = false;
  const acted = new Set<number>();
  const done = (async (): Promise<TableMessage | null> => {
    for (;;) {
      const m = client.latest(code);
      if (stopped) return null;
      if (m && until(m)) return m;
      const view = m?.view;
      let id: string | null = null;
      if (view?.you && view.turn === view.seat && view.you.legalMoves.length > 0 && !acted.has(view.version)) {
        acted.add(view.version);
        id = `auto-${autoIds++}`;
        client.send({
          t: "act",
          table: code,
          id,
          version: view.version,
          action: actionOf(view.you.legalMoves[pick(view.you.legalMoves.length)]),
        });
      }
      const sent = id;
      let next: ServerMessage;
      try {
        next = await client.next(
          (x) => isTable(code)(x) || (x.t === "refused" && x.id === sent && x.refusal.code === "rate-limited"),
          QUIET_MS,
        );
      } catch (e) {
        // Nothing for a while: a loaded machine may have lost our copy of the table (a resync's
        // `watch` refused as too fast, say). Ask for the table whole, as a client would.
        if (client.socket.readyState !== WebSocket.OPEN) throw e;
        if (view) acted.delete(view.version);
        client.send({ t: "watch", table: code });
        continue;
      }
      if (next.t === "refused" && view) {
        acted.delete(view.version);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  })();
  return {
    done,
    stop: () => {
      stopped = true;
    },
  };
}

/** Waits, turn by turn of the event loop, until `test` holds (the server's work is ours to wait for). */
export async function waitFor(test: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error("waited too long");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A player's first move through a `Connection` with no network under it, as its client would make
 * it: hello, watch `code`, wait for its turn (every frame sent so far read, patches applied), then
 * the first legal move under action id `id`. `sent`: every frame the connection's socket was given.
 */
export async function firstMove(
  connection: { receive(text: string): void },
  token: string,
  code: string,
  id: string,
  sent: () => readonly string[],
): Promise<void> {
  const copies = new TableCopies();
  let read = 0;
  let table: TableMessage | null = null;
  const myTurn = (): boolean => {
    const frames = sent();
    for (; read < frames.length; read++) {
      const m = copies.receive(JSON.parse(frames[read]) as ServerMessage).message;
      if (m?.t === "table") table = m;
    }
    return table !== null && table.view.turn === table.view.seat && (table.view.you?.legalMoves.length ?? 0) > 0;
  };
  connection.receive(JSON.stringify({ t: "hello", protocol: PROTOCOL, token }));
  connection.receive(JSON.stringify({ t: "watch", table: code }));
  await waitFor(myTurn);
  const at = table as unknown as TableMessage;
  const action = actionOf(at.view.you?.legalMoves[0] as string);
  connection.receive(JSON.stringify({ t: "act", table: code, id, version: at.view.version, action }));
}
