/**
 * Checking sampled deals against the engine: a sampled deal (the hidden hands now) plus the bones
 * each seat has played is the deal the hand started from; replaying the hand's history from it
 * must reproduce every move, every charged penalty and the public table exactly.
 */

import {
  ATTEMPT,
  applyMove,
  attemptIllegalPlay,
  type Game,
  type GameEvent,
  handConfig,
  lowestBone,
  PASS,
  type SeatView,
  startHand,
  viewFor,
} from "@crossbones/engine";
import type { Position } from "./positions.js";

/** Public traces of a hand: every event but a pass's `couldPlay` (not shown at a table). */
function publicEvents(events: readonly GameEvent[]): unknown[] {
  return events.map((e) => (e.type === "pass" ? { type: e.type, move: e.move, seat: e.seat } : e));
}

/**
 * Replays the current hand of `position` from the deal a sampled one implies (the sampled current
 * hands plus what each seat has played) and returns why it differs from the real hand in public,
 * or undefined when every move replays and the public table and events are the same.
 */
export function inconsistency(position: Position, view: SeatView, sampled: ArrayLike<number>): string | undefined {
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

/** A deal as a string key (every seat's hand). */
export function dealKey(deal: ArrayLike<number>, players: number): string {
  return Array.from({ length: players }, (_, s) => deal[s]).join(",");
}

/** `inconsistency`, remembered per distinct deal (a position's samples repeat). */
export class ReplayCache {
  private readonly seen = new Map<string, string | undefined>();
  constructor(
    private readonly position: Position,
    private readonly view: SeatView,
  ) {}

  check(deal: ArrayLike<number>): string | undefined {
    const key = dealKey(deal, this.view.rules.players);
    if (!this.seen.has(key)) this.seen.set(key, inconsistency(this.position, this.view, deal));
    return this.seen.get(key);
  }

  /** Distinct deals replayed so far. */
  get size(): number {
    return this.seen.size;
  }
}

/**
 * Every deal of the unknown bones to the other seats with their hand sizes (nothing else assumed),
 * or null if there are more than `limit`.
 */
export function everyDeal(view: SeatView, limit: number): Int32Array[] | null {
  const table = view.table;
  if (!table) return [];
  const n = view.rules.players;
  const unknown = handConfig(view.rules).inPlay & ~table.played & ~view.hand;
  const bones: number[] = [];
  for (let m = unknown; m !== 0; m &= m - 1) bones.push(lowestBone(m));
  const others = Array.from({ length: n }, (_, s) => s).filter((s) => s !== view.seat);
  // Count first: the multinomial coefficient.
  let count = 1;
  let left = bones.length;
  for (const s of others) {
    const k = table.handSizes[s];
    for (let i = 0; i < k; i++) count = (count * (left - i)) / (i + 1);
    left -= k;
  }
  if (left !== 0) return [];
  if (count > limit) return null;
  const out: Int32Array[] = [];
  const hand = new Int32Array(4);
  hand[view.seat] = view.hand;
  const room = others.map((s) => table.handSizes[s]);
  const place = (i: number): void => {
    if (i === bones.length) {
      out.push(hand.slice());
      return;
    }
    for (let k = 0; k < others.length; k++) {
      if (room[k] === 0) continue;
      room[k]--;
      hand[others[k]] |= 1 << bones[i];
      place(i + 1);
      hand[others[k]] &= ~(1 << bones[i]);
      room[k]++;
    }
  };
  place(0);
  return out;
}

/** ln Γ(z) for z > 0 (Lanczos, g = 7, 9 terms; about 15 significant digits). */
function lnGamma(z: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - lnGamma(1 - z);
  const x = z - 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The regularised upper incomplete gamma function Q(a, x) (series or continued fraction). */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - lnGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return 1 - sum * front;
  }
  // Lentz's method for the continued fraction.
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return front * h;
}

/**
 * Pearson's chi-square test of counts against equal expected counts: the statistic and the chance
 * that a uniform sampler gives one at least as large (degrees of freedom: cells − 1).
 */
export function chiSquareUniform(counts: readonly number[]): { statistic: number; p: number } {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  let statistic = 0;
  for (const c of counts) statistic += (c - expected) ** 2 / expected;
  return { statistic, p: chiSquareP(statistic, counts.length - 1) };
}

/** The chance that a chi-square variable with `df` degrees of freedom is at least `statistic`. */
export function chiSquareP(statistic: number, df: number): number {
  return gammaQ(df / 2, statistic / 2);
}
