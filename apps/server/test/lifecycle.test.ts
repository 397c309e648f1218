/**
 * Tables that live and die well, on a server whose clock the test moves (fake-clock.ts): idle
 * tables leave memory and a restart loads none of them; they close when their time comes; one table
 * whose log does not replay is that table's problem; rules are frozen when a table is made; table
 * floods are capped; seats free up before the first deal; who is here travels as small messages.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { OPTION_SPECS } from "@crossbones/engine";
import type { TableSetup } from "@crossbones/protocol";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import type { Hub } from "../src/online/hub.js";
import { FakeClock } from "./fake-clock.js";
import {
  autoPlay,
  createTable,
  guest,
  isTable,
  seatReaches,
  seatShown,
  startServer,
  type TableMessage,
  type TestServer,
  tracked,
} from "./harness.js";

const { server, connect } = tracked();
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "crossbones-lifecycle-"));
  dirs.push(dir);
  return dir;
}

const duel = (extra: Partial<TableSetup> = {}): TableSetup => ({
  game: "cutthroat",
  players: 2,
  options: { match: "straight" },
  seats: ["human", "human"],
  clock: null,
  private: true,
  ...extra,
});

/** A metric's value from the hub's registry (0 when absent). */
async function metric(hub: Hub, line: string): Promise<number> {
  const text = await hub.metrics.registry.metrics();
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found ? Number(found.split(" ").at(-1)) : 0;
}

/** Lets the server's own work (stores, evictions, loads) go on until `test` holds (real time: at most `ms`). */
async function settle(test: () => Promise<boolean>, state = async () => "", ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await test()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`the server never settled: ${await state()}`);
}

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe("the table lifecycle", () => {
  it("2,000 tables left idle leave memory (heap back near the empty server's) and a restart loads none", async () => {
    const clock = new FakeClock();
    const dir = dataDir();
    const online = { now: clock.now, timers: clock.timers };
    let s: TestServer = await startServer({ dataDir: dir, online });
    let hub = s.server.hub as Hub;
    const players = await Promise.all(Array.from({ length: 400 }, (_, i) => hub.newGuest(`Guest ${i}`)));
    // The empty server has made and let go of tables once already: what the first ones leave for
    // good (compiled code, prepared statements, metrics' series) is not what idle tables hold.
    const warmUp = await Promise.all(Array.from({ length: 40 }, (_, i) => hub.newGuest(`Early ${i}`)));
    for (const { player } of warmUp)
      for (let k = 0; k < 5; k++) expect((await hub.createTable(player, duel())).ok).toBe(true);
    await clock.advance(120_000);
    await settle(async () => (await metric(hub, "crossbones_tables_loaded")) === 0);
    const empty = heapAfterGc();
    for (const { player } of players)
      for (let k = 0; k < 5; k++) expect((await hub.createTable(player, duel())).ok).toBe(true);
    const full = heapAfterGc();
    expect(await metric(hub, "crossbones_tables_loaded")).toBe(2000);
    // Nobody follows them: EVICT_SECONDS (120 s) later they are out of memory.
    await clock.advance(120_000);
    await settle(async () => (await metric(hub, "crossbones_tables_loaded")) === 0);
    const after = heapAfterGc();
    expect(await metric(hub, "crossbones_tables_evicted_total")).toBe(200 + 2000);
    process.stdout.write(
      `2,000 idle tables: heap ${(empty / 1e6).toFixed(1)} MB empty, ${(full / 1e6).toFixed(1)} MB with them, ` +
        `${(after / 1e6).toFixed(1)} MB once they left memory\n`,
    );
    expect(after - empty).toBeLessThan((full - empty) / 5);
    // A restart loads none of them: nothing is due until they close.
    await s.close();
    s = await startServer({ dataDir: dir, online });
    hub = s.server.hub as Hub;
    await hub.sweep();
    expect(await metric(hub, "crossbones_tables_loaded")).toBe(0);
    // One is asked for: it is loaded again, as it was.
    const [ana] = players;
    const code = (await hub.store.tablesOf(ana.player.id))[0].code;
    const a = await connect(s, ana.token);
    a.send({ t: "watch", table: code });
    const m = await a.next(isTable(code));
    expect(m.table).toMatchObject({ status: "waiting", you: 0 });
    expect(await metric(hub, "crossbones_tables_loaded")).toBe(1);
    a.close();
    await settle(async () => hub.table(code)?.snapshot.online.length === 0);
    // IDLE_CLOSE_SECONDS (30 minutes) after nobody was at them, each is woken and closes.
    await clock.advance(1_800_000 + 30_000);
    const closed = () => metric(hub, 'crossbones_tables_closed_total{reason="idle"}');
    await settle(
      async () => (await closed()) === 200 + 2000,
      async () =>
        `${await closed()} closed, ${await metric(hub, "crossbones_tables_loaded")} loaded, ` +
        `${(await hub.store.dueTables(clock.now(), 5000)).length} due`,
    );
    expect(await hub.store.dueTables(clock.now() + 1e9, 10)).toEqual([]);
    expect(await hub.store.openTables(ana.player.id)).toBe(0);
    await s.close();
  }, 120_000);

  it("one table whose log does not replay is unavailable, said once; the server starts and serves the others", async () => {
    const dir = dataDir();
    const errors: { details: object; message: string }[] = [];
    const logger = { error: (details: object, message: string) => errors.push({ details, message }) };
    let s = await startServer({ dataDir: dir, online: { logger } });
    const ana = await guest(s.url, "Ana");
    const bad = await createTable(s.url, ana.token, duel({ seats: ["human", "bot:easy"] }));
    const good = await createTable(s.url, ana.token, duel({ seats: ["human", "bot:easy"] }));
    const a = await connect(s, ana.token);
    a.send({ t: "watch", table: bad });
    await autoPlay(a, bad, (m) => (m.view.table?.moveCount ?? 0) >= 2).done;
    a.close();
    await s.close();
    // One entry of the stored log is changed to a move nobody could make.
    const db = new Database(join(dir, "crossbones.sqlite"));
    const row = db.prepare('SELECT seq FROM log WHERE code = ? AND entry LIKE \'%"k":"act"%\' LIMIT 1').get(bad) as {
      seq: number;
    };
    db.prepare("UPDATE log SET entry = ? WHERE code = ? AND seq = ?").run(
      JSON.stringify({ k: "act", seat: 0, id: null, action: { type: "play", bone: "9-9" } }),
      bad,
      row.seq,
    );
    db.close();
    s = await startServer({ dataDir: dir, online: { logger } });
    const hub = s.server.hub as Hub;
    const b = await connect(s, ana.token);
    b.send({ t: "watch", table: bad });
    expect(await b.next((m) => m.t === "refused")).toMatchObject({
      table: bad,
      refusal: { code: "table-unavailable" },
    });
    b.send({ t: "watch", table: good });
    expect((await b.next(isTable(good))).table.code).toBe(good);
    expect(await metric(hub, "crossbones_tables_broken")).toBe(1);
    const said = errors.filter((e) => e.message.includes("does not replay"));
    expect(said).toHaveLength(1);
    expect(said[0].details).toMatchObject({ table: bad });
    expect(JSON.stringify(said[0].details)).toContain(`log entry ${row.seq} (act)`);
    await s.close();
  });

  it("a table keeps the rules it was made with: a default changed later does not reach it", async () => {
    const dir = dataDir();
    const target = OPTION_SPECS.find((o) => o.name === "target") as { default: unknown };
    const original = target.default;
    let s = await startServer({ dataDir: dir });
    const ana = await guest(s.url, "Ana");
    const french: TableSetup = {
      game: "french",
      players: 4,
      options: {},
      seats: ["human", "human", "bot:easy", "bot:easy"],
      clock: null,
      private: true,
    };
    const code = await createTable(s.url, ana.token, french);
    await s.close();
    // An old table (stored before rules were kept whole): only its maker's options.
    const db = new Database(join(dir, "crossbones.sqlite"));
    db.prepare("INSERT INTO tables (code, setup, host, created, status, format) VALUES (?, ?, ?, ?, 'waiting', 1)").run(
      "OLDTAB",
      JSON.stringify(french),
      ana.player.id,
      1,
    );
    const sit = { k: "sit", seat: 0, player: ana.player.id, name: "Ana" };
    db.prepare("INSERT INTO log (code, seq, entry) VALUES ('OLDTAB', 0, ?)").run(JSON.stringify(sit));
    db.close();
    try {
      // A later version of the server plays French to 50 by default.
      target.default = 50;
      s = await startServer({ dataDir: dir });
      const a = await connect(s, ana.token);
      a.send({ t: "watch", table: code });
      const m = await a.next(isTable(code));
      expect(m.view.rules.options).toMatchObject({ target: original });
      expect(m.table.setup.options).toMatchObject({ target: original });
      // The old table takes the defaults of the first server that loads it, and keeps them.
      a.send({ t: "watch", table: "OLDTAB" });
      const old = await a.next(isTable("OLDTAB"));
      expect(old.view.rules.options).toMatchObject({ target: 50 });
      const stored = await (s.server.hub as Hub).store.table("OLDTAB");
      expect(stored?.format).toBe(2);
      expect(stored?.setup).toMatchObject({ options: { target: 50 } });
      await s.close();
    } finally {
      target.default = original;
    }
  });

  it("a player may have MAX_OPEN_TABLES waiting or playing, and an address makes TABLES_PER_ADDRESS an hour", async () => {
    const s = await server({ tablesPerAddress: 5, online: { maxOpenTables: 2 } });
    const ana = await guest(s.url, "Ana");
    const make = (token: string) =>
      fetch(`${s.url}/api/tables`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ setup: duel() }),
      });
    expect((await make(ana.token)).status).toBe(200);
    expect((await make(ana.token)).status).toBe(200);
    const third = await make(ana.token);
    expect(third.status).toBe(400);
    expect(await third.json()).toMatchObject({ error: { code: "too-many-tables", limit: 2 } });
    // Another guest from the same address: two more, then the address's hour is used up.
    const ben = await guest(s.url, "Ben");
    expect((await make(ben.token)).status).toBe(200);
    expect((await make(ben.token)).status).toBe(200);
    const flood = await make(ben.token);
    expect(flood.status).toBe(429);
    expect(await flood.json()).toMatchObject({ error: { code: "too-many-tables", scope: "address" } });
  });
});

describe("seats before the first deal", () => {
  it("leaving frees the seat; the maker removes a person, who may not sit again; nobody else may", async () => {
    const s = await server();
    const [ana, ben, cai, dee] = await Promise.all(["Ana", "Ben", "Cai", "Dee"].map((n) => guest(s.url, n)));
    const code = await createTable(s.url, ana.token, duel({ players: 3, seats: ["human", "human", "human"] }));
    const a = await connect(s, ana.token);
    const b = await connect(s, ben.token);
    const c = await connect(s, cai.token);
    a.send({ t: "watch", table: code });
    b.send({ t: "sit", table: code });
    await a.next((m): m is TableMessage => isTable(code)(m) && m.table.seats[1].kind === "human");
    b.send({ t: "leave", table: code });
    const left = await a.next((m): m is TableMessage => isTable(code)(m) && m.table.seats[1].kind === "open");
    expect(left.table.status).toBe("waiting");
    b.send({ t: "sit", table: code });
    await a.next((m): m is TableMessage => isTable(code)(m) && m.table.seats[1].kind === "human");
    expect(a.latest(code)?.table.maker).toBe(0);
    b.send({ t: "remove", table: code, seat: 0 });
    expect(await b.next((m) => m.t === "refused")).toMatchObject({ refusal: { code: "not-maker" } });
    a.send({ t: "remove", table: code, seat: 1 });
    await a.next((m): m is TableMessage => isTable(code)(m) && m.table.seats[1].kind === "open");
    b.send({ t: "sit", table: code });
    expect(await b.next((m) => m.t === "refused")).toMatchObject({ refusal: { code: "removed" } });
    c.send({ t: "sit", table: code, seat: 1 });
    (await connect(s, dee.token)).send({ t: "sit", table: code, seat: 2 });
    await a.next((m): m is TableMessage => isTable(code)(m) && m.view.phase === "pose");
    a.send({ t: "remove", table: code, seat: 1 });
    expect(await a.next((m) => m.t === "refused")).toMatchObject({ refusal: { code: "game-started" } });
  });
});

describe("presence", () => {
  it("who is here travels as a presence message, not a whole frame; a stale action's answer goes to its socket alone", async () => {
    const s = await server({ online: { presenceDelay: 0 } });
    const [ana, ben] = [await guest(s.url, "Ana"), await guest(s.url, "Ben")];
    const code = await createTable(s.url, ana.token, duel());
    const a = await connect(s, ana.token);
    a.send({ t: "watch", table: code });
    await a.next(isTable(code));
    let b = await connect(s, ben.token);
    b.send({ t: "sit", table: code });
    // Both here, the hand dealt: nothing moves until one of them plays.
    await a.next((m): m is TableMessage => isTable(code)(m) && m.view.phase === "pose");
    await seatReaches(a, code, 1, (x) => x.connected);
    // Ben's connection drops and comes back: Ana hears it from two small messages.
    const frames = a.messages.length;
    b.close();
    await a.next((m) => seatShown(code, m, 1)?.connected === false);
    b = await connect(s, ben.token);
    b.send({ t: "watch", table: code });
    await a.next((m) => seatShown(code, m, 1)?.connected === true);
    const since = a.messages.slice(frames);
    expect(since.map((m) => m.t)).toEqual(["presence", "presence"]);
    // A stale action: Ben is answered with the table as it is; Ana hears nothing of it.
    const before = a.messages.length;
    const refused = b.next((m) => m.t === "refused");
    const again = b.next(isTable(code));
    b.send({ t: "act", table: code, id: "old", version: 0, action: { type: "pass" } });
    expect(await refused).toMatchObject({ id: "old", refusal: { code: "stale" } });
    await again;
    a.send({ t: "ping" });
    await a.next((m) => m.t === "pong");
    expect(a.messages.slice(before).map((m) => m.t)).toEqual(["pong"]);
  });
});
