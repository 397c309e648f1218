/**
 * Online play through the web app, against the real server (the one `npm start` runs): the
 * Partner flow of online-flow.ts, and an unknown table code.
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
