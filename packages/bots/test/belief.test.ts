import { beliefFrom, DealSampler } from "@crossbones/bots";
import {
  ATTEMPT,
  applyMove,
  attemptIllegalPlay,
  createGame,
  createRng,
  defaultRules,
  type Game,
  type GameEvent,
  handConfig,
  PASS,
  popcount,
  randomDeal,
  type SeatView,
  startHand,
  viewFor,
} from "@crossbones/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Position, randomPositions } from "./positions.js";

/** Public traces of a hand: every event but a pass's `couldPlay` (not shown at a table). */
function publicEvents(events: readonly GameEvent[]): unknown[] {
  return events.map((e) => (e.type === "pass" ? { type: e.type, move: e.move, seat: e.seat } : e));
}

/**
 * Replays the current hand of `position` from a deal built from a sampled one (the sampled
 * current hands plus what each seat has played) and returns why it differs from the real hand in
 * public, or undefined when every move replays and the public table and events are the same.
 */
function inconsistency(position: Position, view: SeatView, sampled: Int32Array): string | undefined {
  const n = view.rules.players;
  const deal = Array.from({ length: n }, (_, s) => sampled[s]);
  for (const { seat, move } of view.history) {
    if (move !== PASS && (move & ATTEMPT) === 0) deal[seat] |= 1 << (move >> 2);
  }
  const started = startHand(position.before, deal);
  if (!started.ok) return `deal refused: ${started.error.message}`;
  let game: Game = started.value;
  for (const [i, { seat, move }] of view.history.entries()) {
    if (game.state?.turn !== seat) return `move ${i}: seat ${game.state?.turn} to act, not ${seat}`;
    const next =
      (move & ATTEMPT) !== 0 ? attemptIllegalPlay(game, (move & ~ATTEMPT) >> 2, move & 3) : applyMove(game, move);
    if (!next.ok) return `move ${i}: ${next.error.message}`;
    game = next.value;
  }
  const replayed = viewFor(game, view.seat);
  if (JSON.stringify(replayed.table) !== JSON.stringify(view.table)) {
    const a = replayed.table as unknown as Record<string, unknown>;
    const b = view.table as unknown as Record<string, unknown>;
    const keys = Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
    return `public table differs: ${keys.map((k) => `${k} ${JSON.stringify(a[k])} vs ${JSON.stringify(b[k])}`).join("; ")} (${JSON.stringify(view.rules)})`;
  }
  if (JSON.stringify(publicEvents(replayed.events)) !== JSON.stringify(publicEvents(view.events))) {
    return "public events differ";
  }
  return undefined;
}

describe("belief sampler", () => {
  it("never produces a deal inconsistent with the public history (every seat's view)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rng = createRng(seed);
        for (const position of randomPositions(3, seed)) {
          const game = position.game;
          const seat = rng.nextInt(game.rules.players);
          const view = viewFor(game, seat);
          const belief = beliefFrom(view);
          const sampler = new DealSampler(belief);
          expect(sampler.relaxed).toBe(false);
          const out = new Int32Array(4);
          for (let k = 0; k < 12; k++) {
            sampler.sample(rng, out);
            expect(out[seat]).toBe(view.hand);
            for (let s = 0; s < game.rules.players; s++) expect(popcount(out[s])).toBe(view.table?.handSizes[s]);
            expect(inconsistency(position, view, out)).toBeUndefined();
          }
        }
      }),
      { numRuns: Number(process.env.BELIEF_RUNS ?? 150) },
    );
  });

  it("infers only what is true: known voids are never held, known bones always are", () => {
    let checked = 0;
    for (const position of randomPositions(600, 7)) {
      const game = position.game;
      const hands = game.state?.hands ?? new Int32Array(4);
      for (let seat = 0; seat < game.rules.players; seat++) {
        const belief = beliefFrom(viewFor(game, seat));
        for (let s = 0; s < game.rules.players; s++) {
          if (s === seat) continue;
          expect(hands[s] & belief.voids[s]).toBe(0);
          expect(hands[s] & belief.holds[s]).toBe(belief.holds[s]);
          for (const c of belief.atLeastOne) expect(hands[c.seat] & c.mask).not.toBe(0);
          for (const c of belief.notAll) expect(hands[c.seat] & c.mask).not.toBe(c.mask);
          if (belief.voids[s] !== 0) checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("draws uniformly when nothing is known but the hand sizes", () => {
    const game = startHand(
      createGame(defaultRules("french")),
      randomDeal(handConfig(defaultRules("french")), createRng(4)),
    );
    if (!game.ok) throw new Error(game.error.message);
    const view = viewFor(game.value, 1);
    const sampler = new DealSampler(beliefFrom(view));
    const rng = createRng(5);
    const out = new Int32Array(4);
    const counts = new Int32Array(4 * 28);
    const draws = 6000;
    for (let k = 0; k < draws; k++) {
      sampler.sample(rng, out);
      for (let s = 0; s < 4; s++) for (let b = 0; b < 28; b++) if ((out[s] & (1 << b)) !== 0) counts[s * 28 + b]++;
    }
    for (let s = 0; s < 4; s++) {
      for (let b = 0; b < 28; b++) {
        if ((view.hand & (1 << b)) !== 0) continue;
        const expected = s === 1 ? 0 : 1 / 3;
        expect(Math.abs(counts[s * 28 + b] / draws - expected)).toBeLessThan(0.04);
      }
    }
  });
});
