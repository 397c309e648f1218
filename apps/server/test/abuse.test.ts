/**
 * What one person could do to others' games (issue 25): queue ghosts, take several seats of one
 * quick-match table, fill the server's memory by reading nothing, watch without end. Each test
 * fails on the server before these limits.
 */

import { PROTOCOL, type ServerMessage } from "@crossbones/protocol";
import { describe, expect, it } from "vitest";
import { CONGESTED, Connection, MAX_WATCHED } from "../src/online/connection.js";
import { Guesses } from "../src/online/guesses.js";
import type { Hub } from "../src/online/hub.js";
import { MAX_SPECTATORS } from "../src/online/table.js";
import {
  autoPlay,
  createTable,
  firstMove,
  guest,
  isTable,
  PRACTICE,
  type TableMessage,
  tracked,
  waitFor,
} from "./harness.js";

const { server, connect } = tracked();

describe("one identity per socket, quick match without ghosts", () => {
  it("a second hello as another player is refused: the socket stays the first player's", async () => {
    const s = await server();
    const [ana, ben] = [await guest(s.url, "Ana"), await guest(s.url, "Ben")];
    const c = await connect(s, ana.token);
    c.send({ t: "hello", protocol: PROTOCOL, token: ben.token });
    expect(await c.next((m) => m.t === "refused")).toMatchObject({ refusal: { code: "already-hello" } });
    // The same player saying hello again is welcome (a client that lost track).
    c.send({ t: "hello", protocol: PROTOCOL, token: ana.token });
    expect(await c.next((m) => m.t === "welcome")).toMatchObject({ player: { name: "Ana" } });
  });

  it("one device never gets two seats of a quick-match table: its second guest waits for another table", async () => {
    const s = await server({ quickWait: 300, online: { quickOnePerDevice: true } });
    const [ana, ghost] = [await guest(s.url, "Ana"), await guest(s.url, "Ghost")];
    const a = await connect(s, ana.token);
    const g = await connect(s, ghost.token);
    a.send({ t: "queue", game: "cutthroat", players: 2 });
    await a.next((m) => m.t === "queued");
    g.send({ t: "queue", game: "cutthroat", players: 2 });
    // Two guests from one address: not a table of two. After the wait, Ana's table fills with a bot.
    const queued = (await g.next((m) => m.t === "queued")) as Extract<ServerMessage, { t: "queued" }>;
    expect(queued.waiting).toBe(2);
    const mine = (await a.next((m) => m.t === "matched", 5000)) as { table: string };
    a.send({ t: "watch", table: mine.table });
    const table = await a.next(isTable(mine.table));
    expect(table.table.seats.map((x) => x.name)).not.toContain("Ghost");
  });

  it("a queue entry lives only while its socket does", async () => {
    const s = await server({ quickWait: 60_000, online: { quickOnePerDevice: false } });
    const [ana, ben] = [await guest(s.url, "Ana"), await guest(s.url, "Ben")];
    const a = await connect(s, ana.token);
    a.send({ t: "queue", game: "cutthroat", players: 2 });
    await a.next((m) => m.t === "queued");
    a.close();
    await new Promise((resolve) => a.socket.once("close", resolve));
    const b = await connect(s, ben.token);
    b.send({ t: "queue", game: "cutthroat", players: 2 });
    // Ben waits alone: Ana's socket is gone, and her entry with it.
    expect(await b.next((m) => m.t === "queued")).toMatchObject({ waiting: 1 });
  });
});

describe("player keys", () => {
  it("signing out other devices: a new key, every older one refused and its sockets closed", async () => {
    const s = await server();
    const ana = await guest(s.url, "Ana");
    const other = await connect(s, ana.token);
    const me = (token: string) => fetch(`${s.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    const bye = other.next((m) => m.t === "bye");
    const rotated = await fetch(`${s.url}/api/me/key`, {
      method: "POST",
      headers: { authorization: `Bearer ${ana.token}` },
    });
    const { token } = (await rotated.json()) as { token: string };
    expect(token).not.toBe(ana.token);
    // The other device's socket is told its key is no good, and closed.
    expect(await bye).toMatchObject({ refusal: { code: "bad-token" }, retry: false });
    expect((await me(ana.token)).status).toBe(401);
    expect(await (await me(token)).json()).toEqual({ player: ana.player });
    const again = await connect(s, token);
    expect(again.messages.some((m) => m.t === "welcome")).toBe(true);
  });
});

describe("names at a table", () => {
  it("nobody sits under a name that can be taken for the name of someone at the table", async () => {
    const s = await server();
    const ana = await guest(s.url, "Ana");
    const code = await createTable(s.url, ana.token, { ...PRACTICE, seats: ["human", "human", "human", "bot:easy"] });
    // A Cyrillic А, then the same name in capitals: each can be taken for the name already there.
    for (const name of ["\u0410na", "ANA"]) {
      const fake = await connect(s, (await guest(s.url, name)).token);
      fake.send({ t: "sit", table: code });
      expect(await fake.next((m) => m.t === "refused")).toMatchObject({ refusal: { code: "name-too-like", seat: 0 } });
    }
    const anna = await connect(s, (await guest(s.url, "Anna")).token);
    anna.send({ t: "sit", table: code });
    expect((await anna.next(isTable(code))).table.you).toBe(1);
  });
});

describe("private games", () => {
  it("a finished game is found by an unguessable id only, and nothing in its record names the table's code", async () => {
    const s = await server();
    const ana = await guest(s.url, "Ana");
    const code = await createTable(s.url, ana.token, PRACTICE);
    const a = await connect(s, ana.token);
    a.send({ t: "watch", table: code });
    // She plays the first hand, then resigns: the game is over and kept.
    await autoPlay(a, code, (m) => m.view.handIndex >= 1 || m.view.finished).done;
    for (let tries = 0; !a.latest(code)?.view.finished; tries++) {
      expect(tries).toBeLessThan(20);
      const version = (a.latest(code) as TableMessage).view.version;
      const answer = a.next((m) => m.t === "ack" || m.t === "refused");
      a.send({ t: "act", table: code, id: `give-up-${tries}`, version, action: { type: "resign" } });
      // A bot may have moved first (stale): she resigns again against the table as it is.
      if ((await answer).t === "ack" && !a.latest(code)?.view.finished)
        await a.next((m): m is TableMessage => isTable(code)(m) && m.view.finished);
    }
    const mine = (await (
      await fetch(`${s.url}/api/me/games`, { headers: { authorization: `Bearer ${ana.token}` } })
    ).json()) as { games: { id: string; code: string }[] };
    expect(mine.games).toHaveLength(1);
    const { id } = mine.games[0];
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const text = await (await fetch(`${s.url}/api/games/${id}`)).text();
    const record = JSON.parse(text) as { hands: { fair?: { table: string } }[] };
    expect(record.hands.length).toBeGreaterThan(0);
    expect(record.hands.every((h) => h.fair && !h.fair.table.includes(code))).toBe(true);
    expect(text).not.toContain(code);
    // Sequential ids are gone: the first game of the server is not "1".
    for (const guess of ["1", "0", "2"]) expect((await fetch(`${s.url}/api/games/${guess}`)).status).toBe(404);
  });
});

describe("guessing table codes", () => {
  it("codes that lead nowhere close the socket after 10, and stop the address after 30; private codes are 10 letters", async () => {
    const s = await server({ online: { guessesPerWindow: 30, missesPerSocket: 10 } });
    const ana = await guest(s.url, "Ana");
    const code = await createTable(s.url, ana.token, PRACTICE);
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    const letters = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    const tries = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => `ZZZZ${letters[Math.floor((from + i) / 31)]}${letters[(from + i) % 31]}`);
    // One socket: ten misses are answered, the eleventh ends it.
    const c = await connect(s, ana.token);
    for (const guess of tries(11)) c.send({ t: "watch", table: guess });
    expect(await c.next((m) => m.t === "bye")).toMatchObject({ refusal: { code: "rate-limited" }, retry: false });
    expect(c.messages.filter((m) => m.t === "refused" && m.refusal.code === "unknown-table")).toHaveLength(11);
    // The address has 11 misses; 19 more over the record route and another socket, then nothing is found.
    for (const guess of tries(15, 11)) expect((await fetch(`${s.url}/api/tables/${guess}/record`)).status).toBe(404);
    const d = await connect(s, ana.token);
    for (const guess of tries(4, 26)) {
      d.send({ t: "watch", table: guess });
      await d.next((m) => m.t === "refused");
    }
    d.send({ t: "watch", table: code });
    expect(await d.next((m) => m.t === "refused")).toMatchObject({ refusal: { code: "rate-limited" } });
    expect((await fetch(`${s.url}/api/tables/${code}/record`)).status).toBe(429);
  });
});

describe("back-pressure and crowds", () => {
  it("a client that reads nothing gets no more frames queued; once it drains, the table whole", async () => {
    const s = await server();
    const hub = s.server.hub as Hub;
    const ana = await guest(s.url, "Ana");
    const code = await createTable(s.url, ana.token, PRACTICE);
    // A watcher's socket, as the connection sees it: how much waits for the client is ours to say.
    const sent: string[] = [];
    let buffered = 0;
    const watcher = new Connection(
      hub,
      { send: (text) => sent.push(text), close: () => {}, buffered: () => buffered },
      "watcher",
      new Guesses(),
    );
    watcher.receive(JSON.stringify({ t: "hello", protocol: PROTOCOL, token: (await guest(s.url, "Wat")).token }));
    watcher.receive(JSON.stringify({ t: "watch", table: code }));
    const a = await connect(s, ana.token);
    a.send({ t: "watch", table: code });
    // Ana plays into the second hand (the first hand's result is then in the game).
    const play = autoPlay(a, code, (m) => m.view.handIndex >= 1 || m.view.finished);
    await waitFor(() => sent.some((t) => t.startsWith('{"t":"table"')));
    // The client stops reading: frames wait beyond CONGESTED bytes. None is queued any more.
    buffered = CONGESTED + 1;
    const before = sent.length;
    const at = (await play.done) as TableMessage;
    expect(sent.length).toBe(before);
    // It reads again: the table as it stands now, with every result of the game.
    buffered = 0;
    await waitFor(() => sent.length > before);
    const frame = JSON.parse(sent[before]) as TableMessage;
    expect(frame.t).toBe("table");
    expect(frame.view.version).toBeGreaterThanOrEqual(at.view.version);
    // The first hand's result was in the frames it missed: it comes again.
    expect(frame.view.results[0]).not.toBeNull();
    watcher.closed();
  });

  it("an action's frame and its acknowledgement leave in one write to the network", async () => {
    const s = await server();
    const hub = s.server.hub as Hub;
    const ana = await guest(s.url, "Ana");
    const code = await createTable(s.url, ana.token, PRACTICE);
    // Ana's socket as the connection sees it: what is sent while it is held is one write.
    const writes: string[][] = [];
    let held: string[] | null = null;
    const socket = {
      send: (text: string) => (held ? held.push(text) : writes.push([text])),
      close: () => {},
      buffered: () => 0,
      hold: () => {
        held = [];
        return () => {
          if (held) writes.push(held);
          held = null;
        };
      },
    };
    const connection = new Connection(hub, socket, "ana", new Guesses());
    await firstMove(connection, ana.token, code, "one-write", () => writes.flat());
    await waitFor(() => writes.some((w) => w.some((t) => t.includes('"id":"one-write"'))));
    const write = writes.find((w) => w.some((t) => t.includes('"id":"one-write"'))) as string[];
    // The new position (a patch from the frame Ana held) and then the ack, together.
    expect(write.map((t) => (JSON.parse(t) as ServerMessage).t)).toEqual(["patch", "ack"]);
    expect(JSON.parse(write[0])).toMatchObject({ t: "patch", table: code });
    expect(JSON.parse(write[1])).toMatchObject({ t: "ack", id: "one-write" });
    connection.closed();
  });

  it(`a socket follows at most ${MAX_WATCHED} tables, and a table has at most ${MAX_SPECTATORS} watchers`, async () => {
    const s = await server();
    const ana = await guest(s.url, "Ana");
    const codes = await Promise.all(
      Array.from({ length: MAX_WATCHED + 1 }, () => createTable(s.url, ana.token, PRACTICE)),
    );
    const w = await connect(s, (await guest(s.url, "Wat")).token);
    for (const code of codes.slice(0, MAX_WATCHED)) {
      w.send({ t: "watch", table: code });
      await w.next(isTable(code));
    }
    w.send({ t: "watch", table: codes[MAX_WATCHED] });
    expect(await w.next((m) => m.t === "refused")).toMatchObject({ refusal: { code: "watching-too-many" } });
    // A crowd at one table: the watcher after the last allowed is refused; a seated player never is.
    const code = codes[0];
    const crowd = await Promise.all(
      Array.from({ length: MAX_SPECTATORS - 1 }, async (_, i) => connect(s, (await guest(s.url, `W${i}`)).token)),
    );
    for (const c of crowd) {
      c.send({ t: "watch", table: code });
      await c.next(isTable(code));
    }
    const late = await connect(s, (await guest(s.url, "Late")).token);
    late.send({ t: "watch", table: code });
    expect(await late.next((m) => m.t === "refused")).toMatchObject({ refusal: { code: "table-crowded" } });
    const a = await connect(s, ana.token);
    a.send({ t: "watch", table: code });
    expect((await a.next(isTable(code))).table.you).toBe(0);
  }, 60_000);
});
