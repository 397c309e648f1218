/**
 * What the server promises a public it cannot trust (docs/security.md; issue 25): names show a
 * letter and are not a bot's, its data is its user's alone, and `npm start` listens on loopback
 * unless told otherwise.
 */

import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildServer, type Server } from "../src/app.js";
import { BOT_NAMES, confusable, skeleton } from "../src/online/names.js";
import { SqliteStore } from "../src/online/sqlite-store.js";
import { settingsFrom } from "../src/settings.js";
import { createTable, guest, isTable, tracked } from "./harness.js";

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

  it("the bots at a table are named from names.ts's BOT_NAMES (the names a guest may not take)", async () => {
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
