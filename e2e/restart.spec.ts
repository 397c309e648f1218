/**
 * No false fairness alarm across a restart between hands (issue 25, point 7), end to end: a
 * browser plays a Cut Throat table against a bot on a server process of this test's own; while
 * the page shows hand 1's score sheet with hand 2's commitment, the server is stopped (SIGTERM, as
 * an operator does; SIGKILL, as a crash) and started again on the same data. The page reconnects
 * by itself, hand 2 is dealt from the commitment it was shown, and once hand 2 is over the page
 * says the deal was verified, never that it failed.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readServerMessage, TableCopies } from "@crossbones/protocol";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { moveIfTurn, newGuest, newTable, openTable, playerAs } from "./online-api";

const here = dirname(fileURLToPath(import.meta.url));
const PORT = 3410;
const dataDir = mkdtempSync(join(tmpdir(), "crossbones-e2e-restart-"));
let server: ChildProcess | null = null;

/** Starts the server on PORT and the test's data directory, and waits until it answers. */
async function start(): Promise<void> {
  server = spawn(process.execPath, ["../apps/server/bin/server.js"], {
    cwd: here,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      QUICK_ONE_PER_ADDRESS: "off",
      TABLES_PER_ADDRESS: "1000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ok = await fetch(`http://localhost:${PORT}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops the server with `signal` and waits until its process is gone. */
async function stop(signal: NodeJS.Signals): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

test.use({ baseURL: `http://localhost:${PORT}/` });
test.beforeAll(start);
test.afterAll(async () => {
  await stop("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

interface Fair {
  readonly hand: number;
  readonly commitment: string;
  readonly dealt: boolean;
}

/** The `fair` of every table frame the page receives (a patch: of the table it makes), in order. */
function fairFrames(page: Page): Fair[] {
  const frames: Fair[] = [];
  page.on("websocket", (ws) => {
    // The page's socket, read as the page reads it: patches applied to the table they follow.
    const copies = new TableCopies();
    ws.on("framereceived", (f) => {
      const read = readServerMessage(String(f.payload));
      const m = read.ok ? copies.receive(read.message).message : null;
      if (m?.t === "table" && m.table.fair) frames.push(m.table.fair);
    });
  });
  return frames;
}

for (const signal of ["SIGTERM", "SIGKILL"] as const) {
  test(`(${signal}) a restart while hand 1's sheet shows: hand 2 is dealt from the commitment shown, and verified`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const guest = await newGuest(request, "Ana");
    const code = await newTable(request, guest, {
      game: "cutthroat",
      players: 2,
      seats: ["human", "bot:easy"],
      clock: null,
      private: true,
    });
    const ana = await playerAs(browser, guest);
    const page = ana.page;
    const frames = fairFrames(page);
    await openTable(page, code);
    const failed = page.getByTestId("deal-failed");
    /** Plays until `done` holds, checking at every step that no deal failed its check. */
    const playUntil = async (done: () => Promise<boolean>) => {
      await expect
        .poll(
          async () => {
            expect(await failed.count()).toBe(0);
            if (await done()) return true;
            await moveIfTurn(page);
            return false;
          },
          { timeout: 90_000 },
        )
        .toBe(true);
    };

    // Hand 1 is played out; its score sheet shows, and the frame has hand 2's commitment, not dealt.
    await playUntil(async () => (await page.locator("#score-sheet").count()) > 0);
    await expect(page.getByTestId("deal-verified")).toHaveText(/Hand 1: deal verified/);
    await expect.poll(() => frames.at(-1)?.hand).toBe(2);
    const shown = frames.at(-1) as Fair;
    expect(shown.dealt).toBe(false);

    // The server goes and comes back on the same data; the page reconnects by itself.
    const before = frames.length;
    await stop(signal);
    await start();
    await expect.poll(() => frames.length, { timeout: 30_000 }).toBeGreaterThan(before);
    expect(frames[before]).toMatchObject({ hand: 2, commitment: shown.commitment });

    // Hand 2, dealt from that commitment, is played out and its deal checked.
    await page.keyboard.press("Escape");
    await page.getByTestId("bar-next").click();
    await playUntil(async () => (await page.getByText("Hand 2: deal verified").count()) > 0);
    await expect(failed).toHaveCount(0);
    expect(frames.filter((f) => f.hand === 2).every((f) => f.commitment === shown.commitment)).toBe(true);

    // While the server was away the browser logged its failed attempts to reconnect; nothing else.
    expect(ana.errors.filter((e) => !/WebSocket connection .* failed/.test(e))).toEqual([]);
    await ana.context.close();
  });
}
