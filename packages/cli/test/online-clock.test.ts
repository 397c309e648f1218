/**
 * A program too slow for the turn clock: the seat goes away (a bot plays it), the program's late
 * answer is refused as stale and reported back — and that answer, late as it was, brings the seat
 * back at once (the bot stops). Its own file, so that the clock's seconds run beside the other
 * online tests.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

it("a late answer is refused as stale and reported, and brings the seat back at once; resign ends it", async () => {
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
for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  if (m.t === "refused") console.error("program: refused " + m.answer + " " + m.refusal.code);
  if (m.t !== "decide") continue;
  decisions++;
  if (m.table.seats[m.table.you].away) console.error("program: asked while away");
  // The first decision takes longer than the clock's 5 seconds; after that, resigning ends the game.
  if (decisions === 1) await new Promise((r) => setTimeout(r, 6000));
  console.log(decisions === 1 ? m.view.you.legalMoves[0] : "resign");
}
`,
  );
  const frames = join(dir, "frames.jsonl");
  const played = await crossbones(
    ["online", "play", "--server", server.url, "--table", code, "--program", `node ${script}`, "--dump-frames", frames],
    { CROSSBONES_TOKEN: host.token },
  ).done;
  expect(played.status, played.stderr).toBe(0);
  expect(played.stderr).toMatch(/program: refused \S+ stale/);
  expect(played.stderr).toMatch(/came too late/);
  // The seat went away while the program slept, and was back when it was next asked.
  const seen = readFileSync(frames, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { t: string; table?: { you: number; seats: { away: boolean }[] } })
    .filter((m) => m.t === "table" && m.table)
    .map((m) => m.table?.seats[m.table.you].away);
  expect(seen).toContain(true);
  expect(seen.at(-1)).toBe(false);
  expect(played.stderr).not.toMatch(/program: asked while away/);
  const result = JSON.parse(played.stdout.trim().split("\n").at(-1) as string);
  const record = await (await fetch(`${server.url}/api/tables/${code}/record`)).json();
  const replayed = replayRecord(record);
  expect(replayed.ok && replayed.value.game.finished).toBe(true);
  expect(result).toMatchObject({ table: code, resigned: 0, won: false });
  expect(replayed.ok && replayed.value.game.version).toBe(result.version);
}, 40_000);
