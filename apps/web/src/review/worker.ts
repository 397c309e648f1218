/**
 * The review's own thread, loaded only when a review is asked for: it finds the seat's decisions
 * in a record and reviews them one by one, reporting each as it is done, so the page shows
 * progress from the first decision and never blocks. Cancelling terminates the worker.
 */

import { reviewDecision, summarize } from "./analyse";
import { decisionsOf } from "./decisions";
import { unitOf } from "./grade";
import type { ReviewRequest, ReviewResponse } from "./protocol";

// The app is type-checked with the DOM library, whose `self` is a window.
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ReviewRequest>) => void) | null;
  postMessage(message: ReviewResponse): void;
};

scope.onmessage = (e) => {
  const { record, hand, seat, options } = e.data;
  try {
    const decisions = decisionsOf(record, hand, seat);
    scope.postMessage({ type: "start", total: decisions.length });
    const done = [];
    for (const d of decisions) {
      const review = reviewDecision(d, options);
      done.push(review);
      scope.postMessage({ type: "decision", review, done: done.length, total: decisions.length });
    }
    const unit = decisions[0] ? unitOf(decisions[0].view.rules.game) : "points";
    scope.postMessage({ type: "done", review: summarize(done, unit) });
  } catch (error) {
    scope.postMessage({ type: "error", message: error instanceof Error ? error.message : String(error) });
  }
};
