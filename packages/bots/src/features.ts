/**
 * What the learned opponent model (`model.ts`, trained by `train/opponent-model.ts`) sees of a
 * play: features of each legal play of the seat to act, from what *that seat* knows — its own
 * hand, the board, hand sizes and the voids everyone saw (passes made for want of a play). The
 * other seats' hands are never read, so a deal that differs only in the hidden bones gives the
 * same features (`test/model.test.ts`).
 */

import { DOUBLES, END_DOMINO, type HandState, isDouble, popcount, SUIT } from "@crossbones/engine";
import { Policy, pipsOf } from "./policy.js";

export const FEATURE_NAMES = [
  "medium score / 10",
  "medium's choice",
  "pips / 10",
  "double",
  "nobody else can answer",
  "others' answers / 4",
  "keeps a play",
  "goes out",
  "sheds the last double",
  "opponents known void at every end / 3",
  "partner known void at every end",
  "suits kept / 7",
  "blocks the hand",
  "heaviest play",
] as const;

export const FEATURES = FEATURE_NAMES.length;

export class PlayFeatures {
  /** Per seat, bones it is publicly known not to hold (set by the caller as the hand is replayed). */
  readonly voids = new Int32Array(4);
  private readonly policy: Policy;
  private readonly scratch: HandState;
  private readonly teams: boolean;
  private readonly french: boolean;
  private readonly scores = new Float64Array(64);

  constructor(template: HandState) {
    this.scratch = template.clone();
    this.policy = new Policy(template);
    this.teams = template.config.teams;
    this.french = template.layout === 0;
  }

  /**
   * Writes the features of the `n` legal plays `moves` (of `state.turn`) to `out`, `FEATURES`
   * per play.
   */
  fill(state: HandState, moves: Int32Array, n: number, out: Float64Array): void {
    const me = state.turn;
    const policy = this.policy;
    // The medium heuristic as the seat itself would score it: placeholders for the others' hands
    // (sizes only) and the public voids.
    policy.exact = false;
    policy.voids.set(this.voids);
    for (let q = 0; q < state.players; q++) policy.sizes[q] = popcount(state.hands[q]);
    let top = -Infinity;
    let heaviest = -1;
    const blank = state.config.doubleBlankValue;
    for (let i = 0; i < n; i++) {
      this.scores[i] = policy.scorePlay(state, moves[i]);
      if (this.scores[i] > top) top = this.scores[i];
      const p = pipsOf(1 << (moves[i] >> 2), blank);
      if (p > heaviest) heaviest = p;
    }
    const hand = state.hands[me];
    const s = this.scratch;
    for (let i = 0; i < n; i++) {
      const move = moves[i];
      const bone = move >> 2;
      const rest = hand & ~(1 << bone);
      const pips = pipsOf(1 << bone, blank);
      const f = i * FEATURES;
      out[f] = this.scores[i] / 10;
      out[f + 1] = this.scores[i] === top ? 1 : 0;
      out[f + 2] = pips / 10;
      out[f + 3] = isDouble(bone) ? 1 : 0;
      out[f + 8] = isDouble(bone) && (rest & DOUBLES) === 0 ? 1 : 0;
      out[f + 13] = pips === heaviest ? 1 : 0;
      let suits = 0;
      for (let k = 0; k <= 6; k++) if ((rest & SUIT[k]) !== 0) suits++;
      out[f + 11] = suits / 7;
      s.copyFrom(state);
      s.apply(move);
      if (s.phase === 2) {
        const out2 = s.end === END_DOMINO;
        out[f + 4] = 0;
        out[f + 5] = 0;
        out[f + 6] = 0;
        out[f + 7] = out2 ? 1 : 0;
        out[f + 9] = 0;
        out[f + 10] = 0;
        out[f + 12] = out2 ? 0 : 1;
        continue;
      }
      const playable = this.french ? s.playable() : SUIT[s.ends[0]] | SUIT[s.ends[1]];
      const others = s.unplayed & ~rest;
      const open = others & playable;
      out[f + 4] = open === 0 ? 1 : 0;
      out[f + 5] = popcount(open) / 4;
      out[f + 6] = (rest & playable) !== 0 ? 1 : 0;
      out[f + 7] = 0;
      let stuck = 0;
      let partnerStuck = 0;
      if (open !== 0) {
        for (let q = 0; q < state.players; q++) {
          if (q === me) continue;
          const void_ = (open & ~this.voids[q]) === 0;
          if (!void_) continue;
          if (this.teams && (q & 1) === (me & 1)) partnerStuck = 1;
          else stuck++;
        }
      }
      out[f + 9] = stuck / 3;
      out[f + 10] = partnerStuck;
      out[f + 12] = 0;
    }
  }
}
