/**
 * Decision times of hard variants (arena seat specs) on the bench positions of every game:
 * `npx tsx packages/bots/bench/variants.ts 150 hard hard:modelLearned=1 hard:solveBelow=10`.
 * Wall-clock and CPU time (the process's user + system time, which other load on the machine
 * hardly changes) per decision.
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
    const cpu: number[] = [];
    const times = views
      .map((v) => {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        bot.chooseMove(v);
        const t = performance.now() - t0;
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
        return t;
      })
      .sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const show = (xs: number[]) =>
      `median ${quantile(xs, 0.5).toFixed(1)} ms, p95 ${quantile(xs, 0.95).toFixed(1)} ms, max ${xs[xs.length - 1].toFixed(1)} ms`;
    console.log(`${game} ${spec} (${views.length} positions): wall ${show(times)}; cpu ${show(cpu)}`);
  }
}
