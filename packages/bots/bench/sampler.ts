/**
 * The belief sampler's speed: time per sampled deal and per sampler built, on the positions hard
 * decides in (medium self-play, every game), on positions whose belief carries "at least one of"
 * or "not all of" constraints (random games, French penalties on and off), and on issue 17's position.
 * Prints `name: value unit` lines for `npm run bench`; run alone with
 * `npx tsx packages/bots/bench/sampler.ts`.
 */

import { createRng, type Rng, type SeatView, viewFor } from "@crossbones/engine";
import { type Belief, beliefFrom, DealSampler } from "../src/index.js";
import { issue17Position, randomPositions } from "../test/positions.js";
import { benchPositions } from "./positions.js";

const SAMPLES = 2000;
const BUILDS = 20;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Views with a constraint beyond voids and known bones, from random games (seat to act). */
export function constrainedViews(count: number, seed = 17): SeatView[] {
  const views: SeatView[] = [];
  for (const position of randomPositions(40 * count, seed)) {
    const seat = position.game.state?.turn ?? 0;
    const view = viewFor(position.game, seat);
    const belief = beliefFrom(view);
    if (belief.atLeastOne.length + belief.notAll.length > 0) views.push(view);
    if (views.length === count) break;
  }
  return views;
}

/** A sampler's constructor (the bench compares samplers). */
export type MakeSampler = (belief: Belief) => { sample(rng: Rng, out: Int32Array): void };

/** Per view: µs per sampled deal and µs per sampler built (best of three rounds each). */
export function samplerTimes(
  views: readonly SeatView[],
  make: MakeSampler = (belief) => new DealSampler(belief),
): { sample: number[]; build: number[] } {
  const out = new Int32Array(4);
  const generator = createRng(1);
  const sample: number[] = [];
  const build: number[] = [];
  for (const view of views) {
    const belief = beliefFrom(view);
    let bestBuild = Infinity;
    let bestSample = Infinity;
    for (let round = 0; round < 3; round++) {
      let t0 = performance.now();
      let sampler = make(belief);
      for (let k = 1; k < BUILDS; k++) sampler = make(belief);
      bestBuild = Math.min(bestBuild, ((performance.now() - t0) * 1000) / BUILDS);
      t0 = performance.now();
      for (let k = 0; k < SAMPLES; k++) sampler.sample(generator, out);
      bestSample = Math.min(bestSample, ((performance.now() - t0) * 1000) / SAMPLES);
    }
    sample.push(bestSample);
    build.push(bestBuild);
  }
  return { sample, build };
}

export function samplerBench(line: (name: string, value: number, unit: string) => void): void {
  const hard = (["french", "cutthroat", "partner"] as const).flatMap((game) => benchPositions(game, 150));
  const constrained = constrainedViews(300);
  const issue = issue17Position();
  const issueView = viewFor(issue.game, 3);
  // Warm-up.
  samplerTimes(hard.slice(0, 50));
  samplerTimes(constrained.slice(0, 50));
  const a = samplerTimes(hard);
  const b = samplerTimes(constrained);
  const c = samplerTimes([issueView, issueView, issueView]);
  line("belief sample median", median(a.sample) * 1000, "ns");
  line("belief sample median, constrained positions", median(b.sample) * 1000, "ns");
  line("belief sample, issue 17 position", median(c.sample) * 1000, "ns");
  line("belief sampler build median", median(a.build), "us");
  line("belief sampler build median, constrained positions", median(b.build), "us");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  samplerBench((name, value, unit) => process.stdout.write(`${name}: ${Math.round(value * 1000) / 1000} ${unit}\n`));
}
