/**
 * Grades of a decision from what it cost against the best move the hard search found, in the
 * unit of the game: French, expected points of the hand (count after multipliers plus penalties);
 * Cut Throat and Partner, the chance of winning the hand. Thresholds are documented in
 * docs/review.md; a test holds them there.
 */

import type { GameKind } from "@crossbones/engine";

export const GRADES = ["best", "good", "inaccuracy", "mistake", "blunder"] as const;
export type Grade = (typeof GRADES)[number];

/** The unit a loss is measured in: expected points (French) or chance of winning the hand. */
export type LossUnit = "points" | "chance";

/**
 * Upper bounds of the loss for best, good, inaccuracy and mistake; anything more is a blunder.
 * French: a point of a hand is small (a count of 40 is common, a penalty is 10), so a move within
 * 1 point of the best is as good as it (the search's own noise is about that at the budget used);
 * 12 points is a held double of sixes. Line games: percentage points of the chance to win the hand.
 */
export const THRESHOLDS: Readonly<Record<LossUnit, readonly [number, number, number, number]>> = {
  points: [1, 3, 6, 12],
  chance: [0.02, 0.05, 0.1, 0.2],
};

export function unitOf(game: GameKind): LossUnit {
  return game === "french" ? "points" : "chance";
}

/** The grade of a move that lost `loss` (≥ 0) against the best move. */
export function gradeLoss(loss: number, unit: LossUnit): Grade {
  const t = THRESHOLDS[unit];
  for (let i = 0; i < t.length; i++) if (loss <= t[i]) return GRADES[i];
  return "blunder";
}

/** Grades that count as mistakes in a hand's summary (points lost to mistakes). */
export function isMistake(grade: Grade): boolean {
  return grade === "inaccuracy" || grade === "mistake" || grade === "blunder";
}
