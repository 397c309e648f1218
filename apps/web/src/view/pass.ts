/**
 * What a pass would cost the seat to act, as far as its view can tell (pure). The engine's
 * `passCost` is the price of passing while able to play (F5); a pass can also be charged as a third
 * pass in a row (F6) or as a board pass (F7), which the engine does not price. Whether a pass is
 * forced is the engine's `mustPass`, as at every table; of the forced ones, the table here makes for
 * the player ("Pass for me when no bone fits") only those that cannot cost a point: a pass that
 * costs points, or may, is always the player's tap (issue 26, point 14).
 */

import { mustPass, PASS, type SeatView } from "@crossbones/engine";

export interface PassPrice {
  /** Points the pass is sure to cost: while able, a third in a row, a board pass already revealed. */
  readonly known: number;
  /**
   * Points it may cost that this seat cannot know yet: right after a bone, whether that bone was a
   * board pass (nobody else can answer it) stays hidden until the first player it passes is charged.
   */
  readonly maybe: number;
}

export function passPrice(view: SeatView): PassPrice {
  const rules = view.rules;
  if (rules.game !== "french" || !view.canPass || view.table === null) return { known: view.passCost, maybe: 0 };
  const { passStreakPenalty, boardPassPenalty } = rules.options;
  const seat = view.seat;
  let known = view.passCost;
  if (passStreakPenalty > 0 && view.table.streak[seat] === 2) known += passStreakPenalty;
  let maybe = 0;
  if (boardPassPenalty > 0) {
    const last = view.history[view.history.length - 1];
    if ((view.table.boardPassPending & (1 << seat)) !== 0) known += boardPassPenalty;
    // A bone this seat could answer is no board pass: only a seat with no play can be charged one.
    else if (view.plays.length === 0 && last !== undefined && last.move !== PASS && last.seat !== seat)
      maybe = boardPassPenalty;
  }
  return { known, maybe };
}

/** A pass the table may make for the player: a forced one (the engine's `mustPass`) that cannot cost a point. */
export function freePass(view: SeatView): boolean {
  if (!mustPass(view)) return false;
  const price = passPrice(view);
  return price.known === 0 && price.maybe === 0;
}
