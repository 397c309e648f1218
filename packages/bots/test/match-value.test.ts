import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { afterHand, type MatchPosition, matchValues } from "../src/match-value.js";
import { byTheRules, type RuleOptions } from "./line-rules.js";

const SIX_LOVE: RuleOptions = { match: "sixLove", oneAllPlayTwo: true };
const STRAIGHT: RuleOptions = { match: "straight", oneAllPlayTwo: true };
const SIX_LOVE_NO_C8: RuleOptions = { match: "sixLove", oneAllPlayTwo: false };
const STRAIGHT_NO_C8: RuleOptions = { match: "straight", oneAllPlayTwo: false };

const at = (totals: number[], worth = 1, oneAllPlayTwo = false): MatchPosition => ({ totals, worth, oneAllPlayTwo });

interface Case {
  readonly rule: string;
  readonly options: RuleOptions;
  readonly before: MatchPosition;
  /** The side that won the hand (a player; a team in Partner), or null for a draw. */
  readonly won: number | null;
  /** The position after the hand, or the side that won the match. */
  readonly expected: MatchPosition | number;
}

/** Match transitions worked out by hand from RULES.md (C6–C8, P1), one per rule or corner. */
const CASES: readonly Case[] = [
  {
    rule: "C6 draw: no one scores and the next hand is worth 2",
    options: SIX_LOVE,
    before: at([2, 0, 1]),
    won: null,
    expected: at([2, 0, 1], 2),
  },
  {
    rule: "C6 draw after a draw: still worth 2, no escalation",
    options: SIX_LOVE,
    before: at([2, 0, 1], 2),
    won: null,
    expected: at([2, 0, 1], 2),
  },
  {
    rule: "C6 the hand after a draw: its winner scores 2, then hands are worth 1 again",
    options: SIX_LOVE,
    before: at([1, 0, 0], 2),
    won: 1,
    expected: at([1, 2, 0]),
  },
  {
    rule: "C7 a hand won scores 1",
    options: SIX_LOVE,
    before: at([1, 0, 0]),
    won: 0,
    expected: at([2, 0, 0]),
  },
  {
    rule: "C7 first to 6 wins the match",
    options: SIX_LOVE,
    before: at([5, 0]),
    won: 0,
    expected: 0,
  },
  {
    rule: "C7 5 + 2 = 7 wins the match (a hand worth 2 after a draw)",
    options: SIX_LOVE,
    before: at([5, 0, 0], 2),
    won: 0,
    expected: 0,
  },
  {
    rule: "C7 4 + 2 = 6 wins the match",
    options: STRAIGHT,
    before: at([3, 4, 2], 2),
    won: 1,
    expected: 1,
  },
  {
    rule: "C7 sixLove bruk: the last player on love scores, everyone goes back to love",
    options: SIX_LOVE,
    before: at([2, 1, 0]),
    won: 2,
    expected: at([0, 0, 0]),
  },
  {
    rule: "C7 sixLove bruk: even at 5-0, a point for the player on love is a bruk",
    options: SIX_LOVE,
    before: at([5, 0]),
    won: 1,
    expected: at([0, 0]),
  },
  {
    rule: "C7 sixLove bruk after a hand worth 2: 2-1 is a bruk, not one all (C8)",
    options: SIX_LOVE,
    before: at([0, 1], 2),
    won: 0,
    expected: at([0, 0]),
  },
  {
    rule: "C7 sixLove: no bruk while somebody is still on love",
    options: SIX_LOVE,
    before: at([3, 1, 0, 0]),
    won: 1,
    expected: at([3, 2, 0, 0]),
  },
  {
    rule: "C7 straight: no bruk when everyone has a point",
    options: STRAIGHT,
    before: at([2, 1, 0]),
    won: 2,
    expected: at([2, 1, 1]),
  },
  {
    rule: "C7 straight: scores run on to 5-5",
    options: STRAIGHT_NO_C8,
    before: at([5, 4]),
    won: 1,
    expected: at([5, 5]),
  },
  {
    rule: "C7 straight: first to 6 wins with everyone on the board",
    options: STRAIGHT,
    before: at([5, 1, 1]),
    won: 0,
    expected: 0,
  },
  {
    rule: "C8 one all: everyone at exactly 1 makes the next hand one-all-play-two, not a bruk",
    options: SIX_LOVE,
    before: at([1, 1, 0]),
    won: 2,
    expected: at([1, 1, 1], 1, true),
  },
  {
    rule: "C8 one all in straight mode too",
    options: STRAIGHT,
    before: at([1, 0]),
    won: 1,
    expected: at([1, 1], 1, true),
  },
  {
    rule: "C8 one all play two: the winner goes to 2, everyone else to love",
    options: SIX_LOVE,
    before: at([1, 1, 1, 1], 1, true),
    won: 3,
    expected: at([0, 0, 0, 2]),
  },
  {
    rule: "C8 one all play two, straight: the others go to love as well",
    options: STRAIGHT,
    before: at([1, 1, 1], 1, true),
    won: 0,
    expected: at([2, 0, 0]),
  },
  {
    rule: "C8 a drawn one-all-play-two hand is followed by another",
    options: SIX_LOVE,
    before: at([1, 1, 1, 1], 1, true),
    won: null,
    expected: at([1, 1, 1, 1], 2, true),
  },
  {
    rule: "C8 one all play two after a draw: the winner still goes to 2, not 1 + 2",
    options: SIX_LOVE,
    before: at([1, 1, 1], 2, true),
    won: 1,
    expected: at([0, 2, 0]),
  },
  {
    rule: "C8 off, sixLove: one all is an ordinary bruk",
    options: SIX_LOVE_NO_C8,
    before: at([1, 0]),
    won: 1,
    expected: at([0, 0]),
  },
  {
    rule: "C8 off, straight: one all just goes on",
    options: STRAIGHT_NO_C8,
    before: at([1, 0]),
    won: 1,
    expected: at([1, 1]),
  },
  {
    rule: "P1 Partner: the hand scores for the winner's team",
    options: SIX_LOVE,
    before: at([0, 0]),
    won: 1,
    expected: at([0, 1]),
  },
  {
    rule: "P1 + C8 Partner: one all between the teams",
    options: SIX_LOVE,
    before: at([1, 0]),
    won: 1,
    expected: at([1, 1], 1, true),
  },
  {
    rule: "P1 + C7 Partner: a team at 5 wins the match with one more hand",
    options: SIX_LOVE,
    before: at([0, 5]),
    won: 1,
    expected: 1,
  },
];

describe("line-game match transitions (afterHand) follow the rules", () => {
  for (const c of CASES) {
    it(c.rule, () => {
      expect(afterHand(c.before, c.won, c.options)).toEqual(c.expected);
    });
  }

  it("the reference written from the rules agrees with every hand-worked case", () => {
    for (const c of CASES) {
      const ref = byTheRules(c.before, c.won, c.options);
      expect("matchWinner" in ref ? ref.matchWinner : ref.standing, c.rule).toEqual(c.expected);
    }
  });

  it("afterHand agrees with the reference on every position, outcome and option (2–4 sides)", () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const options of [SIX_LOVE, STRAIGHT, SIX_LOVE_NO_C8, STRAIGHT_NO_C8]) {
      for (let sides = 2; sides <= 4; sides++) {
        for (let code = 0; code < 6 ** sides; code++) {
          const totals = Array.from({ length: sides }, (_, s) => Math.floor(code / 6 ** s) % 6);
          for (const worth of [1, 2]) {
            for (const oneAllPlayTwo of options.oneAllPlayTwo ? [false, true] : [false]) {
              const before = at(totals, worth, oneAllPlayTwo);
              for (let won = -1; won < sides; won++) {
                const side = won < 0 ? null : won;
                const ref = byTheRules(before, side, options);
                const expected = "matchWinner" in ref ? ref.matchWinner : ref.standing;
                const got = afterHand(before, side, options);
                if (!isDeepStrictEqual(got, expected))
                  wrong.push(JSON.stringify({ options, before, side, got, expected }));
                checked++;
              }
            }
          }
        }
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(50_000);
  });
});

describe("line-game match values", () => {
  it("are match-win chances: they sum to one, an even start is even, a six-point lead is a win", () => {
    const m = matchValues(4, SIX_LOVE);
    const start = at([0, 0, 0, 0]);
    expect([0, 1, 2, 3].map((s) => m.value(start, s)).reduce((a, b) => a + b)).toBeCloseTo(1, 6);
    expect(m.value(start, 0)).toBeCloseTo(0.25, 5);
    const out = m.outcomes(at([5, 0, 0, 0]));
    expect(out[0]).toBe(1);
    // C7 bruk: a hand won by the last seat on love sends everyone back to love, an even match.
    const bruk = m.outcomes(at([2, 1, 1, 0]));
    for (let s = 0; s < 4; s++) expect(bruk[3 * 4 + s]).toBeCloseTo(0.25, 5);
  });

  it("C8: after one all play two the winner, at 2 against love, leads", () => {
    const m = matchValues(3, SIX_LOVE);
    const out = m.outcomes(at([1, 1, 1], 1, true));
    // Side 0 wins the hand: 2-0-0.
    expect(out[0 * 3 + 0]).toBeGreaterThan(1 / 3);
    expect(out[0 * 3 + 1]).toBeCloseTo(out[0 * 3 + 2], 6);
    // A draw keeps the one-all-play-two hand, symmetric between the sides.
    expect(out[3 * 3 + 0]).toBeCloseTo(1 / 3, 5);
  });
});
