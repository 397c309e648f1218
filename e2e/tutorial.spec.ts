/**
 * The lessons end to end: every lesson of every course walked with Next and Back, every
 * requested move made by clicking the bones (or Pass, or the arm chooser), one wrong move per
 * task explained, every prediction answered, each course finished with "Try it" starting a
 * practice game with visible hands and hints; the French course once more in Dutch; progress
 * kept over a reload; moves by keyboard. No console errors (the `errors` fixture), no serious
 * axe violation on the lesson screens.
 */

import type { Page } from "@playwright/test";
import { type Lang, translator } from "../apps/web/src/i18n/all";
import type { TextRef } from "../apps/web/src/i18n/index";
import { COURSES, type Lesson, lessonView, positionGame, type Step } from "../apps/web/src/tutorial/index";
import { checkA11y, expect, STORAGE_KEY, shot, storeSettings, test } from "./fixtures";

const TARGETS: Record<string, number> = { N: 0, E: 1, S: 2, W: 3, L: 0, R: 1 };

type TutorialLang = Lang;

function tutorialText(lang: Lang, ref: TextRef): string {
  return translator(lang)(ref);
}

function say(lang: Lang, step: Step): string {
  return tutorialText(lang, { key: step.say });
}

async function openLearn(page: Page): Promise<void> {
  await page.goto("./");
  await page.getByTestId("learn").click();
  await expect(page.locator("main.learn")).toBeVisible();
}

/** Makes a move given in record notation the way a player would: click the bone, pick the arm. */
async function makeMove(page: Page, notation: string): Promise<void> {
  const lesson = page.locator("main.lesson");
  if (notation === "pass") {
    await lesson.getByTestId("pass").click();
    return;
  }
  const [bone, target] = notation.split("@");
  await lesson.locator(`.hand .hand-bone[data-bone="${bone}"]`).click();
  // A bone that could go on several arms asks on the board (its letters), or it is simply played.
  const settled = page.locator(
    'main.lesson .board .end-mark, main.lesson [data-testid="feedback"], main.lesson [data-testid="response"]',
  );
  await expect(settled.first()).toBeVisible();
  const mark = page.locator(`main.lesson .board .end-mark[data-target="${TARGETS[target]}"]`);
  if (await mark.isVisible()) await mark.click();
}

async function expectStep(page: Page, lesson: Lesson, index: number, lang: TutorialLang): Promise<void> {
  const main = page.locator("main.lesson");
  await expect(main).toHaveAttribute("data-lesson", lesson.id);
  await expect(main).toHaveAttribute("data-step", String(index));
  await expect(main.getByTestId("say")).toHaveText(say(lang, lesson.steps[index]));
}

/** Walks one lesson from its first step to its end. */
async function walkLesson(page: Page, lesson: Lesson, lang: TutorialLang, checks = false): Promise<void> {
  const main = page.locator("main.lesson");
  const next = main.getByTestId("next");
  for (let i = 0; i < lesson.steps.length; i++) {
    const step = lesson.steps[i];
    await expectStep(page, lesson, i, lang);
    if (i > 0) {
      // Back shows the previous step (still done), Next returns here.
      await main.getByTestId("back").click();
      await expectStep(page, lesson, i - 1, lang);
      await expect(next).toBeEnabled();
      await next.click();
      await expectStep(page, lesson, i, lang);
    }
    if (step.type === "task") {
      await expect(main).toHaveAttribute("data-awaiting", "move");
      await expect(next).toBeDisabled();
      // Pass is offered only where the game would offer it (docs/web.md): a mistake that is a pass
      // the table does not offer cannot be made.
      const passOffered = lessonView(positionGame(step.position)).canPass;
      await expect(main.getByTestId("pass")).toHaveCount(passOffered ? 1 : 0);
      if (step.mistake === "pass" && !passOffered) {
        await makeMove(page, step.solution);
        await expect(main.getByTestId("response")).toHaveText(tutorialText(lang, { key: step.done }));
        await expect(next).toBeEnabled();
        await next.click();
        continue;
      }
      await makeMove(page, step.mistake);
      const feedback = main.getByTestId("feedback");
      await expect(feedback).toBeVisible();
      expect((await feedback.textContent())?.length ?? 0).toBeGreaterThan(10);
      await expect(next).toBeDisabled();
      if (checks && i === lesson.steps.findIndex((s) => s.type === "task")) {
        await shot(page, `lesson-${lesson.id}-wrong`);
        await checkA11y(page, `lesson task ${lesson.id}`);
      }
      await makeMove(page, step.solution);
      await expect(main.getByTestId("response")).toHaveText(tutorialText(lang, { key: step.done }));
      await expect(main.getByTestId("feedback")).toHaveCount(0);
      await expect(main).toHaveAttribute("data-awaiting", "");
    } else if (step.type === "predict") {
      await expect(main).toHaveAttribute("data-awaiting", "guess");
      await expect(next).toBeDisabled();
      await main.locator("button.choice").first().click();
      await expect(main.getByTestId("verdict")).toBeVisible();
      await expect(main.getByTestId("reasoning")).toBeVisible();
      await expect(main.getByTestId("response")).toHaveText(tutorialText(lang, { key: step.reveal }));
      if (checks && i === lesson.steps.findIndex((s) => s.type === "predict")) {
        await shot(page, `lesson-${lesson.id}-predict`);
        await checkA11y(page, `lesson prediction ${lesson.id}`);
      }
    }
    await expect(next).toBeEnabled();
    await next.click();
  }
  await expect(main).toHaveAttribute("data-finished", "true");
}

/** Walks a whole course from the list, then starts its practice game with "Try it". */
async function walkCourse(page: Page, index: number, lang: TutorialLang, checks = false): Promise<void> {
  const course = COURSES[index];
  await page.getByTestId(`lesson-${course.lessons[0].id}`).click();
  for (const [i, lesson] of course.lessons.entries()) {
    await walkLesson(page, lesson, lang, checks && i === 0);
    if (i + 1 < course.lessons.length) await page.getByTestId("next-lesson").click();
  }
  await expect(page.getByTestId("try-it")).toBeVisible();
  await page.getByTestId("try-it").click();
  await expect(page.locator(".table")).toBeVisible();
  // Visible hands: every other seat's bones face up; hints on: the hint shows on our turn.
  await expect(page.locator(".seat .backs.faces")).toHaveCount(course.practice.players - 1);
  await expect(page.locator(".me .notice")).toContainText(lang === "nl" ? "Tip" : "Hint", { timeout: 45_000 });
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "{}"), STORAGE_KEY);
  expect(stored.session.setup).toMatchObject({
    game: course.id,
    players: course.practice.players,
    practice: true,
    showHands: true,
    hints: true,
  });
  expect(stored.session.setup.levels.every((l: string) => l === "easy")).toBe(true);
}

test("the lesson list: every course and lesson, with Try it", async ({ page }) => {
  await openLearn(page);
  for (const course of COURSES) {
    await expect(page.getByTestId(`try-${course.id}`)).toBeVisible();
    for (const lesson of course.lessons) await expect(page.getByTestId(`lesson-${lesson.id}`)).toBeVisible();
  }
  await shot(page, "learn");
  await checkA11y(page, "learn");
});

test("the French course from the first bone to a practice game", async ({ page }) => {
  test.setTimeout(240_000);
  await openLearn(page);
  await walkCourse(page, 0, "en", true);
  await shot(page, "try-it-french");
  // The course shows as done.
  await page.locator(".brand").click();
  await page.getByTestId("learn").click();
  await expect(page.locator(".course").first()).toContainText("6 of 6 lessons done");
});

test("the Cut Throat course", async ({ page }) => {
  test.setTimeout(180_000);
  await openLearn(page);
  await walkCourse(page, 1, "en", true);
});

test("the Partner course", async ({ page }) => {
  test.setTimeout(180_000);
  await openLearn(page);
  await walkCourse(page, 2, "en", true);
});

test("the French course in Dutch", async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto("./");
  await page.getByTestId("open-settings").click();
  await page.getByLabel("Nederlands").check();
  await page.getByTestId("settings-back").click();
  await expect(page.getByTestId("learn")).toHaveText("Leer spelen");
  await page.getByTestId("learn").click();
  await expect(page.locator("main.learn h1")).toHaveText("Leer spelen");
  await page.getByTestId(`lesson-${COURSES[0].lessons[0].id}`).click();
  await expect(page.getByTestId("next")).toContainText("Verder");
  await shot(page, "lesson-nl");
  await page.getByTestId("all-lessons").click();
  await walkCourse(page, 0, "nl");
});

test("a lesson continues where it was after a reload", async ({ page }) => {
  await openLearn(page);
  const lesson = COURSES[0].lessons[2];
  await page.getByTestId(`lesson-${lesson.id}`).click();
  for (let i = 0; i < 3; i++) await page.getByTestId("next").click();
  await makeMove(page, "3-3@E");
  await expect(page.getByTestId("response")).toBeVisible();
  await page.reload();
  await expectStep(page, lesson, 3, "en");
  await expect(page.getByTestId("response")).toBeVisible();
  await expect(page.getByTestId("next")).toBeEnabled();
  // Any lesson can be replayed: back to the list, where it shows as started.
  await page.getByTestId("all-lessons").click();
  await expect(page.getByTestId(`lesson-${lesson.id}`)).toContainText("Continue");
});

test("requested moves by keyboard: arrows and Enter pick a bone; equivalent arms ask nothing", async ({ page }) => {
  await openLearn(page);
  const lesson = COURSES[0].lessons[4];
  await page.getByTestId(`lesson-${lesson.id}`).click();
  const index = lesson.steps.findIndex((s) => s.id === "boardPass");
  for (let i = 0; i < index; i++) {
    const step = lesson.steps[i];
    if (step.type === "task") await page.getByTestId("show-me").click();
    await page.getByTestId("next").click();
  }
  await expectStep(page, lesson, index, "en");
  // The hand is 1-2, 2-2, 4-6, 5-5: 2-2 fits two arms that both show 2 (the same play, so nothing
  // is asked) and makes no board pass; 1-2 does.
  const first = page.locator("main.lesson .hand .hand-bone").first();
  await first.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.locator('main.lesson .hand-bone[data-bone="2-2"]')).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("feedback")).toContainText("no board pass");
  await expect(page.locator("#choose-target")).toHaveCount(0);
  await page.locator('main.lesson .hand-bone[data-bone="1-2"]').focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("response")).toContainText("Board pass!");
  // The three forced passes were played: each other seat paid 10.
  await expect(page.locator(".seat .seat-penalty")).toHaveText(["+10", "+10", "+10"]);
});

test("the lessons on a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await storeSettings(page, { lang: "en", speed: "off", sound: false, showHands: false, pips: "classic" });
  await page.goto("./");
  await page.getByTestId("learn").tap();
  const lesson = COURSES[0].lessons[1];
  await page.getByTestId(`lesson-${lesson.id}`).tap();
  for (let i = 0; i < 3; i++) await page.getByTestId("next").tap();
  // Mango's answer to a wrong bone, then to the right one, never moves the table (issue 26, 12).
  const board = () => page.locator("main.lesson .board").boundingBox();
  const before = await board();
  await page.locator('main.lesson .hand-bone[data-bone="2-5"]').tap();
  await expect(page.getByTestId("feedback")).toBeVisible();
  expect(await board()).toEqual(before);
  await page.locator('main.lesson .hand-bone[data-bone="0-6"]').tap();
  await expect(page.getByTestId("response")).toBeVisible();
  expect(await board()).toEqual(before);
  await shot(page, "lesson-phone");
  await context.close();
});
