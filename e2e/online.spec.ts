/**
 * Online play through the web app, against the real server (the one `npm start` runs): the
 * Partner flow of online-flow.ts, an unknown table code, a player key used on another device, and
 * quick match across a dropped connection.
 */

import { expect, test } from "./fixtures";
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
