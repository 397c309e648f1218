/**
 * Shared helpers: a page that fails the test on any console error, settings preset for speed,
 * axe-core checks, and playing the human's turns with the keyboard.
 */

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
export const STORAGE_KEY = "crossbones/v1";

export interface Saved {
  settings?: Record<string, unknown>;
  session?: { record: unknown; setup: { seed: number } };
  screen?: string;
}

export const test = base.extend<{ errors: string[] }>({
  // Automatic: every test fails on a console error, and starts with fast bots in English.
  errors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      // Fast bots and English, unless a test stored something else first.
      await page.addInitScript(
        ([key]) => {
          if (!localStorage.getItem(key)) {
            localStorage.setItem(
              key,
              JSON.stringify({
                settings: { lang: "en", speed: "off", sound: false, showHands: false, pips: "classic" },
              }),
            );
          }
        },
        [STORAGE_KEY],
      );
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Every page `page` opens starts with these settings stored, as a returning player's would be. */
export async function storeSettings(page: Page, settings: Record<string, unknown>): Promise<void> {
  await page.addInitScript(
    ([key, value]) => localStorage.setItem(key, value),
    [STORAGE_KEY, JSON.stringify({ settings })],
  );
}

export async function saved(page: Page): Promise<Saved> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "{}"), STORAGE_KEY);
}

/**
 * Runs axe-core in the page; fails on serious or critical violations, and on any finding about
 * landmarks (a main landmark, distinct labels, everything inside a landmark: axe calls these
 * moderate, issue 26 asks for none).
 */
export async function checkA11y(page: Page, name: string): Promise<void> {
  // Evaluated rather than added as a <script>: the page's Content-Security-Policy refuses inline
  // scripts (and the refusal would be a console error).
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    const landmark = (id: string) => id === "region" || id.startsWith("landmark-");
    return result.violations
      .filter(
        (v: { id: string; impact: string }) => v.impact === "serious" || v.impact === "critical" || landmark(v.id),
      )
      .map((v: { id: string; impact: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
      }));
  });
  expect(violations, `axe violations on ${name}`).toEqual([]);
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

/** Starts a game from the home screen with easy bots. */
export async function startGame(
  page: Page,
  options: { game?: "french" | "cutthroat" | "partner"; players?: number; seed?: number; practice?: boolean } = {},
): Promise<void> {
  await page.goto(`./?seed=${options.seed ?? 7}`);
  // A game in progress opens on its table: leave it for the home screen.
  if (await page.locator(".table").isVisible()) {
    // Close the score sheet or game-end dialog first (Escape), then New game.
    if ((await page.locator("dialog[open]").count()) > 0) await page.keyboard.press("Escape");
    await page.locator(".table-menu button").first().click();
  }
  await page.locator(`.game-choice:has(input[value=${options.game ?? "french"}])`).click();
  if (options.players)
    await page
      .locator(".pill", { hasText: `${options.players} ` })
      .first()
      .click();
  for (const select of await page.locator(".bots select").all()) await select.selectOption("easy");
  if (options.practice) await page.getByLabel(/Practice game/).check();
  await page.getByTestId("start").click();
  // A game left in progress is replaced only once the player says so.
  const replace = page.getByTestId("confirm-new-game");
  await expect(page.locator(".table").or(replace)).toBeVisible();
  if (await replace.isVisible()) await replace.click();
  await expect(page.locator(".table")).toBeVisible();
}

/** Waits (polling every frame) until the human is to act or the hand is over. */
async function waitForTurn(page: Page): Promise<"turn" | "sheet"> {
  const handle = await page.waitForFunction(
    () => (document.querySelector("#score-sheet") ? "sheet" : document.querySelector(".me.turn") ? "turn" : null),
    null,
    { polling: "raf", timeout: 30_000 },
  );
  return (await handle.jsonValue()) as "turn" | "sheet";
}

/**
 * Waits until the move counter leaves `before` or the hand is over, or (with `chooser`, the
 * default) until a dialog asks for the arm.
 */
async function waitForMove(page: Page, before: string, { chooser = true } = {}): Promise<void> {
  await page.waitForFunction(
    ([b, c]) =>
      document.querySelector("#score-sheet") ||
      (c && document.querySelector("#choose-arm[open]")) ||
      document.querySelector(".table")?.getAttribute("data-moves") !== b,
    [before, chooser] as const,
    { polling: "raf", timeout: 15_000 },
  );
}

/**
 * Plays the human's turns by keyboard until the score sheet shows (or `maxTurns` of ours):
 * focus lands on a playable bone, Enter plays it, A picks the first arm when asked, P passes.
 */
export async function playByKeyboard(page: Page, maxTurns = 60): Promise<number> {
  let turns = 0;
  while (turns < maxTurns) {
    if ((await waitForTurn(page)) === "sheet") return turns;
    turns++;
    const before = (await page.locator(".table").getAttribute("data-moves")) ?? "";
    if ((await page.locator(".hand-bone.playable").count()) > 0) {
      await expect(page.locator(".hand-bone.playable:focus")).toHaveCount(1);
      await page.keyboard.press("Enter");
      await waitForMove(page, before);
      if (await page.locator("#choose-arm").isVisible()) {
        // The chooser takes letters once it holds the focus; then wait for the move itself.
        await expect(page.locator("#choose-arm button:focus")).toHaveCount(1);
        await page.keyboard.press("a");
        await waitForMove(page, before, { chooser: false });
      }
    } else {
      await page.keyboard.press("p");
      await waitForMove(page, before);
    }
  }
  return turns;
}
