/**
 * Opponent modelling on top of the belief: deals that make the others' past plays look
 * sensible are more likely. A pool of deals is drawn from the belief sampler (all consistent with
 * the rules), each is weighted by the likelihood of every play the other seats made in this hand
 * under a soft version of the heuristic policy (a softmax of its scores, mixed with a uniform
 * choice so that a surprising play lowers a deal's weight without ruling it out), and the search
 * then draws its deals from the pool by weight.
 */

import { ATTEMPT, type HandConfig, HandState, PASS, type Rng, type SeatView } from "@crossbones/engine";
import type { DealSampler } from "./belief.js";
import { now } from "./clock.js";
import { Policy } from "./policy.js";

/** A deal this many nats below the best one weighs less than 1e-9 of it: it is dropped. */
const NEGLIGIBLE = 21;

export interface ModelParams {
  /** Deals in the pool; 0 turns the model off. */
  readonly pool: number;
  /** Softmax temperature, in heuristic score units. */
  readonly temperature: number;
  /** Weight of a uniformly random choice in the model. */
  readonly mix: number;
}

export class WeightedDeals {
  private readonly deals: Int32Array;
  private readonly cumulative: Float64Array;
  readonly players: number;
  /** Effective number of distinct deals (1 / sum of squared normalised weights). */
  readonly effective: number;
  /** Deals drawn (the pool, unless a deadline cut it short). */
  readonly size: number;

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
    policy.exact = true;
    const plays = new Int32Array(64);
    const scores = new Float64Array(64);
    let best = -Infinity;
    for (let i = 0; i < k; i++) {
      if ((i & 63) === 63 && now() > deadline) {
        k = i;
        break;
      }
      sampler.sample(rng, out);
      this.deals.set(out, i * 4);
      for (let s = 0; s < 4; s++) start[s] = out[s] | played[s];
      state.reset(start, view.poser ?? 0, table?.poseMask ?? 0);
      let log = 0;
      for (const { seat, move } of view.history) {
        if ((move & ATTEMPT) !== 0) continue;
        state.turn = seat;
        if (seat !== view.seat && move !== PASS) {
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
