/**
 * The protocol's one client (client.ts), on scripted sockets and a fake clock: hello first, tables
 * followed again and unanswered actions sent again after a reconnect, a missed patch answered by
 * watching the table again, a silent socket dropped, a pace kept, and the ways it gives up.
 */

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ClientEvents, type ClientOptions, ProtocolClient, type SocketLike } from "../src/client.js";
import type { ServerMessage } from "../src/messages.js";
import { exampleFrame } from "./example-frames.js";

class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }
  close(): void {
    this.readyState = 3;
  }
  /** The server's side. */
  accept(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  say(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: "" });
  }
  kinds(): unknown[] {
    return this.sent.map((m) => m.t);
  }
}

const WELCOME = { t: "welcome", protocol: "crossbones/2", player: { id: "p1", name: "Ana" } };
const TABLE = JSON.parse(JSON.stringify(exampleFrame("french", 4)));
const CODE: string = TABLE.table.code;

let sockets: FakeSocket[];
let received: ServerMessage[];
let fatal: { reason: string; unreachable: boolean; code: string | null }[];

function client(options: Partial<ClientOptions> = {}, events?: ClientEvents): ProtocolClient {
  return new ProtocolClient(
    {
      url: "ws://test/ws",
      token: "g2.token",
      open: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      backoff: { first: 100, max: 1000 },
      quietMs: 3000,
      ...options,
    },
    events ?? {
      message: (m) => received.push(m),
      fatal: (reason, unreachable, refusal) => fatal.push({ reason, unreachable, code: refusal?.code ?? null }),
    },
  ).start();
}

/** The last socket, accepted and welcomed. */
function welcome(): FakeSocket {
  const s = sockets.at(-1) as FakeSocket;
  s.accept();
  s.say(WELCOME);
  return s;
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  received = [];
  fatal = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the protocol's client", () => {
  it("says hello first, follows its tables once welcomed, and again after a reconnect", () => {
    const c = client();
    c.watch(CODE);
    c.sit("ABCDEFGHJK", 2);
    sockets[0].accept();
    expect(sockets[0].sent).toEqual([{ t: "hello", protocol: "crossbones/2", token: "g2.token" }]);
    sockets[0].say(WELCOME);
    expect(sockets[0].sent.slice(1)).toEqual([
      { t: "watch", table: CODE },
      { t: "sit", table: "ABCDEFGHJK", seat: 2 },
    ]);
    sockets[0].drop();
    expect(c.status).toBe("reconnecting");
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    welcome();
    // The seat is the player's: after a reconnect both tables are watched.
    expect(sockets[1].sent.slice(1)).toEqual([
      { t: "watch", table: CODE },
      { t: "watch", table: "ABCDEFGHJK" },
    ]);
    c.close();
  });

  it("sends again, with the same id and version, an action whose answer never came; not an answered one", () => {
    const c = client();
    welcome();
    const answered = c.act(CODE, 4, { type: "pass" });
    const lost = c.act(CODE, 5, { type: "play", bone: "3-4", target: "N" });
    sockets[0].say({ t: "ack", id: answered, version: 5 });
    sockets[0].drop();
    vi.advanceTimersByTime(1000);
    welcome();
    const acts = sockets[1].sent.filter((m) => m.t === "act");
    expect(acts).toEqual([
      { t: "act", table: CODE, id: lost, version: 5, action: { type: "play", bone: "3-4", target: "N" } },
    ]);
    // An action made while the link is down waits for it, and may be taken back until then.
    sockets[1].drop();
    const waiting = c.act(CODE, 6, { type: "pass" });
    expect(c.withdraw(waiting)).toBe(true);
    expect(c.withdraw(lost)).toBe(false);
    c.close();
  });

  it("applies patches to its copy, and asks for the whole table again when one was missed", () => {
    const c = client();
    c.watch(CODE);
    const s = welcome();
    s.say(TABLE);
    const seq: number = TABLE.seq;
    s.say({ t: "patch", table: CODE, from: seq, to: seq + 1, ops: [["=", "/table/turnMs", 12_000]] });
    const last = received.at(-1);
    expect(last?.t === "table" && last.seq === seq + 1 && last.table.turnMs).toBe(12_000);
    expect(c.table(CODE)?.table.turnMs).toBe(12_000);
    // The same patch again changes nothing; one after a missing frame asks for the table, once.
    const before = received.length;
    s.say({ t: "patch", table: CODE, from: seq, to: seq + 1, ops: [["=", "/table/turnMs", 1]] });
    s.say({ t: "patch", table: CODE, from: seq + 2, to: seq + 3, ops: [] });
    s.say({ t: "patch", table: CODE, from: seq + 3, to: seq + 4, ops: [] });
    expect(received.length).toBe(before);
    expect(s.sent.filter((m) => m.t === "watch")).toHaveLength(2);
    // A patch that makes no table message is not taken either.
    s.say({ ...TABLE, seq: seq + 4 });
    s.say({ t: "patch", table: CODE, from: seq + 4, to: seq + 5, ops: [["=", "/view/phase", "nap"]] });
    expect(c.table(CODE)).toBeUndefined();
    expect(s.sent.filter((m) => m.t === "watch")).toHaveLength(3);
    c.close();
  });

  it("as a followed table's fair-deal witness: sends the seat's seed for a coming deal, again on a new connection", () => {
    const checks: unknown[] = [];
    const c = client({}, { dealCheck: (table, check) => checks.push([table, check]) });
    c.watch(CODE);
    const s = welcome();
    // The next deal is committed to, and this seat's seed is not in yet.
    const coming = { ...TABLE.table.fair, hand: 3, dealt: false, seeded: [] };
    s.say({ ...TABLE, table: { ...TABLE.table, fair: coming } });
    const seeds = () => sockets.flatMap((x) => x.sent.filter((m) => m.t === "seed"));
    expect(seeds()).toHaveLength(1);
    const [seed] = seeds();
    expect(seed).toMatchObject({ t: "seed", table: CODE, commitment: coming.commitment });
    expect(seed.seed).toMatch(/^[0-9a-f]{64}$/);
    // The same frame again soon after: not sent twice.
    s.say({ ...TABLE, seq: TABLE.seq + 1, table: { ...TABLE.table, fair: coming } });
    expect(seeds()).toHaveLength(1);
    // On a new connection it may have been lost: the same seed goes again.
    s.drop();
    vi.advanceTimersByTime(1000);
    const again = welcome();
    again.say({ ...TABLE, table: { ...TABLE.table, fair: coming } });
    expect(seeds()).toEqual([seed, seed]);
    // Another table this client does not follow: no witness, no seed.
    again.say({ ...TABLE, table: { ...TABLE.table, code: "ZZZZZZZZZZ", fair: coming } });
    expect(seeds()).toHaveLength(2);
    expect(checks).toEqual([]);
    c.close();
  });

  it("sends no seed for a client that does not listen for deal checks", () => {
    const c = client();
    c.watch(CODE);
    const s = welcome();
    s.say({ ...TABLE, table: { ...TABLE.table, fair: { ...TABLE.table.fair, hand: 3, dealt: false, seeded: [] } } });
    expect(s.kinds()).not.toContain("seed");
    c.close();
  });

  it("pings a quiet socket and drops one silent for three times as long", () => {
    const c = client();
    const s = welcome();
    vi.advanceTimersByTime(4000);
    expect(s.kinds()).toContain("ping");
    vi.advanceTimersByTime(6000);
    expect(s.readyState).toBe(3);
    expect(c.status).toBe("reconnecting");
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    c.close();
  });

  it("keeps its pace: a burst goes at once, the rest as the pace allows", () => {
    const c = client({ pace: { perSecond: 10, burst: 5 } });
    const s = welcome();
    for (let i = 0; i < 9; i++) c.send({ t: "next", table: CODE });
    // hello, then the burst less the hello's token.
    expect(s.kinds().filter((k) => k === "next")).toHaveLength(4);
    vi.advanceTimersByTime(1000);
    expect(s.kinds().filter((k) => k === "next")).toHaveLength(9);
    c.close();
  });

  it("gives up when told to go for good, on a first connection that fails, and after giveUpMs", () => {
    client();
    welcome().say({ t: "bye", refusal: { code: "bad-token", message: "no" }, retry: false });
    expect(fatal.at(-1)).toMatchObject({ code: "bad-token", unreachable: false });

    client({ failFirst: true });
    sockets.at(-1)?.drop();
    expect(fatal.at(-1)).toMatchObject({ unreachable: true });
    expect(fatal.at(-1)?.reason).toMatch(/cannot connect to ws:\/\/test\/ws/);

    const count = sockets.length;
    client({ giveUpMs: 5000 });
    welcome();
    for (let i = 0; i < 20 && fatal.length < 3; i++) {
      sockets.at(-1)?.drop();
      vi.advanceTimersByTime(1000);
    }
    expect(sockets.length).toBeGreaterThan(count + 2);
    expect(fatal.at(-1)?.reason).toMatch(/could not connect again in 5 s/);
  });
});
