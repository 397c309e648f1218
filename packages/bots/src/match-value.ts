/**
 * Line games: what a hand's outcome is worth in the match (C6–C8, P1). A hand won is not always
 * worth the same: it may end the match, trigger a "bruk" that sends everyone back to love, or set
 * up a one-all-play-two hand; and when a seat cannot win the hand, who wins it instead matters.
 *
 * The value of a match position for each side is its chance of winning the match if every later
 * hand were won by a side chosen at random (a draw now and then), computed once per rule set by
 * value iteration over the positions (totals, worth of the next hand, one-all-play-two). Each
 * step is the engine's `lineStep`, the same arithmetic the game keeps.
 */

import { type LineOptions, type LineStanding, lineStep, LINE_TARGET as TARGET } from "@crossbones/engine";

/** Chance that a hand is drawn (blocked with a shared lowest count), for the random model. */
const DRAW = 0.03;

export type MatchPosition = LineStanding;

/** The position after a hand won by `side` (or drawn: null), or the winning side if it ends. */
export function afterHand(p: MatchPosition, side: number | null, options: LineOptions): MatchPosition | number {
  const step = lineStep(p, side, options);
  return step.winner ?? { totals: step.totals, ...step.next };
}

export class MatchValues {
  /** values[index * sides + s]: side s's chance of winning the match from position `index`. */
  private readonly values: Float64Array;

  constructor(
    readonly sides: number,
    readonly options: LineOptions,
  ) {
    // Every position with totals below the target, both worths, both one-all-play-two flags;
    // transitions are worked out once, then the values are iterated in place (Gauss–Seidel).
    const count = TARGET ** sides * 4;
    const outcomes = sides + 1;
    const next = new Int32Array(count * outcomes);
    const weight = new Float64Array(outcomes).fill((1 - DRAW) / sides);
    weight[sides] = DRAW;
    for (let i = 0; i < count; i++) {
      const p = positionOf(i, sides);
      for (let w = 0; w < outcomes; w++) {
        const o = afterHand(p, w < sides ? w : null, options);
        // A finished match is encoded as -1 - winner.
        next[i * outcomes + w] = typeof o === "number" ? -1 - o : indexOf(o);
      }
    }
    const v = new Float64Array(count * sides).fill(1 / sides);
    for (let sweep = 0; sweep < 1000; sweep++) {
      let change = 0;
      for (let i = 0; i < count; i++) {
        for (let s = 0; s < sides; s++) {
          let total = 0;
          for (let w = 0; w < outcomes; w++) {
            const j = next[i * outcomes + w];
            total += weight[w] * (j < 0 ? (-1 - j === s ? 1 : 0) : v[j * sides + s]);
          }
          change = Math.max(change, Math.abs(total - v[i * sides + s]));
          v[i * sides + s] = total;
        }
      }
      if (change < 1e-9) break;
    }
    this.values = v;
  }

  /** Each side's chance of winning the match from `p` under the random-hands model. */
  value(p: MatchPosition, side: number): number {
    return this.values[indexOf(p) * this.sides + side];
  }

  /**
   * Per side, the match value of each hand outcome from `p`: `out[w * sides + s]` for a hand won
   * by side w, and `out[sides * sides + s]` for a drawn hand.
   */
  outcomes(p: MatchPosition): Float64Array {
    const n = this.sides;
    const out = new Float64Array((n + 1) * n);
    for (let w = 0; w <= n; w++) {
      const o = afterHand(p, w < n ? w : null, this.options);
      for (let s = 0; s < n; s++) out[w * n + s] = typeof o === "number" ? (o === s ? 1 : 0) : this.value(o, s);
    }
    return out;
  }
}

function indexOf(p: MatchPosition): number {
  let code = 0;
  for (let s = p.totals.length - 1; s >= 0; s--) code = code * TARGET + Math.min(p.totals[s], TARGET - 1);
  return (code * 2 + (p.worth === 2 ? 1 : 0)) * 2 + (p.oneAllPlayTwo ? 1 : 0);
}

function positionOf(index: number, sides: number): MatchPosition {
  const oneAllPlayTwo = (index & 1) === 1;
  const worth = ((index >> 1) & 1) === 1 ? 2 : 1;
  let code = index >> 2;
  const totals: number[] = [];
  for (let s = 0; s < sides; s++, code = Math.floor(code / TARGET)) totals.push(code % TARGET);
  return { totals, worth, oneAllPlayTwo };
}

const cache = new Map<string, MatchValues>();

/** Match values for a rule set, computed once and kept. */
export function matchValues(sides: number, options: LineOptions): MatchValues {
  const k = `${sides}|${options.match}|${options.oneAllPlayTwo}`;
  let m = cache.get(k);
  if (!m) {
    m = new MatchValues(sides, options);
    cache.set(k, m);
  }
  return m;
}
