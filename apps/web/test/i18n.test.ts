/**
 * The dictionaries and the translator: every language has every key and the same placeholders
 * (plural forms included), no English is left in Dutch or Spanish, plurals and lists follow the
 * language (Intl), keys built from data go through typed tables, dictionaries load lazily.
 */

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { OPTION_SPECS } from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { dictionaries, LANGS, translator } from "../src/i18n/all";
import {
  anyOf,
  browserLang,
  decimal,
  type Entry,
  GAME_KEYS,
  type Key,
  loadTranslator,
  makeTranslator,
  optionKeys,
  PENALTY_KEYS,
} from "../src/i18n/index";

const dicts = dictionaries();
const keys = Object.keys(dicts.en) as Key[];
const FORMS = ["zero", "one", "two", "few", "many", "other"] as const;

/** Every text of an entry, by form ("text" for a plain string). */
function forms(entry: Entry): [string, string][] {
  if (typeof entry === "string") return [["text", entry]];
  return FORMS.filter((f) => entry[f] !== undefined).map((f) => [f, entry[f] as string]);
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
const without = (names: string[], name: string) => names.filter((n) => n !== name);

/** Names that stay as they are in every language: the app, the games and their terms, the guide, the bots. */
const NAMES: readonly Key[] = [
  "appName",
  "french",
  "cutthroat",
  "partner",
  "bots",
  "presetSixLove",
  "opt_match_sixLove",
  "sixLove",
  "opt_oneAllPlayTwo",
  "co_title",
  "guideName",
  "seat_1",
  "seat_2",
  "seat_3",
];

/** Words that are spelled the same in that language. */
const SAME_WORD: Readonly<Record<"nl" | "es", readonly Key[]>> = {
  nl: [
    "continueDesc",
    "team",
    "handNumber",
    "handScore",
    "armW",
    "pt_title",
    "rv_score",
    "online.lobby",
    "online.offline",
    "online.secondsShort",
    "online.bankShort",
    "online.clockMove",
    "online.botName",
    "online.more",
    "react.sorry",
    "rating.rating",
    "account.title",
    "account.passkeys",
    "friends.online",
  ],
  // "s", the symbol for seconds.
  es: ["after", "speedNormal", "online.secondsShort", "online.botName", "rating.provisional", "tour.final"],
};

/** No letters outside the placeholders: "{kind}: +{points}", "{n}". */
const wordless = (text: string) => !/\p{L}/u.test(text.replace(/\{\w+\}/g, ""));

describe("dictionaries", () => {
  it.each(LANGS)("%s has every key of English, no other, and the same kind of entry", (lang) => {
    const dict = dicts[lang];
    expect(Object.keys(dict).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(typeof dict[key], `${lang}.${key}`).toBe(typeof dicts.en[key]);
      for (const [form, text] of forms(dict[key])) expect(text.trim(), `${lang}.${key}.${form}`).not.toBe("");
    }
  });

  it.each(LANGS)("%s has the placeholders of the English source, in every plural form", (lang) => {
    for (const key of keys) {
      const source = dicts.en[key];
      const want = placeholders(typeof source === "string" ? source : source.other);
      const entry = dicts[lang][key];
      if (typeof entry === "string") {
        expect(placeholders(entry), `${lang}.${key}`).toEqual(want);
        continue;
      }
      // Every form fills the same placeholders; a form may leave out the number itself ("one bone").
      expect(placeholders(entry.other), `${lang}.${key}.other`).toEqual(want);
      for (const [form, text] of forms(entry)) {
        expect(without(placeholders(text), "n"), `${lang}.${key}.${form}`).toEqual(without(want, "n"));
      }
      expect(want, `${key}: a plural is chosen by {n}`).toContain("n");
    }
  });

  it.each(["nl", "es"] as const)("%s leaves no English behind", (lang) => {
    const allowed = new Set<Key>([...NAMES, ...SAME_WORD[lang]]);
    for (const key of allowed) expect(keys, key).toContain(key);
    for (const key of keys) {
      if (allowed.has(key)) continue;
      const source = dicts.en[key];
      for (const [form, text] of forms(dicts[lang][key])) {
        if (wordless(text)) continue;
        const english = typeof source === "string" ? source : (source[form as (typeof FORMS)[number]] ?? source.other);
        expect(text, `${lang}.${key}.${form} is still English`).not.toBe(english);
      }
    }
  });

  it("builds keys from data through typed tables, never `as Key`", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(fileURLToPath(new URL("../src", import.meta.url)));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) expect(readFileSync(file, "utf8"), file).not.toMatch(/\bas (Key|TutorialKey)\b/);
  });

  it("names every rule option, its values, every game and every penalty", () => {
    const t = translator("en");
    for (const spec of OPTION_SPECS) {
      const option = optionKeys(spec.name);
      expect(option, spec.name).toBeDefined();
      for (const value of spec.values ?? []) expect(option?.values?.[value], `${spec.name}=${value}`).toBeDefined();
    }
    expect(optionKeys("toString")).toBeUndefined();
    expect(t(GAME_KEYS.cutthroat.desc)).toContain("line");
    expect(t(PENALTY_KEYS.boardPass)).toBe("board pass");
  });
});

describe("the translator", () => {
  it("chooses plural forms with Intl.PluralRules", () => {
    const en = translator("en");
    expect(en("bonesLeft", { n: 1 })).toBe("1 bone");
    expect(en("bonesLeft", { n: 0 })).toBe("0 bones");
    expect(en("bonesLeft", { n: 7 })).toBe("7 bones");
    expect(translator("nl")("bonesLeft", { n: 1 })).toBe("1 steen");
    expect(translator("nl")("bonesLeft", { n: 9 })).toBe("9 stenen");
    expect(translator("es")("bonesLeft", { n: 1 })).toBe("1 ficha");
    // Spanish has a `many` category (a million); without a `many` form, `other` is used.
    expect(new Intl.PluralRules("es").select(1000000)).toBe("many");
    expect(translator("es")("bonesLeft", { n: 1000000 })).toBe("1.000.000 fichas");
    expect(en("srArmsEmpty", { bone: "0-0", n: 1 })).toBe("the pose is 0-0, 1 arm still empty");
    expect(en("srArmsEmpty", { bone: "0-0", n: 3 })).toBe("the pose is 0-0, 3 arms still empty");
    // Without a number the plural reads as `other`.
    expect(en("bonesLeft")).toBe("{n} bones");
  });

  it("uses a form only the language has, and falls back to other", () => {
    const es = makeTranslator("es", {
      ...dicts.es,
      bonesLeft: { one: "{n} ficha", many: "{n} de fichas", other: "{n} fichas" },
    });
    expect(es("bonesLeft", { n: 1000000 })).toBe("1.000.000 de fichas");
    expect(es("bonesLeft", { n: 5 })).toBe("5 fichas");
    const nl = makeTranslator("nl", { ...dicts.nl, bonesLeft: { zero: "geen stenen", other: "{n} stenen" } });
    // CLDR's `zero` is not "n is 0" in Dutch: Dutch has only one and other.
    expect(nl("bonesLeft", { n: 0 })).toBe("0 stenen");
    expect(nl("bonesLeft", { n: 1 })).toBe("1 stenen");
  });

  it("writes numbers the language's way (Intl.NumberFormat), with fixed digits where asked", () => {
    expect(translator("en")("review.lostPoints", { n: decimal(20.5) })).toBe("20.5 points more expected");
    expect(translator("nl")("review.lostPoints", { n: decimal(20.5) })).toContain("20,5");
    expect(translator("es")("review.lostPoints", { n: decimal(3) })).toContain("3,0");
    expect(translator("nl").num(1234)).toBe("1.234");
    expect(translator("en").num(-0.25, { digits: 1 })).toBe("-0.3");
    expect(translator("es").num(0.5, { percent: true })).toBe("50\u00a0%");
    // "1 bone", but "1.0 bones": a digit after the point takes the plural in English.
    expect(translator("en")("bonesLeft", { n: decimal(1) })).toBe("1.0 bones");
  });

  it("joins lists with the language's and / or (Intl.ListFormat)", () => {
    expect(translator("en")("srArmsShow", { list: [3, 5, 1, 6] })).toBe("arms show 3, 5, 1 and 6");
    expect(translator("nl")("srArmsShow", { list: [3, 5, 1, 6] })).toBe("de armen tonen 3, 5, 1 en 6");
    expect(translator("es")("srEndsShow", { list: [2, 4] })).toBe("los extremos muestran 2 y 4");
    expect(translator("en")("srYourTurn", { ends: "x", plays: anyOf(["5-5 on East", "3-6 on North"]) })).toBe(
      "Your turn; x; you can play 5-5 on East or 3-6 on North.",
    );
    expect(translator("nl")("srYourTurn", { ends: "x", plays: anyOf(["a", "b", "c"]) })).toContain("a, b of c");
    // Spanish writes "u" before a word starting with an o sound: ICU knows.
    expect(translator("es")("srYourTurn", { ends: "x", plays: anyOf(["siete", "ocho"]) })).toContain("siete u ocho");
    expect(translator("en")("srArmsShow", { list: [4] })).toBe("arms show 4");
  });

  it("takes a TextRef, nested texts and lists of texts", () => {
    const en = translator("en");
    expect(en({ key: "setWinner", params: { name: { key: "seat_2" } } })).toBe("Kofi wins the set");
    expect(en({ key: "setWinner", params: { name: "Ruby" } }, { name: "Ines" })).toBe("Ines wins the set");
    expect(
      translator("nl")({
        key: "rv_counts",
        params: {
          list: [
            { key: "rv_countOf", params: { name: { key: "you" }, n: 9 } },
            { key: "rv_countOf", params: { name: { key: "seat_1" }, n: 8 } },
            { key: "rv_countOf", params: { name: { key: "seat_2" }, n: 4 } },
          ],
        },
      }),
    ).toBe("Tellingen: Jij 9, Ruby 8 en Kofi 4");
    expect(en("playerN", { n: 3 })).toBe("Player 3");
  });

  it("loads each language's dictionary on demand, once", async () => {
    const nl = loadTranslator("nl");
    expect(loadTranslator("nl")).toBe(nl);
    expect((await nl)("next")).toBe("Volgende zet");
    expect((await loadTranslator("es"))("bonesLeft", { n: 2 })).toBe("2 fichas");
  });

  it("speaks the first of the browser's languages it knows", () => {
    expect(browserLang(["de-DE", "nl-BE", "en"])).toBe("nl");
    expect(browserLang(["fr"])).toBe("en");
    expect(browserLang(["ES"])).toBe("es");
  });
});
