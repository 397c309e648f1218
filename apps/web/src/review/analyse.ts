/**
 * The review of a seat's decisions: the hard search's value of every legal move (`rankMoves`,
 * from the seat's view only: the hidden hands are sampled by the belief, never read), the loss of
 * the move played against the best, its grade and, where one can be named, a reason.
 */

import { beliefFrom, rankMoves } from "@crossbones/bots";
import { type Move, moveBone, PASS, type SeatView } from "@crossbones/engine";
import type { Decision } from "./decisions";
import { GRADES, type Grade, gradeLoss, isMistake, type LossUnit, unitOf } from "./grade";
import { type Reason, reasonFor } from "./reasons";

/** The search budget of a review: a fixed seed and playout count, so a review is reproducible. */
export interface ReviewOptions {
  readonly seed?: number;
  readonly iterations?: number;
}

/**
 * Playouts per decision, by unit (docs/review.md, measured): French grades agree between two seeds
 * in 91% of decisions at 2,000 (all within one grade), well inside the 3 s a French hand may take;
 * the line games' chance to win is noisier (Partner 61% at 2,000, 84% at 6,000), so they get more.
 */
export const REVIEW_ITERATIONS: Readonly<Record<LossUnit, number>> = { points: 2000, chance: 5000 };
export const REVIEW_SEED = 14;

export interface MoveReview {
  readonly move: Move;
  /** French: minus the expected points of the hand; line games: the chance to win the hand. */
  readonly value: number;
  /** What it gives up against the best move (≥ 0). */
  readonly loss: number;
  readonly grade: Grade;
}

export interface DecisionReview {
  /** The move's index in the hand's history. */
  readonly index: number;
  readonly version: number;
  /** The decision was the pose (a move is then just a bone). */
  readonly pose: boolean;
  readonly played: Move;
  /** Every legal move, best first. */
  readonly options: readonly MoveReview[];
  readonly best: Move;
  readonly loss: number;
  readonly grade: Grade;
  readonly reason: Reason | null;
  readonly unit: LossUnit;
}

export interface HandReview {
  readonly decisions: readonly DecisionReview[];
  readonly unit: LossUnit;
  /** The loss of every decision graded an inaccuracy or worse, added up. */
  readonly lost: number;
  /** Decisions graded an inaccuracy or worse (what the stats count per hand). */
  readonly mistakes: number;
  /** Decisions per grade: the summary names them by their grades ("1 inaccuracy", not "1 mistake"). */
  readonly grades: Readonly<Record<Grade, number>>;
}

/**
 * Two moves that lead to the same position: the same bone on targets the view calls equivalent
 * (an empty arm like another, two ends showing the same number: `LegalPlay.choose` is false).
 */
function sameMove(view: SeatView, a: Move, b: Move): boolean {
  if (a === b) return true;
  if (a === PASS || b === PASS || moveBone(a) !== moveBone(b)) return false;
  const play = view.plays.find((p) => p.bone === moveBone(a));
  return play !== undefined && !play.choose;
}

/** The review of one decision, from the seat's view alone. */
export function reviewDecision(decision: Decision, options: ReviewOptions = {}): DecisionReview {
  const { view, played } = decision;
  const unit = unitOf(view.rules.game);
  const ranked = rankMoves(view, {
    seed: options.seed ?? REVIEW_SEED,
    iterations: options.iterations ?? REVIEW_ITERATIONS[unit],
  });
  const top = ranked[0]?.value ?? 0;
  const moves: MoveReview[] = ranked.map((r) => {
    const loss = Math.max(0, top - r.value);
    return { move: r.move, value: r.value, loss, grade: gradeLoss(loss, unit) };
  });
  const best = moves[0]?.move ?? played;
  // The move played, or one that leads to the same position (the search ranks them apart).
  const equivalent = moves.filter((m) => sameMove(view, m.move, played));
  const mine = equivalent.reduce<MoveReview | null>((a, m) => (a === null || m.value > a.value ? m : a), null);
  const loss = mine?.loss ?? 0;
  const grade = gradeLoss(loss, unit);
  const reason = grade === "best" || grade === "good" ? null : reasonFor(view, beliefFrom(view), best, played);
  const pose = view.phase === "pose";
  return {
    index: decision.index,
    version: view.version,
    pose,
    played,
    options: moves,
    best,
    loss,
    grade,
    reason,
    unit,
  };
}

/** The hand's summary line from its decisions' reviews. */
export function summarize(decisions: readonly DecisionReview[], unit: LossUnit): HandReview {
  let lost = 0;
  let mistakes = 0;
  const grades = Object.fromEntries(GRADES.map((g) => [g, 0])) as Record<Grade, number>;
  for (const d of decisions) {
    grades[d.grade]++;
    if (!isMistake(d.grade)) continue;
    lost += d.loss;
    mistakes++;
  }
  return { decisions, unit, lost, mistakes, grades };
}

/** Reviews every decision in turn (`onEach` after each: the worker reports progress with it). */
export function reviewHand(
  decisions: readonly Decision[],
  options: ReviewOptions = {},
  onEach?: (review: DecisionReview, done: number) => void,
): HandReview {
  const out: DecisionReview[] = [];
  for (const d of decisions) {
    const r = reviewDecision(d, options);
    out.push(r);
    onEach?.(r, out.length);
  }
  const unit = decisions[0] ? unitOf(decisions[0].view.rules.game) : "points";
  return summarize(out, unit);
}
