import { createMeasuringBot, mixSeed, playGame } from "@crossbones/bots";
import { createRng, handConfig, parseRules, randomDeal, sideCount, sideOf } from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { afterHand, type MatchPosition, matchValues } from "../src/match-value.js";

describe("line-game match values (C6–C8, P1)", () => {
  it("afterHand follows the engine's match bookkeeping, hand after hand", () => {
    let hands = 0;
    for (const [game, players, match, oneAllPlayTwo] of [
      ["cutthroat", 4, "sixLove", true],
      ["cutthroat", 3, "straight", true],
      ["cutthroat", 2, "sixLove", false],
      ["partner", 4, "sixLove", true],
      ["partner", 4, "straight", false],
    ] as const) {
      const r = parseRules(game, players, { match, oneAllPlayTwo });
      if (!r.ok) throw new Error(r.error.message);
      const rules = r.value;
      if (rules.game === "french") continue;
      for (let g = 0; g < 8; g++) {
        const bots = Array.from({ length: players }, (_, s) => createMeasuringBot("random", mixSeed(g, s)));
        const done = playGame(rules, bots, { deal: (h) => randomDeal(handConfig(rules), createRng(mixSeed(g, h))) });
        // Replay the match positions from the hand logs.
        let position: MatchPosition = { totals: new Array(sideCount(rules)).fill(0), worth: 1, oneAllPlayTwo: false };
        for (const [i, hand] of done.hands.entries()) {
          expect(hand.rule.worth).toBe(position.worth);
          expect(hand.rule.oneAllPlayTwo).toBe(position.oneAllPlayTwo);
          const winner = hand.result?.winner ?? null;
          const next = afterHand(position, winner === null ? null : sideOf(rules, winner), rules.options);
          hands++;
          if (typeof next === "number") {
            expect(i).toBe(done.hands.length - 1);
            expect(done.winner).toBe(next);
            break;
          }
          position = next;
        }
      }
    }
    expect(hands).toBeGreaterThan(100);
  });

  it("values are match-win chances: they sum to one and a six-point lead is a win", () => {
    const m = matchValues(4, { match: "sixLove", oneAllPlayTwo: true });
    const start = { totals: [0, 0, 0, 0], worth: 1, oneAllPlayTwo: false };
    expect([0, 1, 2, 3].map((s) => m.value(start, s)).reduce((a, b) => a + b)).toBeCloseTo(1, 6);
    expect(m.value(start, 0)).toBeCloseTo(0.25, 5);
    const out = m.outcomes({ totals: [5, 0, 0, 0], worth: 1, oneAllPlayTwo: false });
    expect(out[0]).toBe(1);
    // Bruk: a hand won by the last seat on love would send everyone back to love.
    const bruk = m.outcomes({ totals: [2, 1, 1, 0], worth: 1, oneAllPlayTwo: false });
    expect(bruk[3 * 4 + 0]).toBeCloseTo(0.25, 5);
  });
});
