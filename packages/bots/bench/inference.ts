/**
 * How well the opponent model guesses the hidden hands at a table of medium players:
 * `npx tsx packages/bots/bench/inference.ts 40 1 pool=256:temp=1:mix=0.2 pool=256:temp=1:mix=0.2:voids=1`.
 * Plays `games` medium-only games per game kind (default rules, 4 players, seeded), takes seat 0's view at each of its
 * choices after the first few moves, and for each model variant (pool, temperature, uniform mix,
 * voids = the table's voids at each move, learned = the learned model) reports the share of the
 * hidden bones a deal drawn from the weighted pool puts with the right seat (the pool's weighted
 * mean; the uniform sampler for `pool=0`), and the pool's effective size. Medium's own plays are
 * exactly the heuristic's best, so this is the model's best case; against hard or easy seats it
 * would be lower.
 */

import { createRng, handConfig, parseRules, randomDeal, type SeatView } from "@crossbones/engine";
import { beliefFrom, createMediumBot, DealSampler, type Player, playGame } from "../src/index.js";
import { WeightedDeals } from "../src/model.js";

const [gamesArg = "40", seedArg = "1", ...specs] = process.argv.slice(2);

function views(kind: "french" | "cutthroat" | "partner", games: number, seed: number) {
  const out: { view: SeatView; hands: number[] }[] = [];
  const medium = createMediumBot();
  for (let g = 0; g < games; g++) {
    const parsed = parseRules(kind, 4, {});
    if (!parsed.ok) throw new Error(parsed.error.message);
    const rules = parsed.value;
    const players = [0, 1, 2, 3].map(
      (seat): Player => ({
        omniscient: true,
        chooseMove(view, hidden) {
          if (seat === 0 && view.history.length >= 4 && view.legalMoves.length > 1)
            out.push({ view, hands: [...(hidden ?? [])] });
          return medium.chooseMove(view);
        },
      }),
    );
    const dealRng = createRng(seed * 7919 + g);
    playGame(rules, players, { deal: () => randomDeal(handConfig(rules), dealRng), maxHands: 4 });
  }
  return out;
}

function parse(spec: string) {
  const o: Record<string, number> = { pool: 256, temp: 1, mix: 0.2, voids: 0, learned: 0 };
  for (const pair of spec.split(":")) {
    const [k, v] = pair.split("=");
    o[k] = Number(v);
  }
  return o;
}

for (const kind of ["french", "cutthroat"] as const) {
  const list = views(kind, Number(gamesArg), Number(seedArg));
  for (const spec of specs) {
    const o = parse(spec);
    let right = 0;
    let effective = 0;
    for (const [i, { view, hands }] of list.entries()) {
      const belief = beliefFrom(view);
      const sampler = new DealSampler(belief);
      const rng = createRng(1000 + i);
      const out = new Int32Array(4);
      const hidden = belief.unknown;
      const total = hidden === 0 ? 1 : popcount(hidden);
      const score = (deal: ArrayLike<number>) => {
        let ok = 0;
        for (let s = 0; s < 4; s++) if (s !== view.seat) ok += popcount(deal[s] & hands[s] & hidden);
        return ok / total;
      };
      if (o.pool === 0) {
        let sum = 0;
        for (let k = 0; k < 256; k++) {
          sampler.sample(rng, out);
          sum += score(out);
        }
        right += sum / 256;
        effective += 256;
        continue;
      }
      const pool = new WeightedDeals(
        view,
        handConfig(view.rules),
        sampler,
        { pool: o.pool, temperature: o.temp, mix: o.mix, learned: o.learned === 1, publicVoids: o.voids === 1 },
        rng,
      );
      let sum = 0;
      for (let k = 0; k < 512; k++) {
        pool.sample(rng, out);
        sum += score(out);
      }
      right += sum / 512;
      effective += pool.effective;
    }
    console.log(
      `${kind} ${spec} (${list.length} views): right seat ${(100 * (right / list.length)).toFixed(2)}% of hidden bones, effective pool ${(effective / list.length).toFixed(0)}`,
    );
  }
}

function popcount(x: number): number {
  let n = 0;
  for (let m = x; m !== 0; m &= m - 1) n++;
  return n;
}
