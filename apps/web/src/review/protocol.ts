/** What the page and the review worker say to each other. */

import type { DecisionReview, HandReview, ReviewOptions } from "./analyse";

export interface ReviewRequest {
  /** A game record (docs/record-format.md). */
  readonly record: unknown;
  readonly hand: number;
  /** The seat whose decisions are reviewed (from its view only). */
  readonly seat: number;
  readonly options: ReviewOptions;
}

export type ReviewResponse =
  /** The decisions are found: `total` of them will follow. */
  | { readonly type: "start"; readonly total: number }
  | { readonly type: "decision"; readonly review: DecisionReview; readonly done: number; readonly total: number }
  | { readonly type: "done"; readonly review: HandReview }
  | { readonly type: "error"; readonly message: string };
