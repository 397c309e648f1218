import { createRng, emptyScoreParts, frenchScore, type HandState, PASS, type Rng } from "@crossbones/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bonesLeft, EndgameSolver, type Evaluate, positionKey } from "../src/endgame.js";
import { Policy } from "../src/policy.js";
import { randomPositions } from "./positions.js";

/** Hand states in play (every hand known) from random games of every kind. */
const starts = randomPositions(300, 77)
  .map((p) => p.game)
  .filter((g) => g.state !== null && g.state.phase === 1);

/** Plays random moves (a pass only when there is no play) until at most `left` bones are held. */
function endgame(start: HandState, rng: Rng, left: number): HandState | null {
  const s = start.clone();
  const moves = new Int32Array(64);
  while (s.phase !== 2 && bonesLeft(s) > left) {
    const n = s.legalPlays(moves);
    s.apply(n === 0 ? PASS : moves[rng.nextInt(n)]);
  }
  return s.phase === 2 ? null : s;
}

/** The observer's value: French, minus its points (scored as the game scores them); line games, a win plus a count tie-break. */
function evaluator(game: (typeof starts)[number], observer: number): Evaluate {
  const parts = emptyScoreParts();
  const rules = game.rules;
  return (s) => {
    if (rules.game === "french") {
      const points = frenchScore(s, rules.options, observer, parts) + s.penalties(observer);
      // Others' points count a little, so that the value is not one seat's alone.
      let others = 0;
      for (let i = 0; i < s.players; i++) if (i !== observer) others += s.penalties(i);
      return { value: -points + 0.25 * others, points };
    }
    const teams = s.config.teams;
    const won = s.winner >= 0 && (teams ? (s.winner & 1) === (observer & 1) : s.winner === observer);
    return { value: (won ? 1 : 0) - s.count(observer) / 1000, points: won ? 1 : 0 };
  };
}

/** Plain minimax over every line, no pruning, no table: the reference (`opponent`: the others' fixed play). */
function bruteForce(
  s: HandState,
  friends: number,
  evaluate: Evaluate,
  opponent: ((x: HandState) => number) | null = null,
): number {
  if (s.phase === 2) return evaluate(s).value;
  const moves = new Int32Array(64);
  const max = (friends & (1 << s.turn)) !== 0;
  let n = s.legalPlays(moves);
  if (n === 0) {
    moves[0] = PASS;
    n = 1;
  }
  if (!max && opponent !== null) {
    moves[0] = opponent(s);
    n = 1;
  }
  let best = max ? -Infinity : Infinity;
  for (let i = 0; i < n; i++) {
    const c = s.clone();
    c.apply(moves[i]);
    const v = bruteForce(c, friends, evaluate, opponent);
    best = max ? Math.max(best, v) : Math.min(best, v);
  }
  return best;
}

function friendsOf(s: HandState, observer: number): number {
  let f = 0;
  for (let i = 0; i < s.players; i++) if (i === observer || (s.config.teams && (i & 1) === (observer & 1))) f |= 1 << i;
  return f;
}

describe("exact endgames", () => {
  it("alpha-beta with its transposition table gives brute-force minimax's value on random endgames", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: starts.length - 1 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 4, max: 10 }),
        (which, seed, left) => {
          const game = starts[which];
          const rng = createRng(seed);
          const s = endgame(game.state as HandState, rng, left);
          if (s === null) return;
          const observer = rng.nextInt(s.players);
          const evaluate = evaluator(game, observer);
          // One solver for several positions of the same hand, as in a search: its table is shared.
          const solver = new EndgameSolver(s, observer, evaluate);
          let at: HandState | null = s;
          for (let k = 0; k < 3 && at !== null; k++) {
            expect(solver.solve(at)).toBe(bruteForce(at, friendsOf(at, observer), evaluate));
            at = endgame(at, rng, bonesLeft(at) - 1);
          }
        },
      ),
      { numRuns: 150, seed: 16 },
    );
  });

  it("with the others played by the policy, gives the best reply to that policy (brute force agrees)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: starts.length - 1 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 4, max: 12 }),
        (which, seed, left) => {
          const game = starts[which];
          const rng = createRng(seed);
          const s = endgame(game.state as HandState, rng, left);
          if (s === null) return;
          const observer = rng.nextInt(s.players);
          const evaluate = evaluator(game, observer);
          const policy = new Policy(s);
          policy.exact = true;
          const opponent = (x: HandState) => policy.choose(x, null);
          const solver = new EndgameSolver(s, observer, evaluate, opponent);
          let at: HandState | null = s;
          for (let k = 0; k < 3 && at !== null; k++) {
            expect(solver.solve(at)).toBe(bruteForce(at, friendsOf(at, observer), evaluate, opponent));
            at = endgame(at, rng, bonesLeft(at) - 1);
          }
        },
      ),
      { numRuns: 150, seed: 17 },
    );
  });

  it("reports the observer's points at a leaf that has the solved value", () => {
    let checked = 0;
    const rng = createRng(3);
    for (const game of starts.slice(0, 60)) {
      const s = endgame(game.state as HandState, rng, 6);
      if (s === null) continue;
      const evaluate = evaluator(game, s.turn);
      const solver = new EndgameSolver(s, s.turn, evaluate);
      const value = solver.solve(s);
      // Collect every leaf's (value, points): the solver's pair must be one of them.
      const pairs = new Set<string>();
      const walk = (x: HandState): void => {
        if (x.phase === 2) {
          const leaf = evaluate(x);
          pairs.add(`${leaf.value}/${leaf.points}`);
          return;
        }
        const moves = new Int32Array(64);
        let n = x.legalPlays(moves);
        if (n === 0) {
          moves[0] = PASS;
          n = 1;
        }
        for (let i = 0; i < n; i++) {
          const c = x.clone();
          c.apply(moves[i]);
          walk(c);
        }
      };
      walk(s);
      expect(pairs.has(`${value}/${solver.points}`)).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("the position key tells apart positions that differ only in who holds a bone", () => {
    const rng = createRng(9);
    let pairs = 0;
    for (const game of starts.slice(0, 80)) {
      const s = endgame(game.state as HandState, rng, 8);
      if (s === null) continue;
      // Move one bone from one seat to another: the same board, another position.
      const from = s.turn;
      const to = (from + 1) % s.players;
      const hand = s.hands[from];
      if (hand === 0) continue;
      const bone = hand & -hand;
      const t = s.clone();
      t.hands[from] &= ~bone;
      t.hands[to] |= bone;
      expect(positionKey(t)).not.toBe(positionKey(s));
      expect(positionKey(s.clone())).toBe(positionKey(s));
      pairs++;
    }
    expect(pairs).toBeGreaterThan(30);
  });
});
