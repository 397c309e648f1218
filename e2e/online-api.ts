/**
 * Online tables made straight through the server's HTTP routes (docs/protocol.md), and browser
 * profiles that play as a given guest: a test seats people where it wants them in a few requests
 * instead of clicking through the lobby for each.
 */

import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { expect } from "./fixtures";

export interface Guest {
  readonly token: string;
  readonly player: { readonly id: string; readonly name: string };
}

export async function newGuest(request: APIRequestContext, name: string): Promise<Guest> {
  const response = await request.post("api/guests", { data: { name } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Guest;
}

export interface Setup {
  readonly game: "french" | "cutthroat" | "partner";
  readonly players: number;
  readonly seats: readonly string[];
  readonly clock: { readonly move: number; readonly bank: number } | null;
  readonly private: boolean;
}

/** A table made by `maker`, who sits at seat 1 (index 0); its code. */
export async function newTable(request: APIRequestContext, maker: Guest, setup: Setup): Promise<string> {
  const response = await request.post("api/tables", {
    data: { setup },
    headers: { authorization: `Bearer ${maker.token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { code: string }).code;
}

export interface Player {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught exceptions (none expected unless a test allows them). */
  readonly errors: string[];
}

/**
 * A browser profile that plays as `guest` (English, no animations), with `settings` on top; it
 * opens nothing yet.
 */
export async function playerAs(
  browser: Browser,
  guest: Guest | null,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<Player> {
  const context = await browser.newContext(options.viewport ? { viewport: options.viewport } : {});
  await context.addInitScript((g) => {
    if (!localStorage.getItem("crossbones/v1"))
      localStorage.setItem("crossbones/v1", JSON.stringify({ settings: { lang: "en", speed: "off", sound: false } }));
    if (g && !localStorage.getItem("crossbones/guest")) localStorage.setItem("crossbones/guest", JSON.stringify(g));
  }, guest);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return { context, page, errors };
}

/**
 * Opens table `code` on `page`: a player who sits there sees the table; anyone else sees it from
 * outside first, with *Sit here* at each open seat and *Just watch* (issue 25, point 13).
 */
export async function openTable(page: Page, code: string): Promise<void> {
  await page.goto(`./?t=${code}`);
}

/** Opens table `code` and takes seat `seat` (from 0) with its *Sit here*. */
export async function sitAt(page: Page, code: string, seat: number): Promise<void> {
  await openTable(page, code);
  await page.getByTestId(`sit-${seat}`).click();
}

/** The resigner's browser resigns the game on screen; both see its end. */
export async function resign(resigner: Page, other: Page): Promise<void> {
  await expect(resigner.locator(".me .hand-bone").first()).toBeVisible();
  await resigner.getByTestId("resign").click();
  await resigner.getByTestId("resign-confirm").click();
  for (const page of [resigner, other]) await expect(page.locator("#game-end")).toBeVisible();
}

/** The move counter of the table on `page`. */
export async function moves(page: Page): Promise<number> {
  return Number((await page.locator(".table").getAttribute("data-moves")) ?? 0);
}

/**
 * Plays one move on `page` when it is that player's turn: the first playable bone (on the first
 * end offered on the board if asked), else a pass. True if it moved.
 */
export async function moveIfTurn(page: Page): Promise<boolean> {
  if ((await page.locator(".me.turn").count()) === 0) return false;
  const before = await moves(page);
  if ((await page.locator(".hand-bone.playable").count()) > 0)
    await page.locator(".hand-bone.playable").first().click();
  else await page.keyboard.press("p");
  // The move has landed (or the hand is over); with `ends`, or it waits for an end to be chosen.
  const landed = ({ b, ends }: { b: number; ends: boolean }) =>
    (ends && document.querySelector(".board .end-mark") !== null) ||
    document.querySelector("#score-sheet") !== null ||
    Number(document.querySelector(".table")?.getAttribute("data-moves")) !== b;
  await page.waitForFunction(landed, { b: before, ends: true });
  const mark = page.locator(".board .end-mark").first();
  if (await mark.isVisible().catch(() => false)) {
    await mark.click();
    // The move goes once its end is chosen: wait for it to land as for any other (a hand read
    // right after, say before a reload, must not still hold the bone).
    await page.waitForFunction(landed, { b: before, ends: false });
  }
  return true;
}

/**
 * Waits until the player on `page` has a bone to play, passing for them meanwhile where nothing
 * fits: a pass that may cost points (a board pass, a streak) is never made by the table, so a
 * test that waits for a playable bone must make it itself.
 */
export async function untilPlayable(page: Page, timeout = 30_000): Promise<void> {
  const playable = page.locator(".hand-bone.playable").first();
  const pass = page.locator('[data-testid="pass"].primary');
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    await expect(playable.or(pass).first()).toBeVisible({ timeout: Math.max(1, until - Date.now()) });
    if (await playable.isVisible()) return;
    const before = await moves(page);
    await pass.click();
    await expect.poll(() => moves(page)).not.toBe(before);
  }
  throw new Error("no bone to play in time");
}
