/**
 * The score sheet shows the engine's hand results (never recomputed) in words. These tests hold
 * what it shows to what a player could check by hand: the bones left add up to the count line,
 * the one-line arithmetic evaluates to the score, held doubles and a winner's double appear
 * exactly when the bones say so, totals chain from hand to hand, and line-match points move as
 * C6–C8 say.
 */

import {
  applyMove,
  boneHigh,
  boneLow,
  createGame,
  createRng,
  type Game,
  type HandResult,
  legalMoves,
  makeBone,
  PASS,
  parseBone,
  parseRules,
  randomDeal,
  startHand,
  viewFor,
} from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { dictionaries, LANGS, translator } from "../src/i18n/all.js";
import { type FrenchSheet, formula, handSheet, type LineSheet } from "../src/view/scoresheet.js";
import { lineText } from "../src/view/sheetText.js";

/** A whole game with random legal moves (passing sometimes when a penalty pass is allowed). */
function playGame(game: string, players: number, options: Record<string, unknown>, seed: number, hands = 40): Game {
  const rules = parseRules(game, players, options);
  if (!rules.ok) throw new Error(rules.error.message);
  const rng = createRng(seed);
  let g = createGame(rules.value);
  for (let h = 0; h < hands && !g.finished; h++) {
    const started = startHand(g, randomDeal(g.config, rng));
    if (!started.ok) throw new Error(started.error.message);
    g = started.value;
    while (g.state && !g.state.over) {
      const moves = legalMoves(g);
      const plays = moves.filter((m) => m !== PASS);
      const move =
        plays.length === 0 || rng.nextInt(25) === 0
          ? moves.includes(PASS)
            ? PASS
            : plays[0]
          : plays[rng.nextInt(plays.length)];
      const next = applyMove(g, move);
      if (!next.ok) throw new Error(next.error.message);
      g = next.value;
    }
  }
  return g;
}

/** Every finished hand's result, as the seat at the bottom sees it. */
function results(game: Game): HandResult[] {
  return viewFor(game, 0).results.filter((r): r is HandResult => r !== null);
}

/**
 * Evaluates the sheet's arithmetic by hand. Each line is a true equation, as one runs a sum at a
 * table: "11", "11 + 10 = 21", "(11 + 4) × 2 = 30", or "(11 + 4) × 2 × 2 = 60" then "60 + 10 =
 * 70": the score, then the penalties.
 */
function evaluate(formula: readonly string[]): { product: number; total: number } {
  const sum = (text: string) => text.split(" + ").reduce((a, b) => a + Number(b.replace(/[()]/g, "")), 0);
  const value = (text: string) => text.split(" × ").reduce((a, f) => a * sum(f), 1);
  const results: number[] = [];
  for (const line of formula) {
    const [left, right, more] = line.split(" = ");
    expect(more, `${line}: one equation a line`).toBeUndefined();
    if (right !== undefined) expect(value(left), line).toBe(Number(right));
    results.push(Number(right ?? left));
  }
  // A penalty line starts from the score the line before it reached.
  const penalty = formula.length > 1 ? formula[formula.length - 1] : null;
  if (penalty) expect(Number(penalty.split(" + ")[0])).toBe(results[results.length - 2]);
  return { product: penalty ? results[results.length - 2] : results[0], total: results[results.length - 1] };
}

/** Pips of bones named "a-b", 0-0 counting `blank`: the count a player makes by hand. */
function pips(names: readonly string[], blank: number): number {
  return names.reduce((n, name) => {
    const [a, b] = name.split("-").map(Number);
    return n + (a === 0 && b === 0 ? blank : a + b);
  }, 0);
}

describe("French score sheet", () => {
  const variants: Record<string, unknown>[] = [
    {},
    { heldDoubles: "each", doubleBlankValue: 10 },
    { heldDoubles: "pips" },
    { stackDoubles: false },
  ];

  it("says what a player can check by hand: counts, doubles, the arithmetic and the totals", () => {
    const seen = new Set<string>();
    variants.forEach((options, v) => {
      for (let seed = 1; seed <= 6; seed++) {
        const game = playGame("french", 4, options, seed * 10 + v);
        const rules = game.rules;
        if (rules.game !== "french") throw new Error("not French");
        const o = rules.options;
        let running = [0, 0, 0, 0];
        for (const [h, result] of results(game).entries()) {
          const sheet = handSheet(result, rules) as FrenchSheet;
          expect(sheet.kind).toBe("french");
          // The winner's double, from the hand's last play.
          const plays = game.hands[h].events.filter((e) => e.type === "play");
          const last = plays[plays.length - 1];
          const outWithDouble =
            result.end === "domino" && last?.type === "play" && boneLow(last.bone) === boneHigh(last.bone);
          expect(sheet.winningDouble !== null).toBe(outWithDouble);
          for (const row of sheet.rows) {
            const left = game.hands[h].deal[row.seat];
            const played = game.hands[h].events
              .filter((e) => (e.type === "play" || e.type === "pose") && e.seat === row.seat)
              .map((e) => (e.type === "play" || e.type === "pose" ? e.bone : -1));
            const kept = Array.from({ length: 28 }, (_, b) => b)
              .filter((b) => (left & (1 << b)) !== 0 && !played.includes(b))
              .map(makeBone);
            const doubles = kept.filter((name) => name[0] === name[2]);
            const count = row.lines.find((l) => l.kind === "count");
            if (kept.length === 0) expect(row.lines.some((l) => l.kind === "wentOut")).toBe(row.winner);
            else expect(count?.kind === "count" && count.count).toBe(pips(kept, o.doubleBlankValue));
            const held = row.lines.find((l) => l.kind === "heldFactor" || l.kind === "heldPips");
            expect(held !== undefined).toBe(doubles.length > 0);
            if (held?.kind === "heldFactor") {
              expect(held.factor).toBe(o.heldDoubles === "each" ? 2 ** doubles.length : 2);
            }
            if (held?.kind === "heldPips") expect(held.pips).toBe(pips(doubles, o.doubleBlankValue));
            const doubled = row.lines.some((l) => l.kind === "winnerDouble");
            const overridden = row.lines.some((l) => l.kind === "winnerDoubleOverridden");
            expect(doubled || overridden).toBe(outWithDouble && !row.winner);
            expect(overridden).toBe(outWithDouble && !row.winner && !o.stackDoubles && doubles.length > 0);
            // The one-line arithmetic, evaluated by hand, is the score and what the hand adds.
            const { product, total } = evaluate(row.formula);
            expect(product).toBe(row.score);
            expect(total).toBe(row.added);
            const penalties = row.lines.reduce((sum, l) => sum + (l.kind === "penalty" ? l.points : 0), 0);
            expect(row.added).toBe(row.score + penalties);
            expect(row.before).toBe(running[row.seat]);
            expect(row.after).toBe(row.before + row.added);
            for (const line of row.lines) seen.add(line.kind === "penalty" ? `penalty:${line.penalty}` : line.kind);
          }
          running = sheet.rows.map((r) => r.after);
        }
        expect(running).toEqual(game.totals);
      }
    });
    // The random games exercised every kind of line at least once.
    for (const kind of [
      "count",
      "wentOut",
      "heldFactor",
      "heldPips",
      "winnerDouble",
      "penalty:passStreak",
      "penalty:boardPass",
    ]) {
      expect(seen.has(kind), kind).toBe(true);
    }
  });

  it("writes the arithmetic as true equations, one a line", () => {
    const base = {
      seat: 1,
      bones: [],
      count: 11,
      heldDoubles: [],
      heldFactor: 1,
      heldPips: 0,
      winnerDoubleFactor: 1,
      winnerDoubleOverridden: false,
      score: 11,
      penalties: { passWhenAble: 0, passStreak: 0, boardPass: 0, illegalPlay: 0 },
      penaltyTimes: { passWhenAble: 0, passStreak: 0, boardPass: 0, illegalPlay: 0 },
      penaltyTotal: 0,
    };
    expect(formula(base)).toEqual(["11"]);
    expect(formula({ ...base, heldFactor: 2, score: 22 })).toEqual(["11 × 2 = 22"]);
    // Two true equations, never "11 × 2 × 2 = 44 + 10 = 54".
    expect(formula({ ...base, heldFactor: 2, winnerDoubleFactor: 2, score: 44, penaltyTotal: 10 })).toEqual([
      "11 × 2 × 2 = 44",
      "44 + 10 = 54",
    ]);
    expect(formula({ ...base, heldPips: 4, heldFactor: 1, score: 15 })).toEqual(["11 + 4 = 15"]);
    expect(formula({ ...base, penaltyTotal: 20 })).toEqual(["11", "11 + 20 = 31"]);
  });

  it("explains lines in words in every language", () => {
    const en = translator("en");
    const b = (text: string) => parseBone(text) as number;
    expect(lineText(en, { kind: "count", count: 11, bones: [b("1-2"), b("1-6")], doubleBlank: null })).toBe(
      "Count of 1-2, 1-6: 11",
    );
    expect(lineText(en, { kind: "heldFactor", doubles: [b("2-2")], factor: 2, each: false })).toBe("Held 2-2: ×2");
    expect(lineText(en, { kind: "heldFactor", doubles: [b("2-2"), b("6-6")], factor: 4, each: true })).toBe(
      "Held 2-2, 6-6: ×2 for each, ×4",
    );
    expect(lineText(en, { kind: "winnerDouble", bone: 27, factor: 2 })).toBe("Winner went out with 6-6: ×2");
    expect(lineText(en, { kind: "penalty", penalty: "boardPass", points: 10, times: 1, after: [] })).toBe(
      "Board pass: +10",
    );
    expect(lineText(en, { kind: "penalty", penalty: "passStreak", points: 20, times: 2, after: [] })).toBe(
      "Third pass in a row ×2: +20",
    );
    // A board pass says whose play caused it; the viewer's own play is "your".
    const name = (seat: number) => ["You", "Ruby", "Kofi", "Ines"][seat];
    const twice = { kind: "penalty", penalty: "boardPass", points: 20, times: 2 } as const;
    const after = [
      { seat: 3, bone: b("1-2") },
      { seat: 0, bone: b("3-4") },
    ];
    expect(lineText(en, { ...twice, after }, name, 0)).toBe("Board pass after 1-2 by Ines and your 3-4: +20");
    expect(lineText(translator("nl"), { ...twice, after }, name, 0)).toBe(
      "Iedereen past na 1-2 van Ines en jouw 3-4: +20",
    );
    expect(lineText(translator("es"), { ...twice, after }, name, 0)).toBe(
      "Pase de mesa tras 1-2 de Ines y tu 3-4: +20",
    );
    const nl = translator("nl");
    expect(lineText(nl, { kind: "heldFactor", doubles: [b("2-2")], factor: 2, each: false })).toBe(
      "2-2 overgehouden: ×2",
    );
    const es = translator("es");
    // Every line starts with a capital, as a list's lines do.
    expect(lineText(es, { kind: "penalty", penalty: "boardPass", points: 10, times: 1, after: [] })).toBe(
      "Pase de mesa: +10",
    );
    // "Tú ★ Te quedaste sin fichas": the viewer's own line speaks to them.
    expect(lineText(es, { kind: "wentOut", seat: 0 }, name, 0)).toBe("Te quedaste sin fichas: nada que contar");
    expect(lineText(es, { kind: "wentOut", seat: 2 }, name, 0)).toBe("Se quedó sin fichas: nada que contar");
  });
});

describe("board pass causes", () => {
  it("names the play before each board-pass charge, by another player, once per charge", () => {
    let seen = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const g = playGame("french", 4, {}, seed, 6);
      for (const hand of g.hands) {
        if (!hand.result) continue;
        const sheet = handSheet(hand.result, g.rules, hand.events) as FrenchSheet;
        for (const row of sheet.rows) {
          for (const line of row.lines) {
            if (line.kind !== "penalty" || line.penalty !== "boardPass") continue;
            seen++;
            expect(line.after).toHaveLength(line.times);
            for (const play of line.after) {
              expect(play.seat).not.toBe(row.seat);
              const e = hand.events.find((x) => (x.type === "play" || x.type === "pose") && x.bone === play.bone);
              expect(e && "seat" in e ? e.seat : null).toBe(play.seat);
            }
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe("line score sheet", () => {
  it("moves the match points as C6-C8 say: a win adds the hand's worth, bruk and one-all-play-two reset", () => {
    let sawBruk = false;
    let sawDraw = false;
    let sawOneAll = false;
    for (let seed = 1; seed <= 15; seed++) {
      for (const [game, players] of [
        ["cutthroat", 2],
        ["cutthroat", 3],
        ["partner", 4],
      ] as const) {
        const g = playGame(game, players, {}, seed);
        let worth = 1;
        let running = new Array(game === "partner" ? 2 : players).fill(0);
        for (const result of results(g)) {
          const sheet = handSheet(result, g.rules) as LineSheet;
          expect(sheet.kind).toBe("line");
          expect(sheet.before).toEqual(running);
          if (sheet.draw) {
            sawDraw = true;
            expect(sheet.winner).toBeNull();
            expect(sheet.after).toEqual(sheet.before);
            worth = 2;
          } else {
            const side = sheet.side as number;
            expect(side).toBe(game === "partner" ? (sheet.winner as number) % 2 : sheet.winner);
            let expected = sheet.before.map((t, s) => (s === side ? t + worth : t));
            if (sheet.oneAllPlayTwo) {
              sawOneAll = true;
              expected = sheet.before.map((_, s) => (s === side ? 2 : 0));
            } else expect(sheet.worth).toBe(worth);
            const won = expected[side] >= 6;
            if (!won && expected.every((t) => t >= 1) && !expected.every((t) => t === 1)) {
              sawBruk = true;
              expect(sheet.bruk).toBe(true);
              expected = expected.map(() => 0);
            }
            expect(sheet.after).toEqual(expected);
            // The hand's points show before any reset: the winner's +1 (or +2) also on a bruk.
            expect(sheet.points[side]).toBe(sheet.oneAllPlayTwo ? 1 : worth);
            expect(sheet.reached[side]).toBe(sheet.before[side] + sheet.points[side]);
            if (sheet.bruk) expect(sheet.reached[side]).not.toBe(sheet.after[side]);
            worth = 1;
          }
          running = [...sheet.after];
        }
        expect(running).toEqual(g.totals);
      }
    }
    expect(sawBruk).toBe(true);
    expect(sawDraw).toBe(true);
    expect(sawOneAll).toBe(true);
  });
});

describe("dictionary", () => {
  it("translates every key in every language, with the same placeholders", () => {
    const dicts = dictionaries();
    // A plural's `other` form carries every placeholder (see i18n.test.ts for every form).
    const text = (entry: string | { other: string }) => (typeof entry === "string" ? entry : entry.other);
    const names = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
    for (const lang of LANGS) {
      for (const [key, source] of Object.entries(dicts.en)) {
        const other = dicts[lang][key as keyof typeof dicts.en];
        expect(other, `${lang}.${key}`).toBeTruthy();
        expect(names(text(other)), `${lang}.${key}`).toEqual(names(text(source)));
      }
    }
  });
});
