/**
 * Opponent modelling on top of the belief: deals that make the others' past plays look
 * sensible are more likely. A pool of deals is drawn from the belief sampler (all consistent with
 * the rules), each is weighted by the likelihood of every play the other seats made in this hand
 * under a soft version of the heuristic policy (a softmax of its scores, mixed with a uniform
 * choice so that a surprising play lowers a deal's weight without ruling it out), and the search
 * then draws its deals from the pool by weight.
 */

import { ATTEMPT, type HandConfig, HandState, PASS, PLAYING, type Rng, type SeatView } from "@crossbones/engine";
import { type DealSampler, voidsBefore } from "./belief.js";
import { now } from "./clock.js";
import { FEATURES, PlayFeatures } from "./features.js";
import { OPPONENT_MODEL } from "./model-weights.js";
import { Policy } from "./policy.js";

/** One kind of player, learned: a weight per feature (`features.ts`) and a uniform mix. */
export interface LearnedModel {
  readonly weights: readonly number[];
  readonly mix: number;
}

/**
 * The opponent model of one game: a learned model per kind of player (easy, medium and hard, each
 * fitted to that level's plays) and a prior over them. Each other seat is one kind for the whole
 * hand, unknown: a deal's weight for that seat is the prior-weighted mean over the kinds of the
 * likelihood of all its plays, so the model sharpens as a seat's plays show what kind it is
 * (medium is nearly predictable, hard and easy much less).
 */
export interface OpponentModel {
  readonly kinds: readonly LearnedModel[];
  readonly prior: readonly number[];
}

/** The shipped model for a hand's game (`model-weights.ts`, written by `train/opponent-model.ts`). */
export function opponentModelFor(config: HandConfig): OpponentModel {
  return config.layout === 0 ? OPPONENT_MODEL.french : config.teams ? OPPONENT_MODEL.partner : OPPONENT_MODEL.cutthroat;
}

/** Log of the prior-weighted mean of exp(`logs[at + k]`) over the kinds. */
export function mixLogs(model: OpponentModel, logs: Float64Array, at: number): number {
  let top = -Infinity;
  for (let k = 0; k < model.kinds.length; k++) if (logs[at + k] > top) top = logs[at + k];
  if (top === -Infinity) return top;
  let sum = 0;
  for (let k = 0; k < model.kinds.length; k++) sum += model.prior[k] * Math.exp(logs[at + k] - top);
  return top + Math.log(sum);
}

/**
 * Replays a hand's moves from a full deal and shows every real choice (two or more legal plays,
 * after the pose) with the features of its plays and the index of the play made. The voids the
 * features use are the public ones: a pass for want of a play, where a pass while able would have
 * been charged or is not allowed (elsewhere a pass proves nothing to the table).
 */
export class ChoiceReplay {
  readonly state: HandState;
  readonly features: PlayFeatures;
  readonly plays = new Int32Array(64);
  readonly values = new Float64Array(64 * FEATURES);
  private readonly passesShow: boolean;

  constructor(config: HandConfig) {
    this.state = new HandState(config);
    this.features = new PlayFeatures(this.state);
    this.passesShow = config.layout !== 0 || config.passWhenAblePenalty > 0;
  }

  /**
   * `visit(seat, n, chosen)` is called at each choice of a seat in `seats` (a mask) with `plays`
   * and `values` filled; it returns false to stop the replay.
   */
  replay(
    start: ArrayLike<number>,
    poser: number,
    poseMask: number,
    moves: readonly { readonly seat: number; readonly move: number }[],
    seats: number,
    visit: (seat: number, n: number, chosen: number) => boolean,
  ): void {
    const state = this.state;
    state.reset(start, poser, poseMask);
    this.features.voids.fill(0);
    for (const { seat, move } of moves) {
      if ((move & ATTEMPT) !== 0) continue;
      state.turn = seat;
      if (move === PASS) {
        if (state.phase === PLAYING && this.passesShow && !state.canPlay())
          this.features.voids[seat] |= state.playable();
      } else if (state.phase === PLAYING && (seats & (1 << seat)) !== 0) {
        const n = state.legalPlays(this.plays);
        if (n > 1) {
          const chosen = chosenIndex(state, this.plays, n, move);
          if (chosen >= 0) {
            this.features.fill(state, this.plays, n, this.values);
            if (!visit(seat, n, chosen)) return;
          }
        }
      }
      state.apply(move);
    }
  }
}

/** The index among `plays` of `move` (the same bone on an equivalent target), or -1. */
export function chosenIndex(state: HandState, plays: Int32Array, n: number, move: number): number {
  const bone = move >> 2;
  const shows = state.emptyArms > 0 ? -1 : state.ends[move & 3];
  for (let i = 0; i < n; i++) {
    const m = plays[i];
    if (m >> 2 === bone && (state.emptyArms > 0 || state.phase === 0 || state.ends[m & 3] === shows)) return i;
  }
  return -1;
}

/** The learned model's probability of play `chosen` among `n` whose features are in `values`. */
export function learnedLikelihood(model: LearnedModel, values: Float64Array, n: number, chosen: number): number {
  const w = model.weights;
  let top = -Infinity;
  const logits = LOGITS;
  for (let i = 0; i < n; i++) {
    let z = 0;
    for (let k = 0; k < FEATURES; k++) z += w[k] * values[i * FEATURES + k];
    logits[i] = z;
    if (z > top) top = z;
  }
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.exp(logits[i] - top);
  return (1 - model.mix) * (Math.exp(logits[chosen] - top) / sum) + model.mix / n;
}

const LOGITS = new Float64Array(64);

/** A deal this many nats below the best one weighs less than 1e-9 of it: it is dropped. */
const NEGLIGIBLE = 21;

export interface ModelParams {
  /** Deals in the pool; 0 turns the model off. */
  readonly pool: number;
  /** Softmax temperature, in heuristic score units. */
  readonly temperature: number;
  /** Weight of a uniformly random choice in the model. */
  readonly mix: number;
  /** Use the learned model (`learnedModelFor`) instead of the softmax of the heuristic. */
  readonly learned?: boolean;
  /**
   * The heuristic's softmax scores each play as the medium bot scored it: with the voids the table
   * knew at that move (`voidsBefore`) and medium's estimate of a blocked hand's winner. Without
   * it, with no voids and the sampled deal's true winner (before issue 16's session 4).
   */
  readonly publicVoids?: boolean;
}

export class WeightedDeals {
  private readonly deals: Int32Array;
  private readonly cumulative: Float64Array;
  readonly players: number;
  /** Effective number of distinct deals (1 / sum of squared normalised weights). */
  readonly effective: number;
  /** Deals drawn (the pool, unless a deadline cut it short). */
  readonly size: number;
  /** Per deal of the pool, the log-likelihood of the others' plays (a lower bound once cut off). */
  readonly logs: Float64Array;

  /**
   * Draws and weighs `params.pool` deals, or fewer if the clock passes `deadline` first (only a
   * time-capped search has one).
   */
  constructor(
    view: SeatView,
    config: HandConfig,
    sampler: DealSampler,
    params: ModelParams,
    rng: Rng,
    deadline = Infinity,
  ) {
    let k = params.pool;
    this.players = config.players;
    this.deals = new Int32Array(k * 4);
    this.cumulative = new Float64Array(k);
    const logs = new Float64Array(k);
    this.logs = logs;
    const table = view.table;
    const out = new Int32Array(4);
    // Bones each seat has played in this hand: with the sampled hands, the deal it started from.
    const played = new Int32Array(4);
    for (const { seat, move } of view.history) {
      if (move !== PASS && (move & ATTEMPT) === 0) played[seat] |= 1 << (move >> 2);
    }
    const start = new Int32Array(4);
    const state = new HandState(config);
    const policy = new Policy(state);
    const publicVoids = params.publicVoids === true;
    policy.exact = !publicVoids;
    const before = publicVoids ? voidsBefore(view) : null;
    const history = view.history;
    const plays = new Int32Array(64);
    const scores = new Float64Array(64);
    let best = -Infinity;
    const learned = params.learned ? opponentModelFor(config) : null;
    const kinds = learned ? learned.kinds.length : 0;
    const seatLogs = new Float64Array(4 * kinds);
    const replay = learned ? new ChoiceReplay(config) : null;
    const others = ((1 << config.players) - 1) & ~(1 << view.seat);
    for (let i = 0; i < k; i++) {
      if ((i & 63) === 63 && now() > deadline) {
        k = i;
        break;
      }
      sampler.sample(rng, out);
      this.deals.set(out, i * 4);
      for (let s = 0; s < 4; s++) start[s] = out[s] | played[s];
      if (learned !== null && replay !== null) {
        seatLogs.fill(0);
        replay.replay(start, view.poser ?? 0, table?.poseMask ?? 0, view.history, others, (seat, n, chosen) => {
          for (let k = 0; k < kinds; k++) {
            seatLogs[seat * kinds + k] += Math.log(learnedLikelihood(learned.kinds[k], replay.values, n, chosen));
          }
          // An upper bound of the deal's weight: each seat at its likeliest kind.
          let bound = 0;
          for (let q = 0; q < 4; q++) {
            let top = -Infinity;
            for (let k = 0; k < kinds; k++) top = Math.max(top, seatLogs[q * kinds + k]);
            bound += top;
          }
          return bound >= best - NEGLIGIBLE;
        });
        let log = 0;
        for (let q = 0; q < 4; q++) if ((others & (1 << q)) !== 0) log += mixLogs(learned, seatLogs, q * kinds);
        logs[i] = log;
        if (log > best) best = log;
        continue;
      }
      state.reset(start, view.poser ?? 0, table?.poseMask ?? 0);
      let log = 0;
      for (let h = 0; h < history.length; h++) {
        const { seat, move } = history[h];
        if ((move & ATTEMPT) !== 0) continue;
        state.turn = seat;
        if (seat !== view.seat && move !== PASS) {
          if (before !== null) policy.voids.set(before.subarray(h * 4, h * 4 + 4));
          const n = state.legalPlays(plays);
          if (n > 1) log += Math.log(this.likelihood(state, policy, plays, scores, n, move, params));
          // Far less likely than the best deal so far: its weight would be negligible.
          if (log < best - NEGLIGIBLE) break;
        }
        state.apply(move);
      }
      logs[i] = log;
      if (log > best) best = log;
    }
    this.size = k;
    let total = 0;
    let squares = 0;
    for (let i = 0; i < k; i++) {
      const w = Math.exp(logs[i] - best);
      total += w;
      squares += w * w;
      this.cumulative[i] = total;
    }
    this.effective = (total * total) / squares;
  }

  /** The model's probability of `move` among the `n` legal plays of the seat to act. */
  private likelihood(
    state: HandState,
    policy: Policy,
    plays: Int32Array,
    scores: Float64Array,
    n: number,
    move: number,
    params: ModelParams,
  ): number {
    const bone = move >> 2;
    const shows = state.emptyArms > 0 ? -1 : state.ends[move & 3];
    let chosen = -1;
    let top = -Infinity;
    for (let i = 0; i < n; i++) {
      const m = plays[i];
      scores[i] = policy.scorePlay(state, m);
      if (scores[i] > top) top = scores[i];
      if (m >> 2 === bone && (state.emptyArms > 0 || state.phase === 0 || state.ends[m & 3] === shows)) chosen = i;
    }
    if (chosen < 0) return 1;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Math.exp((scores[i] - top) / params.temperature);
    const soft = Math.exp((scores[chosen] - top) / params.temperature) / sum;
    return (1 - params.mix) * soft + params.mix / n;
  }

  /** One deal of the pool, drawn by weight. */
  sample(rng: Rng, out: Int32Array): void {
    const c = this.cumulative;
    const r = rng.next() * c[this.size - 1];
    let lo = 0;
    let hi = this.size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (c[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    for (let s = 0; s < 4; s++) out[s] = this.deals[lo * 4 + s];
  }
}
