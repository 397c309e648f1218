/**
 * Every engine refusal in every language: a sentence with its parameters filled in, the players
 * named (never "seat 3"), the arms and ends in words.
 */

import {
  CROSS,
  CROSS_TARGETS,
  LINE,
  LINE_TARGETS,
  REFUSAL_CODES,
  type Refusal,
  type RefusalCode,
  refusal,
} from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { dictionaries, LANGS, translator } from "../src/i18n/all";
import { targetInSentence } from "../src/view/describe";
import { refusalText } from "../src/view/refusalText";

const NAMES = ["Zora", "Quill", "Bram", "Tess"];
const name = (seat: number) => NAMES[seat];

/** At least one refusal per code, and one per variant of its text. */
const SAMPLES: readonly Refusal[] = [
  refusal("bad-action", { problem: "not-an-object" }),
  refusal("bad-action", { problem: "unknown-type" }),
  refusal("bad-action", { problem: "bone-not-text" }),
  refusal("bad-action", { problem: "target-not-text" }),
  refusal("bad-action", { problem: "version-not-number" }),
  refusal("not-a-seat", { seat: '"7"' }),
  refusal("not-your-turn", { seat: 0, turn: 2 }),
  refusal("stale", { version: 3, current: 5 }),
  refusal("game-over", {}),
  refusal("bad-game", {}),
  refusal("bad-move", { value: "99" }),
  refusal("no-hand", {}),
  refusal("hand-over", {}),
  refusal("bad-notation", { text: '"3_5"' }),
  refusal("unknown-bone", { text: "7-9" }),
  refusal("unknown-bone", { text: "7-9", seat: 2 }),
  refusal("unknown-target", { text: '"X"', targets: ["N", "E", "S", "W"] }),
  refusal("unknown-target", { text: '"X"', targets: ["L", "R"] }),
  refusal("not-held", { seat: 1, bone: "3-5" }),
  refusal("must-pose", { seat: 3 }),
  refusal("wrong-pose", { seat: 0, bone: "2-5", must: "6-6" }),
  refusal("wrong-pose", { seat: 0, bone: "2-5", must: null }),
  refusal("pose-has-target", { text: '"0-0@N"' }),
  refusal("arm-started", { seat: 1, bone: "0-2", target: "N" }),
  refusal("needs-pose-number", { seat: 2, bone: "2-5", target: "W", pose: 0 }),
  refusal("does-not-fit", { seat: 2, bone: "4-4", target: "E", shows: 5, ends: { N: 1, E: 5, S: 2, W: 6 } }),
  refusal("does-not-fit", { seat: 2, bone: "1-4", target: "L", shows: 5, ends: { L: 5, R: 3 } }),
  refusal("does-not-fit", { seat: 3, bone: "4-4", target: null, shows: null, ends: { N: 5, E: 3, S: 2, W: 6 } }),
  refusal("does-not-fit", { seat: 3, bone: "4-4", target: null, shows: null, ends: { L: 5, R: 3 } }),
  refusal("double-not-down", { seat: 1, bone: "3-4", target: "S", shows: 3 }),
  refusal("choose-target", { bone: "5-5", targets: ["N", "E"] }),
  refusal("must-play", { seat: 0, bone: "0-1" }),
  refusal("attempt-is-legal", { bone: "3-5", target: "N" }),
  refusal("attempt-not-charged", {}),
  refusal("attempt-at-pose", { text: '"!0-0"' }),
  refusal("attempt-in-line", { text: '"!3-5@L"' }),
  refusal("attempt-needs-target", { text: '"!3-5"' }),
  refusal("bad-json", {}),
  refusal("bad-setup", {}),
  refusal("bad-deal", {}),
  refusal("bad-record", {}),
  refusal("bad-format", { format: '"chess/1"' }),
  refusal("unknown-game", { game: '"checkers"' }),
  refusal("bad-players", { game: "french", players: "3" }),
  refusal("bad-rules", {}),
  refusal("unknown-option", { option: "speed" }),
  refusal("option-not-for-game", { option: "heldDoubles", game: "cutthroat" }),
  refusal("bad-option-value", { option: "stackDoubles", kind: "bool", values: [], min: 0, max: 0 }),
  refusal("bad-option-value", {
    option: "heldDoubles",
    kind: "enum",
    values: ["once", "each", "pips"],
    min: 0,
    max: 0,
  }),
  refusal("bad-option-value", { option: "target", kind: "int", values: [], min: 1, max: 10000 }),
  refusal("bad-names", { players: 4 }),
  refusal("bad-names", { players: 1 }),
  refusal("bad-resigned", { players: 4 }),
  refusal("bad-hands", {}),
  refusal("bad-hand", {}),
  refusal("hand-not-finished", { previous: 0 }),
  refusal("move-after-end", { text: '"3-5@N"' }),
  refusal("deal-not-a-list", { seat: 1 }),
  refusal("deal-seats", { players: 4 }),
  refusal("deal-seats", { players: 1 }),
  refusal("deal-repeats", { seat: 3, bone: "6-6" }),
  refusal("deal-unequal", {}),
];

/** The seat a refusal's text must name, if any. */
function named(r: Refusal): number | undefined {
  if (r.code === "not-your-turn") return r.turn;
  return "seat" in r && typeof r.seat === "number" ? r.seat : undefined;
}

/** A dictionary template as a pattern: its placeholders match anything. */
function pattern(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".+")}$`, "s");
}

describe("refusal texts", () => {
  it("has a sample of every refusal code", () => {
    const codes = new Set<RefusalCode>(SAMPLES.map((r) => r.code));
    for (const code of REFUSAL_CODES) expect(codes.has(code), code).toBe(true);
  });

  it.each(LANGS)("%s: every code reads as a sentence, its parameters filled, its players named", (lang) => {
    const t = translator(lang);
    for (const r of SAMPLES) {
      const text = refusalText(t, r, name);
      const label = `${lang} ${r.code} ${JSON.stringify(r)}`;
      expect(text.trim(), label).not.toBe("");
      expect(text, label).not.toMatch(/\{\w+\}/);
      expect(text, label).not.toMatch(/\b(seat|stoel|plaats|asiento|silla|puesto)\s*#?\d/i);
      expect(text, label).not.toMatch(/undefined|null|NaN|\[object/);
      const seat = named(r);
      if (seat !== undefined) expect(text, label).toContain(name(seat));
      for (const other of NAMES)
        if (other !== (seat === undefined ? "" : name(seat))) expect(text).not.toContain(other);
    }
  });

  it.each(LANGS)("%s: every refusal text of the dictionary is used", (lang) => {
    const t = translator(lang);
    const texts = SAMPLES.map((r) => refusalText(t, r, name));
    const dict = dictionaries()[lang];
    for (const [key, entry] of Object.entries(dict)) {
      if (!key.startsWith("refusal.")) continue;
      const templates = typeof entry === "string" ? [entry] : Object.values(entry);
      for (const template of templates) {
        expect(
          texts.some((text) => pattern(template).test(text)),
          `${lang} ${key}: ${template}`,
        ).toBe(true);
      }
    }
  });

  it("says it as a player would", () => {
    const en = (r: Refusal) => refusalText(translator("en"), r, (s) => ["You", "Ruby", "Kofi", "Ines"][s]);
    expect(en(refusal("not-your-turn", { seat: 0, turn: 2 }))).toBe("It is Kofi's turn.");
    expect(en(refusal("stale", { version: 3, current: 4 }))).toBe(
      "The table moved on before your move arrived; try again.",
    );
    expect(
      en(refusal("does-not-fit", { seat: 0, bone: "4-4", target: "E", shows: 5, ends: { N: 1, E: 5, S: 2, W: 6 } })),
    ).toBe("You cannot play 4-4 on the east arm: it shows 5.");
    expect(en(refusal("unknown-bone", { text: "7-9", seat: 2 }))).toBe(
      "Kofi's hand in the deal holds 7-9, which is not a bone: the numbers go from 0 to 6.",
    );
    expect(
      en(
        refusal("does-not-fit", { seat: 1, bone: "4-4", target: null, shows: null, ends: { N: 5, E: 3, S: 2, W: 6 } }),
      ),
    ).toBe("Ruby cannot play 4-4 anywhere: the arms show North 5, East 3, South 2 and West 6.");
    expect(en(refusal("does-not-fit", { seat: 1, bone: "4-4", target: null, shows: null, ends: { L: 5, R: 3 } }))).toBe(
      "Ruby cannot play 4-4 anywhere: the ends show left 5 and right 3.",
    );
    expect(en(refusal("choose-target", { bone: "5-5", targets: ["N", "E"] }))).toBe(
      "5-5 fits the north arm and the east arm: choose one.",
    );
    expect(en(refusal("unknown-target", { text: '"X"', targets: ["L", "R"] }))).toBe(
      '"X" is not a place on this board: choose left or right.',
    );
    expect(
      en(
        refusal("bad-option-value", { option: "heldDoubles", kind: "enum", values: ["once", "each"], min: 0, max: 0 }),
      ),
    ).toBe("The rule “Held doubles” must be “Double once” or “Double per double”.");
    expect(en(refusal("bad-players", { game: "french", players: "3" }))).toBe("French is not played with 3 players.");
    expect(en(refusal("hand-not-finished", { previous: 0 }))).toBe(
      "Hand 1 is not finished, so no other hand can follow it.",
    );
    expect(en(refusal("deal-seats", { players: 4 }))).toBe("The deal must have 4 hands, one per player.");
  });

  it.each(LANGS)("%s: a refusal names each arm and end in the words of the log", (lang) => {
    const t = translator(lang);
    for (const [layout, letters] of [
      [CROSS, CROSS_TARGETS],
      [LINE, LINE_TARGETS],
    ] as const) {
      letters.forEach((letter, target) => {
        const text = refusalText(t, refusal("attempt-is-legal", { bone: "3-5", target: letter }), name);
        expect(text, `${lang} ${letter}`).toContain(targetInSentence(t, layout, target));
      });
    }
  });

  it("speaks Dutch and Spanish", () => {
    const ends = { N: 5, E: 3, S: 2, W: 6 };
    const r = refusal("does-not-fit", { seat: 2, bone: "4-4", target: null, shows: null, ends });
    expect(refusalText(translator("nl"), r, () => "Kofi")).toBe(
      "Kofi kan 4-4 nergens spelen: de armen tonen Noord 5, Oost 3, Zuid 2 en West 6.",
    );
    expect(refusalText(translator("es"), r, () => "Kofi")).toBe(
      "Kofi: 4-4 no encaja en ningún sitio; los brazos muestran Norte 5, Este 3, Sur 2 y Oeste 6.",
    );
    expect(refusalText(translator("nl"), refusal("not-your-turn", { seat: 0, turn: 1 }), () => "Ruby")).toBe(
      "Ruby is aan de beurt.",
    );
    expect(refusalText(translator("es"), refusal("must-play", { seat: 0, bone: "0-1" }), () => "Tú")).toBe(
      "Tú: se puede jugar 0-1, así que no se permite pasar.",
    );
  });
});
