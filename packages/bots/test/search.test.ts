import { createBot, createMeasuringBot, rankMoves } from "@crossbones/bots";
import { PASS, viewFor } from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { randomPositions } from "./positions.js";

describe("hard search", () => {
  const positions = randomPositions(200, 31)
    .map((p) => viewFor(p.game, p.game.state?.turn ?? 0))
    .filter((v) => v.legalMoves.length > 1);

  it("is deterministic for a fixed seed and iteration budget", () => {
    for (const view of positions.slice(0, 60)) {
      const a = createBot("hard", { seed: 5, iterations: 300 }).chooseMove(view);
      const b = createBot("hard", { seed: 5, iterations: 300 }).chooseMove(view);
      expect(b).toBe(a);
      expect(rankMoves(view, { seed: 5, iterations: 200 })).toEqual(rankMoves(view, { seed: 5, iterations: 200 }));
    }
  });

  it("is deterministic with the learned opponent model and exact endgames too", () => {
    for (const view of positions.slice(0, 60)) {
      const spec = "hard:iterations=300:modelLearned=1:solveBelow=14";
      expect(createMeasuringBot(spec, 5).chooseMove(view)).toBe(createMeasuringBot(spec, 5).chooseMove(view));
    }
  });

  it("rankMoves lists every legal move once, best first", () => {
    for (const view of positions.slice(0, 80)) {
      const ranked = rankMoves(view, { seed: 1, iterations: 150 });
      expect(ranked.map((r) => r.move).sort((x, y) => x - y)).toEqual([...view.legalMoves].sort((x, y) => x - y));
      for (let i = 1; i < ranked.length; i++) expect(ranked[i].value).toBeLessThanOrEqual(ranked[i - 1].value);
      // Values are in game units: minus points in French, a win chance in the line games.
      for (const r of ranked) {
        if (view.rules.game === "french") expect(r.value).toBeLessThanOrEqual(0);
        else expect(r.value >= -1 && r.value <= 1).toBe(true);
      }
    }
  });

  it("rankMoves covers every move even when the budget is smaller than the number of moves", () => {
    const view = positions.find((v) => v.legalMoves.length >= 3);
    if (!view) throw new Error("no position with three moves");
    const ranked = rankMoves(view, { seed: 1, iterations: 1 });
    expect(ranked).toHaveLength(view.legalMoves.length);
  });

  it("rankMoves is empty for a seat that is not to act", () => {
    const view = positions[0];
    expect(rankMoves({ ...view, legalMoves: [] })).toEqual([]);
  });

  it("a pass while able is ranked as costly in French (F5)", () => {
    const french = positions.filter((v) => v.rules.game === "french" && v.legalMoves.includes(PASS)).slice(0, 20);
    let last = 0;
    for (const view of french) {
      const ranked = rankMoves(view, { seed: 2, iterations: 400 });
      if (ranked[ranked.length - 1].move === PASS) last++;
    }
    expect(last).toBeGreaterThan(french.length / 2);
  });
});
