/**
 * Turning a seat's view into a position the bots can search: the public table completed with
 * hands (the seat's own, and for the others a sampled guess or placeholders).
 */

import { type HandConfig, HandState, handConfig, type Move, PASS, type SeatView } from "@crossbones/engine";

/** Whether the view's seat is the one to act in a hand in progress. */
export function toAct(view: SeatView): boolean {
  return view.table !== null && view.table.phase !== 2 && !view.finished && view.legalMoves.length > 0;
}

/** The hand of a view with the given hidden hands (`hands[view.seat]` is replaced by its own). */
export function positionOf(view: SeatView, hands: ArrayLike<number>, config: HandConfig = handConfig(view.rules)) {
  const table = view.table;
  if (!table) throw new Error("no hand in progress");
  const filled = Array.from({ length: 4 }, (_, s) => (s === view.seat ? view.hand : (hands[s] ?? 0)));
  return HandState.fromTable(config, table, filled);
}

/** The view's legal moves without the pass, or [PASS] when only a pass is legal. */
export function playsOf(view: SeatView): Move[] {
  const plays = view.legalMoves.filter((m) => m !== PASS);
  return plays.length > 0 ? plays : [PASS];
}

/** A 32-bit mix of integers, for per-decision seeds. */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h ^= p | 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A seed for one decision of a bot seeded with `seed`: the same position gets the same seed. */
export function decisionSeed(seed: number, view: SeatView): number {
  return mixSeed(seed, view.handIndex, view.history.length, view.seat, view.hand);
}
