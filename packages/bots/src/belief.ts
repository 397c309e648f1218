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
 * The sampler draws exactly uniformly among the deals that satisfy all of it: hand sizes, known
 * bones, voids and every "at least one of" / "not all of" constraint (`DealSampler`).
 */

import {
  ALL_BONES,
  ATTEMPT,
  DOUBLES,
  type HandConfig,
  HandState,
  handConfig,
  lowestBone,
  PASS,
  PLAYING,
  POSE,
  type PublicTable,
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

/** What replaying a hand's public history teaches, before it is narrowed to the bones still out. */
interface PublicFacts {
  /** Per seat: bones it did not hold (passes for want of a play, board passes, F2c). */
  readonly voids: Int32Array;
  /** Per seat: bones it held (charged attempts, board passes). */
  readonly holds: Int32Array;
  /** Seat `seat` held at least one bone of `mask` just before move `at` (passes while able). */
  readonly someOf: { seat: number; mask: number; at: number }[];
  /** Seat `seat` did not hold every bone of `mask` just after its play `at` (no board pass). */
  readonly notAllOf: { seat: number; mask: number; at: number }[];
  /** Per bone: the seat that played it and the index of that move, or -1. */
  readonly playedBy: Int8Array;
  readonly playedAt: Int32Array;
}

/**
 * Replays the hand's public history on a shadow of the hand: every seat holds every bone, so that
 * no play ends it and what is legal depends on the board only. A pass for want of a play proves a
 * void, except where passes are charged whether able or not (unless a pass while able is charged
 * apart, F5); a pass charged `passWhenAble` shows the seat held a legal bone. After a play the
 * others held no answer exactly when a board pass was charged (F7), which the table is told when
 * the first pass of it is made; without one, the player did not hold every answer itself. In
 * French the seats skipped between the last winner and the poser held no double (F2c).
 *
 * With `before`, entry `4 * i + s` receives the voids (less the bones known held) the table knew
 * just before move i: what a seat that played move i could have known of the others.
 */
function replayPublic(view: SeatView, table: PublicTable, config: HandConfig, before: Int32Array | null): PublicFacts {
  const players = view.rules.players;
  const ableCharged = view.rules.game === "french" && view.rules.options.passWhenAblePenalty > 0;
  const passProvesVoid = !config.penaltyPass || ableCharged;
  const boardPassRule = config.boardPassPenalty > 0;
  const ablePasses = new Set<number>();
  const boardPasses = new Set<number>();
  for (const e of view.events) {
    if (e.type !== "penalty") continue;
    if (e.kind === "passWhenAble") ablePasses.add(e.move);
    if (e.kind === "boardPass") boardPasses.add(e.move);
  }
  const facts: PublicFacts = {
    voids: new Int32Array(4),
    holds: new Int32Array(4),
    someOf: [],
    notAllOf: [],
    playedBy: new Int8Array(28).fill(-1),
    playedAt: new Int32Array(28).fill(-1),
  };
  const { voids, holds } = facts;
  if (view.rules.game === "french" && view.handIndex > 0 && view.poser !== null) {
    const previous = view.results[view.handIndex - 1];
    if (previous && previous.winner !== null) {
      for (let s = previous.winner; s !== view.poser; s = (s + 1) % players) voids[s] |= DOUBLES;
    }
  }
  const hands = [ALL_BONES, ALL_BONES, ALL_BONES, ALL_BONES];
  const shadow = HandState.deal(config, hands, view.poser ?? 0, table.poseMask);
  // The play whose board pass (or its absence) the table learns at move `pendingAt`.
  let pendingAt = -1;
  let pendingPlay = -1;
  let pendingSeat = -1;
  let pendingAnswers = 0;
  const history = view.history;
  for (let i = 0; i < history.length; i++) {
    if (before !== null) for (let s = 0; s < 4; s++) before[i * 4 + s] = voids[s] & ~holds[s];
    const { seat, move } = history[i];
    if (i === pendingAt) {
      if (boardPasses.has(i)) {
        for (let q = 0; q < players; q++) if (q !== pendingSeat) voids[q] |= pendingAnswers;
        holds[pendingSeat] |= pendingAnswers;
      } else {
        facts.notAllOf.push({ seat: pendingSeat, mask: pendingAnswers, at: pendingPlay });
      }
    }
    if ((move & ATTEMPT) !== 0) {
      holds[seat] |= 1 << ((move & ~ATTEMPT) >> 2);
      continue;
    }
    if (move === PASS) {
      if (shadow.phase === PLAYING) {
        const legal = shadow.playable();
        if (ablePasses.has(i)) facts.someOf.push({ seat, mask: legal, at: i });
        else if (passProvesVoid) voids[seat] |= legal;
      }
      shadow.turn = seat;
      shadow.apply(move);
      continue;
    }
    facts.playedBy[move >> 2] = seat;
    facts.playedAt[move >> 2] = i;
    shadow.turn = seat;
    shadow.apply(move);
    if (!boardPassRule || shadow.phase !== PLAYING) continue;
    // The next move that is not a refused attempt is the first pass of a board pass, if any;
    // until it is made, nobody is told (the view shows no pending board pass).
    let next = i + 1;
    while (next < history.length && (history[next].move & ATTEMPT) !== 0) next++;
    pendingAt = next;
    pendingPlay = i;
    pendingSeat = seat;
    pendingAnswers = shadow.unplayed & shadow.playable();
  }
  return facts;
}

/** The belief of the seat a view belongs to, for the hand in progress. */
export function beliefFrom(view: SeatView): Belief {
  const table = view.table;
  const players = view.rules.players;
  const config = handConfig(view.rules);
  if (!table) {
    return {
      seat: view.seat,
      players,
      own: view.hand,
      unknown: 0,
      sizes: [],
      voids: new Int32Array(4),
      holds: new Int32Array(4),
      atLeastOne: [],
      notAll: [],
    };
  }
  const unknown = config.inPlay & ~table.played & ~view.hand;
  const { voids, holds, someOf, notAllOf, playedBy, playedAt } = replayPublic(view, table, config, null);

  // Before the pose: the seat to pose holds what it must pose (F2, C3).
  if (table.phase === POSE) {
    if (popcount(table.poseMask) === 1) holds[table.turn] |= table.poseMask;
    else someOf.push({ seat: table.turn, mask: table.poseMask & config.inPlay, at: view.history.length });
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

/** Counting tables above this many entries are not built (see `DealSampler`). */
const MAX_TABLE = 1 << 18;
/** Redraws allowed for the constraints left out of the table before they are dropped (never seen). */
const REDRAW_LIMIT = 100_000;
const TWO_32 = 4294967296;
const TWO_53 = 9007199254740992;

/** One "at least one of" (`some`) or "not all of" constraint, reduced to the bones still free. */
interface Constraint {
  readonly seat: number;
  readonly mask: number;
  readonly some: boolean;
}

export interface SamplerOptions {
  /** Largest counting table to build, in entries (tests lower it to exercise the redraws). */
  readonly maxTable?: number;
}

/**
 * Draws hidden deals consistent with a belief, exactly uniformly: every deal that gives each seat
 * its hand size, its known bones, none of its void bones and satisfies every "at least one of" and
 * "not all of" constraint is returned with the same probability, and no other deal is returned.
 *
 * How. The known bones (`holds`) go to their seats; the other unknown bones, the free ones, are
 * taken in a fixed order. Each constraint is reduced to the free bones that decide it (below) and
 * gets a flag bit: an "at least one of" flag is raised when one of its bones goes to its seat, a
 * "not all of" flag when one of its bones goes to another seat. `ways[i][c][f]` counts the ways to
 * give free bones i.. to seats allowed to hold them (not void) so that seat k receives exactly c[k]
 * of them and, with the flags f already raised, every flag is raised at the end; it follows from
 * the choice for bone i (`ways[i][c][f] = Σ_k ways[i+1][c − e_k][f | raised(i, k)]` over the seats
 * k allowed bone i with room left). The counts are integers below 4·10⁸ (21 bones among three
 * hands of 7), so the doubles hold them exactly. `ways[0][capacities][0]` is then the number N of
 * consistent deals, and a deal is drawn by drawing r uniformly in [0, N) (exactly: rejection over
 * 32-bit words) and unranking it: for each bone in turn, the seats' subtotals are laid end to end
 * and the bone goes to the seat whose interval holds r, r minus the subtotals before it going on.
 * That maps [0, N) one to one onto the consistent deals (the usual ranking of the leaves of a
 * counting tree), so each is drawn with probability exactly 1/N: no redraw, no approximation.
 *
 * Reductions, each exact: an "at least one of" constraint already met by a known bone is dropped;
 * otherwise only its free bones the seat is not void of can meet it. A "not all of" constraint
 * with a bone the seat cannot hold (known elsewhere, or void) is met whatever the deal and is
 * dropped; otherwise it is met exactly when one of its free bones goes elsewhere. A constraint
 * whose reduced mask contains another's of the same kind and seat is implied by it and dropped.
 *
 * A table has (free bones + 1) × capacity states × 2^flags entries; the capacity states index the
 * first seats' remaining room only (the last seat's follows from the bones left). Beliefs carry
 * few constraints (see docs/bots.md for how many), so all of them fit: with up to three the table
 * is no larger than the old one without flags (which indexed every seat's room). If ever more constraints arrive than fit in
 * `MAX_TABLE`, the table takes the most restrictive (smallest masks) and the rest are enforced by
 * redrawing until they hold: a uniform draw from a superset kept only when it lies in the subset
 * is uniform on the subset, so that stays exact. Only if `REDRAW_LIMIT` redraws in a row fail
 * (the rest admit no deal, which a sound belief never gives) are they dropped and the sampler
 * marked `relaxed`; likewise when the constraints contradict each other outright, voids and all.
 */
export class DealSampler {
  readonly belief: Belief;
  /** The other seats, in order. */
  private readonly others: number[];
  /** Free bones: unknown bones not already placed by `holds`, in sampling order. */
  private readonly free: number[];
  /** For each free bone, the bitmask of `others` indexes that may hold it. */
  private readonly allowed: Int32Array;
  /** For each free bone and `others` index (`i * others + k`), the flags its choice raises. */
  private readonly raised: Int32Array;
  /** Remaining room of each of `others` once its known bones are placed. */
  private readonly capacity: Int32Array;
  /** Capacity state strides of `others` except the last (whose room follows from the rest). */
  private readonly stride: number[];
  private readonly states: number;
  /** The capacity state before the first bone: every seat's full room. */
  private readonly start: number;
  /** Flag combinations: 2^(constraints in the table). */
  private flags = 1;
  private ways: Float64Array;
  /** Consistent deals (with the constraints in the table). */
  private total = 0;
  /** Constraints enforced by redrawing (normally none). */
  private redraw: readonly Constraint[] = [];
  private readonly room = new Int32Array(4);
  private relaxedFlag = false;
  /** Constraints counted by the table (those that did not fit are redrawn: `redrawn`). */
  readonly counted: number;

  constructor(belief: Belief, options: SamplerOptions = {}) {
    this.belief = belief;
    const others: number[] = [];
    for (let s = 0; s < belief.players; s++) if (s !== belief.seat) others.push(s);
    this.others = others;
    const m = others.length;
    let placed = 0;
    for (const s of others) placed |= belief.holds[s];
    const freeMask = belief.unknown & ~placed;
    const free: number[] = [];
    for (let f = freeMask; f !== 0; f &= f - 1) free.push(lowestBone(f));
    this.free = free;
    const n = free.length;
    this.capacity = Int32Array.from(others, (s) => belief.sizes[s] - popcount(belief.holds[s]));
    this.stride = [];
    let states = 1;
    for (let k = 0; k < m - 1; k++) {
      this.stride.push(states);
      states *= Math.max(this.capacity[k], 0) + 1;
    }
    this.states = states;
    let start = 0;
    for (let k = 0; k < m - 1; k++) start += this.capacity[k] * this.stride[k];
    this.start = start;
    const sizesFit = this.capacity.every((c) => c >= 0) && this.capacity.reduce((a, b) => a + b, 0) === n;

    const reduced = sizesFit ? reduceConstraints(belief, freeMask) : null;
    let table: Constraint[] = [];
    if (reduced) {
      table = [...reduced].sort((a, b) => popcount(a.mask) - popcount(b.mask));
      const fit = Math.max(Math.floor(Math.log2((options.maxTable ?? MAX_TABLE) / ((n + 1) * states))), 0);
      this.redraw = table.slice(fit);
      table = table.slice(0, fit);
    }
    this.allowed = new Int32Array(n);
    this.raised = new Int32Array(n * m);
    this.ways = new Float64Array(0);
    if (reduced) this.fill(table, true);
    if (this.total === 0) {
      // The constraints admit no deal (never with a sound belief): keep the voids if they do.
      this.relax();
      table = [];
      if (sizesFit) this.fill([], true);
      if (this.total === 0) this.fill([], false);
    }
    this.counted = table.length;
  }

  /** The constraints admitted no deal, and some were dropped to draw anyway. */
  get relaxed(): boolean {
    return this.relaxedFlag;
  }

  /**
   * Deals the counting table admits: unless constraints are left to redrawing or dropped
   * (`relaxed`), exactly the deals consistent with the belief.
   */
  get count(): number {
    return this.total;
  }

  /** Constraints the sampler enforces by redrawing (0 unless a belief carries very many). */
  get redrawn(): number {
    return this.redraw.length;
  }

  private relax(): void {
    this.relaxedFlag = true;
    this.redraw = [];
  }

  /** Builds the counting table for `constraints` (with or without the voids) and sets `total`. */
  private fill(constraints: readonly Constraint[], withVoids: boolean): void {
    const { free, others, allowed, raised, capacity, stride, states } = this;
    const m = others.length;
    const n = free.length;
    const flags = 1 << constraints.length;
    for (let i = 0; i < n; i++) {
      const bit = 1 << free[i];
      let a = 0;
      for (let k = 0; k < m; k++) {
        const s = others[k];
        if (!withVoids || (this.belief.voids[s] & bit) === 0) a |= 1 << k;
        let r = 0;
        constraints.forEach((c, j) => {
          if ((c.mask & bit) !== 0 && (c.seat === s) === c.some) r |= 1 << j;
        });
        raised[i * m + k] = r;
      }
      allowed[i] = a;
    }
    const ways = new Float64Array((n + 1) * states * flags);
    // After the last bone: no room left (state 0) and every flag raised.
    ways[n * states * flags + flags - 1] = 1;
    const c = new Int32Array(Math.max(m - 1, 0));
    for (let i = n - 1; i >= 0; i--) {
      const left = n - i;
      for (let st = 0; st < states; st++) {
        let rest = st;
        let sum = 0;
        for (let k = 0; k < m - 1; k++) {
          const radix = Math.max(capacity[k], 0) + 1;
          c[k] = rest % radix;
          rest = (rest - c[k]) / radix;
          sum += c[k];
        }
        const last = left - sum;
        if (last < 0 || last > capacity[m - 1]) continue;
        const here = (i * states + st) * flags;
        const after = (i + 1) * states;
        for (let f = 0; f < flags; f++) {
          let total = 0;
          for (let k = 0; k < m; k++) {
            if ((allowed[i] & (1 << k)) === 0) continue;
            let next = st;
            if (k < m - 1) {
              if (c[k] === 0) continue;
              next -= stride[k];
            } else if (last === 0) continue;
            total += ways[(after + next) * flags + (f | raised[i * m + k])];
          }
          ways[here + f] = total;
        }
      }
    }
    this.ways = ways;
    this.flags = flags;
    this.total = ways[this.start * flags];
  }

  /**
   * Writes one consistent deal into `out` (a mask per seat; the observer's own hand included),
   * drawn uniformly among all of them.
   */
  sample(rng: Rng, out: Int32Array): void {
    const redraw = this.redraw;
    this.draw(rng, out);
    if (redraw.length === 0) return;
    for (let attempt = 1; !meets(redraw, out); attempt++) {
      if (attempt === REDRAW_LIMIT) {
        this.relax();
        return;
      }
      this.draw(rng, out);
    }
  }

  private draw(rng: Rng, out: Int32Array): void {
    const { free, others, allowed, raised, ways, states, stride, flags, room } = this;
    const b = this.belief;
    const m = others.length;
    out.fill(0);
    out[b.seat] = b.own;
    for (let k = 0; k < m; k++) {
      out[others[k]] = b.holds[others[k]];
      room[k] = this.capacity[k];
    }
    if (this.total === 0) {
      // Only if the hand sizes themselves do not add up: place each bone anywhere with room.
      for (let i = 0; i < free.length; i++) {
        for (let k = 0; k < m; k++) {
          if (room[k] > 0) {
            out[others[k]] |= 1 << free[i];
            room[k]--;
            break;
          }
        }
      }
      return;
    }
    let r = below(rng, this.total);
    let st = this.start;
    let f = 0;
    for (let i = 0; i < free.length; i++) {
      const after = (i + 1) * states;
      let chosen = -1;
      for (let k = 0; k < m; k++) {
        if ((allowed[i] & (1 << k)) === 0 || room[k] === 0) continue;
        const next = k < m - 1 ? st - stride[k] : st;
        const raisedF = f | raised[i * m + k];
        const w = ways[(after + next) * flags + raisedF];
        chosen = k;
        if (r < w) {
          st = next;
          f = raisedF;
          break;
        }
        r -= w;
      }
      out[others[chosen]] |= 1 << free[i];
      room[chosen]--;
    }
  }
}

/**
 * The belief's "at least one of" / "not all of" constraints on the other seats, reduced to the
 * free bones that decide them (see `DealSampler`), or null if one of them can never be met.
 */
function reduceConstraints(belief: Belief, freeMask: number): Constraint[] | null {
  const all: Constraint[] = [];
  for (const c of belief.atLeastOne) {
    if (c.seat === belief.seat || (belief.holds[c.seat] & c.mask) !== 0) continue;
    const mask = c.mask & freeMask & ~belief.voids[c.seat];
    if (mask === 0) return null;
    all.push({ seat: c.seat, mask, some: true });
  }
  for (const c of belief.notAll) {
    if (c.seat === belief.seat) continue;
    const mask = c.mask & belief.unknown;
    const mayHold = belief.holds[c.seat] | (freeMask & ~belief.voids[c.seat]);
    if ((mask & ~mayHold) !== 0) continue;
    if ((mask & freeMask) === 0) return null;
    all.push({ seat: c.seat, mask: mask & freeMask, some: false });
  }
  // A constraint implied by another of the same seat and kind goes (of two equal ones, the later).
  return all.filter((c, i) =>
    all.every(
      (d, j) =>
        j === i || d.seat !== c.seat || d.some !== c.some || (d.mask & ~c.mask) !== 0 || (d.mask === c.mask && j > i),
    ),
  );
}

/** Whether `out` meets every constraint of `list`. */
function meets(list: readonly Constraint[], out: Int32Array): boolean {
  for (const c of list) {
    const held = out[c.seat] & c.mask;
    if (c.some ? held === 0 : held === c.mask) return false;
  }
  return true;
}

/**
 * A uniform integer in [0, n), n ≤ 2^53, exactly: uniform words are drawn again while they fall in
 * the incomplete last block, so every value covers the same number of words.
 */
function below(rng: Rng, n: number): number {
  if (n <= TWO_32) {
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const u = rng.nextU32();
      if (u < limit) return u % n;
    }
  }
  const limit = TWO_53 - (TWO_53 % n);
  for (;;) {
    const u = rng.nextU32() * 2097152 + (rng.nextU32() >>> 11);
    if (u < limit) return u % n;
  }
}

/**
 * The voids the table knew just before each move of the hand's history: entry `4 * i + s` is the
 * bones seat s was known not to hold before `view.history[i]` was made, by the same public facts
 * as `beliefFrom` (`replayPublic`), less the bones known held. The medium bot at move i played
 * with these voids (`beliefFrom` of its view then, on the bones that were still out and not its
 * own), so the opponent model replays its choices with them (`model.ts`).
 */
export function voidsBefore(view: SeatView): Int32Array {
  const out = new Int32Array(view.history.length * 4);
  if (view.table) replayPublic(view, view.table, handConfig(view.rules), out);
  return out;
}
