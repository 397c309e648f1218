/**
 * Online play through the web app (online.spec.ts against the one server `npm start` runs;
 * cluster.spec.ts with each browser on a different process of a cluster): two browsers (two
 * guests) at one Partner table with two bots, made in one and joined by the invite link in the
 * other; a whole hand played through the table, with one of them offline for a while and back in
 * the same hand, then a reload that finds the same seat and hand; a third browser that can only
 * watch and sees no hand but the board; resign, rematch, and the game in the lobby.
 */

import type { Browser, BrowserContext, Page } from "@playwright/test";
import { checkA11y, expect, shot } from "./fixtures";
import { moveIfTurn, moves } from "./online-api";

interface Profile {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught exceptions (none expected). */
  readonly errors: string[];
  /** While set, the browser's own "connection failed" errors are expected. */
  offline: boolean;
}

/** A fresh browser profile (its own guest) with English and fast animations, on `baseURL`. */
async function profile(browser: Browser, baseURL?: string): Promise<Profile> {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  await context.addInitScript(() => {
    if (!localStorage.getItem("crossbones/v1"))
      localStorage.setItem("crossbones/v1", JSON.stringify({ settings: { lang: "en", speed: "off", sound: false } }));
  });
  const page = await context.newPage();
  const p: Profile = { context, page, errors: [], offline: false };
  page.on("pageerror", (e) => p.errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    if (p.offline && /WebSocket connection .* failed|ERR_INTERNET_DISCONNECTED/.test(m.text())) return;
    p.errors.push(m.text());
  });
  return p;
}

export async function chooseName(page: Page, name: string): Promise<void> {
  await page.getByTestId("guest-name").fill(name);
  await page.getByTestId("guest-go").click();
}

/** Opens the table's menu (leave, lobby). */
export async function openMenu(page: Page): Promise<void> {
  await page.getByTestId("table-more").locator("summary").click();
}

/**
 * The whole flow. `servers`: each browser's own server (Ama, Bea, Cy), or none for the test's
 * base URL.
 */
export async function partnerFlow(browser: Browser, servers?: readonly [string, string, string]): Promise<void> {
  const [ama, bea, cy] = await Promise.all([0, 1, 2].map((i) => profile(browser, servers?.[i])));

  // Ama makes a table: Partner, Bea opposite (seat 3 of 4 is a friend), bots at seats 2 and 4.
  await ama.page.goto("./");
  await ama.page.getByTestId("play-online").click();
  await chooseName(ama.page, "Ama");
  await expect(ama.page.getByTestId("lobby")).toBeVisible();
  await checkA11y(ama.page, "lobby");
  if (!servers) await shot(ama.page, "online-lobby");
  await ama.page.locator(".online-create .pill", { hasText: "Partner" }).click();
  // The seat opposite the maker is named as her partner while she makes the table (issue 26, 7).
  await expect(ama.page.locator(".online-create .bots")).toContainText("Seat 3, your partner");
  await ama.page.getByTestId("seat-1").selectOption("bot:easy");
  await ama.page.getByTestId("seat-2").selectOption("human");
  await ama.page.getByTestId("seat-3").selectOption("bot:easy");
  await ama.page.getByTestId("create-table").click();
  await expect(ama.page.getByTestId("waiting")).toBeVisible();
  await checkA11y(ama.page, "waiting table");
  if (!servers) await shot(ama.page, "online-waiting");
  const code = (await ama.page.getByTestId("table-code").first().textContent()) ?? "";
  expect(code).toMatch(/^[A-Z2-9]{10}$/);
  const invite = (await ama.page.getByTestId("invite-link").textContent()) ?? "";
  expect(invite).toContain(`/t/${code}`);
  expect(new URL(ama.page.url()).searchParams.get("t")).toBe(code);

  // Bea follows the invite link (on her own server, when there are several): the table first, the
  // open seat opposite Ama's offered; a name once she sits, and the hand is dealt for both.
  const on = (i: number) => (servers ? invite.replace(new URL(invite).origin, new URL(servers[i]).origin) : invite);
  await bea.page.goto(on(1));
  await expect(bea.page.getByTestId("preview-game")).toHaveText("Partner · 4 players");
  await expect(bea.page.locator(".online-seats [data-seat='2']")).toContainText("partner of Ama");
  await bea.page.getByTestId("sit-2").click();
  await expect(bea.page.getByText("Choose the name the others at this table will see.")).toBeVisible();
  await chooseName(bea.page, "Bea");
  await expect(bea.page.locator(".table")).toBeVisible();
  await expect(ama.page.locator(".table")).toBeVisible();
  await expect(ama.page.locator(".seat", { hasText: "Bea" })).toBeVisible();
  await expect(bea.page.locator(".seat", { hasText: "Ama" })).toBeVisible();
  await expect(ama.page.locator(".me .hand-bone")).toHaveCount(7);
  await checkA11y(bea.page, "online table");

  // Cy comes by the same link: the game is on and every seat taken, so Cy, with no name, watches
  // and sees no hand's faces.
  await cy.page.goto(on(2));
  await expect(cy.page.getByTestId("preview-status")).toHaveText("Under way: hand 1.");
  await expect(cy.page.locator("[data-testid^='sit-']")).toHaveCount(0);
  await cy.page.getByTestId("just-watch").click();
  await expect(cy.page.locator(".online-watching")).toBeVisible();
  await expect(cy.page.locator(".me .hand-bone").first()).toBeVisible();
  await expect(cy.page.locator(".me [data-bone], .seat [data-bone]")).toHaveCount(0);
  await expect(cy.page.getByTestId("resign")).toHaveCount(0);
  if (!servers) await shot(cy.page, "online-watching");

  // Play until the hand is over. In the middle Bea's browser goes offline for a while and comes
  // back into the same hand by itself (no reload); later she reloads and finds her seat and hand.
  const handOf = (page: Page) =>
    page.locator(".me .hand-bone").evaluateAll((els) => els.map((e) => e.getAttribute("data-bone")));
  let wentOffline = false;
  let reloaded = false;
  for (let step = 0; step < 400; step++) {
    if ((await ama.page.locator("#score-sheet").count()) > 0) break;
    const moved = (await moveIfTurn(ama.page)) || (await moveIfTurn(bea.page));
    const played = await moves(bea.page);
    if (!wentOffline && played >= 4) {
      const hand = await handOf(bea.page);
      bea.offline = true;
      await bea.context.setOffline(true);
      await expect(bea.page.getByTestId("reconnecting")).toBeVisible();
      await expect(ama.page.locator(".seat", { hasText: "Bea" })).toContainText("offline");
      await bea.page.waitForTimeout(3000);
      await bea.context.setOffline(false);
      await expect(bea.page.getByTestId("reconnecting")).toBeHidden();
      bea.offline = false;
      await expect(ama.page.locator(".seat", { hasText: "Bea" })).not.toContainText("offline");
      await expect.poll(() => handOf(bea.page)).toEqual(hand);
      wentOffline = true;
    } else if (wentOffline && !reloaded && played >= 10) {
      const hand = await handOf(bea.page);
      await bea.page.reload();
      await expect(bea.page.locator(".table")).toBeVisible();
      await expect.poll(() => handOf(bea.page)).toEqual(hand);
      reloaded = true;
    }
    if (!moved) await ama.page.waitForTimeout(150);
  }
  expect(wentOffline).toBe(true);
  expect(reloaded).toBe(true);
  await expect(ama.page.locator("#score-sheet")).toBeVisible({ timeout: 20_000 });
  await expect(bea.page.locator("#score-sheet")).toBeVisible({ timeout: 20_000 });
  if (!servers) await shot(ama.page, "online-sheet");
  // A player may review the hand from the online score sheet (issue 26, 15).
  await expect(ama.page.locator("#score-sheet").getByTestId("review-hand")).toBeVisible();
  // When the hand is over, every hand is shown: the watcher now sees faces too.
  await expect(cy.page.locator(".seat [data-bone]").first()).toBeAttached({ timeout: 20_000 });

  // Both players' tables agree on the scores.
  const scores = await ama.page.getByTestId("scores").textContent();
  expect(await bea.page.getByTestId("scores").textContent()).toBe(scores);

  // Every browser checks the hand's deal against its proof once the hand is over (issue 13).
  for (const p of [ama, bea, cy]) await expect(p.page.getByTestId("deal-verified")).toBeVisible();
  for (const p of [ama, bea, cy]) await expect(p.page.getByTestId("deal-failed")).toHaveCount(0);

  // Ama resigns: the game is over for everyone, with a rematch on offer; Bea sees Ama asked.
  await ama.page.keyboard.press("Escape");
  // First a look at the proof: Ama sat from the start, so everything she saw is checked too.
  const mark = ama.page.getByTestId("deal-verified");
  await mark.locator("summary").click();
  await expect(mark).toContainText("The secret revealed matches the commitment you were sent before the deal.");
  await expect(mark).toContainText("Your seed went into the deal.");
  await expect(mark).toContainText("You were dealt exactly the bones the deal gives.");
  await mark.locator("summary").click();
  await ama.page.getByTestId("resign").click();
  await ama.page.getByTestId("resign-confirm").click();
  await expect(ama.page.locator("#game-end")).toBeVisible();
  await expect(bea.page.locator("#game-end")).toBeVisible();
  await expect(bea.page.locator("#game-end")).toContainText("Ama resigned");
  await ama.page.locator("#game-end").getByRole("button", { name: "Play again" }).click();
  await expect(bea.page.getByTestId("rematch-asked")).toHaveText("Ama would like a rematch.");

  // The finished game is in Ama's lobby, and opens in the replay viewer.
  await ama.page.keyboard.press("Escape");
  await openMenu(ama.page);
  await ama.page.getByTestId("to-lobby").click();
  await expect(ama.page).not.toHaveURL(/\?t=/);
  await ama.page.getByRole("button", { name: "Watch" }).first().click();
  await expect(ama.page.locator(".replay-view")).toBeVisible();

  for (const p of [ama, bea, cy]) {
    expect(p.errors, "console errors").toEqual([]);
    await p.context.close();
  }
}
