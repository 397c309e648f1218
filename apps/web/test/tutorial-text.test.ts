/** Every lesson string exists in English, Dutch and Spanish, with the same placeholders. */

import { describe, expect, it } from "vitest";
import { dictionaries, LANGS, translator } from "../src/i18n/all";
import type { Entry, Key } from "../src/i18n/index";
import { allLessons, COURSES } from "../src/tutorial";

// The lessons' strings live in the app's dictionaries (src/i18n); i18n.test.ts checks them all.
const dicts = dictionaries();
const keys = Object.keys(dicts.en) as Key[];
const TUTORIAL_LANGS = LANGS;
/** A lesson text is a plain string; plurals belong to the app's counters. */
const plain = (entry: Entry) => (typeof entry === "string" ? entry : entry.other);
const placeholders = (text: Entry) => [...plain(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const tutorialText = (lang: (typeof LANGS)[number], ref: Parameters<ReturnType<typeof translator>>[0]) =>
  translator(lang)(ref);

describe("lesson text", () => {
  it.each(TUTORIAL_LANGS.filter((l) => l !== "en"))(
    "%s has every key, no extra ones, and the same placeholders",
    (lang) => {
      const dict = dicts[lang];
      expect(Object.keys(dict).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        expect(plain(dict[key]).trim(), `${lang}.${key}`).not.toBe("");
        expect(placeholders(dict[key]), `${lang}.${key}`).toEqual(placeholders(dicts.en[key]));
      }
    },
  );

  it("translates rather than copies the lesson sentences", () => {
    const sentences = keys.filter((k) => /^(f[ocdspw]|c[lpbso]|p[tm])_/.test(k) && plain(dicts.en[k]).length > 40);
    expect(sentences.length).toBeGreaterThan(100);
    for (const lang of ["nl", "es"] as const) {
      for (const key of sentences) expect(dicts[lang][key], `${lang}.${key}`).not.toBe(dicts.en[key]);
    }
  });

  it("every key a lesson refers to exists", () => {
    const used = new Set<string>();
    for (const course of COURSES) {
      used.add(course.title);
      used.add(course.summary);
    }
    for (const lesson of allLessons()) {
      used.add(lesson.title);
      used.add(lesson.summary);
      for (const step of lesson.steps) {
        used.add(step.say);
        if (step.type === "task") {
          used.add(step.otherwise);
          used.add(step.done);
          for (const rule of step.wrong ?? []) used.add(rule.text);
        }
        if (step.type === "predict") used.add(step.reveal);
      }
    }
    for (const key of used) expect(keys, key).toContain(key);
  });

  it("keeps the guide's prompts short", () => {
    for (const lesson of allLessons()) {
      for (const step of lesson.steps) {
        for (const lang of TUTORIAL_LANGS) {
          expect(plain(dicts[lang][step.say]).length, `${lang} ${lesson.id}/${step.id}`).toBeLessThanOrEqual(200);
        }
      }
    }
  });

  it("fills placeholders, nested texts and lists", () => {
    expect(tutorialText("en", { key: "why_notBoardPass", params: { name: { key: "seat_1" } } })).toBe(
      "That's a fine play, but afterwards Ruby could still play: no board pass.",
    );
    expect(
      tutorialText("es", {
        key: "rv_counts",
        params: {
          list: [
            { key: "rv_countOf", params: { name: { key: "you" }, n: 9 } },
            { key: "rv_countOf", params: { name: { key: "seat_1" }, n: 8 } },
          ],
        },
      }),
    ).toBe("Cuentas: Tú 9 y Ruby 8"); // lists read with the language's "and" (Intl.ListFormat)
    expect(translator("nl")("ui_next")).toBe("Verder");
  });

  it("names the guide in every language", () => {
    for (const lang of TUTORIAL_LANGS) expect(dicts[lang].guideName).toBe("Mango");
  });
});
