import { beliefFrom, DealSampler } from "@crossbones/bots";
import { ATTEMPT, createRng, type HandState, PASS, PLAYING, viewFor } from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { FEATURES, PlayFeatures } from "../src/features.js";
import { ChoiceReplay } from "../src/model.js";
import { collectChoices, fit, meanLogLikelihood } from "../train/opponent-model.js";
import { randomPositions } from "./positions.js";

const positions = randomPositions(300, 161).filter((p) => p.game.state !== null && p.game.state.phase === PLAYING);

/** The other seats' bones dealt again at random, every hand keeping its size. */
function reshuffled(s: HandState, seed: number): HandState {
  const t = s.clone();
  const rng = createRng(seed);
  const me = s.turn;
  const pool: number[] = [];
  for (let q = 0; q < s.players; q++) {
    if (q === me) continue;
    for (let b = 0; b < 28; b++) if ((s.hands[q] & (1 << b)) !== 0) pool.push(b);
  }
  for (let i = pool.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  for (let q = 0; q < s.players; q++) {
    if (q === me) continue;
    const size = popcount(s.hands[q]);
    t.hands[q] = 0;
    for (let k = 0; k < size; k++) t.hands[q] |= 1 << (pool.pop() as number);
  }
  return t;
}

function popcount(m: number): number {
  let n = 0;
  for (; m !== 0; m &= m - 1) n++;
  return n;
}

describe("learned opponent model", () => {
  it("a play's features depend on the seat's own hand and public facts only (others' bones swapped, same features)", () => {
    let compared = 0;
    for (const [i, p] of positions.entries()) {
      const s = p.game.state as HandState;
      const moves = new Int32Array(64);
      const n = s.legalPlays(moves);
      if (n < 2) continue;
      const features = new PlayFeatures(s);
      features.voids.set([i & 3 ? 0 : 0x1f, 0, 0x300, 0]);
      const a = new Float64Array(64 * FEATURES);
      const b = new Float64Array(64 * FEATURES);
      features.fill(s, moves, n, a);
      const t = reshuffled(s, i);
      features.fill(t, moves, n, b);
      if (Array.from(t.hands).join() !== Array.from(s.hands).join()) compared++;
      expect(Array.from(b.subarray(0, n * FEATURES))).toEqual(Array.from(a.subarray(0, n * FEATURES)));
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("the voids the model replays with are public: two deals with the same history give the same voids", () => {
    let checked = 0;
    for (const [i, p] of positions.slice(0, 150).entries()) {
      const seat = (p.game.state as HandState).turn;
      const view = viewFor(p.game, seat);
      const played = new Int32Array(4);
      for (const { seat: q, move } of view.history)
        if (move !== PASS && (move & ATTEMPT) === 0) played[q] |= 1 << (move >> 2);
      const deal = (hidden: Int32Array) =>
        Array.from({ length: 4 }, (_, q) => (q === seat ? view.hand : hidden[q]) | played[q]);
      const truth = Int32Array.from(p.game.state?.hands ?? []);
      const other = new Int32Array(4);
      new DealSampler(beliefFrom(view)).sample(createRng(i), other);
      // The voids after each prefix of the history (no choices shown: they depend on the hands).
      const seen = (hands: number[]) => {
        const replay = new ChoiceReplay(p.game.config);
        const voids: string[] = [];
        for (let k = 0; k <= view.history.length; k++) {
          replay.replay(hands, view.poser ?? 0, view.table?.poseMask ?? 0, view.history.slice(0, k), 0, () => true);
          voids.push(Array.from(replay.features.voids).join());
        }
        return voids;
      };
      const a = seen(deal(truth));
      expect(seen(deal(other))).toEqual(a);
      if (a.some((v) => v !== "0,0,0,0")) checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("training is deterministic for a seed, and another seed gives other games", () => {
    const small = { maxHands: 2, hardIterations: 40 };
    const a = collectChoices("french", 3, 7, small);
    const b = collectChoices("french", 3, 7, small);
    expect(b.map((c) => [c.n, c.chosen, c.level, ...c.values])).toEqual(
      a.map((c) => [c.n, c.chosen, c.level, ...c.values]),
    );
    expect(fit(b, 60)).toEqual(fit(a, 60));
    const c = collectChoices("french", 3, 8, small);
    expect(c.map((x) => [x.n, x.chosen, ...x.values])).not.toEqual(a.map((x) => [x.n, x.chosen, ...x.values]));
  });

  it("the fitted model predicts held-out plays better than a uniform choice", () => {
    const choices = collectChoices("cutthroat", 25, 3, { maxHands: 2, hardIterations: 60 });
    const model = fit(
      choices.filter((c) => !c.heldOut),
      150,
    );
    const test = choices.filter((c) => c.heldOut);
    expect(test.length).toBeGreaterThan(20);
    const uniform = { weights: new Array<number>(FEATURES).fill(0), mix: 0 };
    expect(meanLogLikelihood(model, test)).toBeGreaterThan(meanLogLikelihood(uniform, test) + 0.05);
  });
});
