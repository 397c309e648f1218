/**
 * Sign out other devices (issue 25, point 14): a player's key changes, every older one is refused.
 * The device that asked plays on with its new key; another device that held the old one is told
 * in words that it was signed out (not a crash, not a loop), and takes the new key.
 */

import { checkA11y, expect, shot, test } from "./fixtures";
import { newGuest, newTable, openTable, playerAs } from "./online-api";

test("Sign out other devices: this device plays on with a new key; the other is told and takes it", async ({
  browser,
  request,
}) => {
  const eli = await newGuest(request, "Eli");
  const code = await newTable(request, eli, {
    game: "french",
    players: 4,
    seats: ["human", "bot:easy", "bot:easy", "bot:easy"],
    clock: null,
    private: true,
  });
  // Two devices of Eli's: a phone in the lobby, a laptop at his table.
  const phone = await playerAs(browser, eli);
  const laptop = await playerAs(browser, eli);
  let laptopSockets = 0;
  laptop.page.on("websocket", () => laptopSockets++);
  await openTable(laptop.page, code);
  await expect(laptop.page.locator(".me .hand-bone").first()).toBeVisible();
  expect(laptopSockets).toBe(1);

  await phone.page.goto("./");
  await phone.page.getByTestId("play-online").click();
  await expect(phone.page.getByTestId("lobby")).toBeVisible();
  await phone.page.getByText("Play as Eli on another device").click();
  await phone.page.getByTestId("sign-out-others").click();
  // It asks first, saying what it does.
  const dialog = phone.page.locator("#confirm-sign-out");
  await expect(dialog).toContainText(
    "Every other device or program that plays as Eli is signed out at once, and plays as Eli again only with the new key. This device stays signed in.",
  );
  await checkA11y(phone.page, "sign out other devices");
  await phone.page.getByTestId("sign-out-confirm").click();

  // The phone: a new key, kept, and it still plays as Eli (his table opens with his seat).
  await expect(phone.page.getByTestId("key-changed")).toBeVisible();
  await shot(phone.page, "online-key-changed");
  const key = await phone.page.getByTestId("my-key").inputValue();
  expect(key).not.toBe(eli.token);
  await phone.page.reload();
  await expect(phone.page.getByText("Playing as Eli.")).toBeVisible();
  await phone.page.getByText("Play as Eli on another device").click();
  await expect(phone.page.getByTestId("my-key")).toHaveValue(key);
  await phone.page.getByRole("button", { name: code }).click();
  await expect(phone.page.locator(".me .hand-bone").first()).toBeVisible();
  await expect(phone.page.locator(".online-watching")).toHaveCount(0);

  // The laptop: told in words, with the key's field open; its socket was closed and not made again.
  await expect(laptop.page.getByTestId("signed-out")).toHaveText(
    "This device was signed out: the player key of Eli was changed on another device, or the server no longer knows it. Enter the new key, or choose a name.",
  );
  await expect(laptop.page.getByTestId("guest-key")).toBeVisible();
  expect(laptopSockets).toBe(1);
  await checkA11y(laptop.page, "signed out");
  await shot(laptop.page, "online-signed-out");
  // The old key is refused over HTTP too: the server no longer knows it.
  expect((await request.get("api/me", { headers: { authorization: `Bearer ${eli.token}` } })).status()).toBe(401);
  // With the new key, the laptop is back at Eli's seat of the same table.
  await laptop.page.getByTestId("guest-key").fill(key);
  await laptop.page.getByTestId("guest-key-go").click();
  await expect(laptop.page.locator(".me .hand-bone").first()).toBeVisible();
  await expect(laptop.page.locator(".online-watching")).toHaveCount(0);
  expect(new URL(laptop.page.url()).searchParams.get("t")).toBe(code);

  for (const p of [phone, laptop]) {
    expect(p.errors, "console errors").toEqual([]);
    await p.context.close();
  }
});
