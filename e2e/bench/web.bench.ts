/**
 * The web benchmark's browser half (run by apps/web/bench/web.ts through `npm run bench`):
 * first render of the home page, and main-thread long tasks while hard bots think. Writes
 * .bench/web-browser.json.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { expect, playByKeyboard, test } from "../fixtures";

const results: Record<string, number> = {};

test.afterAll(() => {
  mkdirSync(".bench", { recursive: true });
  writeFileSync(".bench/web-browser.json", JSON.stringify(results, null, 2));
});

test("first render of the home page", async ({ browser }) => {
  const times: number[] = [];
  const fcps: number[] = [];
  for (let i = 0; i < 7; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector("main.home")) {
          (window as unknown as { homeAt: number }).homeAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("./");
    await page.locator("main.home").waitFor();
    const t = await page.evaluate(async () => {
      // The paint may come after the home screen is in the DOM: wait for its entry (buffered).
      const fcp = await new Promise<number | null>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName("first-contentful-paint")[0];
          if (!entry) return;
          observer.disconnect();
          resolve(entry.startTime);
        }).observe({ type: "paint", buffered: true });
        setTimeout(() => resolve(null), 5000);
      });
      return { home: (window as unknown as { homeAt: number }).homeAt, fcp };
    });
    times.push(t.home);
    // A page that never painted within 5 s says so (the test fails below) instead of counting 0 ms.
    if (t.fcp !== null) fcps.push(t.fcp);
    await context.close();
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  results.homeRenderMs = median(times);
  results.homeFcpMs = median(fcps);
  expect(results.homeRenderMs).toBeLessThan(1000);
  expect(fcps).toHaveLength(times.length);
});

test("no long main-thread task while hard bots think", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as {
      longTasks: { start: number; duration: number }[];
      stalls: { start: number; duration: number }[];
    };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  // Every task of the page's main thread, from Chromium's trace: the long-task API only reports
  // tasks of 50 ms or more, and a machine under load stretches a 30 ms task past that.
  const cdp = await page.context().newCDPSession(page);
  const trace: {
    name: string;
    ph: string;
    ts: number;
    dur?: number;
    pid: number;
    tid: number;
    args?: { name?: string };
  }[] = [];
  cdp.on("Tracing.dataCollected", (d) => trace.push(...(d.value as unknown as typeof trace)));
  await page.goto("./?seed=21");
  await page.locator(".game-choice:has(input[value=french])").click();
  for (const select of await page.locator(".bots select").all()) await select.selectOption("hard");
  await page.getByTestId("start").click();
  await expect(page.locator(".table")).toBeVisible();
  // Only tasks that start after the table is up count: the click that deals and draws the table
  // is the start-up, not the bots thinking.
  await page.waitForTimeout(100);
  const since = await page.evaluate(() => performance.now());
  await cdp.send("Tracing.start", { categories: "toplevel,devtools.timeline", transferMode: "ReportEvents" });
  await playByKeyboard(page, 4);
  const traced = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.end");
  await traced;
  const main = new Set(
    trace.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = trace.filter((e) => e.ph === "X" && main.has(`${e.pid}:${e.tid}`));
  // The test's own polling (Playwright's evaluate calls) runs on the page's thread too: left out.
  const harness = onMain.filter((e) => e.name === "EvaluateScript");
  const tasks = onMain
    .filter((e) => /(^|::)RunTask$/.test(e.name))
    .filter((t) => !harness.some((h) => h.ts >= t.ts && h.ts <= t.ts + (t.dur ?? 0)))
    .map((e) => (e.dur ?? 0) / 1000);
  const data = await page.evaluate(
    (t0) => ({
      longTasks: (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks
        .filter((e) => e.start >= t0)
        .map((e) => e.duration),
      thinks: performance.getEntriesByName("bot-hard").map((e) => e.duration),
    }),
    since,
  );
  results.hardBotMoves = data.thinks.length;
  results.hardBotThinkMedianMs = [...data.thinks].sort((a, b) => a - b)[Math.floor(data.thinks.length / 2)] ?? 0;
  results.hardBotThinkMaxMs = Math.max(0, ...data.thinks);
  results.longTasksWhileThinking = data.longTasks.length;
  results.longestMainThreadTaskMs = Math.max(0, ...data.longTasks);
  results.longestTracedTaskMs = Math.max(0, ...tasks);
  results.tracedTasksOver30Ms = tasks.filter((d) => d > 30).length;
  expect(data.thinks.length).toBeGreaterThan(3);
  expect(results.longestMainThreadTaskMs).toBeLessThanOrEqual(50);
});
