import {
  BOT_LEVELS,
  createBot,
  createMeasuringBot,
  createMediumBot,
  MEASURING_LEVELS,
  mixSeed,
  playGame,
} from "@crossbones/bots";
import { createRng, defaultRules, handConfig, PASS, randomDeal, refuseMove, viewFor } from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { randomPositions } from "./positions.js";

/** Search budgets small enough for thousands of positions. */
const SMALL: Record<string, string> = {
  hard: "hard:iterations=40",
  pimc: "pimc:iterations=40",
  omniscient: "omniscient:iterations=40",
};

describe("every bot returns only legal moves", () => {
  const positions = randomPositions(2500, 11);

  it("covers every game and player count", () => {
    const kinds = new Set(positions.map((p) => `${p.game.rules.game}/${p.game.rules.players}`));
    expect([...kinds].sort()).toEqual(["cutthroat/2", "cutthroat/3", "cutthroat/4", "french/4", "partner/4"]);
  });

  for (const level of MEASURING_LEVELS) {
    it(`${level}: over ${positions.length} random positions of every game`, () => {
      const bot = createMeasuringBot(SMALL[level] ?? level, 3);
      for (const { game } of positions) {
        const state = game.state;
        if (!state) continue;
        const view = viewFor(game, state.turn);
        const move = bot.chooseMove(view, Array.from(state.hands.subarray(0, game.rules.players)));
        expect(view.legalMoves).toContain(move);
        expect(refuseMove(game, move)).toBeUndefined();
      }
    });
  }

  it("the player levels never pass while able to play (no penalty passes)", () => {
    for (const level of BOT_LEVELS) {
      const bot = createBot(level, { seed: 2, iterations: 60 });
      for (const { game } of positions.slice(0, 400)) {
        const state = game.state;
        if (!state || game.rules.game !== "french") continue;
        const view = viewFor(game, state.turn);
        if (view.legalMoves.length > 1 && level !== "hard") expect(bot.chooseMove(view)).not.toBe(PASS);
      }
    }
  });

  for (const [game, players] of [
    ["french", 4],
    ["cutthroat", 2],
    ["cutthroat", 3],
    ["cutthroat", 4],
    ["partner", 4],
  ] as const) {
    it(`whole ${game} games (${players} players) between every kind of bot`, () => {
      const rules = defaultRules(game, players);
      const config = handConfig(rules);
      const specs = [
        "hard:iterations=30",
        "medium",
        "easy",
        "pimc:iterations=30",
        "random",
        "omniscient:iterations=30",
      ];
      for (let g = 0; g < 3; g++) {
        const bots = Array.from({ length: players }, (_, s) => createMeasuringBot(specs[(g + s) % specs.length], g));
        const done = playGame(rules, bots, { deal: (h) => randomDeal(config, createRng(mixSeed(g, h))), maxHands: 30 });
        expect(done.hands.length).toBeGreaterThan(0);
      }
    });
  }

  it("medium decides in well under a millisecond", () => {
    const bot = createMediumBot();
    const views = positions.slice(0, 500).map((p) => viewFor(p.game, p.game.state?.turn ?? 0));
    for (const v of views) bot.chooseMove(v);
    const t0 = performance.now();
    for (const v of views) bot.chooseMove(v);
    expect((performance.now() - t0) / views.length).toBeLessThan(1);
  });
});
