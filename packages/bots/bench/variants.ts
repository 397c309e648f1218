/**
 * Decision times of hard variants (arena seat specs) on the bench positions of every game:
 * `npx tsx packages/bots/bench/variants.ts 150 hard hard:modelLearned=1 hard:solveBelow=10`.
 */

import { createMeasuringBot } from "../src/index.js";
import { benchPositions } from "./positions.js";

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const [count = "150", ...specs] = process.argv.slice(2);
for (const game of ["french", "cutthroat", "partner"] as const) {
  const views = benchPositions(game, Number(count));
  for (const spec of specs.length > 0 ? specs : ["hard"]) {
    const bot = createMeasuringBot(spec, 1);
    for (const v of views.slice(0, 10)) bot.chooseMove(v);
    const times = views
      .map((v) => {
        const t0 = performance.now();
        bot.chooseMove(v);
        return performance.now() - t0;
      })
      .sort((a, b) => a - b);
    console.log(
      `${game} ${spec}: median ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms (${views.length} positions)`,
    );
  }
}
