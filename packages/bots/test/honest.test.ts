import { beliefFrom, createMeasuringBot, DealSampler, rankMoves } from "@crossbones/bots";
import {
  ATTEMPT,
  applyMove,
  attemptIllegalPlay,
  createRng,
  type Game,
  PASS,
  startHand,
  viewFor,
} from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { type Position, randomPositions } from "./positions.js";

/**
 * The same hand with the other seats' bones dealt differently but every public fact the same: a
 * deal drawn by the belief sampler, replayed move by move through the engine.
 */
function twin(position: Position, seat: number, seed: number): Game | null {
  const view = viewFor(position.game, seat);
  const sampler = new DealSampler(beliefFrom(view));
  const out = new Int32Array(4);
  sampler.sample(createRng(seed), out);
  const deal = Array.from({ length: view.rules.players }, (_, s) => out[s]);
  for (const { seat: s, move } of view.history)
    if (move !== PASS && (move & ATTEMPT) === 0) deal[s] |= 1 << (move >> 2);
  const started = startHand(position.before, deal);
  if (!started.ok) return null;
  let game = started.value;
  for (const { move } of view.history) {
    const next =
      (move & ATTEMPT) !== 0 ? attemptIllegalPlay(game, (move & ~ATTEMPT) >> 2, move & 3) : applyMove(game, move);
    if (!next.ok) return null;
    game = next.value;
  }
  return game;
}

describe("bots read only their view", () => {
  const positions = randomPositions(300, 21).filter((p) => (p.game.state?.hands ?? []).length > 0);

  it("choose the same move when only the hidden distribution of the others' bones differs", () => {
    let differentHands = 0;
    for (const [i, position] of positions.entries()) {
      const seat = position.game.state?.turn ?? 0;
      const other = twin(position, seat, i);
      expect(other).not.toBeNull();
      if (!other) continue;
      const a = viewFor(position.game, seat);
      const b = viewFor(other, seat);
      expect(b.hand).toBe(a.hand);
      expect(b.table).toEqual(a.table);
      const hidden = (g: Game) => Array.from(g.state?.hands ?? []).filter((_, s) => s !== seat);
      if (JSON.stringify(hidden(position.game)) !== JSON.stringify(hidden(other))) differentHands++;
      const specs = ["easy", "medium", "hard:iterations=80", "pimc:iterations=80", "random"];
      // The learned opponent model and exact endgames, on every other position (time).
      if (i % 2 === 0) specs.push("hard:iterations=80:modelLearned=1:solveBelow=14");
      // The hand-set model with the voids the table knew at each move (`voidsBefore`), sharp.
      else specs.push("hard:iterations=80:modelVoids=1:modelTemp=0.25:modelMix=0.02");
      for (const spec of specs) {
        // Fresh bots: the easy bot's generator runs on between moves.
        const x = createMeasuringBot(spec, 9).chooseMove(a);
        const y = createMeasuringBot(spec, 9).chooseMove(b);
        expect(y, `${spec} at position ${i}`).toBe(x);
      }
      if (i % 10 === 0)
        expect(rankMoves(b, { seed: 4, iterations: 60 })).toEqual(rankMoves(a, { seed: 4, iterations: 60 }));
    }
    expect(differentHands).toBeGreaterThan(positions.length / 2);
  });

  it("the omniscient baseline is the only one that reads the true hands", () => {
    const position = positions.find(
      (p) => (p.game.state?.turn ?? -1) >= 0 && viewFor(p.game, p.game.state?.turn ?? 0).legalMoves.length > 1,
    );
    if (!position?.game.state) throw new Error("no position");
    const view = viewFor(position.game, position.game.state.turn);
    expect(() => createMeasuringBot("omniscient:iterations=20", 1).chooseMove(view)).toThrow();
  });
});
