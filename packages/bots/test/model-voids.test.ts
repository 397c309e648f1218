import { createMediumBot, type DealSampler, type Player, playGame } from "@crossbones/bots";
import { createRng, handConfig, randomDeal, type SeatView } from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { WeightedDeals } from "../src/model.js";
import { randomRules } from "./positions.js";

/** Views of medium-only games, each with the true hidden hands at that moment. */
function mediumViews(games: number, seed: number): { view: SeatView; hands: number[] }[] {
  const rng = createRng(seed);
  const out: { view: SeatView; hands: number[] }[] = [];
  for (let g = 0; g < games; g++) {
    const rules = randomRules(rng);
    const medium = createMediumBot();
    const player: Player = {
      omniscient: true,
      chooseMove(view, hidden) {
        if (rng.nextInt(3) === 0 && view.history.length > 3) out.push({ view, hands: [...(hidden ?? [])] });
        return medium.chooseMove(view);
      },
    };
    const dealRng = createRng(seed * 1000 + g);
    playGame(rules, [player, player, player, player], {
      deal: () => randomDeal(handConfig(rules), dealRng),
      maxHands: 3,
    });
  }
  return out;
}

/** The log-likelihood of the other seats' plays under the heuristic's softmax, on the true deal. */
function trueDealLog(view: SeatView, hands: number[], publicVoids: boolean, temperature = 1e-3): number {
  const sampler = {
    sample(_rng: unknown, out: Int32Array) {
      for (let s = 0; s < 4; s++) out[s] = hands[s] ?? 0;
    },
  } as unknown as DealSampler;
  const params = { pool: 1, temperature, mix: 0, publicVoids };
  return new WeightedDeals(view, handConfig(view.rules), sampler, params, createRng(1)).logs[0];
}

describe("the hand-set opponent model reads medium exactly", () => {
  const views = mediumViews(60, 41);

  it("with the voids the table knew, every medium play is the heuristic's best (ties aside)", () => {
    expect(views.length).toBeGreaterThan(300);
    // At a temperature of 1e-3 a play below the best by the smallest gap medium's weights make
    // (0.25) costs 250 nats; a tie of k plays costs log k.
    for (const { view, hands } of views) expect(trueDealLog(view, hands, true)).toBeGreaterThan(-100);
  });

  it("without them (the model before issue 16's session 4), some medium plays look like mistakes", () => {
    const misread = views.filter(({ view, hands }) => trueDealLog(view, hands, false) < -100);
    expect(misread.length).toBeGreaterThan(10);
  });
});
