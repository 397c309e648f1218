/** The page's side of the review worker: one worker per review, terminated to cancel it. */

import type { Layout } from "@crossbones/engine";
import type { HandReview } from "./analyse";
import type { ReviewedDecision, ReviewRequest, ReviewResponse } from "./protocol";

export interface ReviewRun {
  /** Stops the analysis at once (the worker is terminated). */
  cancel(): void;
}

export interface ReviewEvents {
  onStart(total: number, layout: Layout): void;
  onDecision(decision: ReviewedDecision, done: number, total: number): void;
  onDone(review: HandReview): void;
  onError(message: string): void;
}

export function startReview(request: ReviewRequest, events: ReviewEvents): ReviewRun {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
  let live = true;
  const stop = () => {
    live = false;
    worker.terminate();
  };
  worker.onmessage = (e: MessageEvent<ReviewResponse>) => {
    if (!live) return;
    const m = e.data;
    if (m.type === "start") events.onStart(m.total, m.layout);
    else if (m.type === "decision") events.onDecision(m.decision, m.done, m.total);
    else if (m.type === "done") {
      stop();
      events.onDone(m.review);
    } else {
      stop();
      events.onError(m.message);
    }
  };
  worker.onerror = (e) => {
    if (!live) return;
    stop();
    events.onError(e.message);
  };
  worker.postMessage(request);
  return { cancel: stop };
}
