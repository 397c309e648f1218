/** What the page and the review worker say to each other. */

import type { BoardLayout, GameEvent, Layout } from "@crossbones/engine";
import type { DecisionReview, HandReview, ReviewOptions } from "./analyse";
import type { TableRead } from "./read";

export interface ReviewRequest {
  /** A game record (docs/record-format.md). */
  readonly record: unknown;
  readonly hand: number;
  /** The seat whose decisions are reviewed (from its view only). */
  readonly seat: number;
  readonly options: ReviewOptions;
}

/** A board to draw: what the Board component needs, worked out in the worker. */
export interface Scene {
  readonly board: BoardLayout | null;
  readonly players: number;
  /** The seat of each move of the hand so far. */
  readonly moveSeats: readonly number[];
  readonly events: readonly GameEvent[];
}

/** One reviewed decision with what the page shows beside it, all worked out in the worker. */
export interface ReviewedDecision {
  readonly review: DecisionReview;
  /** The board after the move played (its bone marked as the latest), and after the best move. */
  readonly played: Scene;
  readonly better: Scene;
  /** The table read at that moment, from the seat's view. */
  readonly read: TableRead;
}

export type ReviewResponse =
  /** The decisions are found: `total` of them will follow. */
  | { readonly type: "start"; readonly total: number; readonly layout: Layout }
  | { readonly type: "decision"; readonly decision: ReviewedDecision; readonly done: number; readonly total: number }
  | { readonly type: "done"; readonly review: HandReview }
  | { readonly type: "error"; readonly message: string };
