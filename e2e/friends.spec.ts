/**
 * Friends and blocks in the web app (issue 28, point 3): Ana adds Ben from his profile (/p/ID),
 * sees him online in her lobby's Friends panel, makes a public table and invites him from its
 * waiting room; Ben sees the invitation over his lobby, joins, and adds Ana from her name at the
 * table. Ana sees Ben at that table in her Friends panel (Watch / Join), then blocks him there:
 * Ben can no longer sit at a new table of hers and is told so. The profile's buttons, the
 * Friends panel, the invitation and a name's menu are checked with axe.
 *
 * Then the whole way back: an account made with a passkey signs in on a second browser,
 * adds a friend there, invites them (on their home screen) to a rated game, and both see their
 * ratings change.
 */

import type { Locator, Page } from "@playwright/test";
import { checkA11y, expect, shot, test } from "./fixtures";
import { newGuest, openTable, type Player, playerAs, resign } from "./online-api";
import { openMenu } from "./online-flow";
import { copyPasskey, kept, virtualAuthenticator } from "./passkey-helpers";

/** Resolves once `page`'s socket has been welcomed by the server (its player is online from then on). */
function welcomed(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on("websocket", (ws) =>
      ws.on("framereceived", (f) => {
        if (String(f.payload).includes('"t":"welcome"')) resolve();
      }),
    ),
  );
}

/** Adds player `id` as a friend from their profile, on `page`. */
async function addFromProfile(page: Page, id: string, name: string): Promise<void> {
  await page.goto(`p/${id}`);
  await expect(page.getByTestId("profile").getByRole("heading", { level: 1 })).toHaveText(name);
  await page.getByRole("button", { name: "Add friend" }).click();
  await expect(page.getByTestId("is-friend")).toHaveText("Friends ✓");
}

/**
 * `page`'s player invites `name` to the table waiting on screen; the invitation from `from`
 * shows over `theirs`, and is returned (its Join still to press).
 */
async function invite(page: Page, theirs: Page, name: string, from: string) {
  await page.getByRole("button", { name: "Invite a friend" }).click();
  await page.getByRole("button", { name: `Invite ${name} to this table` }).click();
  await expect(page.getByTestId("invite-sent")).toHaveText(`Invitation sent to ${name}.`);
  const invitation = theirs.getByTestId("invitation");
  await expect(invitation).toContainText(`${from} invites you to play Cut Throat for`);
  return invitation;
}

/** Join on an invitation on `page`: it goes, and the table shows from outside; a seat is taken. */
async function joinAndSit(page: Page, invitation: Locator): Promise<void> {
  await invitation.getByRole("button", { name: "Join" }).click();
  await expect(page.getByTestId("invitation")).toHaveCount(0);
  await expect(page.getByTestId("preview")).toBeVisible();
  await page.getByTestId("sit-1").click();
  await expect(page.getByTestId("leave").or(page.locator(".table")).first()).toBeVisible();
}

/** Opens the lobby on `page` (its player already has a name). */
async function lobby(page: Page): Promise<void> {
  await page.goto("./");
  await page.getByTestId("play-online").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
}

/** Makes a Cut Throat table for `players` from the lobby, every other seat for a person; its code. */
async function makeTable(page: Page, players: number, kind: { public?: boolean; rated?: boolean }): Promise<string> {
  const create = page.locator(".online-create");
  await create.locator(".pill", { hasText: "Cut Throat" }).click();
  await create.locator(".pill", { hasText: `${players} players` }).click();
  for (let seat = 1; seat < players; seat++) await page.getByTestId(`seat-${seat}`).selectOption("human");
  if (kind.public) await create.getByText("Private: only people with the code or link can sit").click();
  if (kind.rated) await page.getByTestId("rated").check();
  await page.getByTestId("create-table").click();
  await expect(page.getByTestId("waiting")).toBeVisible();
  return (await page.getByTestId("table-code").first().textContent()) ?? "";
}

test("a friend added from a profile is seen online, invited to a table, joins it; blocked, can no longer sit with me", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [anaGuest, benGuest] = [await newGuest(request, "Ana"), await newGuest(request, "Ben")];
  const players: Player[] = [await playerAs(browser, anaGuest), await playerAs(browser, benGuest)];
  const [ana, ben] = players.map((p) => p.page);

  // Ben is in his lobby: online.
  const benOnline = welcomed(ben);
  await lobby(ben);
  await benOnline;

  // Ana opens Ben's profile and adds him; her own profile offers neither button.
  await addFromProfile(ana, benGuest.player.id, "Ben");
  await expect(ana.getByTestId("friend-status")).toHaveText("Ben is one of your friends now.");
  await checkA11y(ana, "profile with friend buttons");
  await ana.goto(`p/${anaGuest.player.id}`);
  await expect(ana.getByTestId("profile-since")).toBeVisible();
  await expect(ana.getByTestId("friend-buttons")).toHaveCount(0);

  // Her lobby's Friends panel: Ben, online, said in words.
  await lobby(ana);
  const friends = ana.getByTestId("friends");
  const benRow = friends.locator(`[data-friend="${benGuest.player.id}"]`);
  await expect(benRow).toContainText("Ben");
  await expect(benRow.getByTestId("friend-state")).toHaveText("online");
  await expect(benRow.getByTestId("friend-table")).toHaveCount(0);
  await checkA11y(ana, "lobby with the Friends panel");
  await friends.scrollIntoViewIfNeeded();
  await shot(ana, "online-friends");

  // Ana makes a public Cut Throat table for three and invites Ben from its waiting room.
  const code = await makeTable(ana, 3, { public: true });
  const invitation = await invite(ana, ben, "Ben", "Ana");
  await expect(invitation).toContainText("Ana invites you to play Cut Throat for 3.");
  await checkA11y(ben, "an invitation over the lobby");
  await shot(ben, "online-invitation");
  await joinAndSit(ben, invitation);
  await expect(ben.getByTestId("table-code")).toHaveText(code);

  // At the table Ben opens Ana's name: Add friend and her profile; he adds her.
  const anaName = ben.locator(".online-seats [data-seat='0']").getByTestId("player-menu");
  await expect(anaName).toHaveText("Ana");
  await anaName.click();
  await expect(ben.getByRole("link", { name: "Profile of Ana" })).toBeVisible();
  await checkA11y(ben, "a name's menu at a table");
  await shot(ben, "online-name-menu");
  await ben.locator(".player-menu-list").getByRole("button", { name: "Add friend" }).click();
  await expect(ben.locator(".player-menu-list .friend-tag")).toHaveText("Friends ✓");
  await ben.keyboard.press("Escape");
  await expect(ben.locator(".player-menu-list")).toHaveCount(0);
  await expect(anaName).toBeFocused();

  // Back in her lobby, Ana sees Ben at that public table, with Watch and Join; she blocks him.
  await ana.getByTestId("to-lobby").click();
  await expect(benRow.getByTestId("friend-table")).toContainText(`At table ${code}:`);
  await expect(benRow.getByRole("button", { name: "Watch the table of Ben" })).toBeVisible();
  await expect(benRow.getByRole("button", { name: "Join the table of Ben" })).toBeVisible();
  await friends.scrollIntoViewIfNeeded();
  await shot(ana, "online-friend-at-table");
  await friends.getByRole("button", { name: "Block Ben" }).click();
  await expect(ana.getByTestId("friends-status")).toContainText("Ben is blocked");
  await expect(benRow).toHaveCount(0);
  await expect(friends.locator(`[data-blocked="${benGuest.player.id}"]`)).toContainText("Ben");
  await checkA11y(ana, "the Friends panel with a blocked player");

  // Ana's new table: Ben cannot sit at it, and is told so.
  const second = await makeTable(ana, 2, { public: false });
  await openTable(ben, second);
  await ben.getByTestId("sit-1").click();
  await expect(ben.getByTestId("preview").getByRole("alert")).toHaveText("You cannot sit at this table.");

  for (const p of players) {
    expect(p.errors, "console errors").toEqual([]);
    await p.context.close();
  }
});

test("an account made with a passkey signs in on a second browser, adds a friend, invites them to a rated game; both ratings change", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // The laptop: Ana chooses her name and keeps it with a passkey.
  const laptop = await playerAs(browser, null);
  const laptopKeys = await virtualAuthenticator(laptop.context, laptop.page);
  await laptop.page.goto("./");
  await laptop.page.getByTestId("play-online").click();
  await laptop.page.getByTestId("guest-name").fill("Ana");
  await laptop.page.getByTestId("guest-go").click();
  const account = laptop.page.getByTestId("account");
  await account.getByRole("button", { name: "Keep this name: add a passkey" }).click();
  await expect(account.getByTestId("account-state")).toContainText("Ana is an account since");

  // The phone holds a copy of the passkey (as it syncs) and signs in with it: the same player.
  const phone = await playerAs(browser, null);
  await copyPasskey(laptopKeys, await virtualAuthenticator(phone.context, phone.page));
  await phone.page.goto("./");
  await phone.page.getByTestId("play-online").click();
  await phone.page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(phone.page.getByText("Playing as Ana.")).toBeVisible();
  expect((await kept(phone.page))?.player).toEqual((await kept(laptop.page))?.player);

  // Ben, who has played online before, is on his home screen: online all the same. On the phone Ana
  // adds him from his profile and sees him online.
  const benGuest = await newGuest(request, "Ben");
  const benPlayer = await playerAs(browser, benGuest);
  const ben = benPlayer.page;
  const benOnline = welcomed(ben);
  await ben.goto("./");
  await benOnline;
  const ana = phone.page;
  await addFromProfile(ana, benGuest.player.id, "Ben");
  await lobby(ana);
  await expect(
    ana.getByTestId("friends").locator(`[data-friend="${benGuest.player.id}"]`).getByTestId("friend-state"),
  ).toHaveText("online");

  // A rated Cut Throat table for two; Ben is invited, joins, and the game starts.
  await makeTable(ana, 2, { rated: true });
  // The invitation shows over his home screen; Join opens the table.
  const invitation = await invite(ana, ben, "Ben", "Ana");
  await expect(ben.getByTestId("play-online")).toBeVisible();
  await checkA11y(ben, "an invitation over the home screen");
  await joinAndSit(ben, invitation);
  for (const page of [ana, ben]) await expect(page.locator(".table")).toBeVisible();

  // During the game the table's menu offers the other player: Ben adds Ana from there.
  await openMenu(ben);
  await expect(ben.getByRole("link", { name: "Profile of Ana" })).toBeVisible();
  await ben.getByRole("button", { name: "Add Ana as a friend" }).click();
  await openMenu(ben);
  await expect(ben.getByRole("button", { name: "Add Ana as a friend" })).toHaveCount(0);
  await ben.getByTestId("table-more").locator("summary").click();

  // Ana resigns: both see both ratings move from a new player's 700, hers down and his up.
  await resign(ana, ben);
  for (const page of [ana, ben]) {
    const changes = page.getByTestId("rating-changes");
    await expect(changes.getByTestId("rating-0")).toContainText(/700 → \d+ \(\u2212\d+\)/);
    await expect(changes.getByTestId("rating-1")).toContainText(/700 → \d+ \(\+\d+\)/);
  }

  for (const p of [laptop, phone, benPlayer]) {
    expect(p.errors, "console errors").toEqual([]);
    await p.context.close();
  }
});
