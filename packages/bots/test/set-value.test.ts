import { createMediumBot, mixSeed, playGame } from "@crossbones/bots";
import { createRng, handConfig, parseRules, randomDeal } from "@crossbones/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { setWinner } from "../src/search.js";

describe("the French search's view of the set (F10)", () => {
  it("ends the set exactly when the engine does, with the same winner", () => {
    const medium = createMediumBot();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(20, 50, 100, 150), (seed, target) => {
        const rules = parseRules("french", 4, { target });
        if (!rules.ok) throw new Error(rules.error.message);
        const config = handConfig(rules.value);
        const game = playGame(rules.value, [medium, medium, medium, medium], {
          deal: (h) => randomDeal(config, createRng(mixSeed(seed, h))),
        });
        const totals = [0, 0, 0, 0];
        for (const [h, hand] of game.hands.entries()) {
          const result = hand.result;
          if (!result) throw new Error("unfinished hand");
          // What the search adds up at a hand's end: the hand's score plus its penalties.
          for (let s = 0; s < 4; s++) totals[s] += result.score[s] + result.penalties[s];
          const last = h === game.hands.length - 1;
          expect(setWinner(totals, 4, target)).toBe(last ? game.winner : -1);
        }
        expect(totals).toEqual(game.totals);
      }),
      { numRuns: 60 },
    );
  });

  it("plays on while the lowest total is shared", () => {
    expect(setWinner([40, 40, 100, 70], 4, 100)).toBe(-1);
    expect(setWinner([40, 39, 100, 70], 4, 100)).toBe(1);
    expect(setWinner([99, 98, 97, 96], 4, 100)).toBe(-1);
  });
});
