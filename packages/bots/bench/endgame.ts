/**
 * What exact endgames cost: hard's decision time with leaves solved by alpha-beta
 * (`solveBelow` = K bones left in the hands) for several K, on the bench positions that have at
 * most 20 bones left. `npx tsx packages/bots/bench/endgame.ts [count]`.
 */

import { createMeasuringBot } from "../src/index.js";
import { benchPositions } from "./positions.js";

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const count = Number(process.argv[2] ?? 400);
for (const game of ["french", "cutthroat", "partner"] as const) {
  const views = benchPositions(game, count).filter((v) => {
    const left = (v.table?.handSizes ?? []).reduce((a, b) => a + b, 0);
    return left <= 20;
  });
  for (const k of [0, 8, 10, 12, 14, 16]) {
    const bot = createMeasuringBot(`hard:solveBelow=${k}`, 1);
    for (const v of views.slice(0, 5)) bot.chooseMove(v);
    const times = views
      .map((v) => {
        const t0 = performance.now();
        bot.chooseMove(v);
        return performance.now() - t0;
      })
      .sort((a, b) => a - b);
    console.log(
      `${game} solveBelow=${k}: ${views.length} positions, median ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`,
    );
  }
}
