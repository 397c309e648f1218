import {
  applyMove,
  createGame,
  createRng,
  type Game,
  legalMoves,
  PASS,
  parseBone,
  parseRules,
  randomDeal,
  startHand,
} from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { dictionaries, LANGS, translator } from "../src/i18n/all.js";
import { type FrenchSheet, formula, handSheet, type LineSheet, lineTotalsAfter } from "../src/view/scoresheet.js";
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

/** Evaluates the sheet's one-line arithmetic, "(11 + 4) × 2 = 30 + 10 = 40", to its last number. */
function lastNumber(text: string): number {
  const parts = text.split("=");
  return Number(parts[parts.length - 1].trim());
}

describe("French score sheet", () => {
  const variants: Record<string, unknown>[] = [
    {},
    { heldDoubles: "each", doubleBlankValue: 10 },
    { heldDoubles: "pips" },
    { stackDoubles: false },
  ];

  it("agrees with the engine's result for every seat of every hand, and explains each factor", () => {
    const seen = new Set<string>();
    variants.forEach((options, v) => {
      for (let seed = 1; seed <= 6; seed++) {
        const game = playGame("french", 4, options, seed * 10 + v);
        let running = [0, 0, 0, 0];
        game.hands.forEach((hand, h) => {
          const sheet = handSheet(game, h) as FrenchSheet;
          expect(sheet.kind).toBe("french");
          const result = hand.result;
          if (!result?.french) throw new Error("unfinished hand");
          sheet.rows.forEach((row, seat) => {
            const f = result.french?.[seat];
            if (!f) throw new Error("missing seat");
            expect(row.score).toBe(f.score);
            expect(row.penalties).toBe(f.penaltyTotal);
            expect(row.before).toBe(running[seat]);
            expect(row.after).toBe(running[seat] + f.score + f.penaltyTotal);
            expect(lastNumber(row.formula)).toBe(f.score + f.penaltyTotal);
            for (const line of row.lines) seen.add(line.kind === "penalty" ? `penalty:${line.penalty}` : line.kind);
            if (f.heldFactor > 1)
              expect(row.lines.some((l) => l.kind === "heldFactor" && l.factor === f.heldFactor)).toBe(true);
            if (f.heldPips > 0)
              expect(row.lines.some((l) => l.kind === "heldPips" && l.pips === f.heldPips)).toBe(true);
            if (f.winnerDoubleFactor > 1) expect(row.lines.some((l) => l.kind === "winnerDouble")).toBe(true);
            const penaltySum = row.lines.reduce((sum, l) => sum + (l.kind === "penalty" ? l.points : 0), 0);
            expect(penaltySum).toBe(f.penaltyTotal);
          });
          running = running.map((t, s) => t + result.score[s] + result.penalties[s]);
        });
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

  it("writes the arithmetic on one line", () => {
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
      penaltyTotal: 0,
    };
    expect(formula(base)).toBe("11");
    expect(formula({ ...base, heldFactor: 2, score: 22 })).toBe("11 × 2 = 22");
    expect(formula({ ...base, heldFactor: 2, winnerDoubleFactor: 2, score: 44, penaltyTotal: 10 })).toBe(
      "11 × 2 × 2 = 44 + 10 = 54",
    );
    expect(formula({ ...base, heldPips: 4, score: 15 })).toBe("(11 + 4) = 15");
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
    expect(lineText(en, { kind: "penalty", penalty: "boardPass", points: 10, times: 1 })).toBe("board pass: +10");
    expect(lineText(en, { kind: "penalty", penalty: "passStreak", points: 20, times: 2 })).toBe(
      "third pass in a row ×2: +20",
    );
    const nl = translator("nl");
    expect(lineText(nl, { kind: "heldFactor", doubles: [b("2-2")], factor: 2, each: false })).toBe(
      "2-2 overgehouden: ×2",
    );
    const es = translator("es");
    expect(lineText(es, { kind: "penalty", penalty: "boardPass", points: 10, times: 1 })).toBe("pase de mesa: +10");
  });
});

describe("line score sheet", () => {
  it("follows the match points through bruk and one-all-play-two", () => {
    let sawBruk = false;
    let sawDraw = false;
    for (let seed = 1; seed <= 15; seed++) {
      for (const [game, players] of [
        ["cutthroat", 2],
        ["cutthroat", 3],
        ["partner", 4],
      ] as const) {
        const g = playGame(game, players, {}, seed);
        g.hands.forEach((_, h) => {
          const sheet = handSheet(g, h) as LineSheet;
          expect(sheet.kind).toBe("line");
          sawBruk ||= sheet.bruk;
          sawDraw ||= sheet.draw;
          if (sheet.draw) expect(sheet.winner).toBeNull();
          expect(sheet.after).toEqual(lineTotalsAfter(g, h));
        });
        expect(lineTotalsAfter(g, g.hands.length - 1)).toEqual(g.totals);
      }
    }
    expect(sawBruk).toBe(true);
    expect(sawDraw).toBe(true);
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
