/**
 * An invite link shows the table first (issue 25, point 13): the game, its rules, the clock, who
 * sits where, the open seats and whether it has started, with *Sit here* at each open seat and
 * *Just watch*. Only *Sit here* takes a seat; a visitor without a name is asked for one then.
 */

import type { Page } from "@playwright/test";
import { checkA11y, expect, shot, test } from "./fixtures";
import { newGuest, newTable, openTable, type Player, playerAs } from "./online-api";

/** The `t` of every frame the page sends on its sockets, in order. */
function sentFrames(page: Page): string[] {
  const sent: string[] = [];
  page.on("websocket", (ws) =>
    ws.on("framesent", (f) => sent.push((JSON.parse(String(f.payload)) as { t: string }).t)),
  );
  return sent;
}

test("an invite shows the table before anyone sits; only Sit here takes a seat, a name asked for then", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const fay = await newGuest(request, "Fay");
  const gus = await newGuest(request, "Gus");
  const code = await newTable(request, fay, {
    game: "partner",
    players: 4,
    seats: ["human", "human", "human", "bot:hard"],
    clock: { move: 20, bank: 60 },
    private: true,
  });
  const maker = await playerAs(browser, fay);
  await openTable(maker.page, code);
  const seats = maker.page.locator(".online-seats");
  await expect(seats.locator("[data-seat='2']")).toContainText("Open seat");

  // Gus has a name and follows the link: the table, from outside.
  const named = await playerAs(browser, gus);
  const gusSent = sentFrames(named.page);
  await named.page.goto(`./t/${code}`);
  const page = named.page;
  await expect(page.getByTestId("preview")).toBeVisible();
  await expect(page.getByTestId("preview-game")).toHaveText("Partner · 4 players");
  await expect(page.getByTestId("preview-rules")).toHaveText(
    "Six-love — Scores go back to love when everyone has a point.",
  );
  await expect(page.getByTestId("preview-clock")).toHaveText("20 s a move, plus a bank of 60 s");
  await expect(page.getByTestId("preview-status")).toHaveText("Waiting for 2 more players.");
  const list = page.locator(".online-seats");
  await expect(list.locator("[data-seat='0']")).toHaveText("Fay");
  await expect(list.locator("[data-seat='3']")).toContainText("· bot (Hard)");
  // In Partner the seat is a choice of partner: each open seat says whose.
  await expect(list.locator("[data-seat='2'] .seat-team")).toHaveText("partner of Fay");
  await expect(list.locator("[data-seat='1'] .seat-team")).toContainText("· bot");
  await expect(page.getByTestId("sit-1")).toHaveAccessibleName("Sit here: seat 2");
  await expect(page.getByTestId("sit-2")).toBeVisible();
  await checkA11y(page, "a table seen from outside");
  await shot(page, "online-preview");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "online-preview-phone");
  await page.setViewportSize({ width: 1280, height: 800 });
  // Looking took no seat.
  expect(gusSent).not.toContain("sit");
  await expect(seats.locator("[data-seat='1']")).toContainText("Open seat");
  await expect(seats.locator("[data-seat='2']")).toContainText("Open seat");

  // Just watch: the waiting room as a watcher, still seated nowhere; a seat can be taken from there.
  await page.getByTestId("just-watch").click();
  await expect(page.getByTestId("waiting")).toBeVisible();
  await expect(page.getByTestId("leave")).toHaveCount(0);
  expect(gusSent).not.toContain("sit");
  await page.getByTestId("sit-2").click();
  await expect(page.getByTestId("leave")).toBeVisible();
  await expect(seats.locator("[data-seat='2']")).toContainText("Gus");
  expect(gusSent.filter((t) => t === "sit")).toHaveLength(1);

  // Hal has no name: the table first, then a name once he chooses a seat, and he sits there.
  const nameless = await playerAs(browser, null);
  const halSent = sentFrames(nameless.page);
  await nameless.page.goto(`./t/${code}`);
  await expect(nameless.page.getByTestId("preview-status")).toHaveText("Waiting for 1 more player.");
  await expect(nameless.page.locator(".online-seats [data-seat='2']")).toHaveText("Gus");
  await nameless.page.getByTestId("sit-1").click();
  await expect(nameless.page.getByText("Choose the name the others at this table will see.")).toBeVisible();
  expect(halSent).not.toContain("sit");
  await nameless.page.getByTestId("guest-name").fill("Hal");
  await nameless.page.getByTestId("guest-go").click();
  // Every seat is taken: the game starts, Hal at the seat he chose (the bot opposite, his partner).
  await expect(nameless.page.locator(".table")).toBeVisible();
  await expect(nameless.page.locator(".seat.partner")).toContainText("· bot");
  await expect(maker.page.locator(".seat[data-seat='1']")).toContainText("Hal");

  // Once the game is on, the link shows it under way, with nothing to sit at.
  const late = await playerAs(browser, null);
  await late.page.goto(`./t/${code}`);
  await expect(late.page.getByTestId("preview-status")).toHaveText("Under way: hand 1.");
  await expect(late.page.locator("[data-testid^='sit-']")).toHaveCount(0);

  const everyone: Player[] = [maker, named, nameless, late];
  for (const p of everyone) {
    expect(p.errors, "console errors").toEqual([]);
    await p.context.close();
  }
});
