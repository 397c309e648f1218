/** A table's game as a game record (RECORD.md), with the players' names and each hand's proof. */

import { type GameRecord, makeRecord } from "@crossbones/engine";
import type { Proof, TableState } from "./types.js";

export type TableRecord = GameRecord & {
  /** Extension: the game ended because nobody was at the table any more (docs/record-format.md). */
  readonly abandoned?: true;
};

/**
 * The record of the current game: every hand so far, but not a hand being played (its deal is
 * every seat's bones). A hand's proof of a fair deal goes with it (`fair`, a record extension).
 */
export function recordOf(s: TableState): TableRecord {
  const record = makeRecord(
    s.game,
    s.seats.map((seat, i) => (seat.kind === "open" ? `Seat ${i + 1}` : seat.name)),
  );
  const hand = s.game.state;
  const live = !s.game.finished && hand !== null && !hand.over;
  const hands = (live ? record.hands.slice(0, -1) : record.hands).map((h, i) => {
    const fair: Proof | null | undefined = s.proofs[i];
    return fair ? { ...h, fair } : h;
  });
  return { ...record, hands, ...(s.closed === "abandoned" ? { abandoned: true as const } : {}) };
}
