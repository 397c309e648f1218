/**
 * Review and stats (issue 14): a finished hand reviewed from the score sheet (progress, cancel,
 * every decision graded, the better move on the board, the table read), then the stats page with
 * the game and the review in it and its plots, uPlot loaded only then.
 */

import { readFileSync } from "node:fs";
import {
  applyMove,
  createGame,
  createRng,
  legalMoves,
  makeRecord,
  parseRecord,
  parseRules,
  randomDeal,
  startHand,
} from "@crossbones/engine";
import { COURSES } from "../apps/web/src/tutorial/index";
import { checkA11y, expect, playByKeyboard, shot, startGame, test } from "./fixtures";

/** A Partner hand between four named players (random legal moves), as another app would record it. */
function partnerRecord(seed: number): string {
  const rules = parseRules("partner", 4, {});
  if (!rules.ok) throw new Error(rules.error.message);
  const rng = createRng(`e2e-review:${seed}`);
  let game = createGame(rules.value);
  const dealt = startHand(game, randomDeal(game.config, rng));
  if (!dealt.ok) throw new Error(dealt.error.message);
  game = dealt.value;
  while (game.state && !game.state.over) {
    const legal = legalMoves(game);
    const next = applyMove(game, legal[rng.nextInt(legal.length)]);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return JSON.stringify(makeRecord(game, ["Ana", "Bob", "Cy", "Dee"]));
}

/** Main-thread tasks over 50 ms since the observer was installed (Long Tasks API). */
async function watchLongTasks(page: import("@playwright/test").Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(e.duration);
    }).observe({ type: "longtask" });
  });
}

test("a finished French hand is reviewed from the score sheet, then the stats page shows it", async ({ page }) => {
  await startGame(page, { seed: 11 });
  await playByKeyboard(page);
  await expect(page.locator("#score-sheet")).toBeVisible();

  // Cancel at once: the worker stops and the review can be asked again.
  await page.getByTestId("review-hand").click();
  await page.getByTestId("review-cancel").click();
  await expect(page.getByTestId("review-status")).toHaveText("Review cancelled.");
  await watchLongTasks(page);
  // Every text the status line shows, recorded in the page as it changes.
  await page.evaluate(() => {
    const w = window as unknown as { statuses: string[] };
    w.statuses = [];
    const status = document.querySelector("[data-testid=review-status]");
    if (status)
      new MutationObserver(() => w.statuses.push(status.textContent ?? "")).observe(status, {
        childList: true,
        subtree: true,
        characterData: true,
      });
  });
  await page.getByRole("button", { name: "Review again" }).click();

  // Progress from the first decision, then the summary line and the decisions.
  const summary = page.getByTestId("review-summary");
  await expect(summary).toBeVisible({ timeout: 30_000 });
  const statuses = await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
  expect(statuses).toContainEqual(expect.stringMatching(/^Analysing decision 1 of \d+…/));
  await expect(page.getByTestId("review-decision")).toBeVisible();
  // Each grade below good by its own name (10: never "1 mistake" for an inaccuracy).
  await expect(summary).toHaveText(
    /^\d+ decisions? · (no inaccuracy, mistake or blunder|\d+ (inaccurac(y|ies)|mistakes?|blunders?)((, | and )\d+ (mistakes?|blunders?))*) · \d+\.\d points lost$/,
  );
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  test.info().annotations.push({ type: "long tasks during the review (ms)", description: JSON.stringify(longTasks) });

  // Every decision is graded; the better move can be put on the board.
  await expect(page.getByTestId("review-grade")).toHaveText(
    /^You played .+: (best|good|inaccuracy|mistake|blunder)\.$/,
  );
  await expect(page.locator(".review-options tbody tr")).not.toHaveCount(0);
  await expect(page.getByTestId("read-table")).toContainText("Read the table");
  // The board after the move played is there for every decision (the pose's too); the board after
  // the better move only where a better move was missed (issue 26, polish).
  await expect(page.locator('.board [aria-label="Board as played"]')).toHaveCount(1);
  const best = /: best\.$/.test((await page.getByTestId("review-grade").textContent()) ?? "");
  await expect(page.getByTestId("review-show-better")).toHaveCount(best ? 0 : 1);
  if (!best) {
    await page.getByTestId("review-show-better").check();
    await expect(page.locator('.board [aria-label="Board after the better move"]')).toHaveCount(1);
    // Keyboard: B the board as played again.
    await page.keyboard.press("b");
    await expect(page.locator('.board [aria-label="Board as played"]')).toHaveCount(1);
  }
  // Keyboard: → the next decision, ← back; the buttons work with Enter.
  const next = page.getByTestId("review-next");
  if (await next.isEnabled()) {
    // Out of the radio buttons, whose arrows are their own.
    await page.getByRole("heading", { name: /^Review of hand 1$/ }).click();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("heading", { name: /^Decision 2 of \d+$/ })).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("heading", { name: /^Decision 1 of \d+$/ })).toBeVisible();
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: /^Decision 2 of \d+$/ })).toBeVisible();
  }
  await checkA11y(page, "hand review");
  await shot(page, "review");

  // Back to the table; resign, so the game is finished and goes to history.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.locator(".table")).toBeVisible();
  if ((await page.locator("dialog[open]").count()) > 0) await page.keyboard.press("Escape");
  await page.getByTestId("resign").click();
  await page.getByTestId("resign-confirm").click();
  await expect(page.locator("#game-end")).toBeVisible();
  // Home (Play again would deal the same table again).
  await page.keyboard.press("Escape");
  await page.locator(".brand").click();

  // uPlot is not loaded until the stats page draws a plot.
  const loaded = () => page.evaluate(() => performance.getEntriesByType("resource").some((e) => /uPlot/i.test(e.name)));
  expect(await loaded()).toBe(false);
  await page.getByTestId("home-stats").click();
  const table = page.getByTestId("stats-table");
  await expect(table).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr")).toContainText(/French\s*Easy\s*1\s*0/);
  await expect(page.getByTestId("stats-mistakes")).toHaveText(
    /^Inaccuracies, mistakes and blunders per reviewed hand: \d+\.\d$/,
  );
  await expect(page.getByTestId("chart-mistakes")).toHaveAttribute("data-drawn", "true");
  await expect(page.getByTestId("chart-french")).toHaveAttribute("data-drawn", "true");
  expect(await loaded()).toBe(true);
  await expect(page.getByTestId("history").locator("li")).toHaveCount(1);
  // Export all: one file with every record kept, each a record the engine replays.
  const download = page.waitForEvent("download");
  await page.getByTestId("export-all").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("crossbones-history-1.json");
  const records = JSON.parse(readFileSync(await file.path(), "utf8")) as unknown[];
  expect(records).toHaveLength(1);
  expect(parseRecord(JSON.stringify(records[0])).ok).toBe(true);
  await checkA11y(page, "stats");
  await shot(page, "stats");
});

test("any record's hand is reviewed from the replay viewer, for the player chosen", async ({ page }) => {
  await page.goto("./");
  await page.getByRole("button", { name: "Watch a record" }).click();
  await page.getByTestId("import-text").fill(partnerRecord(3));
  await page.getByTestId("import-load").click();
  await page.getByTestId("replay-review").click();
  // A record of other people's game: its first player's decisions, in the third person.
  await expect(page.getByTestId("review-summary")).toHaveText(/chance/, { timeout: 30_000 });
  await expect(page.getByTestId("review-grade")).toHaveText(/^Ana played /);
  await page.getByLabel("Whose decisions").selectOption({ label: "Bob" });
  await expect(page.getByTestId("review-summary")).toHaveText(/chance/, { timeout: 30_000 });
  await expect(page.getByTestId("review-grade")).toHaveText(
    /^Bob played .+: (best|good|inaccuracy|mistake|blunder)\.$/,
  );
  await expect(page.locator(".review-options thead")).toContainText("Chance to win the hand");
  await checkA11y(page, "review of a record");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByTestId("replay-position")).toBeVisible();
});

test("Read the table beside a lesson and a practice game, from the player's own seat", async ({ page }) => {
  await page.goto("./");
  await page.getByTestId("learn").click();
  await page.getByTestId(`lesson-${COURSES[0].lessons[1].id}`).click();
  for (let i = 0; i < 2; i++) await page.getByTestId("next").click();
  await page.getByTestId("lesson-read-toggle").click();
  const panel = page.getByTestId("read-table");
  await expect(panel).toContainText("Read the table");
  await expect(panel).toContainText(/bones? unaccounted for/);
  await checkA11y(page, "lesson with the table read");
  await page.getByTestId("lesson-read-toggle").click();
  await expect(panel).toHaveCount(0);

  await page.locator(".brand").click();
  await startGame(page, { seed: 12, practice: true });
  await page.getByTestId("read-toggle").click();
  await expect(panel).toContainText(/Ruby · \d+ bones/);
  await expect(page.getByTestId("read-toggle")).toHaveAttribute("aria-pressed", "true");
});
