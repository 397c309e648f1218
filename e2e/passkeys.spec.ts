/**
 * Accounts with passkeys (issue 28, point 1), in Chromium with its virtual authenticator (CDP
 * `WebAuthn`): a guest keeps their name by adding a passkey; a second browser, whose authenticator
 * holds a copy of that passkey (as a synced passkey would be), signs in with it and is the same
 * player; the passkey is removed; the data is downloaded; the account is deleted, and its key is
 * refused from then on.
 */

import { readFileSync } from "node:fs";
import { checkA11y, expect, shot, test } from "./fixtures";
import { playerAs } from "./online-api";
import { copyPasskey, kept, virtualAuthenticator } from "./passkey-helpers";

test("a passkey keeps a guest's name: signed in on another browser as the same player, removed, data downloaded, account deleted", async ({
  browser,
  request,
}) => {
  // The laptop: a guest who chooses a name, then adds a passkey from the lobby's Account panel.
  const laptop = await playerAs(browser, null);
  const mine = await virtualAuthenticator(laptop.context, laptop.page);
  await laptop.page.goto("./");
  await laptop.page.getByTestId("play-online").click();
  await laptop.page.getByTestId("guest-name").fill("Ana");
  await laptop.page.getByTestId("guest-go").click();
  await expect(laptop.page.getByText("Playing as Ana.")).toBeVisible();
  const account = laptop.page.getByTestId("account");
  await expect(account.getByTestId("account-state")).toContainText("Ana is a guest on this device.");
  await account.getByRole("button", { name: "Keep this name: add a passkey" }).click();
  await expect(account.getByTestId("account-status")).toHaveText(
    "Passkey added. On another device, choose Sign in with a passkey.",
  );
  await expect(account.getByTestId("account-state")).toContainText("Ana is an account since");
  await expect(account.getByTestId("passkey")).toHaveCount(1);
  await checkA11y(laptop.page, "account panel");
  await shot(laptop.page, "online-account");
  const ana = await kept(laptop.page);
  expect(ana?.player.name).toBe("Ana");

  // The phone: its authenticator holds the same passkey (copied over CDP, as a passkey syncs).
  const phone = await playerAs(browser, null);
  const theirs = await virtualAuthenticator(phone.context, phone.page);
  const credential = await copyPasskey(mine, theirs);
  expect(credential.isResidentCredential).toBe(true);
  await phone.page.goto("./");
  await phone.page.getByTestId("play-online").click();
  await checkA11y(phone.page, "name form with passkey sign-in");
  await phone.page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(phone.page.getByText("Playing as Ana.")).toBeVisible();
  expect((await kept(phone.page))?.player).toEqual(ana?.player);
  await expect(phone.page.getByTestId("passkey")).toHaveCount(1);

  // Download my data: one JSON file holding the player and the passkey, with no public key.
  const [download] = await Promise.all([
    laptop.page.waitForEvent("download"),
    account.getByRole("button", { name: "Download my data" }).click(),
  ]);
  const data = JSON.parse(readFileSync((await download.path()) ?? "", "utf8"));
  expect(data.player).toMatchObject({ id: ana?.player.id, name: "Ana", account: expect.any(Number) });
  expect(data.passkeys).toEqual([expect.objectContaining({ name: expect.any(String), used: expect.any(Number) })]);
  expect(JSON.stringify(data)).not.toContain("public");

  // Remove the passkey: the account stays, with its key as the way in.
  const name = await account.getByTestId("passkey").locator("span").textContent();
  await account.getByRole("button", { name: `Remove the passkey ${(name ?? "").split(" · added")[0]}` }).click();
  await expect(account.getByTestId("passkey")).toHaveCount(0);
  await expect(account).toContainText("No passkey left: sign in with the player key, or add a passkey again.");

  // Delete my account, asked first: the laptop is back at the name form; the phone is signed out.
  await account.getByRole("button", { name: "Delete my account" }).click();
  const dialog = laptop.page.locator("#confirm-delete");
  await expect(dialog).toContainText("under the name “Former player”");
  await checkA11y(laptop.page, "delete my account");
  await dialog.getByRole("button", { name: "Delete for good" }).click();
  await expect(laptop.page.getByTestId("guest-name")).toBeVisible();
  expect(await kept(laptop.page)).toBeNull();
  await expect(phone.page.getByTestId("signed-out")).toBeVisible();
  const me = await request.get("api/me", { headers: { authorization: `Bearer ${ana?.token}` } });
  expect(me.status()).toBe(401);

  for (const p of [laptop, phone]) {
    expect(p.errors, "console errors").toEqual([]);
    await p.context.close();
  }
});
