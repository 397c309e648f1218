/**
 * The two stores keep the same promises (store.ts): the schema is migrated once and again is a
 * no-op, the token secret is made once, codes are unique, and the fence: once a table is claimed
 * again, the earlier owner's appends are refused and change nothing; appends made at once fail
 * one by one (SQLite writes a turn's appends in one transaction). On PostgreSQL a claim made
 * while appends are in flight never splits them: each append either is in the log the new owner
 * reads right after its claim, or was refused. SQLite's WAL is checkpointed by a thread of its own.
 */

import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PG_MIGRATIONS, PgStore } from "../src/online/pg-store.js";
import { SqliteStore } from "../src/online/sqlite-store.js";
import { FencedError, type LogEntry, type Store } from "../src/online/store.js";
import { type Services, services } from "./services.js";

let svc: Services;
const dirs: string[] = [];
beforeAll(async () => {
  svc = await services();
});
afterAll(async () => {
  await svc?.cleanUp();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const kinds: { name: string; open(): Promise<Store> }[] = [
  {
    name: "sqlite",
    open: async () => {
      const dir = dirs[0] ?? mkdtempSync(join(tmpdir(), "crossbones-store-"));
      dirs[0] = dir;
      return new SqliteStore(dir);
    },
  },
  { name: "postgres", open: () => PgStore.open(svc.databaseUrl) },
];

const act = (n: number): LogEntry => ({ k: "act", seat: n % 4, id: `a${n}`, action: { type: "pass" } });

describe.each(kinds)("the $name store", ({ open }) => {
  it("migrates once: opened again, the same schema and the same token secret", async () => {
    const a = await open();
    const secret = await a.secret(() => "ab".repeat(32));
    await a.close();
    const b = await open();
    expect(await b.secret(() => "cd".repeat(32))).toBe(secret);
    await b.close();
  });

  it("a table code is taken once", async () => {
    const s = await open();
    await s.addPlayer("p1", "Ana", 1);
    expect(await s.addTable("AAAAAA", { game: "french" }, "p1", 1)).toBe(true);
    expect(await s.addTable("AAAAAA", { game: "cutthroat" }, "p1", 2)).toBe(false);
    expect((await s.table("AAAAAA"))?.setup).toEqual({ game: "french" });
    expect(await s.claim("NOSUCH")).toBeNull();
    await s.close();
  });

  it("fence: once claimed again, the earlier owner's appends are refused and change nothing", async () => {
    const s = await open();
    await s.addTable("BBBBBB", {}, "p1", 1);
    const first = (await s.claim("BBBBBB")) as number;
    await s.append("BBBBBB", 0, act(0), first);
    const second = (await s.claim("BBBBBB")) as number;
    expect(second).toBeGreaterThan(first);
    await expect(s.append("BBBBBB", 1, act(1), first)).rejects.toBeInstanceOf(FencedError);
    await s.setStatus("BBBBBB", "finished", first);
    expect(await s.log("BBBBBB")).toEqual([act(0)]);
    expect((await s.table("BBBBBB"))?.status).toBe("waiting");
    await s.append("BBBBBB", 1, act(1), second);
    await s.setStatus("BBBBBB", "playing", second);
    expect(await s.log("BBBBBB")).toEqual([act(0), act(1)]);
    expect((await s.table("BBBBBB"))?.status).toBe("playing");
    // The same place in the log cannot be written twice.
    await expect(s.append("BBBBBB", 1, act(2), second)).rejects.toThrow();
    await s.close();
  });

  it("appends made at once: one refused (fenced out, its place taken) changes nothing of the others", async () => {
    const s = await open();
    for (const code of ["EEEEEE", "FFFFFF", "GGGGGG"]) await s.addTable(code, {}, "p1", 1);
    const e = (await s.claim("EEEEEE")) as number;
    const f = (await s.claim("FFFFFF")) as number;
    const g = (await s.claim("GGGGGG")) as number;
    await s.append("GGGGGG", 0, act(0), g);
    // In one turn of the event loop (SQLite: one transaction, each append undone alone when refused).
    const results = await Promise.allSettled([
      s.append("EEEEEE", 0, act(0), e),
      s.append("FFFFFF", 0, act(1), f + 1000),
      s.append("GGGGGG", 0, act(2), g),
      s.append("EEEEEE", 1, act(3), e),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(FencedError);
    expect(await s.log("EEEEEE")).toEqual([act(0), act(3)]);
    expect(await s.log("FFFFFF")).toEqual([]);
    expect(await s.log("GGGGGG")).toEqual([act(0)]);
    await s.close();
  });

  it("resume: the log from its last checkpoint on, or all of it when it has none", async () => {
    const s = await open();
    await s.addTable("DDDDDD", {}, "p1", 1);
    const fence = (await s.claim("DDDDDD")) as number;
    const at = (game: number): LogEntry => ({
      k: "rematch",
      checkpoint: { game, seats: [{ kind: "human", player: "p1", name: "Ana" }], ids: [["a1"]] },
    });
    await s.append("DDDDDD", 0, act(0), fence);
    // A rematch logged before checkpoints is not one.
    await s.append("DDDDDD", 1, { k: "rematch" }, fence);
    expect(await s.resume("DDDDDD")).toEqual({ from: 0, entries: [act(0), { k: "rematch" }] });
    await s.append("DDDDDD", 2, at(1), fence);
    await s.append("DDDDDD", 3, act(3), fence);
    await s.append("DDDDDD", 4, at(2), fence);
    await s.append("DDDDDD", 5, act(5), fence);
    expect(await s.resume("DDDDDD")).toEqual({ from: 4, entries: [at(2), act(5)] });
    // A checkpoint from an owner that lost the table is refused and moves nothing.
    const next = (await s.claim("DDDDDD")) as number;
    await expect(s.append("DDDDDD", 6, at(3), fence)).rejects.toBeInstanceOf(FencedError);
    expect((await s.resume("DDDDDD")).from).toBe(4);
    await s.append("DDDDDD", 6, at(3), next);
    expect((await s.resume("DDDDDD")).from).toBe(6);
    await s.append("DDDDDD", 7, act(7), next);
    // The whole log is kept.
    expect(await s.log("DDDDDD")).toHaveLength(8);
    expect(await s.resume("NOSUCH")).toEqual({ from: 0, entries: [] });
    await s.close();
  });
});

describe("SQLite", () => {
  it("a file made before checkpoints is migrated and resumes from its first entry", async () => {
    const dir = mkdtempSync(join(tmpdir(), "crossbones-store-v2-"));
    dirs.push(dir);
    // Version 2's schema, as a file of that time has it, with a table that played a rematch.
    const old = new Database(join(dir, "crossbones.sqlite"));
    old.exec(`CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT NOT NULL, created INTEGER NOT NULL);
      CREATE TABLE tables (code TEXT PRIMARY KEY, setup TEXT NOT NULL, host TEXT NOT NULL,
        created INTEGER NOT NULL, status TEXT NOT NULL, fence INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE log (code TEXT NOT NULL REFERENCES tables(code), seq INTEGER NOT NULL, entry TEXT NOT NULL,
        PRIMARY KEY (code, seq)) WITHOUT ROWID;
      CREATE TABLE games (id INTEGER PRIMARY KEY, code TEXT NOT NULL REFERENCES tables(code),
        game INTEGER NOT NULL, finished INTEGER NOT NULL, record TEXT NOT NULL, UNIQUE (code, game));
      CREATE TABLE seats (code TEXT NOT NULL REFERENCES tables(code), player TEXT NOT NULL REFERENCES players(id),
        PRIMARY KEY (code, player)) WITHOUT ROWID;
      CREATE INDEX seats_by_player ON seats (player);
      INSERT INTO tables VALUES ('EEEEEE', '{}', 'p1', 1, 'playing', 3);`);
    const entries = [act(0), { k: "rematch" } as LogEntry, act(2)];
    for (const [seq, e] of entries.entries())
      old.prepare("INSERT INTO log VALUES ('EEEEEE', ?, ?)").run(seq, JSON.stringify(e));
    old.pragma("user_version = 2");
    old.close();
    const s = new SqliteStore(dir);
    expect(await s.resume("EEEEEE")).toEqual({ from: 0, entries });
    await s.append("EEEEEE", 3, { k: "rematch", checkpoint: { game: 2, seats: [], ids: [] } }, 3);
    expect((await s.resume("EEEEEE")).from).toBe(3);
    await s.close();
  });

  it("the WAL is checkpointed by the checkpointer's thread, never by a commit on the event loop", async () => {
    const dir = mkdtempSync(join(tmpdir(), "crossbones-store-wal-"));
    dirs.push(dir);
    // Its own checkpoints (every second by default) out of the way: this test asks for them.
    const s = new SqliteStore(dir, 3_600_000);
    const file = join(dir, "crossbones.sqlite");
    await s.addTable("EEEEEE", {}, "p1", 1);
    const fence = (await s.claim("EEEEEE")) as number;
    await s.checkpoint();
    const before = statSync(file).size;
    // Far more than SQLite's automatic checkpoint (1,000 pages) would let pass on this connection.
    const entry = (n: number): LogEntry => ({
      k: "act",
      seat: 0,
      id: `${"x".repeat(4000)}${n}`,
      action: { type: "pass" },
    });
    for (let n = 0; n < 1500; n++) await s.append("EEEEEE", n, entry(n), fence);
    expect(statSync(file).size).toBe(before);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(1000 * 4096);
    await s.checkpoint();
    expect(statSync(file).size).toBeGreaterThan(before + 1500 * 4000);
    // Closed, the last connection leaves the whole log in the file.
    await s.close();
    const read = new Database(file, { readonly: true });
    expect(read.prepare("SELECT count(*) AS n FROM log").get()).toEqual({ n: 1500 });
    read.close();
  });
});

describe("PostgreSQL", () => {
  it("records its migrations, one row each", async () => {
    const s = await PgStore.open(svc.databaseUrl);
    await s.close();
    const client = new pg.Client({ connectionString: svc.databaseUrl });
    await client.connect();
    const rows = (await client.query("SELECT version FROM schema_migrations ORDER BY version")).rows;
    await client.end();
    expect(rows.map((r) => r.version)).toEqual(PG_MIGRATIONS.map((m) => m.version));
    expect(PG_MIGRATIONS.map((m) => m.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("a claim amid in-flight appends: every append is in the log read after the claim, or refused", async () => {
    const old = await PgStore.open(svc.databaseUrl);
    const next = await PgStore.open(svc.databaseUrl);
    for (let round = 0; round < 20; round++) {
      const code = `C${String(round).padStart(5, "0")}`;
      await old.addTable(code, {}, "p1", 1);
      const fence = (await old.claim(code)) as number;
      // Appends at seq 0..9 from the old owner, one after another, with a claim in the middle.
      const outcomes: ("in" | "fenced")[] = [];
      const appends = (async () => {
        for (let i = 0; i < 10; i++) {
          try {
            await old.append(code, i, act(i), fence);
            outcomes.push("in");
          } catch (e) {
            expect(e).toBeInstanceOf(FencedError);
            outcomes.push("fenced");
            break;
          }
        }
      })();
      await new Promise((r) => setTimeout(r, round % 5));
      const newFence = (await next.claim(code)) as number;
      const seen = await next.log(code);
      await appends;
      // What the new owner read is exactly what the old one managed to write, and no more came after.
      expect(seen).toEqual(outcomes.filter((o) => o === "in").map((_, i) => act(i)));
      expect(await next.log(code)).toEqual(seen);
      await next.append(code, seen.length, act(99), newFence);
    }
    await old.close();
    await next.close();
  });
});
