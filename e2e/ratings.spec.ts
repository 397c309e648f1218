/**
 * Ratings in the web app (issue 28, points 2, 4 and 6, the web's part): two people at a rated
 * Cut Throat table for two; one resigns and both end-of-game dialogs say how the game moved each
 * rating. Two rematches later, the winner's profile (`/p/ID`) shows the rating, its plot and the
 * rated games (each opens in the replay viewer); the leaderboards, from the lobby, are empty all
 * time (ten games are needed) and show both players this month (three are), with "You: #1".
 * The dialog and both pages are checked with axe.
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
    clock: null,
    private: true,
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
  await checkA11y(b, "profile");
  await shot(b, "profile");
  await b.getByTestId("profile-games").getByRole("button", { name: "Watch" }).first().click();
  await expect(b.locator(".replay-view")).toBeVisible();

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
  await expect(b).toHaveURL(/\?p=/);
  await b.getByRole("button", { name: "Back" }).click();
  await expect(b.getByTestId("leaderboards")).toBeVisible();

  for (const p of players) {
    // The address that is no player's was answered 404, as the browser reports.
    expect(
      p.errors.filter((e) => !e.includes("404")),
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
