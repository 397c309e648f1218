/**
 * Ratings in the web app (issue 28, points 2, 4 and 6, the web's part): two people at a rated
 * public Cut Throat table for two; one resigns and both end-of-game dialogs say how the game moved
 * each rating. Two rematches later, the winner's profile (`/p/ID`) shows the rating, its plot, the
 * rated games and the recent public games (each opens in the replay viewer), and there he sets his
 * country (a code that is none is refused in words); the loser sees his flag on it, how she did
 * against him, and watches a recent game. The leaderboards, from the lobby, are empty all time (ten
 * games are needed) and show both players this month (three are), with "You: #1".
 * The dialog and the pages are checked with axe.
 */

import { checkA11y, expect, shot, test } from "./fixtures";
import { newGuest, newTable, openTable, type Player, playerAs, resign, sitAt } from "./online-api";

test("a rated game's end shows both ratings' change; the winner's profile plots it; the boards list the players", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [ana, ben] = [await newGuest(request, "Ana"), await newGuest(request, "Ben")];
  const setup = {
    game: "cutthroat",
    players: 2,
    seats: ["human", "human"],
    // Public (a profile lists public tables' games only), so it keeps a turn clock.
    clock: { move: 60, bank: 600 },
    private: false,
    rated: true,
  } as const;
  const code = await newTable(request, ana, setup);
  const players: Player[] = [await playerAs(browser, ana), await playerAs(browser, ben)];
  const [a, b] = players.map((p) => p.page);
  await openTable(a, code);
  await sitAt(b, code, 1);
  for (const page of [a, b]) await expect(page.locator(".table")).toBeVisible();

  // Ana resigns: last place. Both dialogs say each rating's change, Ana's down and Ben's up, from
  // a new player's 700, provisional after one game.
  await resign(a, b);
  for (const page of [a, b]) {
    const changes = page.getByTestId("rating-changes");
    await expect(changes.getByTestId("rating-0")).toContainText(/700 → \d+ \(\u2212\d+\)/);
    await expect(changes.getByTestId("rating-1")).toContainText(/700 → \d+ \(\+\d+\)/);
    await expect(changes.getByTestId("rating-1")).toContainText("provisional");
    // A screen reader hears it in words.
    await expect(changes.getByTestId("rating-1")).toContainText(/from 700 to \d+, up \d+/);
  }
  await expect(b.getByTestId("rating-1")).toContainText("You");
  await checkA11y(b, "rated game end");
  await shot(b, "rated-game-end");

  // Two more rated games (rematches), Ana resigning each: three this month for both.
  for (let game = 2; game <= 3; game++) {
    for (const page of [a, b]) await page.locator("#game-end").getByRole("button", { name: "Play again" }).click();
    for (const page of [a, b]) await expect(page.locator("#game-end")).toHaveCount(0);
    await resign(a, b);
    await expect(b.getByTestId("rating-1")).toContainText(/\(\+\d+\)/);
  }
  const after = /→ (\d+)/.exec((await b.getByTestId("rating-1").locator("[aria-hidden]").textContent()) ?? "")?.[1];
  expect(after).toBeDefined();

  // Ben's profile: his Cut Throat rating, provisional with three games, plotted; his rated games
  // open in the replay viewer.
  await b.goto(`p/${ben.player.id}`);
  await expect(b).toHaveURL(new RegExp(`\\?p=${ben.player.id}$`));
  const profile = b.getByTestId("profile");
  await expect(profile.getByRole("heading", { level: 1 })).toHaveText("Ben");
  await expect(b.getByTestId("profile-since")).toContainText("Guest · playing since");
  const cutthroat = b.getByTestId("profile-cutthroat");
  await expect(cutthroat.getByTestId("profile-rating")).toHaveText(after as string);
  await expect(cutthroat).toContainText("provisional");
  await expect(cutthroat).toContainText("3 rated games");
  await expect(b.getByTestId("chart-cutthroat")).toHaveAttribute("data-drawn", "true");
  await expect(b.getByTestId("profile-games").locator("tbody tr")).toHaveCount(3);
  await expect(b.getByTestId("profile-recent").locator("tbody tr")).toHaveCount(3);
  // Nobody is measured against themselves.
  await expect(b.getByTestId("profile-against")).toHaveCount(0);

  // His own profile has the form that sets his country: a code that is no country is refused in
  // words; his own is kept (after a reload too) and shown as its flag and its name.
  const country = b.getByTestId("country-form");
  await country.getByLabel("Country code").fill("XX");
  await country.getByRole("button", { name: "Save" }).click();
  await expect(country.getByTestId("country-error")).toHaveText(
    "That is not a country's two-letter code (JM for Jamaica, for instance).",
  );
  await country.getByLabel("Country code").fill("jm");
  await country.getByLabel("Country code").press("Enter");
  await expect(country.getByTestId("country-status")).toHaveText("Your profile shows Jamaica now.");
  await expect(b.getByTestId("profile-country")).toHaveText("\u{1f1ef}\u{1f1f2} Jamaica");
  await expect(b.getByTestId("profile-country").locator("[aria-hidden=true]")).toHaveText("\u{1f1ef}\u{1f1f2}");
  await b.reload();
  await expect(b.getByTestId("profile-country")).toHaveText("\u{1f1ef}\u{1f1f2} Jamaica");
  await checkA11y(b, "profile");
  await shot(b, "profile");
  await b.getByTestId("profile-games").getByRole("button", { name: "Watch" }).first().click();
  await expect(b.locator(".replay-view")).toBeVisible();

  // Ana, on Ben's profile: his flag, how she did against him (three losses), no form of hers;
  // a recent game opens in the replay viewer.
  await a.goto(`p/${ben.player.id}`);
  await expect(a.getByTestId("profile-country")).toHaveText("\u{1f1ef}\u{1f1f2} Jamaica");
  await expect(a.getByTestId("profile-against")).toHaveText("Against you: you won 0, lost 3, drew 0");
  await expect(a.getByTestId("country-form")).toHaveCount(0);
  const recent = a.getByTestId("profile-recent");
  await expect(recent.locator("tbody tr").first()).toContainText("Cut Throat");
  await expect(recent.locator("tbody tr").first()).toContainText("Ana, Ben");
  await checkA11y(a, "profile, another player's");
  await recent.getByRole("button", { name: "Watch" }).first().click();
  await expect(a.locator(".replay-view")).toBeVisible();

  // An address that is no player's: said so.
  await b.goto(`p/${"x".repeat(22)}`);
  await expect(b.getByTestId("profile")).toContainText("There is no player at this address.");

  // The leaderboards, from the lobby: nobody has ten rated games, so the all-time boards are
  // empty; this month's Cut Throat board lists both, Ben first, and says where he is.
  await b.goto("./");
  await b.getByTestId("play-online").click();
  await b.getByTestId("lobby-leaderboards").click();
  const boards = b.getByTestId("leaderboards");
  await expect(boards.getByTestId("board-empty")).toHaveText("Nobody has played 10 rated games yet.");
  await checkA11y(b, "leaderboards, empty");
  await boards.locator("label", { hasText: "Cut Throat" }).click();
  await expect(boards.getByTestId("board-empty")).toHaveText("Nobody has played 10 rated games yet.");
  await boards.getByTestId("period-month").check();
  const table = boards.getByTestId("board-table");
  await expect(table.locator("caption")).toHaveText("Cut Throat, This month: page 1 of 1");
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await expect(table.locator("tbody tr").first()).toContainText(`1Ben${after}3`);
  await expect(boards.getByTestId("board-me")).toHaveText("You: #1");
  await checkA11y(b, "leaderboards");
  await shot(b, "leaderboards");
  // A name opens its profile.
  await table.getByRole("link", { name: "Ana" }).click();
  await expect(b.getByTestId("profile").getByRole("heading", { level: 1 })).toHaveText("Ana");
  await expect(b.getByTestId("profile-against")).toHaveText("Against you: you won 3, lost 0, drew 0");
  await expect(b).toHaveURL(/\?p=/);
  await b.getByRole("button", { name: "Back" }).click();
  await expect(b.getByTestId("leaderboards")).toBeVisible();

  for (const p of players) {
    // The address that is no player's was answered 404, and the code that is no country 400, as the browser reports.
    expect(
      p.errors.filter((e) => !/\b40[04]\b/.test(e)),
      "console errors",
    ).toEqual([]);
    await p.context.close();
  }
});

test("Rated is offered where a table is made only while every seat is for a person, and says why", async ({ page }) => {
  await page.goto("./");
  await page.getByTestId("play-online").click();
  await page.getByTestId("guest-name").fill("Cy");
  await page.getByTestId("guest-go").click();
  const create = page.locator(".online-create");
  await create.locator(".pill", { hasText: "Cut Throat" }).click();
  await create.locator(".pill", { hasText: "2 players" }).click();
  await page.getByTestId("seat-1").selectOption("bot:easy");
  await expect(page.getByTestId("rated")).toBeDisabled();
  await expect(page.getByTestId("rated")).toHaveAccessibleDescription(
    "Only a table of people can be rated: choose a friend for every seat.",
  );
  await page.getByTestId("seat-1").selectOption("human");
  await expect(page.getByTestId("rated")).toBeEnabled();
  await page.getByTestId("rated").check();
  const made = page.waitForRequest((r) => r.url().endsWith("/api/tables") && r.method() === "POST");
  await page.getByTestId("create-table").click();
  expect((await made).postDataJSON().setup).toMatchObject({
    game: "cutthroat",
    seats: ["human", "human"],
    rated: true,
  });
  await expect(page.getByTestId("waiting")).toBeVisible();
});
