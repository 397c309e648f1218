/**
 * `npm run bench`: every performance figure the docs quote, one line each in the form
 * `name: value unit`, so scripts can read them. Figures are medians of several runs.
 */

import { reviewBench } from "../apps/web/bench/review.js";
import { statsBench } from "../apps/web/bench/stats.js";
import { webBench } from "../apps/web/bench/web.js";
import { botBench } from "../packages/bots/bench/decisions.js";
import { legalMovesMicros, randomHands } from "../packages/engine/bench/random-hands.js";
import { replayBench } from "../packages/engine/bench/replay.js";
import { fairBench } from "../packages/fair/bench/uniformity.js";

const RUNS = 5;
const SECONDS = 1;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function line(name: string, value: number, unit: string): void {
  process.stdout.write(`${name}: ${Math.round(value * 100) / 100} ${unit}\n`);
}

// Warm up the JIT on both layouts before measuring either.
randomHands("french", 4, 0.3);
randomHands("cutthroat", 4, 0.3);

const french: number[] = [];
const cutthroat: number[] = [];
for (let i = 0; i < RUNS; i++) {
  french.push(randomHands("french", 4, SECONDS, i + 1).handsPerSecond);
  cutthroat.push(randomHands("cutthroat", 4, SECONDS, i + 1).handsPerSecond);
}
line("french random hands", Math.round(median(french)), "hands/s");
line("cutthroat random hands", Math.round(median(cutthroat)), "hands/s");
legalMovesMicros("french");
legalMovesMicros("cutthroat");
line("french legalMoves call", median([1, 2, 3].map(() => legalMovesMicros("french") * 1000)), "ns");
line("cutthroat legalMoves call", median([1, 2, 3].map(() => legalMovesMicros("cutthroat") * 1000)), "ns");

// Record replay: hands of 1,000 to 50,000 passes (linear in the moves?) and complete French sets.
replayBench(line);

// Bots: decision times at the default budgets (French, then the line games).
botBench(line);

// Fair deals: uniform over 40,000 deals (chi-square), and the time a deal takes.
await fairBench(line);

// The web app: bundle size, first render, main-thread long tasks while hard bots think.
webBench();

// Hand review: a French hand's decisions in Node and in the browser's review worker (issue 14).
reviewBench(line);

// Stats: what opening the stats page costs with 500 games kept.
statsBench(line);
