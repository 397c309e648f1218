/**
 * Tournaments in the web app (issue 29): a person finds a tournament from the lobby, signs up and
 * checks in on its page, plays round 1 in the browser at the table the server seats them at (the
 * page's *Play* button; here they resign it), and sees the standings. Three command-line bots
 * (`crossbones online play --tournament`) are the other entrants. The list and the page are checked
 * with axe.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { checkA11y, expect, shot, test } from "./fixtures";
import { newGuest, playerAs } from "./online-api";

const CLI = fileURLToPath(new URL("../packages/cli/bin/crossbones.js", import.meta.url));

/** From the home screen to the lobby's list of tournaments, as a player goes. */
async function openTournaments(page: Page): Promise<void> {
  await page.goto("./");
  await page.getByTestId("play-online").click();
  await page.getByTestId("lobby-tournaments").click();
}

test("a person signs up for a tournament, checks in, plays round 1 in the browser and sees the standings", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const maker = await newGuest(request, "Maker");
  const made = await request.post("api/tournaments", {
    data: {
      name: "Friday at the yard",
      game: "cutthroat",
      format: "swiss",
      rounds: 1,
      startIn: 30,
      options: { match: "straight" },
    },
    headers: { authorization: `Bearer ${maker.token}` },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };

  // Three bots from the command line sign up, check in and play their games.
  const server = (baseURL ?? "").replace(/\/$/, "");
  const bots: ChildProcess[] = [];
  for (const name of ["Bo", "Cy", "Di"]) {
    const g = await newGuest(request, name);
    bots.push(
      spawn(
        process.execPath,
        [CLI, "online", "play", "--server", server, "--tournament", id, "--bot", "easy", "--quiet"],
        {
          env: { ...process.env, CROSSBONES_TOKEN: g.token },
          stdio: "ignore",
        },
      ),
    );
  }

  const ana = await playerAs(browser, await newGuest(request, "Ana"));
  const page = ana.page;
  try {
    await openTournaments(page);
    const upcoming = page.getByTestId("tour-upcoming");
    await expect(upcoming).toContainText("Friday at the yard");
    await checkA11y(page, "the tournaments' list");
    await upcoming.getByRole("button", { name: "Friday at the yard" }).click();

    await expect(page.getByTestId("tour-about")).toHaveText("Cut Throat, Swiss, 1 round.");
    await page.getByTestId("tour-signup").click();
    await expect(page.getByTestId("tour-message")).toHaveText("Signed up.");
    await page.getByTestId("tour-checkin").click();
    await expect(page.getByTestId("tour-mine")).toHaveText(
      "You are checked in. Your first table opens here at the start.",
    );
    await expect(page.getByTestId("tour-players")).toContainText("Ana");
    await checkA11y(page, "a tournament's page before the start");
    await shot(page, "tournament-signed-up");

    // The start: Ana's table is one tap away; she plays there (and resigns).
    await page.getByTestId("tour-play").click({ timeout: 45_000 });
    await expect(page.locator(".table")).toBeVisible();
    await expect(page.locator(".me .hand-bone").first()).toBeVisible();
    await page.getByTestId("resign").click();
    await page.getByTestId("resign-confirm").click();
    await expect(page.locator("#game-end")).toBeVisible();

    // Back on the tournament's page: once every game of the round is over, the standings.
    await page.goto(`./?tournament=${id}`);
    await expect(page.getByTestId("tour-status")).toHaveText("Finished.", { timeout: 60_000 });
    const standings = page.getByTestId("tour-standings");
    await expect(standings.locator("tbody tr")).toHaveCount(4);
    await expect(standings).toContainText("Ana");
    await expect(page.getByTestId("tour-round")).toContainText("won");
    await checkA11y(page, "a finished tournament's page");
    await shot(page, "tournament-standings");
    expect(ana.errors, "console errors").toEqual([]);
  } finally {
    for (const b of bots) b.kill();
    await ana.context.close();
  }
});

test("a person makes a knockout on the tournaments' list and lands on its page, open for sign-up", async ({
  browser,
  request,
}) => {
  const ana = await playerAs(browser, await newGuest(request, "Ana"));
  const page = ana.page;
  try {
    await openTournaments(page);
    await page.getByTestId("tour-make-open").click();
    await page.getByTestId("tour-make-name").fill("Sunday knockout");
    await page.getByTestId("tour-make-game").selectOption("partner");
    await page.getByTestId("tour-make-format").selectOption("knockout");
    await expect(page.getByTestId("tour-make-rounds")).toHaveCount(0);
    await page.getByTestId("tour-make-rated").check();
    await expect(page.getByTestId("tour-make-round-length")).toHaveValue("none");
    await page.getByTestId("tour-make-round-length").selectOption("30");
    await checkA11y(page, "making a tournament");
    // A start that has passed is said so, and nothing is made.
    await page.getByTestId("tour-make-start").fill("2020-01-01T10:00");
    await page.getByTestId("tour-make-submit").click();
    await expect(page.getByTestId("tour-make-message")).toHaveText("Choose a start that is still to come.");
    await page.getByTestId("tour-make-start").fill("2099-06-01T20:00");
    await page.getByTestId("tour-make-submit").click();
    await expect(page.getByTestId("tour-make-message")).toHaveText("Choose a start within the next 30 days.");
    // Two days on, at 20:00 (the browser's local time).
    const start = await page.evaluate(() => {
      const d = new Date(Date.now() + 2 * 86_400_000);
      const two = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T20:00`;
    });
    await page.getByTestId("tour-make-start").fill(start);
    await page.getByTestId("tour-make-submit").click();

    await expect(page.getByTestId("tour-about")).toHaveText("Partner, knockout: as many rounds as its bracket needs.");
    await expect(page.getByTestId("tour-round-length")).toHaveText(
      "Rounds of 30 minutes: then bots finish the games still being played.",
    );
    await expect(page.getByTestId("tour-status")).toContainText("Sign-up is open");
    await expect(page.getByTestId("tour-partner")).toBeVisible();
    // Listed for everyone.
    const listed = (await (await request.get("api/tournaments")).json()) as {
      upcoming: { settings: { name: string; rated?: boolean; format: string; roundMinutes?: number } }[];
    };
    expect(listed.upcoming.find((x) => x.settings.name === "Sunday knockout")?.settings).toMatchObject({
      format: "knockout",
      rated: true,
      roundMinutes: 30,
    });
    expect(ana.errors, "console errors").toEqual([]);
  } finally {
    await ana.context.close();
  }
});

test("a knockout's page draws its bracket: byes, the side that went on, the rounds to come", async ({ page }) => {
  // The page as the server shows a knockout of seven in round 1 (the view answered here, so the
  // drawing is checked without playing the games first).
  const id = "k".repeat(22);
  const names = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus"];
  const entrant = (n: string) => ({ id: n.toLowerCase().padEnd(22, "x"), name: n });
  const [ana, ben, cy, dee, eli, fay, gus] = names.map((n) => entrant(n).id);
  const game = (a: string, b: string, aScore: 0 | 1 | null) => ({
    a,
    b,
    table: "ABCDEFGHJK",
    result: aScore === null ? null : { a, b, aScore },
  });
  const tour = {
    id,
    settings: {
      name: "Yard Cup",
      game: "cutthroat",
      format: "knockout",
      rounds: 3,
      hands: 4,
      startAt: Date.now(),
      maker: ana,
    },
    status: "running",
    checkInAt: 0,
    signed: names.map((n) => ({ id: entrant(n).id, players: [entrant(n)], rating: 700, checkedIn: true })),
    rounds: [
      {
        games: [game(dee, eli, 0), game(ben, gus, 1), game(cy, fay, null)],
        bye: null,
        slots: [ana, null, dee, eli, ben, gus, cy, fay],
      },
    ],
    roundCount: 3,
    standings: names.map((n, i) => ({ id: entrant(n).id, names: [n], place: i + 1, points: 0, tieBreaks: [] })),
  };
  await page.route(`**/api/tournaments/${id}`, (route) => route.fulfill({ json: tour }));
  await page.goto(`./?tournament=${id}`);
  const bracket = page.getByTestId("tour-bracket");
  await expect(bracket.getByRole("heading")).toHaveText(["Round 1", "Round 2", "Final"]);
  const matches = bracket.getByTestId("tour-match");
  await expect(matches).toHaveCount(7);
  await expect(matches.nth(0)).toHaveText("Ana (went on)bye");
  await expect(matches.nth(1)).toHaveText("DeeEli (went on)");
  await expect(matches.nth(3)).toHaveText("CyFay");
  // Round 2: Ana (a bye) meets Eli (a win); Ben goes on to meet whoever wins Cy against Fay.
  await expect(matches.nth(4)).toHaveText("AnaEli");
  await expect(matches.nth(5)).toHaveText("Bento come");
  await expect(matches.nth(6)).toHaveText("to cometo come");
  await checkA11y(page, "a knockout's page with its bracket");
});

test("a duplicate French tournament's page lists each round's tables by seat, never to watch", async ({
  browser,
  request,
}) => {
  // The page as the server shows a duplicate of seven in round 1: table 1 has played its hands
  // (its record waits for the round to end), table 2, Ana's, is being played with a bot in seat 4.
  const ana = await newGuest(request, "Ana");
  const id = "d".repeat(22);
  const others = ["Ben", "Cy", "Dee", "Eli", "Fay", "Gus"];
  const entrant = (n: string) => ({ id: n.toLowerCase().padEnd(22, "x"), name: n });
  const [ben, cy, dee, eli, fay, gus] = others.map((n) => entrant(n).id);
  const players = [ana.player, ...others.map(entrant)];
  const tour = {
    id,
    settings: {
      name: "Cross at the yard",
      game: "french",
      format: "duplicate",
      rounds: 2,
      hands: 2,
      startAt: Date.now(),
      maker: ben,
    },
    status: "running",
    checkInAt: 0,
    signed: players.map((p) => ({ id: p.id, players: [p], rating: 700, checkedIn: true })),
    rounds: [
      {
        games: [],
        bye: null,
        slots: null,
        tables: [
          {
            seats: [ben, cy, dee, eli],
            table: "ABCDEFGHJK",
            result: {
              hands: [
                [3, 0, 12, 5],
                [0, 8, 1, 4],
              ],
              absent: [eli],
            },
          },
          { seats: [fay, ana.player.id, gus, null], table: "BCDEFGHJKM", result: null },
        ],
      },
    ],
    roundCount: 2,
    standings: players.map((p, i) => ({ id: p.id, names: [p.name], place: i + 1, points: 3 - i / 2, tieBreaks: [] })),
  };
  const player = await playerAs(browser, ana);
  const page = player.page;
  try {
    await page.route(`**/api/tournaments/${id}`, (route) => route.fulfill({ json: tour }));
    await page.goto(`./?tournament=${id}`);
    await expect(page.getByTestId("tour-about")).toHaveText("French, duplicate, 2 rounds.");
    await expect(page.getByTestId("tour-duplicate")).toContainText("Every table of a round plays the same 2 hands");
    await expect(page.getByTestId("tour-standings").locator("thead")).toContainText("Matchpoints");

    const tables = page.getByTestId("tour-table");
    await expect(tables).toHaveCount(2);
    await expect(tables.getByRole("heading")).toHaveText(["Table 1", "Table 2 · your table"]);
    // Table 1 played: each player's points for the round (Eli never came: a bot played for him).
    await expect(tables.nth(0).getByTestId("tour-seat")).toHaveText([
      "Ben3 points",
      "Cy8 points",
      "Dee13 points",
      "Eli (did not come: a bot played)9 points",
    ]);
    await expect(tables.nth(0).getByTestId("tour-table-state")).toHaveText(
      "Played: each player's points for the round. Its replay opens once every table of the round has played.",
    );
    // Table 2, Ana's, is being played with a bot in the seat nobody holds; her way in is *Play*.
    await expect(tables.nth(1).getByTestId("tour-seat")).toHaveText(["Fay", "Ana", "Gus", "a bot"]);
    await expect(tables.nth(1).getByTestId("tour-table-state")).toHaveText("Being played.");
    await expect(page.getByTestId("tour-play")).toBeVisible();
    // Nobody watches a duplicate table, nor replays one before its round is over.
    await expect(page.getByRole("button", { name: /watch/i })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /replay/i })).toHaveCount(0);
    await checkA11y(page, "a duplicate tournament's page with its tables");
    await tables.first().scrollIntoViewIfNeeded();
    await shot(page, "tournament-duplicate");
    expect(player.errors, "console errors").toEqual([]);
  } finally {
    await player.context.close();
  }
});
