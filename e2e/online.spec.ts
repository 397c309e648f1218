/**
 * Online play through the web app, against the real server (the one `npm start` runs): the
 * Partner flow of online-flow.ts, an unknown table code, a player key used on another device, and
 * quick match across a dropped connection.
 */

import type { WebSocketRoute } from "@playwright/test";
import { checkA11y, expect, test } from "./fixtures";
import { moveIfTurn, newGuest, newTable, openTable, playerAs, sitAt, untilPlayable } from "./online-api";
import { chooseName, partnerFlow } from "./online-flow";

test("two friends play a Partner hand online with two bots; a reload keeps the seat; a third can only watch", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  await partnerFlow(browser);
});

test("a table code that does not exist is said so in the lobby's words", async ({ page }) => {
  await page.goto("./");
  await page.getByTestId("play-online").click();
  await chooseName(page, "Dee");
  await page.getByTestId("join-code").fill("ZZZZZZ");
  await page.getByRole("button", { name: "Join" }).click();
  await expect(page.getByText("There is no table with that code.")).toBeVisible();
  await page.getByTestId("to-lobby").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("a player key takes a guest to another device; a wrong key is said so", async ({ browser }) => {
  const first = await browser.newContext();
  const one = await first.newPage();
  await one.goto("./");
  await one.getByTestId("play-online").click();
  await chooseName(one, "Eli");
  await one.getByText("Play as Eli on another device").click();
  const key = await one.getByTestId("my-key").inputValue();
  expect(key.length).toBeGreaterThan(10);

  const second = await browser.newContext();
  const two = await second.newPage();
  await two.goto("./");
  await two.getByTestId("play-online").click();
  await two.getByText("Played on another device? Use your player key").click();
  await two.getByTestId("guest-key").fill(`${key.slice(0, -2)}xx`);
  await two.getByTestId("guest-key-go").click();
  await expect(two.getByText("No player has that key here. Check that you copied all of it.")).toBeVisible();
  await two.getByTestId("guest-key").fill(` ${key} `);
  await two.getByTestId("guest-key-go").click();
  await expect(two.getByTestId("lobby")).toBeVisible();
  await expect(two.getByText("Playing as Eli.")).toBeVisible();
  // Kept on the second device too: a reload is still Eli.
  await two.reload();
  await expect(two.getByText("Playing as Eli.")).toBeVisible();
  await first.close();
  await second.close();
});

test("quick match survives a dropped connection: the client asks again and bots fill the table", async ({
  page,
  context,
  errors,
}) => {
  await page.goto("./");
  await page.getByTestId("play-online").click();
  await chooseName(page, "Fay");
  await page.getByTestId("quick-go").click();
  await expect(page.getByTestId("queued")).toBeVisible();
  // The device goes offline: the socket closes and the server takes Fay out of the queue.
  await context.setOffline(true);
  await page.waitForTimeout(500);
  await context.setOffline(false);
  // Back online, the client queues again; with nobody else waiting, bots take the seats.
  await expect(page.locator(".table")).toBeVisible({ timeout: 20_000 });
  // The browser logs the attempts to reconnect made while offline; any other error still fails.
  const others = errors.filter((e) => !e.includes("ERR_INTERNET_DISCONNECTED"));
  errors.splice(0, errors.length, ...others);
});

test("durations: a device whose clock is five minutes fast still counts the turn down right", async ({
  browser,
  request,
}) => {
  const maker = await newGuest(request, "Eve");
  const code = await newTable(request, maker, {
    game: "french",
    players: 4,
    seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
    clock: { move: 20, bank: 60 },
    private: true,
  });
  const eve = await playerAs(browser, maker);
  // This device's clock runs five minutes ahead of the server's (and of real time).
  await eve.context.clock.install({ time: Date.now() + 5 * 60_000 });
  await openTable(eve.page, code);
  // On Eve's turn: the move's 20 seconds count down, then her 60-second bank.
  const clock = eve.page.getByTestId("clock");
  await expect(clock).toBeVisible({ timeout: 30_000 });
  const seconds = async () => Number(/^(\d+) s/.exec((await clock.textContent()) ?? "")?.[1]);
  const first = await seconds();
  expect(first).toBeGreaterThan(10);
  expect(first).toBeLessThanOrEqual(20);
  await expect(clock).toContainText("+ bank 60 s");
  // The countdown follows this device's clock from the frame's arrival: five seconds on it, five
  // seconds less (the server has not moved, so no new frame comes).
  await eve.context.clock.fastForward(5_000);
  await expect.poll(seconds).toBeLessThanOrEqual(first - 5);
  expect(await seconds()).toBeGreaterThanOrEqual(first - 7);
  expect(eve.errors).toEqual([]);
  await eve.context.close();
});

test("9, 12: offline, a tapped bone waits as pending and can be taken back; the lost connection moves nothing", async ({
  browser,
  request,
}) => {
  const guest = await newGuest(request, "Hal");
  const code = await newTable(request, guest, {
    game: "french",
    players: 4,
    seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
    clock: null,
    private: true,
  });
  const hal = await playerAs(browser, guest, { viewport: { width: 390, height: 844 } });
  const page = hal.page;
  await openTable(page, code);
  await untilPlayable(page);
  const board = () => page.locator(".board").boundingBox();
  const before = await board();
  await hal.context.setOffline(true);
  await expect(page.getByTestId("reconnecting")).toBeVisible();
  // The "connection lost" pill floats over the table: the board keeps its place (issue 26, 12).
  expect(await board()).toEqual(before);
  const playable = page.locator(".hand-bone.playable").first();
  const bone = (await playable.getAttribute("data-bone")) ?? "";
  const tap = async () => {
    await page.locator(`.hand-bone[data-bone="${bone}"]`).click();
    const mark = page.locator(".board .end-mark").first();
    if (await mark.isVisible()) await mark.click();
  };
  await tap();
  const pending = page.getByTestId("pending");
  await expect(pending).toContainText(`${bone} will be played when you are back online.`);
  await expect(page.locator(`.hand-bone[data-bone="${bone}"]`)).toHaveClass(/chosen/);
  await expect(page.locator(".hand-bone.playable")).toHaveCount(0);
  // Taken back: nothing was sent, the hand is the player's again.
  await page.getByTestId("take-back").click();
  await expect(pending).toHaveCount(0);
  await expect(page.locator(`.hand-bone.playable[data-bone="${bone}"]`)).toBeVisible();
  // Tapped again and left pending: it is played once the connection is back.
  await tap();
  await expect(pending).toBeVisible();
  await hal.context.setOffline(false);
  await expect(page.getByTestId("reconnecting")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator(`.hand-bone[data-bone="${bone}"]`)).toHaveCount(0);
  await expect(pending).toHaveCount(0);
  // Nothing on the table is wider than the phone (a score row of four long names once was, and
  // the table scrolled sideways under the board).
  expect(await page.locator(".table").evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
  expect(await board()).toEqual(before);
  // The browser logs its attempts to reconnect while offline; nothing else.
  expect(hal.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|WebSocket connection/.test(e))).toEqual([]);
  await hal.context.close();
});

test("8: a paused table says so between hands, and Next hand brings an away player back", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const guest = await newGuest(request, "Ida");
  const code = await newTable(request, guest, {
    game: "french",
    players: 4,
    seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
    clock: null,
    private: true,
  });
  const ida = await playerAs(browser, guest);
  const page = ida.page;
  // Between the page and the server: every frame passes, and the test can say what the server
  // will soon say itself (a presence frame with the pause).
  let socket: WebSocketRoute | null = null;
  const sent: unknown[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    socket = ws;
    ws.onMessage((m) => {
      sent.push(JSON.parse(String(m)));
      server.send(m);
    });
    server.onMessage((m) => ws.send(m));
  });
  await openTable(page, code);
  await expect(page.locator(".table")).toBeVisible();
  await expect
    .poll(
      async () => {
        if ((await page.locator("#score-sheet").count()) > 0) return true;
        await moveIfTurn(page);
        return false;
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  await page.keyboard.press("Escape");
  // Every person is away (Ida's clock ran out, say): the table waits for one of them.
  const away = { t: "presence", table: code, ready: [], paused: true };
  (socket as WebSocketRoute | null)?.send(
    JSON.stringify({ ...away, seats: [0, 1, 2, 3].map((s) => ({ connected: s === 0, away: s === 0 })) }),
  );
  await expect(page.getByTestId("paused")).toHaveText(
    "Paused: the next hand waits until a player is back at the table.",
  );
  await expect(page.getByTestId("next-hand-in")).toHaveCount(0);
  await page.getByTestId("bar-next").click();
  await expect.poll(() => sent.some((m) => (m as { t?: string }).t === "next")).toBe(true);
  expect(ida.errors).toEqual([]);
  await ida.context.close();
});

test("the maker removes a person before the first deal; leaving asks first and says the seat opens", async ({
  browser,
  request,
}) => {
  const fay = await newGuest(request, "Fay");
  const gus = await newGuest(request, "Gus");
  const code = await newTable(request, fay, {
    game: "partner",
    players: 4,
    seats: ["human", "human", "bot:easy", "human"],
    clock: null,
    private: true,
  });
  const maker = await playerAs(browser, fay);
  await maker.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const guest = await playerAs(browser, gus);
  await openTable(maker.page, code);
  await sitAt(guest.page, code, 1);
  await expect(guest.page.getByTestId("leave")).toBeVisible();
  const seats = maker.page.locator(".online-seats");
  await expect(seats.locator("[data-seat='1']")).toContainText("Gus");
  // The bot opposite the maker is her partner, said in the waiting room; bots are marked as bots.
  await expect(seats.locator("[data-seat='2']")).toContainText("· bot");
  await expect(seats.locator("[data-seat='2'] .seat-team")).toHaveText("partner");
  await maker.page.getByTestId("copy-invite").click();
  await expect(maker.page.getByTestId("copy-invite")).toHaveText("Copied");
  // Only the maker may remove, and only people.
  await expect(guest.page.getByTestId("remove-0")).toHaveCount(0);
  await expect(maker.page.getByTestId("remove-2")).toHaveCount(0);
  await maker.page.getByTestId("remove-1").click();
  await expect(guest.page.getByText("The table's maker took you off this table.")).toBeVisible();
  await expect(seats.locator("[data-seat='1']")).toContainText("Open seat");
  // Leaving asks first; Cancel puts the focus back on the button (issue 26, 3).
  await maker.page.getByTestId("leave").focus();
  await maker.page.keyboard.press("Enter");
  const dialog = maker.page.locator("#confirm-leave");
  await expect(dialog).toContainText("Your seat is free again for anyone with the code or link.");
  await expect(dialog).toBeVisible();
  await maker.page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(maker.page.getByTestId("leave")).toBeFocused();
  await checkA11y(maker.page, "waiting table of its maker");
  await maker.page.getByTestId("leave").click();
  await maker.page.getByTestId("leave-confirm").click();
  await expect(maker.page.getByTestId("lobby")).toBeVisible();
  for (const p of [maker, guest]) {
    expect(p.errors).toEqual([]);
    await p.context.close();
  }
});

test("a table closed for good says why, with the way back to the lobby", async ({ browser, request }) => {
  const guest = await newGuest(request, "Jo");
  const code = await newTable(request, guest, {
    game: "cutthroat",
    players: 2,
    seats: ["human", "human"],
    clock: null,
    private: true,
  });
  const jo = await playerAs(browser, guest);
  // The server closes a table nobody came back to (docs/online.md); here its frames say so.
  await jo.page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      const frame = JSON.parse(String(m));
      if (frame.t === "table") frame.table.status = "closed";
      ws.send(JSON.stringify(frame));
    });
  });
  await openTable(jo.page, code);
  await expect(jo.page.getByTestId("closed")).toContainText("This table is closed: nobody was at it for a while.");
  await checkA11y(jo.page, "closed table");
  await jo.page.getByTestId("to-lobby").click();
  await expect(jo.page.getByTestId("lobby")).toBeVisible();
  expect(jo.errors).toEqual([]);
  await jo.context.close();
});
