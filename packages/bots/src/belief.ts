/**
 * What a seat may infer about the hidden hands from public facts only, and a sampler of hidden
 * deals consistent with it.
 *
 * Facts used (all from the view; never another seat's bones):
 * - its own hand, the bones on the board and every seat's hand size;
 * - passes: replaying the hand's history on a public shadow state tells which bones were legal
 *   at each pass, so a seat that passed for want of a play holds none of them. In French a bone
 *   of a suit whose double is still out is not legal (F4), so such a pass proves nothing about
 *   it; a pass while able (charged `passWhenAble`, F5) proves nothing about voids but shows the
 *   seat held at least one legal bone; where passes while able are free, no pass proves anything;
 * - board passes (F7): after a play, the others held no answer exactly when a board pass was
 *   charged; without one, the player did not hold every answer itself;
 * - charged illegal attempts (F5): a seat can only attempt a bone it holds;
 * - the pose (F2, C3): the seat to pose holds a bone it may pose, and in French the seats skipped
 *   between the last winner and the poser held no double (F2c).
 *
 * The sampler draws uniformly among all deals that satisfy the void and known-bone constraints
 * (a counting table over the unknown bones and the seats' remaining capacities), then rejects the
 * rare deals that break an "at least one of" / "not all of" constraint; it gives up on those after
 * a bounded number of draws, so it never hangs.
 */

import {
  ALL_BONES,
  ATTEMPT,
  DOUBLES,
  HandState,
  handConfig,
  lowestBone,
  PASS,
  PLAYING,
  POSE,
  popcount,
  type Rng,
  type SeatView,
} from "@crossbones/engine";

export interface Belief {
  readonly seat: number;
  readonly players: number;
  /** The observer's own bones. */
  readonly own: number;
  /** Bones held by the other seats, all together. */
  readonly unknown: number;
  /** Hand size per seat. */
  readonly sizes: readonly number[];
  /** Per seat: bones it certainly does not hold (within `unknown`). */
  readonly voids: Int32Array;
  /** Per seat: bones it certainly holds (within `unknown`). */
  readonly holds: Int32Array;
  /** Each entry: `seat` holds at least one bone of `mask` (within `unknown`). */
  readonly atLeastOne: readonly { readonly seat: number; readonly mask: number }[];
  /** Each entry: `seat` does not hold every bone of `mask` (within `unknown`). */
  readonly notAll: readonly { readonly seat: number; readonly mask: number }[];
}

/** The belief of the seat a view belongs to, for the hand in progress. */
export function beliefFrom(view: SeatView): Belief {
  const table = view.table;
  const players = view.rules.players;
  const config = handConfig(view.rules);
  const voids = new Int32Array(4);
  const holds = new Int32Array(4);
  if (!table) {
    return {
      seat: view.seat,
      players,
      own: view.hand,
      unknown: 0,
      sizes: [],
      voids,
      holds,
      atLeastOne: [],
      notAll: [],
    };
  }
  const unknown = config.inPlay & ~table.played & ~view.hand;
  const french = view.rules.game === "french";
  const ableCharged = french && view.rules.options.passWhenAblePenalty > 0;
  const passProvesVoid = !config.penaltyPass || ableCharged;

  // Moves charged `passWhenAble` or `boardPass`: the public traces of a pass made while able and
  // of a play nobody else could answer (F5, F7).
  const ablePasses = new Set<number>();
  const boardPasses = new Set<number>();
  for (const e of view.events) {
    if (e.type !== "penalty") continue;
    if (e.kind === "passWhenAble") ablePasses.add(e.move);
    if (e.kind === "boardPass") boardPasses.add(e.move);
  }
  const boardPassRule = config.boardPassPenalty > 0;

  // The shadow plays the public moves; every seat holds every bone so that no play ends it, and
  // what is playable depends on the board only.
  const hands = [ALL_BONES, ALL_BONES, ALL_BONES, ALL_BONES];
  const shadow = HandState.deal(config, hands, view.poser ?? 0, table.poseMask);
  /** Seat `seat` held at least one bone of `mask` just before move `at`. */
  const someOf: { seat: number; mask: number; at: number }[] = [];
  /** Seat `seat` did not hold every bone of `mask` just after move `at`. */
  const notAllOf: { seat: number; mask: number; at: number }[] = [];
  const playedBy = new Int8Array(28).fill(-1);
  const playedAt = new Int32Array(28).fill(-1);
  const history = view.history;
  for (let i = 0; i < history.length; i++) {
    const { seat, move } = history[i];
    if ((move & ATTEMPT) !== 0) {
      holds[seat] |= 1 << ((move & ~ATTEMPT) >> 2);
      continue;
    }
    if (move === PASS) {
      if (shadow.phase === PLAYING) {
        const legal = shadow.playable();
        if (ablePasses.has(i)) someOf.push({ seat, mask: legal, at: i });
        else if (passProvesVoid) voids[seat] |= legal;
      }
      shadow.turn = seat;
      shadow.apply(move);
      continue;
    }
    playedBy[move >> 2] = seat;
    playedAt[move >> 2] = i;
    shadow.turn = seat;
    shadow.apply(move);
    if (!boardPassRule || shadow.phase !== PLAYING) continue;
    // F7: after this play the others held no answer exactly when a board pass was charged.
    const answers = shadow.unplayed & shadow.playable();
    // The next move that is not a refused attempt is the first pass of a board pass, if any;
    // until it is made, nobody is told (the view shows no pending board pass).
    let next = i + 1;
    while (next < history.length && (history[next].move & ATTEMPT) !== 0) next++;
    if (next === history.length) continue;
    if (boardPasses.has(next)) {
      for (let q = 0; q < players; q++) if (q !== seat) voids[q] |= answers;
      holds[seat] |= answers;
    } else {
      notAllOf.push({ seat, mask: answers, at: i });
    }
  }

  // F2c: between the last winner and the poser, every seat held no double at the deal.
  if (french && view.handIndex > 0 && view.poser !== null) {
    const previous = view.results[view.handIndex - 1];
    if (previous && previous.winner !== null) {
      for (let s = previous.winner; s !== view.poser; s = (s + 1) % players) voids[s] |= DOUBLES;
    }
  }

  // Before the pose: the seat to pose holds what it must pose (F2, C3).
  if (table.phase === POSE) {
    if (popcount(table.poseMask) === 1) holds[table.turn] |= table.poseMask;
    else someOf.push({ seat: table.turn, mask: table.poseMask & config.inPlay, at: history.length });
  }

  const atLeastOne: { seat: number; mask: number }[] = [];
  for (const c of someOf) {
    if (c.seat === view.seat) continue;
    // Satisfied already if the seat later played one of those bones.
    let satisfied = false;
    for (let m = c.mask; m !== 0; m &= m - 1) {
      const b = lowestBone(m);
      if (playedBy[b] === c.seat && playedAt[b] > c.at) satisfied = true;
    }
    const rest = c.mask & unknown;
    if (satisfied || rest === 0) continue;
    if ((rest & (rest - 1)) === 0) holds[c.seat] |= rest;
    else atLeastOne.push({ seat: c.seat, mask: rest });
  }
  const notAll: { seat: number; mask: number }[] = [];
  for (const c of notAllOf) {
    if (c.seat === view.seat) continue;
    // Satisfied already if another seat (the observer included) held one of those bones.
    let satisfied = (c.mask & view.hand) !== 0;
    for (let m = c.mask; m !== 0; m &= m - 1) {
      const b = lowestBone(m);
      if (playedBy[b] >= 0 && playedBy[b] !== c.seat) satisfied = true;
    }
    if (!satisfied && (c.mask & unknown) !== 0) notAll.push({ seat: c.seat, mask: c.mask & unknown });
  }

  for (let s = 0; s < 4; s++) {
    holds[s] &= unknown;
    voids[s] = (voids[s] & unknown & ~holds[s]) | 0;
  }
  voids[view.seat] = 0;
  holds[view.seat] = 0;
  const sizes = Array.from({ length: players }, (_, s) => table.handSizes[s]);
  return { seat: view.seat, players, own: view.hand, unknown, sizes, voids, holds, atLeastOne, notAll };
}

/**
 * Draws hidden deals consistent with a belief. With only void and known-bone constraints the draw
 * is exactly uniform over the consistent deals: `ways[i][c]` counts the ways to place unknown
 * bones i.. given the remaining capacities c of the other seats, and each bone goes to a seat
 * with probability proportional to the completions that choice leaves.
 */
export class DealSampler {
  readonly belief: Belief;
  /** The other seats, in order. */
  private readonly others: number[];
  /** Unknown bones not already placed by `holds`. */
  private readonly free: number[];
  /** For each free bone, the bitmask of `others` indexes that may hold it. */
  private readonly allowed: Int32Array;
  private readonly radix: number[];
  private readonly stride: number[];
  private readonly states: number;
  private readonly ways: Float64Array;
  private readonly capacity: number[];
  /** The constraints admit no deal (they contradict each other): constraints are dropped. */
  readonly relaxed: boolean;

  constructor(belief: Belief) {
    this.belief = belief;
    const others: number[] = [];
    for (let s = 0; s < belief.players; s++) if (s !== belief.seat) others.push(s);
    this.others = others;
    let placed = 0;
    for (const s of others) placed |= belief.holds[s];
    const free: number[] = [];
    for (let m = belief.unknown & ~placed; m !== 0; m &= m - 1) free.push(lowestBone(m));
    this.free = free;
    const capacity = others.map((s) => belief.sizes[s] - popcount(belief.holds[s]));
    this.radix = capacity.map((c) => Math.max(c, 0) + 1);
    this.stride = [];
    let states = 1;
    for (const r of this.radix) {
      this.stride.push(states);
      states *= r;
    }
    this.states = states;
    this.allowed = new Int32Array(free.length);
    this.ways = new Float64Array((free.length + 1) * states);
    this.capacity = capacity;
    let ok = capacity.every((c) => c >= 0) && capacity.reduce((a, b) => a + b, 0) === free.length;
    if (ok) {
      this.fillTable(true);
      ok = this.ways[this.index(0, capacity)] > 0;
    }
    if (!ok) this.fillTable(false);
    this.relaxed = !ok;
  }

  private index(i: number, capacity: readonly number[]): number {
    let at = 0;
    for (let k = 0; k < capacity.length; k++) at += capacity[k] * this.stride[k];
    return i * this.states + at;
  }

  private fillTable(withVoids: boolean): void {
    const { free, others, allowed, ways, states, radix, stride } = this;
    const all = (1 << others.length) - 1;
    for (let i = 0; i < free.length; i++) {
      let a = 0;
      others.forEach((s, k) => {
        if ((this.belief.voids[s] & (1 << free[i])) === 0) a |= 1 << k;
      });
      allowed[i] = withVoids ? a : all;
    }
    ways.fill(0);
    const n = free.length;
    // Only the all-zero capacity state completes after the last bone.
    ways[n * states] = 1;
    const c = new Array<number>(radix.length).fill(0);
    for (let i = n - 1; i >= 0; i--) {
      for (let st = 0; st < states; st++) {
        let rest = st;
        let sum = 0;
        for (let k = 0; k < radix.length; k++) {
          c[k] = rest % radix[k];
          rest = (rest - c[k]) / radix[k];
          sum += c[k];
        }
        if (sum !== n - i) continue;
        let total = 0;
        for (let k = 0; k < radix.length; k++) {
          if ((allowed[i] & (1 << k)) !== 0 && c[k] > 0) total += ways[(i + 1) * states + st - stride[k]];
        }
        ways[i * states + st] = total;
      }
    }
  }

  /**
   * Writes one consistent deal into `out` (a mask per seat; the observer's own hand included).
   * Deals breaking an "at least one of" or "not all of" constraint are redrawn, at most 64
   * times (then the last draw stands: rare, and it keeps the search from hanging).
   */
  sample(rng: Rng, out: Int32Array): void {
    const some = this.belief.atLeastOne;
    const notAll = this.belief.notAll;
    for (let attempt = 0; attempt < 64; attempt++) {
      this.draw(rng, out);
      let good = true;
      for (const c of some) if ((out[c.seat] & c.mask) === 0) good = false;
      for (const c of notAll) if ((out[c.seat] & c.mask) === c.mask) good = false;
      if (good) return;
    }
  }

  private draw(rng: Rng, out: Int32Array): void {
    const { free, others, allowed, ways, states, stride } = this;
    const b = this.belief;
    out.fill(0);
    out[b.seat] = b.own;
    for (const s of others) out[s] = b.holds[s];
    let st = 0;
    for (let k = 0; k < others.length; k++) st += this.capacity[k] * stride[k];
    for (let i = 0; i < free.length; i++) {
      const total = ways[i * states + st];
      let r = rng.next() * total;
      let chosen = -1;
      for (let k = 0; k < others.length; k++) {
        if ((allowed[i] & (1 << k)) === 0) continue;
        const w = ways[(i + 1) * states + st - stride[k]];
        if (w <= 0 || this.digit(st, k) === 0) continue;
        chosen = k;
        if (r < w) break;
        r -= w;
      }
      if (chosen < 0) {
        // Only reachable if the table itself is inconsistent: place the bone anywhere with room.
        for (let k = 0; k < others.length && chosen < 0; k++) if (this.digit(st, k) > 0) chosen = k;
        if (chosen < 0) continue;
      }
      out[others[chosen]] |= 1 << free[i];
      st -= stride[chosen];
    }
  }

  private digit(st: number, k: number): number {
    return Math.floor(st / this.stride[k]) % this.radix[k];
  }
}
