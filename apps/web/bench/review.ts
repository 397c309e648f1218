/**
 * The review's section of `npm run bench` (issue 14): reviewing every decision of one seat in a
 * French hand, at the review's budget. In Node (the review's code alone, one thread), and in
 * Chromium in the review worker with the main thread's tasks meanwhile (e2e/bench/review.bench.ts,
 * run by the web section; its figures are read here). Prints `name: value unit` lines.
 */

import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { makeRecord } from "@crossbones/engine";
import { reviewHand } from "../src/review/analyse.js";
import { decisionsOf } from "../src/review/decisions.js";
import { playedGame } from "../test/review-games.js";

const root = resolve(fileURLToPath(new URL("../../..", import.meta.url)));

/** Median time (ms) to review seat 0's decisions in `hands` French hands played by medium bots. */
export function reviewNode(hands = 9): { medianMs: number; maxMs: number; decisions: number } {
  const times: number[] = [];
  let decisions = 0;
  // Warm-up: the first review compiles the search.
  reviewHand(decisionsOf(makeRecord(playedGame("french", 4, 1000, 1)), 0, 0));
  for (let i = 0; i < hands; i++) {
    const record = makeRecord(playedGame("french", 4, 100 + i, 1));
    const start = performance.now();
    const review = reviewHand(decisionsOf(record, 0, 0));
    times.push(performance.now() - start);
    decisions += review.decisions.length;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(hands / 2)], maxMs: sorted[hands - 1], decisions: decisions / hands };
}

export function reviewBench(line: (name: string, value: number, unit: string) => void): void {
  const node = reviewNode();
  line("review of a French hand (Node, median)", node.medianMs, "ms");
  line("review of a French hand (Node, max)", node.maxMs, "ms");
  line("review decisions per French hand (mean)", node.decisions, "decisions");
  const file = join(root, ".bench/review-browser.json");
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, "utf8")) as Record<string, number>;
  line("web review of a French hand in the worker (median)", r.reviewMedianMs, "ms");
  line("web review of a French hand in the worker (max)", r.reviewMaxMs, "ms");
  line("web longest main-thread task while reviewing (Chromium trace)", r.longestTracedTaskMs, "ms");
  line("web main-thread tasks over 50 ms while reviewing (Chromium trace)", r.tracedTasksOver50Ms, "tasks");
  line("web longest main-thread task drawing the finished review (Chromium trace)", r.longestDrawingTaskMs, "ms");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  reviewBench((name, value, unit) => process.stdout.write(`${name}: ${Math.round(value * 10) / 10} ${unit}\n`));
}
