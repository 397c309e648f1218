/**
 * What a finished hand is worth (F9), with the reasons, so a score sheet can say why each number
 * came out as it did.
 */

import { type Bone, bonesOf, DOUBLES, pipCount, popcount } from "./bones.js";
import type { GameEvent } from "./game.js";
import { type HandState, PENALTY_KINDS, type PenaltyKind } from "./hand.js";
import type { FrenchOptions } from "./rules.js";

/** One seat's French hand score and how it was reached. */
export interface FrenchScore {
  readonly seat: number;
  /** Bones left in the hand (none for the player who went out). */
  readonly bones: readonly Bone[];
  /** Their pip total, 0-0 valued by `doubleBlankValue`. */
  readonly count: number;
  /** Doubles among them (F9a). */
  readonly heldDoubles: readonly Bone[];
  /** F9a: ×2 ("once"), ×2^k ("each"), or 1 (none held, or "pips"). */
  readonly heldFactor: number;
  /** F9a with "pips": the held doubles' pips, added once more. */
  readonly heldPips: number;
  /** F9b: ×2 because the winner went out with a double (and F9c let it apply). */
  readonly winnerDoubleFactor: number;
  /** F9c without stacking: the winner's double was ignored because this seat holds a double. */
  readonly winnerDoubleOverridden: boolean;
  /** The hand score after multipliers, penalties excluded. */
  readonly score: number;
  /** Penalty points charged during the hand, by kind; never multiplied. */
  readonly penalties: Readonly<Record<PenaltyKind, number>>;
  /** How many times each kind was charged (a third pass in a row may be charged twice). */
  readonly penaltyTimes: Readonly<Record<PenaltyKind, number>>;
  readonly penaltyTotal: number;
}

/** The parts of one seat's score (F9a–F9c); filled in place so search code allocates nothing. */
export interface ScoreParts {
  count: number;
  heldCount: number;
  heldFactor: number;
  heldPips: number;
  winnerDoubleFactor: number;
  winnerDoubleOverridden: boolean;
}

export function emptyScoreParts(): ScoreParts {
  return { count: 0, heldCount: 0, heldFactor: 1, heldPips: 0, winnerDoubleFactor: 1, winnerDoubleOverridden: false };
}

/** F9: a seat's score for a finished French hand, penalties excluded; `parts` says why. */
export function frenchScore(state: HandState, options: FrenchOptions, seat: number, parts: ScoreParts): number {
  const hand = state.hands[seat];
  const doubles = hand & DOUBLES;
  const k = popcount(doubles);
  parts.count = pipCount(hand, options.doubleBlankValue);
  parts.heldCount = k;
  parts.heldFactor = 1;
  parts.heldPips = 0;
  if (k > 0) {
    if (options.heldDoubles === "once") parts.heldFactor = 2;
    else if (options.heldDoubles === "each") parts.heldFactor = 2 ** k;
    else parts.heldPips = pipCount(doubles, options.doubleBlankValue);
  }
  const byWinnerDouble = state.dominoWithDouble && seat !== state.winner;
  parts.winnerDoubleOverridden = byWinnerDouble && k > 0 && !options.stackDoubles;
  parts.winnerDoubleFactor = byWinnerDouble && !parts.winnerDoubleOverridden ? 2 : 1;
  return (parts.count + parts.heldPips) * parts.heldFactor * parts.winnerDoubleFactor;
}

/**
 * F9 for every seat, with the reasons and the penalties charged during the hand (`events`, the
 * hand's events, say how many times each was charged).
 */
export function scoreFrenchHand(state: HandState, options: FrenchOptions, events: readonly GameEvent[]): FrenchScore[] {
  const out: FrenchScore[] = [];
  for (let seat = 0; seat < state.players; seat++) {
    const parts = emptyScoreParts();
    const score = frenchScore(state, options, seat, parts);
    const penalties = {} as Record<PenaltyKind, number>;
    const penaltyTimes = {} as Record<PenaltyKind, number>;
    let penaltyTotal = 0;
    PENALTY_KINDS.forEach((kind, i) => {
      penalties[kind] = state.penaltiesByKind[(seat << 2) + i];
      penaltyTimes[kind] = 0;
      penaltyTotal += penalties[kind];
    });
    for (const e of events) if (e.type === "penalty" && e.seat === seat) penaltyTimes[e.kind]++;
    const hand = state.hands[seat];
    out.push({
      seat,
      bones: bonesOf(hand),
      count: parts.count,
      heldDoubles: bonesOf(hand & DOUBLES),
      heldFactor: parts.heldFactor,
      heldPips: parts.heldPips,
      winnerDoubleFactor: parts.winnerDoubleFactor,
      winnerDoubleOverridden: parts.winnerDoubleOverridden,
      score,
      penalties,
      penaltyTimes,
      penaltyTotal,
    });
  }
  return out;
}
