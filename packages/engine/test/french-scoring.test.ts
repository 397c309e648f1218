/**
 * French scoring and the set, RULES.md F9 (with F9a–F9c) and F10, and the options that change
 * them: doubleBlankValue, heldDoubles, stackDoubles and target. The hands are in french-hands.ts;
 * the arithmetic is in the comments.
 */

import {
  END_DOMINO,
  type Game,
  HandState,
  handConfig,
  maskOf,
  OVER,
  parseRules,
  scoreFrenchHand,
  startHand,
} from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { BLOCKED, DOUBLE_OUT, FIRST, SECOND, TIED } from "./french-hands.js";
import { bone, bones, deal, newGame, play, start } from "./helpers.js";

type Hand = { deal: string[][]; moves: string[] };

/** A French game with `options` through the given hands, each dealt and played out. */
function game(options: Record<string, unknown>, ...hands: Hand[]): Game {
  let g = newGame("french", 4, options);
  for (const h of hands) g = play(start(g, deal(...h.deal)), ...h.moves);
  return g;
}

/** The result of the last hand played. */
function last(g: Game) {
  const result = g.hands[g.hands.length - 1].result;
  if (!result) throw new Error("the hand is not over");
  return result;
}

/**
 * F9 for seat 0 holding `left` when seat 1 went out with `lastBone` (a bare state: only what
 * scoring reads), to check RULES.md's worked examples directly.
 */
function scoreOf(options: Record<string, unknown>, left: string[], lastBone: string): number {
  const rules = parseRules("french", 4, options);
  if (!rules.ok) throw new Error(rules.error.message);
  const s = HandState.deal(handConfig(rules.value), [maskOf(bones(...left)), 0, 0, 0], 1, 0);
  s.phase = OVER;
  s.end = END_DOMINO;
  s.winner = 1;
  s.lastBone = bone(lastBone);
  if (rules.value.game !== "french") throw new Error("unreachable");
  return scoreFrenchHand(s, rules.value.options, [])[0].score;
}

describe("F9 hand score", () => {
  it("F9 each seat scores the count left in its hand; the seat that went out scores 0", () => {
    const r = last(game({}, FIRST));
    // s1 1-3 1-4 1-5 1-6 = 4+5+6+7 = 22; s2 2-3 2-4 3-4 3-5 = 5+6+7+8 = 26;
    // s3 3-6 4-5 4-6 5-6 = 9+9+10+11 = 39. No doubles left, 0-6 is not a double.
    expect(r.counts).toEqual([0, 22, 26, 39]);
    expect(r.score).toEqual([0, 22, 26, 39]);
    expect(r.french![1].bones).toEqual(bones("1-3", "1-4", "1-5", "1-6"));
  });

  it("F9 doubleBlankValue 0 (default): 0-0 left in a hand counts 0", () => {
    const r = last(game({}, FIRST, SECOND));
    // s1 keeps 0-0 2-4: (0 + 6) x 2 (a double held, F9a) = 12; s2 0-2 0-4 = 6; s3 0-6 = 6.
    expect(r.counts).toEqual([0, 6, 6, 6]);
    expect(r.score).toEqual([0, 12, 6, 6]);
  });

  it("F9 doubleBlankValue 10: 0-0 left in a hand counts 10", () => {
    const r = last(game({ doubleBlankValue: 10 }, FIRST, SECOND));
    // s1 keeps 0-0 2-4: (10 + 6) x 2 = 32. 0-0 was posed in FIRST, so that hand is unchanged.
    expect(r.counts).toEqual([0, 16, 6, 6]);
    expect(r.score).toEqual([0, 32, 6, 6]);
  });

  it("F9 the winner of a blocked hand still scores their own count", () => {
    const r = last(game({}, BLOCKED));
    // Counts 13, 4, 13, 12: seat 1 wins with 4 and scores 4.
    expect(r.winner).toBe(1);
    expect(r.score).toEqual([13, 4, 13, 12]);
  });

  it("F9 penalties are added as charged and never multiplied", () => {
    const r = last(game({ target: 1000 }, DOUBLE_OUT));
    // Scores 44, 0, 92, 136 (see F9b/F9c); penalties 20, 0, 20, 20 stay 20 each although
    // seats 0, 2 and 3 have their score doubled or quadrupled.
    expect(r.score).toEqual([44, 0, 92, 136]);
    expect(r.penalties).toEqual([20, 0, 20, 20]);
    expect(r.french![3].penalties).toEqual({ passWhenAble: 0, passStreak: 10, boardPass: 10, illegalPlay: 0 });
  });

  it("F9 the worked example of 002: left with 2-2 and 1-6 scores (4+7) x 2 = 22", () => {
    expect(scoreOf({}, ["2-2", "1-6"], "1-2")).toBe(22);
  });
});

describe("F9a held doubles", () => {
  it("F9a heldDoubles once (default): one or more doubles held double the score", () => {
    // SECOND: s1 holds one double (0-0): 6 x 2 = 12.
    expect(last(game({}, FIRST, SECOND)).score).toEqual([0, 12, 6, 6]);
    // DOUBLE_OUT without stacking, so only F9a applies to s3: 34 with 4-4 and 6-6 -> 34 x 2 = 68.
    const r = last(game({ stackDoubles: false, target: 1000 }, DOUBLE_OUT));
    expect(r.score[3]).toBe(68);
    expect(r.french![3].heldFactor).toBe(2);
  });

  it("F9a heldDoubles each: every double held doubles the score again (x 2^k)", () => {
    // One double: 6 x 2 = 12.
    expect(last(game({ heldDoubles: "each" }, FIRST, SECOND)).score).toEqual([0, 12, 6, 6]);
    // Two doubles, no stacking: 34 x 2^2 = 136.
    const r = last(game({ heldDoubles: "each", stackDoubles: false, target: 1000 }, DOUBLE_OUT));
    expect(r.score[3]).toBe(136);
    expect(r.french![3].heldFactor).toBe(4);
  });

  it("F9a heldDoubles pips: only the held doubles' pips count twice", () => {
    // DOUBLE_OUT, no stacking: s3 2-4 2-6 4-4 6-6 = 34, plus 4-4 and 6-6 once more: 34 + 8 + 12 = 54.
    const r = last(game({ heldDoubles: "pips", stackDoubles: false, target: 1000 }, DOUBLE_OUT));
    expect(r.score[3]).toBe(54);
    expect(r.french![3]).toMatchObject({ heldFactor: 1, heldPips: 20 });
    // SECOND: s1 0-0 2-4 with 0-0 worth 0: 6 + 0 = 6.
    expect(last(game({ heldDoubles: "pips" }, FIRST, SECOND)).score).toEqual([0, 6, 6, 6]);
    // RULES.md's example: 6-6 and 0-5 left score 12 + 12 + 5 = 29.
    expect(scoreOf({ heldDoubles: "pips" }, ["6-6", "0-5"], "1-2")).toBe(29);
  });
});

describe("F9b and F9c the winner's last double", () => {
  it("F9b a winner who went out with a double doubles every other score", () => {
    const r = last(game({ target: 1000 }, DOUBLE_OUT));
    expect(r).toMatchObject({ end: "domino", winner: 1, counts: [22, 0, 46, 34] });
    // No double held by s0 or s2: 22 x 2 = 44, 46 x 2 = 92.
    expect(r.score[0]).toBe(44);
    expect(r.score[2]).toBe(92);
    expect(r.french!.map((f) => f.winnerDoubleFactor)).toEqual([2, 1, 2, 2]);
  });

  it("F9c stackDoubles true (default): held doubles and the winner's double multiply", () => {
    // s3 (34, two doubles held): once 34 x 2 x 2 = 136; each 34 x 4 x 2 = 272;
    // pips (34 + 8 + 12) x 2 = 108. s0 and s2 hold none: 44 and 92 in every case.
    expect(last(game({ target: 1000 }, DOUBLE_OUT)).score).toEqual([44, 0, 92, 136]);
    expect(last(game({ heldDoubles: "each", target: 1000 }, DOUBLE_OUT)).score).toEqual([44, 0, 92, 272]);
    expect(last(game({ heldDoubles: "pips", target: 1000 }, DOUBLE_OUT)).score).toEqual([44, 0, 92, 108]);
  });

  it("F9c stackDoubles false: a seat holding a double gets only the F9a multiplier", () => {
    // s3: once 34 x 2 = 68; each 34 x 4 = 136; pips 34 + 20 = 54. s0 and s2 still doubled by F9b.
    const once = last(game({ stackDoubles: false, target: 1000 }, DOUBLE_OUT));
    expect(once.score).toEqual([44, 0, 92, 68]);
    expect(once.french!.map((f) => f.winnerDoubleOverridden)).toEqual([false, false, false, true]);
    expect(last(game({ stackDoubles: false, heldDoubles: "each", target: 1000 }, DOUBLE_OUT)).score).toEqual([
      44, 0, 92, 136,
    ]);
    expect(last(game({ stackDoubles: false, heldDoubles: "pips", target: 1000 }, DOUBLE_OUT)).score).toEqual([
      44, 0, 92, 54,
    ]);
  });
});

describe("F10 set", () => {
  it("F10 hand scores and penalties add up to running totals over the hands", () => {
    const one = game({}, FIRST);
    // Scores 0, 22, 26, 39 plus penalties 0, 50, 50, 50.
    expect(one.totals).toEqual([0, 72, 76, 89]);
    expect(one.finished).toBe(false);
    const two = game({}, FIRST, SECOND);
    // Plus 0, 12, 6, 6 (SECOND has no penalties).
    expect(two.totals).toEqual([0, 84, 82, 95]);
    expect(two.finished).toBe(false);
    expect(two.winner).toBeNull();
  });

  it("F10 target 100 (default): once a total reaches 100 the unique lowest total wins the set", () => {
    // DOUBLE_OUT: scores 44, 0, 92, 136 + penalties 20, 0, 20, 20 = 64, 0, 112, 156.
    const g = game({}, DOUBLE_OUT);
    expect(g.totals).toEqual([64, 0, 112, 156]);
    expect(g.finished).toBe(true);
    expect(g.winner).toBe(1);
    expect(g.hands[0].events.at(-1)).toEqual({ type: "gameEnd", move: 24, winner: 1, sixLove: false });
    const next = startHand(g, deal(...FIRST.deal));
    expect(next.ok).toBe(false);
    if (!next.ok) expect(next.error.code).toBe("game-over");
  });

  it("F10 target 100 vs 150: totals 0, 104, 82, 95 end the set at 100 but not at 150", () => {
    // With 0-0 worth 10, SECOND gives s1 32 instead of 12: 72 + 32 = 104.
    const at100 = game({ doubleBlankValue: 10 }, FIRST, SECOND);
    expect(at100.totals).toEqual([0, 104, 82, 95]);
    expect(at100.finished).toBe(true);
    expect(at100.winner).toBe(0);
    const at150 = game({ doubleBlankValue: 10, target: 150 }, FIRST, SECOND);
    expect(at150.totals).toEqual([0, 104, 82, 95]);
    expect(at150.finished).toBe(false);
    expect(at150.winner).toBeNull();
  });

  it("F10 a total exactly at the target ends the set (at least, not above)", () => {
    // FIRST: totals 0, 72, 76, 89.
    expect(game({ target: 89 }, FIRST)).toMatchObject({ finished: true, winner: 0 });
    expect(game({ target: 90 }, FIRST)).toMatchObject({ finished: false, winner: null });
  });

  it("F10 a shared lowest total: no set winner yet, another hand is played", () => {
    // TIED: no penalties, scores 8, 13, 15, 8 = totals; 13 and 15 reach target 10 but the lowest
    // total, 8, is shared by seats 0 and 3.
    const g = game({ target: 10 }, TIED);
    expect(g.totals).toEqual([8, 13, 15, 8]);
    expect(g.finished).toBe(false);
    expect(g.winner).toBeNull();
    // The next hand is played (F2d: the holder of 0-0, seat 0 here, poses it) and the check repeats:
    // FIRST adds 0, 72, 76, 89 -> 8, 85, 91, 97: seat 0 alone is lowest and wins.
    const next = play(start(g, deal(...FIRST.deal)), ...FIRST.moves);
    expect(next.hands[1].poser).toBe(0);
    expect(next.totals).toEqual([8, 85, 91, 97]);
    expect(next).toMatchObject({ finished: true, winner: 0 });
  });

  it("F10 hands 2: the set ends after the second hand, whatever the target; lowest total wins", () => {
    // DOUBLE_OUT alone would end a set to 100 (totals 64, 0, 112, 156): a set of two hands plays on.
    const one = game({ hands: 2 }, DOUBLE_OUT);
    expect(one).toMatchObject({ finished: false, winner: null });
    // FIRST then SECOND: totals 0, 84, 82, 95 (below the target), seat 0 alone lowest after hand 2.
    expect(game({ hands: 2 }, FIRST)).toMatchObject({ finished: false, winner: null });
    expect(game({ hands: 2 }, FIRST, SECOND)).toMatchObject({ finished: true, winner: 0 });
    // A set of one hand ends on it even far below the target: FIRST's totals 0, 72, 76, 89.
    expect(game({ hands: 1, target: 10000 }, FIRST)).toMatchObject({ finished: true, winner: 0 });
  });

  it("F10 hands: a shared lowest total after the last hand plays another, as at the target", () => {
    // TIED: totals 8, 13, 15, 8, seats 0 and 3 level lowest after hand 1 of 1.
    const g = game({ hands: 1 }, TIED);
    expect(g).toMatchObject({ finished: false, winner: null });
    // FIRST adds 0, 72, 76, 89: seat 0 alone lowest ends it.
    expect(play(start(g, deal(...FIRST.deal)), ...FIRST.moves)).toMatchObject({ finished: true, winner: 0 });
  });
});
