/**
 * The web app end to end: home, a French hand played by keyboard and checked against the engine,
 * reload, languages, settings, export/import, a phone, line games, practice tools; no console
 * errors anywhere (the `errors` fixture) and no serious axe violation on any screen.
 */

import { parseRecord } from "@crossbones/engine";
import {
  checkA11y,
  expect,
  playByKeyboard,
  STORAGE_KEY,
  saved,
  shot,
  startGame,
  storeSettings,
  test,
} from "./fixtures";

test("home shows every game, the bots and the rule options", async ({ page, errors }) => {
  await page.goto("./");
  await expect(page.getByRole("heading", { name: /Crossbones/ })).toBeVisible();
  for (const name of ["French", "Cut Throat", "Partner"])
    await expect(page.locator(".game-name", { hasText: name })).toBeVisible();
  // The start is in view without scrolling; the rule options are folded under the presets.
  const start = await page.getByTestId("start").boundingBox();
  expect(start && start.y + start.height).toBeLessThanOrEqual(800);
  await expect(page.locator(".option label").first()).toBeHidden();
  await page.getByTestId("rule-options").locator("summary").click();
  // Every French option is offered with its one-line explanation.
  for (const label of [
    "Target",
    "Hands",
    "0-0 is worth",
    "Held doubles",
    "Doubles stack",
    "Penalty pass",
    "Board pass costs",
  ]) {
    await expect(page.locator(".option label", { hasText: label }).first()).toBeVisible();
  }
  await expect(page.locator(".option .option-sum")).toHaveCount(10);
  await page.locator(".game-choice:has(input[value=cutthroat])").click();
  await expect(page.locator(".option label", { hasText: "One all play two" })).toBeVisible();
  await expect(page.locator(".option label", { hasText: "Match" })).toBeVisible();
  await page.locator(".game-choice:has(input[value=french])").click();
  await shot(page, "home");
  await checkA11y(page, "home");
  expect(errors).toEqual([]);
});

test("a French hand played by keyboard; the score sheet agrees with the engine", async ({ page }) => {
  await startGame(page, { seed: 11 });
  await shot(page, "table-start");
  await checkA11y(page, "table");
  const turns = await playByKeyboard(page);
  expect(turns).toBeGreaterThan(0);
  const sheet = page.locator("#score-sheet");
  await expect(sheet).toBeVisible();
  await shot(page, "score-sheet");
  await checkA11y(page, "score sheet");

  const stored = await saved(page);
  const replayed = parseRecord(JSON.stringify(stored.session?.record));
  if (!replayed.ok) throw new Error(replayed.error.message);
  const result = replayed.value.game.hands[0].result;
  expect(result?.french).toBeTruthy();
  for (const f of result?.french ?? []) {
    await expect(sheet.getByTestId(`score-${f.seat}`)).toHaveText(String(f.score));
    await expect(sheet.getByTestId(`penalty-${f.seat}`)).toHaveText(f.penaltyTotal > 0 ? `+${f.penaltyTotal}` : "0");
    await expect(sheet.getByTestId(`total-${f.seat}`)).toContainText(String(replayed.value.game.totals[f.seat]));
    // The arithmetic ends in what the hand adds.
    await expect(sheet.getByTestId(`formula-${f.seat}`)).toHaveText(new RegExp(`(^|= )${f.score + f.penaltyTotal}$`));
  }
  // The next hand deals and play goes on.
  await page.getByTestId("next-hand").click();
  await expect(page.locator(".table")).toHaveAttribute("data-hand", "2");
});

test("a reload mid-hand continues the same game", async ({ page }) => {
  await startGame(page, { seed: 12 });
  await playByKeyboard(page, 2);
  const before = await saved(page);
  const handBefore = await page
    .locator(".hand .hand-bone")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-bone")));
  await page.reload();
  await expect(page.locator(".table")).toBeVisible();
  const handAfter = await page
    .locator(".hand .hand-bone")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-bone")));
  expect(handAfter).toEqual(handBefore);
  const after = await saved(page);
  expect(after.session?.setup.seed).toBe(before.session?.setup.seed);
  // And it can be played on to the end of the hand.
  await playByKeyboard(page);
  await expect(page.locator("#score-sheet")).toBeVisible();
});

test("the table in Dutch and Spanish", async ({ page }) => {
  await startGame(page, { seed: 13 });
  await page.getByTestId("open-settings").click();
  await page.getByLabel("Nederlands").check();
  await checkA11y(page, "settings");
  await shot(page, "settings-nl");
  await page.getByTestId("settings-back").click();
  await expect(page.locator(".table-menu")).toContainText("Nieuw spel");
  await expect(page.locator(".table-menu")).toContainText("Opgeven");
  await expect(page.locator(".me")).toContainText("Jij");
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await shot(page, "table-nl");
  await page.getByTestId("open-settings").click();
  await page.getByLabel("Español").check();
  await page.getByTestId("settings-back").click();
  await expect(page.locator(".table-menu")).toContainText("Nueva partida");
  await expect(page.locator(".me")).toContainText("Tú");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await shot(page, "table-es");
  await playByKeyboard(page);
  await expect(page.locator("#score-sheet h2")).toContainText("Fin de la mano");
});

test("the first visit speaks the browser's language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "nl-NL" });
  const page = await context.newPage();
  await page.goto("./");
  await expect(page.getByTestId("start")).toHaveText("Spel starten");
  await context.close();
});

test("export a record, then import it and watch it move by move", async ({ page }) => {
  await startGame(page, { seed: 14 });
  await playByKeyboard(page);
  await page.getByTestId("next-hand").click();
  await page.locator(".table-menu button", { hasText: "Export record" }).click();
  const text = await page.getByTestId("export-text").inputValue();
  const record = JSON.parse(text);
  expect(record.format).toBe("crossbones-record/1");
  expect(record.hands.length).toBe(2);
  const replayed = parseRecord(text);
  expect(replayed.ok).toBe(true);
  await shot(page, "export");
  await page.locator("#export button", { hasText: "Close" }).click();

  await page.locator(".brand").click();
  await page.getByRole("button", { name: "Watch a record" }).click();
  await page.getByTestId("import-text").fill("{ not a record");
  await page.getByTestId("import-load").click();
  await expect(page.locator(".error")).toContainText("cannot be replayed");
  // The engine's refusal, in words (view/refusalText.ts).
  await expect(page.locator(".error")).toContainText("it is not valid JSON");
  await page.getByTestId("import-text").fill(text);
  await page.getByTestId("import-load").click();
  await expect(page.getByTestId("replay-position")).toContainText("Hand 1 of 2");
  await page.getByTestId("replay-next").click();
  await expect(page.getByTestId("replay-event")).toContainText("posed 0-0");
  await page.getByTestId("replay-next").click();
  await expect(page.getByTestId("replay-position")).toContainText("Move 2");
  await shot(page, "replay");
  await checkA11y(page, "replay");
});

test("import errors in Dutch name the hand and the player, never a seat number", async ({ page }) => {
  await storeSettings(page, { lang: "nl", speed: "off", sound: false, showHands: false, pips: "classic" });
  await page.goto("./");
  await page.getByRole("button", { name: "Verslag bekijken" }).click();
  const deal = [
    ["0-0", "0-1", "1-1", "2-5", "3-6", "4-4", "5-6"],
    ["0-2", "0-3", "1-2", "1-3", "2-2", "2-6", "7-9"],
    ["0-4", "0-5", "1-4", "1-5", "2-3", "3-3", "4-6"],
    ["0-6", "1-6", "2-4", "3-4", "3-5", "4-5", "5-5"],
  ];
  const record = (hands: unknown) =>
    JSON.stringify({
      format: "crossbones-record/1",
      game: "french",
      players: 4,
      names: ["Ana", "Bob", "Cy", "Dee"],
      hands,
    });
  await page.getByTestId("import-text").fill(record([{ deal, moves: [] }]));
  await page.getByTestId("import-load").click();
  const error = page.locator(".error");
  await expect(error).toContainText("Dit verslag kan niet worden nagespeeld. Hand 1:");
  await expect(error).toContainText('De hand van Bob in de deling bevat "7-9", en dat is geen steen');
  await expect(error).not.toContainText(/seat|stoel \d|\bspeler \d/i);
  // A move the rules refuse names the player who tried it, and the hand and move.
  deal[1][6] = "6-6";
  await page
    .getByTestId("import-text")
    .fill(record([{ deal, moves: ["0-0", "0-2@N", "0-4@E", "0-6@S", "0-1@W", "1-2@W"] }]));
  await page.getByTestId("import-load").click();
  await expect(error).toContainText("Hand 1, zet 6:");
  await expect(error).toContainText("Bob kan 1-2 nog niet op de westarm spelen: die toont 1");
  await checkA11y(page, "import error in Dutch");
});

test("a bone that fits arms showing different numbers asks which; a letter picks the arm", async ({ page }) => {
  // French, hand 1 after 24 moves: You (seat 0) hold 4-6, which fits N, E and W (record from seed 5).
  const deal = [
    ["0-0", "1-6", "2-2", "2-3", "2-4", "2-6", "4-6"],
    ["0-2", "0-4", "0-6", "1-1", "1-3", "5-6", "6-6"],
    ["0-3", "1-2", "1-4", "3-3", "3-6", "4-4", "4-5"],
    ["0-1", "0-5", "1-5", "2-5", "3-4", "3-5", "5-5"],
  ];
  // biome-ignore format: the hand's moves in rows of the table
  const moves = [
    "0-0", "0-2@N", "0-3@E", "0-1@S", "pass", "0-4@W", "3-3@E", "3-5@E", "2-2@N", "1-1@S", "1-2@N", "1-5@N",
    "1-6@S", "6-6@S", "3-6@S", "3-4@S", "pass", "pass", "4-4@S", "5-5@N", "2-4@S", "5-6@N", "4-5@E", "2-5@S",
  ];
  const session = {
    version: 2,
    setup: {
      game: "french",
      players: 4,
      options: {},
      levels: ["easy", "easy", "easy", "easy"],
      practice: false,
      seed: 5,
    },
    record: { format: "crossbones-record/1", game: "french", players: 4, hands: [{ deal, moves }] },
  };
  await page.addInitScript(
    ([key, value]) =>
      localStorage.setItem(
        key,
        JSON.stringify({
          settings: { lang: "en", speed: "off", sound: false, showHands: false, pips: "classic" },
          session: JSON.parse(value),
          screen: "table",
        }),
      ),
    [STORAGE_KEY, JSON.stringify(session)] as const,
  );
  await page.goto("./");
  await expect(page.locator(".me.turn")).toBeVisible();
  await page.locator('.hand-bone[data-bone="4-6"]').focus();
  await page.keyboard.press("Enter");
  const chooser = page.locator("#choose-arm");
  await expect(chooser).toBeVisible();
  await expect(chooser.locator("button[data-target]")).toHaveCount(3);
  await page.keyboard.press("b");
  await expect(chooser).toHaveCount(0);
  await expect(page.locator('.hand-bone[data-bone="4-6"]')).toHaveCount(0);
  // The saved game (written after the render) records the play on the arm that was picked.
  await expect
    .poll(async () => {
      const record = (await saved(page)).session?.record as { hands: { moves: string[] }[] } | undefined;
      return record?.hands[0].moves[24];
    })
    .toBe("4-6@E");
});

test("a phone-sized screen fits the table without sideways scrolling", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.addInitScript(() => {
    if (!localStorage.getItem("crossbones/v1"))
      localStorage.setItem("crossbones/v1", JSON.stringify({ settings: { lang: "en", speed: "off", sound: false } }));
  });
  await page.goto("./");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, "phone-home");
  await startGame(page, { seed: 15 });
  await playByKeyboard(page, 4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const hand = await page.locator(".hand").boundingBox();
  expect(hand && hand.y + hand.height).toBeLessThanOrEqual(740);
  await shot(page, "phone-table");
  await checkA11y(page, "phone table");
  expect(errors).toEqual([]);
  await context.close();
});

test("Cut Throat for two and Partner play to a score sheet", async ({ page }) => {
  await startGame(page, { game: "cutthroat", players: 2, seed: 16 });
  await expect(page.locator(".table")).toHaveClass(/is-line/);
  await playByKeyboard(page);
  await expect(page.locator("#score-sheet")).toBeVisible();
  await shot(page, "cutthroat-sheet");
  await startGame(page, { game: "partner", seed: 17 });
  await expect(page.locator(".seat-top .seat-team")).toHaveText("partner");
  await playByKeyboard(page);
  await expect(page.locator("#score-sheet")).toBeVisible();
  await shot(page, "partner-sheet");
});

test("practice games offer hint and undo; a penalty pass asks first", async ({ page }) => {
  await startGame(page, { seed: 18, practice: true });
  // Wait for a turn where we can play something (then a pass would cost points).
  for (let i = 0; i < 30; i++) {
    await expect(page.locator(".me.turn")).toBeVisible({ timeout: 30_000 });
    if ((await page.locator(".hand-bone.playable").count()) > 0) break;
    await page.keyboard.press("p");
    await page.waitForTimeout(100);
  }
  await page.getByRole("button", { name: "Hint" }).click();
  await expect(page.locator(".notice")).toContainText("Hint");
  await expect(page.locator(".hand-bone.hinted")).toHaveCount(1);
  const handBefore = await page.locator(".hand .hand-bone").count();
  const pass = page.locator(".me-bar button", { hasText: "Pass (+10)" });
  if ((await pass.count()) > 0) {
    await pass.click();
    await expect(page.locator("#confirm-pass")).toContainText("costs 10");
    await shot(page, "penalty-pass");
    await page.locator("#confirm-pass button", { hasText: "Cancel" }).click();
  }
  await page.locator(".hand-bone.hinted").click();
  // Either the bone is played at once or the arm chooser opens (it takes letters once open).
  await page.waitForFunction(
    (n) =>
      document.querySelector("#choose-arm[open]") || document.querySelectorAll(".hand .hand-bone").length === n - 1,
    handBefore,
  );
  if ((await page.locator("#choose-arm[open]").count()) > 0) await page.keyboard.press("a");
  await expect(page.locator(".hand .hand-bone")).toHaveCount(handBefore - 1);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.locator(".hand .hand-bone")).toHaveCount(handBefore);
});

test("resign ends the game; Play again deals the same table again, New game returns home", async ({ page }) => {
  await startGame(page, { game: "cutthroat", players: 3, seed: 19 });
  await page.locator(".table-menu button", { hasText: "Resign" }).click();
  await page.locator("#confirm-resign button.danger").click();
  await expect(page.locator("#game-end")).toContainText("You resigned");
  await checkA11y(page, "game end");
  await page.locator("#game-end button", { hasText: "Play again" }).click();
  // A rematch: the same game for three, at once, with nobody asked anything.
  await expect(page.locator("#game-end")).toHaveCount(0);
  await expect(page.locator(".table.table-3")).toHaveAttribute("data-hand", "1");
  await page.locator(".table-menu button", { hasText: "New game" }).click();
  await expect(page.getByTestId("start")).toBeVisible();
});

test("installable, and a game against the bots works offline after the first visit", async ({ page, context }) => {
  await page.goto("./");
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]') as HTMLLinkElement;
    return (await fetch(link.href)).json();
  });
  expect(manifest.display).toBe("standalone");
  expect(manifest.icons.some((i: { sizes: string }) => i.sizes === "512x512")).toBe(true);
  // The service worker installs and precaches the app (the bot worker included).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).some((k) => k.startsWith("crossbones-"))))
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await startGame(page, { seed: 22 });
  await playByKeyboard(page, 3);
  await expect(page.locator(".board svg g.bone").first()).toBeVisible();
  // Each language's dictionary is its own chunk, precached like the rest: switching works offline.
  await page.getByTestId("open-settings").click();
  await page.getByLabel("Nederlands").check();
  await expect(page.getByTestId("open-settings")).toContainText("Instellingen");
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await context.setOffline(false);
});

test("how deals are fair: from home, in the player's language, and back", async ({ page }) => {
  await page.goto("./");
  await page.getByTestId("home-fairness").click();
  const fairness = page.getByTestId("fairness");
  await expect(fairness.getByRole("heading", { level: 1 })).toHaveText("Fair deals");
  await expect(fairness).toContainText("SHA-256");
  // How to check a deal, as a command to run; what a game against the bots deals; no repository paths.
  await expect(fairness.getByTestId("verify-command")).toHaveText("npm install\nnpx crossbones verify game.json");
  await expect(fairness.getByRole("heading", { name: "Games against the bots on this device" })).toBeVisible();
  await expect(fairness).not.toContainText("packages/");
  await expect(fairness).not.toContainText("docs/");
  await checkA11y(page, "fairness");
  await page.getByTestId("open-settings").click();
  await page.getByLabel("Español").check();
  await page.getByTestId("settings-back").click();
  await expect(fairness.getByRole("heading", { level: 1 })).toHaveText("Repartos justos");
  await fairness.getByRole("button", { name: "Volver" }).click();
  await expect(page.getByTestId("home-fairness")).toHaveText("Por qué los repartos son justos");
});
