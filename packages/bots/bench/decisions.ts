/**
 * Decision times of the player levels at their default budgets, on positions taken from medium
 * self-play (the same positions every run), then the belief sampler's speed (`sampler.ts`).
 * Prints `name: value unit` lines for `npm run bench`.
 */

import type { SeatView } from "@crossbones/engine";
import { createBot } from "../src/index.js";
import { benchPositions } from "./positions.js";
import { samplerBench } from "./sampler.js";

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Decision times (ms, sorted) of a level over `views`, after one warm-up pass on a few. */
export function decisionTimes(level: "easy" | "medium" | "hard", views: readonly SeatView[]): number[] {
  const bot = createBot(level, { seed: 1 });
  for (const v of views.slice(0, 10)) bot.chooseMove(v);
  const times = views.map((v) => {
    const t0 = performance.now();
    bot.chooseMove(v);
    return performance.now() - t0;
  });
  return times.sort((a, b) => a - b);
}

export function botBench(line: (name: string, value: number, unit: string) => void, count = 150): void {
  for (const game of ["french", "cutthroat", "partner"] as const) {
    const views = benchPositions(game, count);
    const prefix = game === "french" ? "" : `${game} `;
    const hard = decisionTimes("hard", views);
    line(`${prefix}hard decision median`, quantile(hard, 0.5), "ms");
    line(`${prefix}hard decision p95`, quantile(hard, 0.95), "ms");
    line(`${prefix}hard decision max`, hard[hard.length - 1], "ms");
    if (game !== "french") continue;
    line("medium decision median", quantile(decisionTimes("medium", views), 0.5) * 1000, "us");
    line("easy decision median", quantile(decisionTimes("easy", views), 0.5) * 1000, "us");
  }
  samplerBench(line);
}
