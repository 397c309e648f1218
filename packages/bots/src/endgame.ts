/**
 * Exact endgames: alpha-beta over one deal with every hand known (a sampled deal inside the
 * search), with a transposition table on the engine's fast state.
 *
 * The value is the observer's reward at the end of the hand. The observer (and in Partner its
 * partner) maximises it; the other seats either minimise it (*paranoid*: exact in Partner, two
 * teams with one reward) or, given `opponent`, play the move it picks (the search's model of the
 * others, as in its rollouts: then the value is the best the observer's side can do against
 * that model). Paranoid play measured worse in French, where three seats do not combine against
 * one (docs/bots.md).
 *
 * Moves are those the search allows past the root: any legal play, and a pass only when there is
 * none (a pass while able costs points, F5, and never helps once the hands are known).
 */

import { type HandState, PASS } from "@crossbones/engine";

/** A terminal position's value for the observer, and the observer's points there. */
export type Evaluate = (state: HandState) => { readonly value: number; readonly points: number };

const EXACT = 0;
const LOWER = 1;
const UPPER = 2;

/** Entries kept before the table is cleared (about 40 bytes each in the typed arrays). */
const TABLE_SIZE = 1 << 18;

function mix(h: number, x: number): number {
  h = Math.imul(h ^ x, 0x9e3779b1);
  return h ^ (h >>> 15);
}

/** A 53-bit key of everything in a hand that decides how it can end (the played bones follow from the hands). */
export function positionKey(s: HandState): number {
  let a = 0x2545f491;
  let b = 0x68e31da4;
  for (let i = 0; i < s.players; i++) {
    a = mix(a, s.hands[i]);
    b = mix(b, s.hands[i] + 0x3c6ef372 * (i + 1));
  }
  let ends = 0;
  for (let i = 0; i < 4; i++) ends |= (s.ends[i] + 1) << (3 * i);
  const shape =
    ends |
    (s.emptyArms << 12) |
    (s.turn << 15) |
    ((s.poseValue + 1) << 17) |
    (s.phase << 21) |
    (s.moveCount > 0 ? 1 << 23 : 0);
  a = mix(a, shape);
  b = mix(b, shape ^ 0x5bd1e995);
  let streaks = s.boardPassPending << 8;
  for (let i = 0; i < s.players; i++) streaks |= s.streak[i] << (2 * i);
  a = mix(a, streaks);
  b = mix(b, streaks + 0x1b873593);
  for (let i = 0; i < s.players; i++) {
    const p = s.penalties(i);
    a = mix(a, p + i * 0x10000);
    b = mix(b, p ^ (i * 0x7feb352d));
  }
  a = mix(a, a >>> 13);
  b = mix(b, b >>> 16);
  return (a >>> 0) * 0x200000 + (b & 0x1fffff);
}

export class EndgameSolver {
  private readonly stack: HandState[] = [];
  private readonly moves: Int32Array[] = [];
  private readonly index = new Map<number, number>();
  private readonly values = new Float64Array(TABLE_SIZE);
  private readonly pointsAt = new Float64Array(TABLE_SIZE);
  private readonly flags = new Uint8Array(TABLE_SIZE);
  private readonly bestMoves = new Int32Array(TABLE_SIZE);
  private readonly friends: number;
  /** The observer's points at the leaf that gave the last value. */
  points = 0;
  /** Positions searched (for measurements). */
  nodes = 0;

  constructor(
    template: HandState,
    readonly observer: number,
    private readonly evaluate: Evaluate,
    /** The move another seat plays (it must be legal, a pass only when there is no play); null: paranoid. */
    private readonly opponent: ((state: HandState) => number) | null = null,
  ) {
    const teams = template.config.teams;
    let friends = 0;
    for (let s = 0; s < template.players; s++) {
      if (s === observer || (teams && (s & 1) === (observer & 1))) friends |= 1 << s;
    }
    this.friends = friends;
  }

  /** The exact (paranoid) value of `state` for the observer; `points` is set too. */
  solve(state: HandState): number {
    if (this.stack.length === 0) this.grow(0, state);
    this.stack[0].copyFrom(state);
    return this.search(0, -Infinity, Infinity);
  }

  private grow(depth: number, template: HandState): void {
    while (this.stack.length <= depth) {
      this.stack.push(template.clone());
      this.moves.push(new Int32Array(64));
    }
  }

  private search(depth: number, alpha: number, beta: number): number {
    this.nodes++;
    const s = this.stack[depth];
    if (s.phase === 2) {
      const leaf = this.evaluate(s);
      this.points = leaf.points;
      return leaf.value;
    }
    const key = positionKey(s);
    let slot = this.index.get(key);
    let first = -1;
    if (slot !== undefined) {
      const v = this.values[slot];
      const flag = this.flags[slot];
      if (flag === EXACT || (flag === LOWER && v >= beta) || (flag === UPPER && v <= alpha)) {
        this.points = this.pointsAt[slot];
        return v;
      }
      first = this.bestMoves[slot];
    }
    const a0 = alpha;
    const b0 = beta;
    const maximising = (this.friends & (1 << s.turn)) !== 0;
    const moves = this.moves[depth];
    let n: number;
    if (!maximising && this.opponent !== null) {
      moves[0] = this.opponent(s);
      n = 1;
    } else {
      n = s.legalPlays(moves);
      if (n === 0) {
        moves[0] = PASS;
        n = 1;
      }
    }
    // The table's best move first: it usually cuts at once.
    if (first !== -1) {
      for (let i = 1; i < n; i++) {
        if (moves[i] === first) {
          moves[i] = moves[0];
          moves[0] = first;
          break;
        }
      }
    }
    if (this.stack.length <= depth + 1) this.grow(depth + 1, s);
    const child = this.stack[depth + 1];
    let best = maximising ? -Infinity : Infinity;
    let bestPoints = 0;
    let bestMove = moves[0];
    for (let i = 0; i < n; i++) {
      child.copyFrom(s);
      child.apply(moves[i]);
      const v = this.search(depth + 1, alpha, beta);
      if (maximising ? v > best : v < best) {
        best = v;
        bestPoints = this.points;
        bestMove = moves[i];
        if (maximising) {
          if (v > alpha) alpha = v;
        } else if (v < beta) beta = v;
        if (alpha >= beta) break;
      }
    }
    // Looked up again: the table may have been cleared while the children were searched.
    slot = this.index.get(key);
    if (slot === undefined) {
      if (this.index.size >= TABLE_SIZE) this.index.clear();
      slot = this.index.size;
      this.index.set(key, slot);
    }
    this.values[slot] = best;
    this.pointsAt[slot] = bestPoints;
    this.flags[slot] = best <= a0 ? UPPER : best >= b0 ? LOWER : EXACT;
    this.bestMoves[slot] = bestMove;
    this.points = bestPoints;
    return best;
  }
}

/** Bones still in the players' hands. */
export function bonesLeft(s: HandState): number {
  let n = 0;
  for (let i = 0; i < s.players; i++) {
    for (let m = s.hands[i]; m !== 0; m &= m - 1) n++;
  }
  return n;
}
