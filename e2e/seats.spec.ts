/**
 * Every player sees the table from their own chair (issue 26, point 1): four people at one online
 * Partner table and at one French table, each sees themselves at the bottom, the next player on
 * their right, the one after opposite (in Partner, the partner) and the last on their left, on a
 * desktop (1280×800) and a phone (390×844). A watcher who chose no name sees every seat by name
 * (point 2). Screenshots of the Partner table from every seat go to test-results/e2e/seats/.
 */

import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { checkA11y, expect, test } from "./fixtures";
import { moveIfTurn, newGuest, newTable, openTable, type Player, playerAs, sitAt } from "./online-api";

const NAMES = ["Ama", "Bea", "Cy", "Dee"];
const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

/** The centre of an element's box. */
async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Seat `you` is at the bottom (the hand), seat you+1 on the right, you+2 opposite (above the
 * board), you+3 on the left: as the player sits at a real table, on any screen.
 */
async function expectOwnChair(page: Page, you: number, partner: boolean, label: string): Promise<void> {
  const seat = (k: number) => `.seat[data-seat='${(you + k) % 4}']`;
  await expect(page.locator(".seat")).toHaveCount(3);
  const [right, top, left] = [await centre(page, seat(1)), await centre(page, seat(2)), await centre(page, seat(3))];
  const board = await centre(page, ".board");
  const hand = await centre(page, ".me .hand");
  expect(hand.y, `${label}: the hand is below the board`).toBeGreaterThan(board.y);
  expect(right.x, `${label}: the next player is on the right`).toBeGreaterThan(board.x);
  expect(left.x, `${label}: the last player is on the left`).toBeLessThan(board.x);
  expect(top.y, `${label}: the player opposite is above the board`).toBeLessThan(board.y);
  expect(left.x, label).toBeLessThan(top.x);
  expect(top.x, label).toBeLessThan(right.x);
  for (let k = 1; k < 4; k++)
    await expect(page.locator(seat(k)).locator(".seat-name"), label).toHaveText(NAMES[(you + k) % 4]);
  // In Partner the player opposite is the partner, and said so.
  await expect(page.locator(".seat.partner"), label).toHaveCount(partner ? 1 : 0);
  if (partner) await expect(page.locator(seat(2)), label).toHaveClass(/partner/);
}

/** Four guests at one table of `game`, seated in order (the maker at seat 1), clock off. */
async function fourAtOneTable(
  browser: Browser,
  request: APIRequestContext,
  game: "partner" | "french",
): Promise<{ code: string; players: Player[] }> {
  const guests = [];
  for (const name of NAMES) guests.push(await newGuest(request, name));
  const code = await newTable(request, guests[0], {
    game,
    players: 4,
    seats: ["human", "human", "human", "human"],
    clock: null,
    private: true,
  });
  const players: Player[] = [];
  for (const [i, guest] of guests.entries()) {
    const p = await playerAs(browser, guest);
    // The maker sits at seat 1 already; each of the others takes the next seat.
    if (i === 0) await openTable(p.page, code);
    else await sitAt(p.page, code, i);
    if (i < 3) await expect(p.page.getByTestId("leave")).toBeVisible();
    players.push(p);
  }
  for (const p of players) await expect(p.page.locator(".table")).toBeVisible();
  return { code, players };
}

for (const game of ["partner", "french"] as const) {
  test(`1: at a ${game} table every player sits at the bottom, the next on the right, desktop and phone`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { players } = await fourAtOneTable(browser, request, game);
    for (const size of SIZES) {
      for (const [you, p] of players.entries()) {
        await p.page.setViewportSize(size.viewport);
        await expectOwnChair(p.page, you, game === "partner", `${game}, seat ${you + 1}, ${size.name}`);
        if (game === "partner")
          await p.page.screenshot({ path: `test-results/e2e/seats/partner-seat${you + 1}-${size.name}.png` });
      }
    }
    await checkA11y(players[1].page, `online ${game} table, seat 2`);
    for (const p of players) {
      expect(p.errors, "console errors").toEqual([]);
      await p.context.close();
    }
  });
}

test("2: a watcher who chose no name sees every seat and every move by name, never 'you'", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { code, players } = await fourAtOneTable(browser, request, "partner");
  const watcher = await playerAs(browser, null);
  await openTable(watcher.page, code);
  await watcher.page.getByTestId("just-watch").click();
  const page = watcher.page;
  await expect(page.locator(".online-watching")).toBeVisible();
  // Teams by their players, not "your team" and "their team".
  await expect(page.getByTestId("scores")).toContainText("Ama and Cy");
  await expect(page.getByTestId("scores")).toContainText("Bea and Dee");
  // The first hand's pose, made by whoever holds 6-6: the watcher reads it with the poser's name.
  await expect
    .poll(async () => {
      for (const p of players) if (await moveIfTurn(p.page)) return true;
      return false;
    })
    .toBe(true);
  await expect(page.locator(".log li").last()).toHaveText(/^(Ama|Bea|Cy|Dee) posed 6-6$/);
  await expect(page.getByTestId("status")).toHaveText(/^(Ama|Bea|Cy|Dee) is thinking…/);
  await expect(page.locator(".log")).not.toContainText("You");
  await expect(page.locator(".seat.partner")).toHaveCount(0);
  await checkA11y(page, "online table, watching");
  for (const p of [...players, watcher]) {
    expect(p.errors, "console errors").toEqual([]);
    await p.context.close();
  }
});
