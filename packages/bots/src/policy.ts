/**
 * The one-ply heuristic: a score for each legal play of the seat to act, from what that seat may
 * know (its own hand, the board, and voids inferred from passes). It is the *medium* bot, the
 * rollout policy of the searches, and their expansion order.
 *
 * French (F3–F9): shed weight, get rid of doubles (one held double doubles the whole count), keep
 * plays of one's own for the next turn, make plays nobody else can answer (a board pass charges
 * each of the others, F7, and gives the turn back), play to ends that known-void seats cannot
 * answer, and give the others as few answers as possible.
 * Line games (C2–C5, P1): shed weight, keep answers to the open ends and a variety of suits, block
 * opponents known to be void, and in Partner leave the partner something to play.
 */

import {
  DOUBLES,
  END_DOMINO,
  type HandState,
  isDouble,
  lowestBone,
  type Move,
  PASS,
  popcount,
  type Rng,
  SUIT,
} from "@crossbones/engine";

const PIPS = new Int8Array(28);
for (let b = 0, a = 0; a <= 6; a++) for (let c = a; c <= 6; c++, b++) PIPS[b] = a + c;

/** Pips of a mask (0-0 counted as `blank`). */
export function pipsOf(mask: number, blank: number): number {
  let t = 0;
  for (let m = mask; m !== 0; m &= m - 1) {
    const b = lowestBone(m);
    t += b === 0 ? blank : PIPS[b];
  }
  return t;
}

/** Heuristic weights; the defaults are the medium bot. */
export interface PolicyWeights {
  readonly pip: number;
  readonly double: number;
  /** Per point of count saved by shedding the last double (French: no more ×2). */
  readonly lastDouble: number;
  readonly keepPlay: number;
  readonly keepPlayEach: number;
  /** French: a play nobody else can answer (board pass, F7). */
  readonly boardPass: number;
  /** A seat known to be void at every open end. */
  readonly voidPass: number;
  /** Per bone of the others that becomes playable. */
  readonly openPenalty: number;
  /** Line games: per distinct suit kept in hand. */
  readonly variety: number;
  /** Partner: the partner is known to be void at every open end. */
  readonly partnerStuck: number;
  /** Per other seat: the chance it holds no answer to the open ends (opponents; minus for a partner). */
  readonly passChance: number;
}

export const MEDIUM_WEIGHTS: PolicyWeights = {
  pip: 2.5,
  double: 0,
  lastDouble: 0.25,
  keepPlay: 4,
  keepPlayEach: 0.5,
  boardPass: 25,
  voidPass: 6,
  openPenalty: 4,
  variety: 1.5,
  partnerStuck: 6,
  passChance: 0,
};

export class Policy {
  readonly french: boolean;
  readonly teams: boolean;
  readonly players: number;
  readonly blank: number;
  /**
   * Per seat: bones known not to be held (from the belief, updated by rollouts as seats pass).
   * Read for the other seats only.
   */
  readonly voids = new Int32Array(4);
  /** The state's hidden hands are real (a rollout) rather than placeholders (the medium bot). */
  exact = false;
  /** Hand sizes when the hands are placeholders (`exact` false). */
  readonly sizes = new Int32Array(4);
  weights: PolicyWeights;
  private readonly scratch: HandState;
  private readonly buffer = new Int32Array(64);

  constructor(template: HandState, weights: PolicyWeights = MEDIUM_WEIGHTS) {
    this.french = template.layout === 0;
    this.teams = template.config.teams;
    this.players = template.players;
    this.blank = template.config.doubleBlankValue;
    this.weights = weights;
    this.scratch = template.clone();
  }

  /** Score of one legal play (not PASS) by the seat to act; higher is better. */
  scorePlay(state: HandState, move: Move): number {
    return this.french ? this.scoreFrench(state, move) : this.scoreLine(state, move);
  }

  private scoreFrench(state: HandState, move: Move): number {
    const w = this.weights;
    const me = state.turn;
    const bone = move >> 2;
    const hand = state.hands[me];
    const rest = hand & ~(1 << bone);
    let v = w.pip * (bone === 0 ? this.blank : PIPS[bone]);
    if (isDouble(bone)) {
      v += w.double;
      if ((rest & DOUBLES) === 0) v += w.lastDouble * pipsOf(rest, this.blank);
    }
    const s = this.scratch;
    s.copyFrom(state);
    s.apply(move);
    if (s.phase === 2) return v + this.overValue(s, me);
    const playable = s.playable();
    const others = s.unplayed & ~rest;
    const mine = popcount(rest & playable);
    if (mine > 0) v += w.keepPlay + w.keepPlayEach * mine;
    const open = others & playable;
    if (open === 0) {
      v += w.boardPass;
    } else {
      v -= w.openPenalty * popcount(open);
      for (let q = 0; q < this.players; q++) {
        if (q === me) continue;
        if ((open & ~this.voids[q]) === 0) v += w.voidPass;
        else if (w.passChance !== 0) v += w.passChance * this.passChance(s, q, others, open);
      }
    }
    return v;
  }

  private scoreLine(state: HandState, move: Move): number {
    const w = this.weights;
    const me = state.turn;
    const bone = move >> 2;
    const rest = state.hands[me] & ~(1 << bone);
    // Weight matters less than in French: a hand is won by going out, the count only breaks a block.
    let v = w.pip * 0.4 * PIPS[bone];
    if (isDouble(bone)) v += w.double * 0.5;
    const s = this.scratch;
    s.copyFrom(state);
    s.apply(move);
    if (s.phase === 2) return v + this.overValue(s, me);
    const playable = SUIT[s.ends[0]] | SUIT[s.ends[1]];
    const others = s.unplayed & ~rest;
    const mine = popcount(rest & playable);
    if (mine > 0) v += w.keepPlay + w.keepPlayEach * mine;
    let suits = 0;
    for (let n = 0; n <= 6; n++) if ((rest & SUIT[n]) !== 0) suits++;
    v += w.variety * suits;
    const open = others & playable;
    if (open === 0) {
      if (mine > 0) v += w.boardPass * 0.4;
    } else {
      v -= w.openPenalty * popcount(open);
      for (let q = 0; q < this.players; q++) {
        if (q === me) continue;
        const partner = this.teams && (q & 1) === (me & 1);
        if ((open & ~this.voids[q]) === 0) v += partner ? -w.partnerStuck : w.voidPass;
        else if (w.passChance !== 0) v += (partner ? -1 : 1) * w.passChance * this.passChance(s, q, others, open);
      }
    }
    return v;
  }

  /**
   * The chance that seat q holds none of `open`, if its bones were a uniform draw from `others`
   * less its known voids (hypergeometric).
   */
  private passChance(s: HandState, q: number, others: number, open: number): number {
    const pool = others & ~this.voids[q];
    const n = popcount(pool);
    const k = popcount(open & pool);
    const h = this.exact ? popcount(s.hands[q]) : this.sizes[q];
    let p = 1;
    for (let i = 0; i < h; i++) {
      if (n - k - i <= 0) return 0;
      p *= (n - k - i) / (n - i);
    }
    return p;
  }

  /** Value of a move that ends the hand, for the seat `me` that made it. */
  private overValue(s: HandState, me: number): number {
    if (s.end === END_DOMINO) return 1000;
    // Blocked: exact in a rollout; with placeholder hands, compare with the others' average.
    const mine = pipsOf(s.hands[me], this.blank);
    let win: boolean;
    if (this.exact) {
      win = s.winner === me || (this.teams && s.winner >= 0 && (s.winner & 1) === (me & 1));
    } else {
      const others = s.unplayed & ~s.hands[me];
      const n = popcount(others);
      const perBone = n > 0 ? pipsOf(others, this.blank) / n : 0;
      const fewest = Math.max(1, Math.floor(n / (this.players - 1)));
      win = mine < perBone * fewest;
    }
    if (this.french) {
      const doubled = (s.hands[me] & DOUBLES) !== 0 ? 2 : 1;
      return (win ? 200 : 0) - 2 * mine * doubled;
    }
    return win ? 500 : -200;
  }

  /**
   * The policy's move for the seat to act: the best-scoring play, with probability `epsilon` a
   * uniformly random play instead, plus `noise` of random jitter on the scores. Passes only when
   * no play is legal (a pass while able is left to the search).
   */
  choose(state: HandState, rng: Rng | null, epsilon = 0, noise = 0): Move {
    const moves = this.buffer;
    const n = state.legalPlays(moves);
    if (n === 0) return PASS;
    if (n === 1) return moves[0];
    if (rng !== null && epsilon > 0 && rng.next() < epsilon) return moves[rng.nextInt(n)];
    let best = moves[0];
    let bestScore = -Infinity;
    for (let i = 0; i < n; i++) {
      let v = this.scorePlay(state, moves[i]);
      if (rng !== null && noise > 0) v += noise * rng.next();
      if (v > bestScore) {
        bestScore = v;
        best = moves[i];
      }
    }
    return best;
  }

  /** After a pass made for want of a play in a rollout, the passer holds none of what was legal. */
  notePass(state: HandState, seat: number): void {
    this.voids[seat] |= state.playable();
  }
}
