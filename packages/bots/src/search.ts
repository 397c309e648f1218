/**
 * Searches over sampled deals.
 *
 * - `ismcts`: single-observer information-set Monte Carlo tree search (Cowling, Powley and
 *   Whitehouse 2012). Each iteration draws one deal (from the belief, or the opponent model's
 *   weighted pool), walks the one tree of the observer's information sets using only the moves
 *   legal in that deal (UCB1 with availability counts), adds a node, and finishes the hand with
 *   the policy (`policy.ts`, with a little randomness). By default the other seats are not
 *   optimised in the tree: they play as the policy would with the hand the deal gives them, and
 *   their moves are chance branches (`opponents: 1`; with 0, every seat picks by UCB on its own
 *   reward, max^n, which measured weaker: docs/bots.md).
 * - `pimc`: perfect-information Monte Carlo, the measuring baseline: each sampled deal scores
 *   every root move by one playout; no tree.
 * Handing either a fixed deal instead of a sampler gives the omniscient baseline.
 *
 * Rewards: French, minus the seat's points for the hand (count after multipliers plus penalties,
 * F9), plus a share of the others' average so that charging them (F7) is worth something, and a
 * bonus or malus when the hand ends the set (F10, `setWeight`); line games, 1 for a hand won by
 * the seat (its team in Partner) and 0 for a hand lost, blended with weight `match` with the match
 * value of the outcome (`match-value.ts`).
 */

import {
  emptyScoreParts,
  type FrenchOptions,
  frenchScore,
  HandState,
  type Move,
  PASS,
  PLAYING,
  type Rng,
} from "@crossbones/engine";
import { now } from "./clock.js";
import { bonesLeft, EndgameSolver } from "./endgame.js";
import { Policy } from "./policy.js";

export interface SearchParams {
  /** Playouts to run (deterministic). */
  readonly iterations: number;
  /**
   * Wall-clock cap in ms (checked every 32 playouts); 0 = none. The default budget keeps a cap
   * so that a decision never takes a second even on a loaded machine; an explicit iteration
   * budget has none, and is then exactly reproducible.
   */
  readonly timeMs: number;
  /** UCB exploration constant, in reward units. */
  readonly exploration: number;
  /** Rollouts: chance of a uniformly random play. */
  readonly epsilon: number;
  /** Rollouts: random jitter added to the heuristic scores. */
  readonly noise: number;
  /** French: weight of the others' average points in a seat's reward. */
  readonly relative: number;
  /**
   * French: reward, in units of 40 points, for a hand that ends the set (F10): + for the seat that
   * wins it, − for each seat at or above the target; 0 = points only.
   */
  readonly setWeight: number;
  /** Other seats in the tree: 0, chosen by UCB on their own rewards (max^n); 1, played by the policy. */
  readonly opponents: number;
  /**
   * Line games: the weight (0–1) of a hand outcome's match value (`match-value.ts`) in the reward;
   * the rest is 1 for a hand won and 0 for a hand lost.
   */
  readonly match: number;
  /** Opponent model (`model.ts`): deals in the pool (0 = off), softmax temperature, uniform mix. */
  readonly modelPool: number;
  readonly modelTemp: number;
  readonly modelMix: number;
  /** 1: weigh deals with the learned opponent model (`model-weights.ts`) instead of the heuristic's softmax. */
  readonly modelLearned: number;
  /**
   * 1: the heuristic's softmax scores the others' plays with the voids the table knew at each
   * move, as the medium bot did (`model.ts`, `voidsBefore`); 0: with no voids.
   */
  readonly modelVoids: number;
  /**
   * Exact endgames (`endgame.ts`): a leaf with at most this many bones left in the hands is solved
   * by alpha-beta on its deal instead of being rolled out; 0 = never. ISMCTS only, with the other
   * seats played by the policy in the tree (`opponents` 1).
   */
  readonly solveBelow: number;
  /** Exact endgames: 1, the other seats play the policy (no noise); 0, they minimise (paranoid). */
  readonly solveModel: number;
}

/** The hard bot's defaults (French); `LINE_SEARCH` overrides some for Cut Throat and Partner. */
export const DEFAULT_SEARCH: SearchParams = {
  iterations: 3000,
  timeMs: 800,
  exploration: 1.2,
  epsilon: 0.05,
  noise: 2,
  relative: 0.25,
  setWeight: 1,
  opponents: 1,
  match: 0,
  modelPool: 256,
  modelTemp: 1,
  modelMix: 0.2,
  modelLearned: 0,
  modelVoids: 0,
  solveBelow: 0,
  solveModel: 1,
};

/**
 * Cut Throat and Partner: hands are won by information (who can still answer which end), so a
 * larger, sharper opponent model pays, and the reward is half the hand, half the match (a pure
 * match reward gave up hands when a bruk made the hand look unimportant; docs/bots.md).
 */
export const LINE_SEARCH: Partial<SearchParams> = {
  exploration: 0.6,
  match: 0.5,
  modelPool: 2048,
  modelTemp: 0.5,
  modelMix: 0.05,
};

/**
 * Partner: the learned opponent model (`model-weights.ts`). The heuristic's softmax reads a hard
 * partner's plays as a medium's would be read, and a hard partner often does not play like one
 * (held-out log-likelihood of hard seats' plays: hand-set −1.91 per choice, worse than a uniform
 * choice, −0.97; learned, −1.04); measured in docs/bots.md.
 */
export const PARTNER_SEARCH: Partial<SearchParams> = { modelLearned: 1 };

/** What a hand's end is worth: French scoring options and totals, or line-game match values. */
export interface Scoring {
  readonly french: FrenchOptions | null;
  /** French: each seat's total before this hand, to see whether the hand ends the set (F10). */
  readonly totals: readonly number[] | null;
  /**
   * Line games: per side, the match value of each hand outcome (`MatchValues.outcomes`:
   * `[w * sides + s]` for a hand won by side w, `[sides * sides + s]` for a draw); null to score
   * 1 for a hand won and 0 for a hand lost.
   */
  readonly match: Float64Array | null;
  /** The weight of `match` in the reward (the rest rewards winning the hand). */
  readonly matchWeight: number;
}

/** Where the hidden hands come from: a belief sampler, or the true hands (omniscient). */
export type DealSource = { sample(rng: Rng, out: Int32Array): void } | { readonly fixed: Int32Array };

/** A root move's statistics. */
export interface MoveStat {
  readonly move: Move;
  readonly visits: number;
  /** Mean reward for the observer. */
  readonly mean: number;
  /** French: mean points of the observer for the hand; line games: hand-win rate. */
  readonly outcome: number;
}

const FRENCH_SCALE = 40;

/**
 * F10: the seat that wins the set with these totals (the unique lowest, once any total reaches
 * the target), or -1 while the set goes on.
 */
export function setWinner(totals: ArrayLike<number>, n: number, target: number): number {
  let low = Infinity;
  let lowest = -1;
  let over = false;
  for (let i = 0; i < n; i++) {
    const t = totals[i];
    if (t >= target) over = true;
    if (t < low) {
      low = t;
      lowest = i;
    } else if (t === low) lowest = -1;
  }
  return over ? lowest : -1;
}

class Node {
  readonly children: Node[] = [];
  visits = 0;
  avail = 0;
  total = 0;
  outcome = 0;
  constructor(
    readonly move: Move,
    /** The seat that made `move`. */
    readonly player: number,
    readonly parent: Node | null,
  ) {}

  child(move: Move): Node | null {
    const c = this.children;
    for (let i = 0; i < c.length; i++) if (c[i].move === move) return c[i];
    return null;
  }
}

/** The shared machinery: a root, a deal source, rollouts and rewards. */
class Searcher {
  readonly root: HandState;
  readonly state: HandState;
  readonly policy: Policy;
  readonly rewards = new Float64Array(4);
  readonly points = new Float64Array(4);
  private readonly deal = new Int32Array(4);
  private readonly moves = new Int32Array(64);
  private readonly parts = emptyScoreParts();
  private readonly frenchOptions: FrenchOptions | null;
  private readonly totals: readonly number[] | null;
  private readonly after = new Float64Array(4);
  private readonly match: Float64Array | null;
  private readonly matchWeight: number;
  private readonly baseVoids: Int32Array;

  constructor(
    root: HandState,
    readonly observer: number,
    readonly source: DealSource,
    voids: Int32Array,
    scoring: Scoring,
    readonly params: SearchParams,
    readonly rng: Rng,
  ) {
    this.root = root;
    this.state = root.clone();
    this.policy = new Policy(root);
    this.policy.exact = true;
    this.baseVoids = voids;
    this.frenchOptions = scoring.french;
    this.totals = scoring.totals;
    this.match = scoring.match;
    this.matchWeight = scoring.matchWeight;
  }

  /** Sets `state` to the root with a freshly drawn deal. */
  determinize(): void {
    const deal = this.deal;
    if ("fixed" in this.source) deal.set(this.source.fixed);
    else this.source.sample(this.rng, deal);
    const s = this.state;
    s.copyFrom(this.root);
    for (let i = 0; i < s.players; i++) s.hands[i] = deal[i];
    this.policy.voids.set(this.baseVoids);
  }

  /** Plays `state` to the end with the policy. */
  rollout(): void {
    const s = this.state;
    const p = this.policy;
    const { epsilon, noise } = this.params;
    while (s.phase !== 2) {
      const m = p.choose(s, this.rng, epsilon, noise);
      if (m === PASS && s.phase === PLAYING) p.notePass(s, s.turn);
      s.apply(m);
    }
  }

  /** Fills `rewards` (per seat) and `points` (French points, or 1 for a hand won) for `state`. */
  score(s: HandState = this.state): void {
    const n = s.players;
    const r = this.rewards;
    const pts = this.points;
    const fo = this.frenchOptions;
    if (fo) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        pts[i] = frenchScore(s, fo, i, this.parts) + s.penalties(i);
        sum += pts[i];
      }
      const k = this.params.relative / (n - 1);
      for (let i = 0; i < n; i++) r[i] = -(pts[i] - k * (sum - pts[i])) / FRENCH_SCALE;
      // A set of a fixed number of hands (duplicate) is scored hand by hand: no target to steer by.
      if (this.totals !== null && this.params.setWeight !== 0 && fo.hands === 0) this.scoreSet(fo.target);
      return;
    }
    const w = s.winner;
    const teams = s.config.teams;
    const sides = teams ? 2 : n;
    const m = this.match;
    for (let i = 0; i < n; i++) {
      const side = teams ? i & 1 : i;
      const won = w >= 0 && (teams ? (w & 1) === side : w === i);
      pts[i] = won ? 1 : 0;
      r[i] = w < 0 ? 1 / sides : won ? 1 : 0;
      // A match value is flat when the hand barely matters to the match; the hand term keeps the
      // search playing to win it then.
      if (m !== null) r[i] += this.matchWeight * (m[(w < 0 ? sides : teams ? w & 1 : w) * sides + side] - r[i]);
    }
  }

  /**
   * F10 on top of the hand's points: when the totals after this hand end the set, the winner gains
   * `setWeight` and every seat at or above the target loses it. Points alone miss what matters
   * late in a set: the leader wants a rival pushed over the target, and a seat close to it must
   * not cross, whatever the points.
   */
  private scoreSet(target: number): void {
    const totals = this.totals as readonly number[];
    const pts = this.points;
    const after = this.after;
    const n = this.state.players;
    for (let i = 0; i < n; i++) after[i] = totals[i] + pts[i];
    const winner = setWinner(after, n, target);
    if (winner < 0) return;
    const w = this.params.setWeight;
    for (let i = 0; i < n; i++) {
      if (i === winner) this.rewards[i] += w;
      else if (after[i] >= target) this.rewards[i] -= w;
    }
  }

  /** Legal moves of the seat to act; a pass while able only at the root (it costs points). */
  legal(atRoot: boolean): number {
    const s = this.state;
    const out = this.moves;
    if (atRoot) return s.legalMoves(out);
    const n = s.legalPlays(out);
    if (n > 0 || s.phase !== PLAYING) return n;
    out[0] = PASS;
    return 1;
  }

  get buffer(): Int32Array {
    return this.moves;
  }

  private solver: EndgameSolver | null = null;

  /**
   * Fills `rewards` and `points` for `state` solved exactly (`endgame.ts`): the observer's
   * reward and points at the end of the line where the observer (and a partner) maximise its
   * reward and the other seats minimise it. The other seats get nothing: with the others played
   * by the policy, only the observer's (and its partner's) statistics are read.
   */
  solveLeaf(): void {
    if (this.solver === null) {
      const leaf = { value: 0, points: 0 };
      const me = this.observer;
      // The others' model: the policy with the root's voids, fixed so that a position always
      // gets the same move (the solver's table is shared by every deal of the decision).
      const policy = new Policy(this.root);
      policy.exact = true;
      policy.voids.set(this.baseVoids);
      const opponent = this.params.solveModel === 1 ? (s: HandState) => policy.choose(s, null) : null;
      this.solver = new EndgameSolver(
        this.root,
        me,
        (end) => {
          this.score(end);
          leaf.value = this.rewards[me];
          leaf.points = this.points[me];
          return leaf;
        },
        opponent,
      );
    }
    const value = this.solver.solve(this.state);
    const points = this.solver.points;
    const s = this.state;
    const teams = s.config.teams;
    for (let i = 0; i < s.players; i++) {
      const friend = i === this.observer || (teams && (i & 1) === (this.observer & 1));
      this.rewards[i] = friend ? value : 0;
      this.points[i] = friend ? points : 0;
    }
  }
}

/** Root moves of the seat to act in `root`, searched with ISMCTS. */
export function ismcts(
  root: HandState,
  source: DealSource,
  voids: Int32Array,
  scoring: Scoring,
  params: SearchParams,
  rng: Rng,
  started = now(),
): MoveStat[] {
  const me = root.turn;
  const S = new Searcher(root, me, source, voids, scoring, params, rng);
  const tree = new Node(-1, -1, null);
  const s = S.state;
  const policy = S.policy;
  const moves = S.buffer;
  const c = params.exploration;
  const solveBelow = params.opponents === 1 ? params.solveBelow : 0;
  const deadline = params.timeMs > 0 ? started + params.timeMs : Infinity;
  for (let it = 0; it < params.iterations; it++) {
    if ((it & 31) === 31 && now() > deadline) break;
    S.determinize();
    let node = tree;
    let depth = 0;
    while (s.phase !== 2) {
      if (params.opponents === 1 && s.turn !== me) {
        // The other seats play as the policy would with the hand this deal gives them: their
        // moves are chance events of the tree rather than choices it optimises.
        const m = policy.choose(s, rng, params.epsilon, params.noise);
        let ch = node.child(m);
        if (ch === null) {
          ch = new Node(m, s.turn, node);
          node.children.push(ch);
        }
        if (m === PASS && s.phase === PLAYING) policy.notePass(s, s.turn);
        s.apply(m);
        node = ch;
        depth++;
        continue;
      }
      const n = S.legal(depth === 0);
      // Availability, and the best untried move by the policy's order.
      let untried = -1;
      let untriedScore = -Infinity;
      for (let i = 0; i < n; i++) {
        const ch = node.child(moves[i]);
        if (ch !== null) {
          ch.avail++;
          continue;
        }
        const v = moves[i] === PASS ? (n === 1 ? 0 : -1e9) : policy.scorePlay(s, moves[i]);
        if (v > untriedScore) {
          untriedScore = v;
          untried = moves[i];
        }
      }
      if (untried !== -1) {
        const ch = new Node(untried, s.turn, node);
        ch.avail = 1;
        node.children.push(ch);
        node = ch;
        if (untried === PASS && s.phase === PLAYING && !s.canPlay()) policy.notePass(s, s.turn);
        s.apply(untried);
        break;
      }
      let best: Node | null = null;
      let bestValue = -Infinity;
      for (let i = 0; i < n; i++) {
        const ch = node.child(moves[i]) as Node;
        const v = ch.total / ch.visits + c * Math.sqrt(Math.log(ch.avail) / ch.visits);
        if (v > bestValue) {
          bestValue = v;
          best = ch;
        }
      }
      node = best as Node;
      if (node.move === PASS && s.phase === PLAYING && !s.canPlay()) policy.notePass(s, s.turn);
      s.apply(node.move);
      depth++;
    }
    if (solveBelow > 0 && bonesLeft(s) <= solveBelow) S.solveLeaf();
    else {
      S.rollout();
      S.score();
    }
    for (let x: Node | null = node; x !== null && x !== tree; x = x.parent) {
      x.visits++;
      x.total += S.rewards[x.player];
      x.outcome += S.points[x.player];
    }
    tree.visits++;
  }
  return tree.children.map((ch) => ({
    move: ch.move,
    visits: ch.visits,
    mean: ch.visits > 0 ? ch.total / ch.visits : -Infinity,
    outcome: ch.visits > 0 ? ch.outcome / ch.visits : 0,
  }));
}

/** Root moves scored by perfect-information Monte Carlo: one playout per move per sampled deal. */
export function pimc(
  root: HandState,
  source: DealSource,
  voids: Int32Array,
  scoring: Scoring,
  params: SearchParams,
  rng: Rng,
  started = now(),
): MoveStat[] {
  const me = root.turn;
  const S = new Searcher(root, me, source, voids, scoring, params, rng);
  const rootMoves: Move[] = [];
  {
    const buf = new Int32Array(64);
    const n = root.legalMoves(buf);
    for (let i = 0; i < n; i++) rootMoves.push(buf[i]);
  }
  const k = rootMoves.length;
  const total = new Float64Array(k);
  const outcome = new Float64Array(k);
  const visits = new Int32Array(k);
  const start = new HandState(root.config);
  const deadline = params.timeMs > 0 ? started + params.timeMs : Infinity;
  const rounds = Math.max(1, Math.floor(params.iterations / k));
  for (let r = 0; r < rounds; r++) {
    if ((r & 7) === 7 && now() > deadline) break;
    S.determinize();
    start.copyFrom(S.state);
    for (let i = 0; i < k; i++) {
      S.state.copyFrom(start);
      S.policy.voids.set(voids);
      S.state.apply(rootMoves[i]);
      S.rollout();
      S.score();
      total[i] += S.rewards[me];
      outcome[i] += S.points[me];
      visits[i]++;
    }
  }
  return rootMoves.map((move, i) => ({
    move,
    visits: visits[i],
    mean: visits[i] > 0 ? total[i] / visits[i] : -Infinity,
    outcome: visits[i] > 0 ? outcome[i] / visits[i] : 0,
  }));
}
