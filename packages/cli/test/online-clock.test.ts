/**
 * A program too slow for the turn clock: the seat goes away (a bot plays it), the program's late
 * answer is refused as stale and reported back, and its next answer in time brings the seat back.
 * Its own file, so that the clock's seconds run beside the other online tests.
 */

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { replayRecord } from "@crossbones/engine";
import { afterAll, beforeAll, expect, it } from "vitest";
import { requireBuilt } from "./binary.js";
import { createTable, crossbones, guest, type OnlineServer, startOnlineServer } from "./online-helpers.js";

let server: OnlineServer;
let dir: string;

beforeAll(async () => {
  requireBuilt();
  // Bots take a moment, so an answer in time beats the bot that plays for an away seat.
  server = await startOnlineServer({ botDelay: 150 });
  dir = mkdtempSync(join(tmpdir(), "crossbones-cli-clock-"));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

it("a late answer is refused as stale and reported; the next one in time brings the seat back; resign ends it", async () => {
  const host = await guest(server.url, "Ana");
  const code = await createTable(server.url, host.token, {
    game: "french",
    players: 4,
    options: { target: 50 },
    seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
    clock: { move: 5, bank: 0 },
    private: true,
  });
  const script = join(dir, "slow-once.mjs");
  writeFileSync(
    script,
    `import { createInterface } from "node:readline";
let decisions = 0;
let wasAway = false;
let back = false;
for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  if (m.t === "refused") console.error("program: refused " + m.answer + " " + m.refusal.code);
  if (m.t === "decide" || m.t === "end") {
    const away = m.table.seats[m.table.you].away;
    if (away && !wasAway) console.error("program: asked while away");
    if (!away && wasAway) {
      console.error("program: back at the table");
      back = true;
    }
    wasAway = away;
  }
  if (m.t !== "decide") continue;
  decisions++;
  // The first decision takes longer than the clock's 5 seconds.
  if (decisions === 1) await new Promise((r) => setTimeout(r, 6000));
  // Back at the table: that was the point; resigning ends the game at once.
  console.log(back ? "resign" : m.view.you.legalMoves[0]);
}
`,
  );
  const played = await crossbones(
    ["online", "play", "--server", server.url, "--table", code, "--program", `node ${script}`],
    { CROSSBONES_TOKEN: host.token },
  ).done;
  expect(played.status, played.stderr).toBe(0);
  expect(played.stderr).toMatch(/program: refused \S+ stale/);
  expect(played.stderr).toMatch(/came too late/);
  expect(played.stderr).toMatch(/program: asked while away[\s\S]*program: back at the table/);
  const result = JSON.parse(played.stdout.trim().split("\n").at(-1) as string);
  const record = await (await fetch(`${server.url}/api/tables/${code}/record`)).json();
  const replayed = replayRecord(record);
  expect(replayed.ok && replayed.value.game.finished).toBe(true);
  expect(result).toMatchObject({ table: code, resigned: 0, won: false });
  expect(replayed.ok && replayed.value.game.version).toBe(result.version);
}, 40_000);
