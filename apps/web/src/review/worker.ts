/**
 * The review's own thread, loaded only when a review is asked for: it finds the seat's decisions
 * in a record and reviews them one by one, reporting each as it is done with the boards and the
 * table read the page shows beside it, so the page shows progress from the first decision and
 * does no replaying of its own. Cancelling terminates the worker.
 */

import { applyMove, type Game, PASS, viewFor } from "@crossbones/engine";
import { type DecisionReview, reviewDecision, summarize } from "./analyse";
import { decisionsOf, gameAt, handViews } from "./decisions";
import { unitOf } from "./grade";
import type { ReviewRequest, ReviewResponse, Scene } from "./protocol";
import { readTable } from "./read";

// The app is type-checked with the DOM library, whose `self` is a window.
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ReviewRequest>) => void) | null;
  postMessage(message: ReviewResponse): void;
};

function scene(game: Game, seat: number): Scene {
  const view = viewFor(game, seat);
  return {
    board: view.board,
    players: view.players,
    moveSeats: view.history.map((h) => h.seat),
    events: view.events,
  };
}

scope.onmessage = (e) => {
  const { record, hand, seat, options } = e.data;
  try {
    const decisions = decisionsOf(record, hand, seat);
    scope.postMessage({ type: "start", total: decisions.length, layout: gameAt(record).config.layout });
    const done: DecisionReview[] = [];
    for (const d of decisions) {
      const review = reviewDecision(d, options);
      done.push(review);
      const game = gameAt(record, review.version);
      // The board after a move (a pass leaves it as it was): the pose is seen on the board too.
      const after = (move: number) => {
        const next = move === PASS ? null : applyMove(game, move);
        return scene(next?.ok ? next.value : game, seat);
      };
      const decision = {
        review,
        played: after(review.played),
        better: after(review.best),
        read: readTable(handViews(record, hand, seat, review.index)),
      };
      scope.postMessage({ type: "decision", decision, done: done.length, total: decisions.length });
    }
    const unit = decisions[0] ? unitOf(decisions[0].view.rules.game) : "points";
    scope.postMessage({ type: "done", review: summarize(done, unit) });
  } catch (error) {
    scope.postMessage({ type: "error", message: error instanceof Error ? error.message : String(error) });
  }
};
