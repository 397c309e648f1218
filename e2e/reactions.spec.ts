/**
 * Reactions at an online table (issue 25, point 11, the web's part): a reaction shows at its
 * seat and never covers the board, on a desktop (1280×800) and a phone (390×844), pinned from
 * element boxes as the table's no-jump tests are; the React menu says why it cannot be used (the
 * gap after one's own reaction, a hand of Partner) instead of a refusal after the tap.
 */

import type { Page } from "@playwright/test";
import { expect, shot, test } from "./fixtures";
import { newGuest, newTable, openTable, type Player, playerAs, sitAt } from "./online-api";

const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The boxes of everything on screen that shows `text`, the smallest elements holding it: whatever
 * draws a reaction, wherever it is drawn (screen-reader text, and the closed menu's buttons, aside).
 */
function shownBoxes(page: Page, text: string): Promise<Box[]> {
  return page.evaluate((text) => {
    const boxes: Box[] = [];
    for (const e of document.querySelectorAll("body *")) {
      if (e.children.length > 0 || !e.textContent?.includes(text)) continue;
      if (e.closest(".visually-hidden, details:not([open])")) continue;
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) boxes.push({ x: r.x, y: r.y, width: r.width, height: r.height });
    }
    return boxes;
  }, text);
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function react(page: Page, reaction: string): Promise<void> {
  await page.getByTestId("react-menu").locator("summary").click();
  await page.getByTestId(`react-${reaction}`).click();
}

/** What each of the four players says, and how it reads. */
const SAYS = [
  { reaction: "goodPlay", text: "Good play!" },
  { reaction: "wellPlayed", text: "Well played" },
  { reaction: "ouch", text: "Ouch!" },
  { reaction: "sorry", text: "Sorry" },
] as const;

test("reactions show at their seats, never over the board, on a desktop and a phone; the menu says when to wait", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const guests = [];
  for (const name of ["Ama", "Bea", "Cy", "Dee"]) guests.push(await newGuest(request, name));
  const code = await newTable(request, guests[0], {
    game: "french",
    players: 4,
    seats: ["human", "human", "human", "human"],
    clock: null,
    private: true,
  });
  const players: Player[] = [];
  for (const [seat, guest] of guests.entries()) {
    const p = await playerAs(browser, guest);
    if (seat === 0) await openTable(p.page, code);
    else await sitAt(p.page, code, seat);
    // Seated before the next one comes; the hand is dealt once all four are.
    if (seat < 3) await expect(p.page.getByTestId("leave")).toBeVisible();
    players.push(p);
  }
  for (const p of players) await expect(p.page.locator(".table")).toBeVisible();
  const ama = players[0].page;

  for (const size of SIZES) {
    for (const p of players) await p.page.setViewportSize(size.viewport);
    // Everyone reacts at once: four reactions on every screen, each at its own seat.
    for (const [seat, p] of players.entries()) await react(p.page, SAYS[seat].reaction);
    for (const [you, p] of players.entries()) {
      await expect(p.page.getByTestId("seat-said")).toHaveCount(4);
      const board = await p.page.locator(".board").boundingBox();
      if (!board) throw new Error("no board");
      for (const { text } of SAYS) {
        const boxes = await shownBoxes(p.page, text);
        expect(boxes.length, `${size.name}, seat ${you + 1}: ${text} is shown`).toBeGreaterThan(0);
        for (const box of boxes) expect(overlap(box, board), `${size.name}: ${text} over the board`).toBe(false);
      }
    }
    await shot(ama, `online-reactions-${size.name}`);
    await expect(ama.locator(".me [data-testid='seat-said']")).toHaveText("Good play!");
    await expect(ama.locator(".seat[data-seat='1'] [data-testid='seat-said']")).toHaveText("Well played");
    await expect(players[1].page.locator(".seat[data-seat='0'] [data-testid='seat-said']")).toHaveText("Good play!");
    // A screen reader hears who said it.
    await expect(ama.getByTestId("reaction-said")).toHaveText(/^(You|Bea|Cy|Dee): /);

    // Right after a reaction, Ama's menu says when she can react again, its buttons disabled; then
    // they come back by themselves. She reacts afresh for it once her first gap is over: the checks
    // above may take longer than a gap on a loaded machine.
    await expect(ama.getByTestId("react-thanks")).toBeEnabled({ timeout: 5_000 });
    await react(ama, "thanks");
    await ama.getByTestId("react-menu").locator("summary").click();
    await expect(ama.getByTestId("react-why")).toHaveText(/^You can react again in [1-3] seconds?\.$/);
    await expect(ama.getByTestId("react-thanks")).toBeDisabled();
    await expect(ama.getByTestId("react-thanks")).toBeEnabled({ timeout: 5_000 });
    await expect(ama.getByTestId("react-why")).toHaveCount(0);
    await ama.getByTestId("react-menu").locator("summary").click();
    for (const p of players) await expect(p.page.getByTestId("react-thanks")).toBeEnabled({ timeout: 5_000 });
    // The reactions go after a while.
    for (const p of players) await expect(p.page.getByTestId("seat-said")).toHaveCount(0);
  }
  for (const p of players) {
    expect(p.errors, "console errors").toEqual([]);
    await p.context.close();
  }
});

test("P4: during a hand of Partner the React menu says there is no table talk, its reactions disabled", async ({
  browser,
  request,
}) => {
  const ida = await newGuest(request, "Ida");
  const code = await newTable(request, ida, {
    game: "partner",
    players: 4,
    seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
    clock: null,
    private: true,
  });
  const p = await playerAs(browser, ida);
  const sent: string[] = [];
  p.page.on("websocket", (ws) => ws.on("framesent", (f) => sent.push(String(f.payload))));
  await openTable(p.page, code);
  await expect(p.page.locator(".me .hand-bone").first()).toBeVisible();
  await p.page.getByTestId("react-menu").locator("summary").click();
  await expect(p.page.getByTestId("react-why")).toHaveText(
    "No reactions during a hand of Partner: partners may not signal.",
  );
  for (const r of ["goodPlay", "wellPlayed", "ouch", "hurryUp", "thanks", "sorry"])
    await expect(p.page.getByTestId(`react-${r}`)).toBeDisabled();
  // Hiding others' reactions is still there; nothing was sent, and no refusal is shown.
  await expect(p.page.getByRole("button", { name: "Hide reactions" })).toBeEnabled();
  expect(sent.some((f) => f.includes('"t":"react"'))).toBe(false);
  await expect(p.page.locator(".notice")).toHaveCount(0);
  expect(p.errors, "console errors").toEqual([]);
  await p.context.close();
});
