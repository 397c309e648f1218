/**
 * Online play through the web app, against the real server (the one `npm start` runs): the
 * Partner flow of online-flow.ts, an unknown table code, and a player key used on another device.
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
