/**
 * A program too slow for the turn clock: the seat goes away (a bot plays it), the program's late
 * answer is refused as stale and reported back — and that answer, late as it was, brings the seat
 * back at once (the bot stops). The server's clock is the test's (apps/server/test/fake-clock.ts):
 * the program holds its first answer until the test has moved the clock past the move's 5 s.
 */

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { replayRecord } from "@crossbones/engine";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FakeClock } from "../../../apps/server/test/fake-clock.js";
import { requireBuilt } from "./binary.js";
import {
  createTable,
  crossbones,
  guest,
  type OnlineServer,
  startOnlineServer,
  tablesIn,
  until,
} from "./online-helpers.js";

let server: OnlineServer;
let dir: string;
const clock = new FakeClock();

beforeAll(async () => {
  requireBuilt();
  server = await startOnlineServer({}, { now: clock.now, timers: clock.timers });
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
    // Far enough that the bots, playing at once here, cannot end the set before the program's late
    // answer comes (to 50, one hand played out by the stand-in could, and nothing was stale).
    options: { target: 1000 },
    seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
    clock: { move: 5, bank: 0 },
    private: true,
  });
  const script = join(dir, "slow-once.mjs");
  const thinking = join(dir, "thinking");
  const go = join(dir, "go");
  writeFileSync(
    script,
    `import { existsSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
let decisions = 0;
for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  if (m.t === "refused") console.error("program: refused " + m.answer + " " + m.refusal.code);
  if (m.t !== "decide") continue;
  decisions++;
  if (m.table.seats[m.table.you].away) console.error("program: asked while away");
  // The first decision is held until the test has run the clock out; after that, resigning ends the game.
  if (decisions === 1) {
    writeFileSync(${JSON.stringify(thinking)}, "");
    while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 20));
  }
  console.log(decisions === 1 ? m.view.you.legalMoves[0] : "resign");
}
`,
  );
  const frames = join(dir, "frames.jsonl");
  const run = crossbones(
    ["online", "play", "--server", server.url, "--table", code, "--program", `node ${script}`, "--dump-frames", frames],
    { CROSSBONES_TOKEN: host.token },
  );
  // The program is thinking about its first move: its 5 s run out, the seat is away and its
  // stand-in plays; then the program answers.
  const away = () =>
    existsSync(frames) && tablesIn(readFileSync(frames, "utf8")).some((m) => m.table.seats.some((s) => s.away));
  await until(() => existsSync(thinking));
  await clock.advance(5_000);
  await until(away);
  writeFileSync(go, "");
  const played = await run.done;
  expect(played.status, played.stderr).toBe(0);
  expect(played.stderr).toMatch(/program: refused \S+ stale/);
  expect(played.stderr).toMatch(/came too late/);
  // The seat went away while the program slept, and was back when it was next asked.
  const seen = tablesIn(readFileSync(frames, "utf8")).map((m) => m.table.seats[m.table.you ?? 0].away);
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
