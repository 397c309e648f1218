/**
 * Decision times of the player levels at their default budgets, on positions taken from medium
 * self-play (the same positions every run). Prints `name: value unit` lines for `npm run bench`.
 */

import { createRng, defaultRules, type GameKind, handConfig, randomDeal, type SeatView } from "@crossbones/engine";
import { createBot, createMediumBot, mixSeed, type Player, playGame } from "../src/index.js";

/** Positions with a real choice (two or more legal moves) from medium self-play. */
export function benchPositions(game: GameKind, count: number): SeatView[] {
  const rules = defaultRules(game, 4);
  const config = handConfig(rules);
  const medium = createMediumBot();
  const views: SeatView[] = [];
  const recorder: Player = {
    chooseMove(view) {
      if (view.legalMoves.length > 1 && views.length < count) views.push(view);
      return medium.chooseMove(view);
    },
  };
  for (let d = 0; views.length < count; d++) {
    playGame(rules, [recorder, recorder, recorder, recorder], {
      deal: (h) => randomDeal(config, createRng(mixSeed(d, h, 99))),
      maxHands: 3,
    });
  }
  return views;
}

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
}
