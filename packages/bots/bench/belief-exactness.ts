/**
 * How exact the belief and its sampler are, measured against the engine (docs/bots.md quotes the
 * output). Run: `npx tsx packages/bots/bench/belief-exactness.ts [positions] [seed]`.
 *
 * For random positions of every game (test/positions.ts: random rules, French penalties on and
 * off, random and medium play, charged passes and illegal attempts), from every seat's view:
 * - samples deals (400 per view whose belief carries an "at least one of" / "not all of"
 *   constraint, 20 per other view) and replays every distinct one through the engine, counting
 *   those that do not reproduce the history (moves, charged penalties, public table);
 * - where at most 2,000 deals of the unknown bones exist, lists them all, replays each, and
 *   compares the consistent ones with the sampler's count of deals (`count`);
 * - the acceptance rate a redrawing sampler would have: consistent deals over the deals that
 *   satisfy the voids and known bones alone (both counted exactly by the sampler's table), and
 *   how often the old sampler (at most 64 draws, then the last one stood) returned a wrong deal.
 */

import { createRng, viewFor } from "@crossbones/engine";
import { type Belief, beliefFrom, DealSampler } from "../src/index.js";
import { everyDeal, inconsistency, ReplayCache } from "../test/consistency.js";
import { issue17Position, randomPositions } from "../test/positions.js";

const count = Number(process.argv[2] ?? 1000);
const seed = Number(process.argv[3] ?? 1);

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

let views = 0;
let constrainedViews = 0;
let samples = 0;
let replayed = 0;
let inconsistent = 0;
let enumerated = 0;
let countMatches = 0;
let allowedMatches = 0;
let relaxed = 0;
let redrawn = 0;
/** Views by the number of constraints the sampler's table counts. */
const counted: number[] = [];
const acceptance: number[] = [];
const started = performance.now();
const rng = createRng(seed);
const out = new Int32Array(4);
for (const position of randomPositions(count, seed)) {
  const game = position.game;
  for (let seat = 0; seat < game.rules.players; seat++) {
    const view = viewFor(game, seat);
    const belief = beliefFrom(view);
    const sampler = new DealSampler(belief);
    views++;
    if (sampler.relaxed) relaxed++;
    if (sampler.redrawn > 0) redrawn++;
    counted[sampler.counted] = (counted[sampler.counted] ?? 0) + 1;
    const constrained = belief.atLeastOne.length + belief.notAll.length > 0;
    if (constrained) {
      constrainedViews++;
      const loose: Belief = { ...belief, atLeastOne: [], notAll: [] };
      acceptance.push(sampler.count / new DealSampler(loose).count);
    }
    const cache = new ReplayCache(position, view);
    const draws = constrained ? 400 : 20;
    for (let k = 0; k < draws; k++) {
      sampler.sample(rng, out);
      if (cache.check(out) !== undefined) inconsistent++;
    }
    samples += draws;
    replayed += cache.size;
    const deals = everyDeal(view, 2000);
    if (deals && deals.length > 1) {
      enumerated++;
      const consistent = deals.filter((d) => inconsistency(position, view, d) === undefined).length;
      if (consistent === sampler.count) countMatches++;
      // The deals the belief allows (its constraints checked directly) against the consistent ones.
      const allowed = deals.filter((d) => {
        for (let s = 0; s < game.rules.players; s++) {
          if (s === seat) continue;
          if ((d[s] & belief.voids[s]) !== 0 || (d[s] & belief.holds[s]) !== belief.holds[s]) return false;
        }
        for (const c of belief.atLeastOne) if ((d[c.seat] & c.mask) === 0) return false;
        for (const c of belief.notAll) if ((d[c.seat] & c.mask) === c.mask) return false;
        return true;
      }).length;
      if (allowed === consistent) allowedMatches++;
    }
  }
}
acceptance.sort((a, b) => a - b);
const line = (text: string) => process.stdout.write(`${text}\n`);
line(`positions ${count} (seed ${seed}), views ${views}, with constraints ${constrainedViews}`);
line(`sampled deals ${samples}, distinct deals replayed ${replayed}, inconsistent ${inconsistent}`);
line(`relaxed samplers ${relaxed}, samplers redrawing ${redrawn}`);
line(`views by constraints counted in the table: ${[...counted].map((c, k) => `${k}: ${c ?? 0}`).join(", ")}`);
line(
  `enumerated views ${enumerated}: sampler count = consistent deals at ${countMatches}, belief allows exactly the consistent deals at ${allowedMatches}`,
);
if (acceptance.length > 0) {
  const q = (x: number) => quantile(acceptance, x).toFixed(3);
  line(
    `acceptance of one unconstrained draw where constraints apply: min ${q(0)}, p1 ${q(0.01)}, p5 ${q(0.05)}, median ${q(0.5)}`,
  );
  // The old sampler kept its 64th draw whatever it was: wrong with probability (1 − acceptance)^64.
  const wrong = acceptance.map((a) => (1 - a) ** 64);
  const worst = Math.max(...wrong);
  line(
    `old sampler (64 draws, then the last stands): wrong deals at ${wrong.filter((w) => w > 1e-6).length} views above 1e-6, worst ${(100 * worst).toFixed(2)}% of samples`,
  );
}
// Issue 17's position: the old sampler's wrong draws there, predicted from the exact counts.
const issueView = viewFor(issue17Position().game, 3);
const issueBelief = beliefFrom(issueView);
const exact = new DealSampler(issueBelief).count;
const loose = new DealSampler({ ...issueBelief, atLeastOne: [], notAll: [] }).count;
line(
  `issue 17 position: ${exact} consistent deals of ${loose} the voids allow, acceptance ${(exact / loose).toFixed(3)}, old sampler wrong in ${(100 * (1 - exact / loose) ** 64).toFixed(2)}% of samples`,
);
line(`time ${((performance.now() - started) / 1000).toFixed(1)} s`);
