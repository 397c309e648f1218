/**
 * One hand, from the pose to domino or block: the hot core that bots search and every other
 * layer replays. State is a handful of integers and small typed arrays so that `copyFrom` is a
 * few memory copies and `apply` allocates nothing.
 *
 * The two layouts are the variant hooks at this level:
 * - cross (French, F3–F4): four arms around a posed double; an arm showing n accepts n-n while
 *   it is unplayed, and any n-x only once n-n is on the board;
 * - line (Cut Throat, Partner, C2): two ends; any bone matching an end.
 * Pass penalties (F5–F7) exist only where the rules give them a value (French).
 */

import {
  ALL_BONES,
  type Bone,
  type BoneMask,
  boneHigh,
  boneLow,
  DOUBLE,
  DOUBLES,
  isDouble,
  lowestBone,
  makeBone,
  otherEnd,
  pipCount,
  popcount,
  SUIT,
} from "./bones.js";
import { type Refusal, refusal } from "./refusal.js";
import type { Rules } from "./rules.js";

/** A move: a play is `bone << 2 | target`; the pose uses target 0; PASS is a pass. */
export type Move = number;
export const PASS: Move = 28 << 2;
/** Flag on a refused, charged attempt at an illegal play (F5) as kept in a hand's moves. */
export const ATTEMPT = 1 << 8;

export function playMove(bone: Bone, target: number): Move {
  return (bone << 2) | target;
}
export function moveBone(move: Move): Bone {
  return move >> 2;
}
export function moveTarget(move: Move): number {
  return move & 3;
}

export const CROSS = 0;
export const LINE = 1;
export type Layout = typeof CROSS | typeof LINE;

/** Target names: arms of the cross, ends of the line. */
export const CROSS_TARGETS = ["N", "E", "S", "W"] as const;
export const LINE_TARGETS = ["L", "R"] as const;

export const POSE = 0;
export const PLAYING = 1;
export const OVER = 2;

export const END_NONE = 0;
export const END_DOMINO = 1;
export const END_BLOCKED = 2;

/** Kinds of penalty, as indexes into `penaltiesByKind`. */
export const PENALTY_KINDS = ["passWhenAble", "passStreak", "boardPass", "illegalPlay"] as const;
export type PenaltyKind = (typeof PENALTY_KINDS)[number];
const P_ABLE = 0;
const P_STREAK = 1;
const P_BOARD = 2;
const P_ILLEGAL = 3;

/** Everything about a table that a hand needs, derived once from the rules. */
export interface HandConfig {
  readonly players: number;
  readonly layout: Layout;
  /** Bones in the game: all 28, or 27 without 0-0 for three-player Cut Throat (C1). */
  readonly inPlay: BoneMask;
  /** Partner: a tied block within one team is that team's win (P3). */
  readonly teams: boolean;
  readonly doubleBlankValue: number;
  /** A pass by a player who could play is allowed (and charged), F5. */
  readonly penaltyPass: boolean;
  readonly passWhenAblePenalty: number;
  readonly passStreakPenalty: number;
  readonly boardPassPenalty: number;
  readonly illegalPlayPenalty: number;
}

export function handConfig(rules: Rules): HandConfig {
  if (rules.game === "french") {
    const o = rules.options;
    return {
      players: 4,
      layout: CROSS,
      inPlay: ALL_BONES,
      teams: false,
      doubleBlankValue: o.doubleBlankValue,
      penaltyPass: o.penaltyPass,
      passWhenAblePenalty: o.passWhenAblePenalty,
      passStreakPenalty: o.passStreakPenalty,
      boardPassPenalty: o.boardPassPenalty,
      illegalPlayPenalty: o.illegalPlayPenalty,
    };
  }
  return {
    players: rules.players,
    layout: LINE,
    inPlay: rules.players === 3 ? ALL_BONES & ~DOUBLE[0] : ALL_BONES,
    teams: rules.game === "partner",
    doubleBlankValue: 0,
    penaltyPass: false,
    passWhenAblePenalty: 0,
    passStreakPenalty: 0,
    boardPassPenalty: 0,
    illegalPlayPenalty: 0,
  };
}

/** The public part of a HandState, as plain data (see HandState.toTable). */
export interface PublicTable {
  readonly handSizes: readonly number[];
  readonly played: BoneMask;
  readonly ends: readonly number[];
  readonly emptyArms: number;
  readonly poseValue: number;
  readonly phase: number;
  readonly turn: number;
  readonly poseMask: BoneMask;
  readonly streak: readonly number[];
  readonly penaltiesByKind: readonly number[];
  readonly boardPassPending: number;
  readonly lastPlayer: number;
  readonly lastBone: number;
  readonly moveCount: number;
  readonly end: number;
  readonly winner: number;
}

export class HandState {
  readonly config: HandConfig;
  readonly players: number;
  readonly layout: Layout;
  /** Number of targets: 4 arms or 2 ends. */
  readonly targets: number;
  /** Copied from the config: read on every play, and a field is one load closer. */
  private readonly inPlay: BoneMask;
  private readonly boardPass: boolean;

  /** Bones held by each seat. */
  readonly hands = new Int32Array(4);
  /** Bones on the board. */
  played = 0;
  /** Number showing at each target; -1 for an arm not yet started. */
  readonly ends = new Int8Array(4);
  /** Arms not yet started (cross phase while > 0). */
  emptyArms = 0;
  /** The number of the posed double (cross) or -1. */
  poseValue = -1;
  phase = POSE;
  turn = 0;
  /** Bones the rules allow as the pose (the poser must also hold one). */
  poseMask = 0;
  /** Consecutive passes per seat (F6). */
  readonly streak = new Int8Array(4);
  /** Penalty points per seat and kind: index seat * 4 + kind. */
  readonly penaltiesByKind = new Int32Array(16);
  /** Seats still to be charged for the current board pass (F7). */
  boardPassPending = 0;
  lastPlayer = -1;
  lastBone = -1;
  /** Moves applied (plays and passes; refused attempts are not moves). */
  moveCount = 0;
  end = END_NONE;
  winner = -1;

  constructor(config: HandConfig) {
    this.config = config;
    this.players = config.players;
    this.layout = config.layout;
    this.targets = config.layout === CROSS ? 4 : 2;
    this.inPlay = config.inPlay;
    this.boardPass = config.boardPassPenalty > 0;
  }

  /** A hand about to be posed by `poser`, who may pose any bone of `poseMask` they hold. */
  static deal(config: HandConfig, deal: ArrayLike<BoneMask>, poser: number, poseMask: BoneMask): HandState {
    return new HandState(config).reset(deal, poser, poseMask);
  }

  /** Makes this state a fresh hand (see `deal`) without allocating. */
  reset(deal: ArrayLike<BoneMask>, poser: number, poseMask: BoneMask): this {
    for (let i = 0; i < this.players; i++) this.hands[i] = deal[i];
    this.played = 0;
    this.ends.fill(-1);
    this.emptyArms = 0;
    this.poseValue = -1;
    this.phase = POSE;
    this.turn = poser;
    this.poseMask = poseMask;
    this.streak.fill(0);
    this.penaltiesByKind.fill(0);
    this.boardPassPending = 0;
    this.lastPlayer = -1;
    this.lastBone = -1;
    this.moveCount = 0;
    this.end = END_NONE;
    this.winner = -1;
    return this;
  }

  clone(): HandState {
    return new HandState(this.config).copyFrom(this);
  }

  /** Makes this state equal to `o` (same config) without allocating. */
  copyFrom(o: HandState): this {
    this.hands.set(o.hands);
    this.played = o.played;
    this.ends.set(o.ends);
    this.emptyArms = o.emptyArms;
    this.poseValue = o.poseValue;
    this.phase = o.phase;
    this.turn = o.turn;
    this.poseMask = o.poseMask;
    this.streak.set(o.streak);
    this.penaltiesByKind.set(o.penaltiesByKind);
    this.boardPassPending = o.boardPassPending;
    this.lastPlayer = o.lastPlayer;
    this.lastBone = o.lastBone;
    this.moveCount = o.moveCount;
    this.end = o.end;
    this.winner = o.winner;
    return this;
  }

  /**
   * The hand without the hands themselves. Almost all of it is public; `viewFor` also hides which
   * other seats a board pass is still waiting on (it follows from their hands).
   */
  toTable(): PublicTable {
    return {
      handSizes: Array.from(this.hands.subarray(0, this.players), popcount),
      played: this.played,
      ends: Array.from(this.ends.subarray(0, this.targets)),
      emptyArms: this.emptyArms,
      poseValue: this.poseValue,
      phase: this.phase,
      turn: this.turn,
      poseMask: this.poseMask,
      streak: Array.from(this.streak.subarray(0, this.players)),
      penaltiesByKind: Array.from(this.penaltiesByKind.subarray(0, this.players * 4)),
      boardPassPending: this.boardPassPending,
      lastPlayer: this.lastPlayer,
      lastBone: this.lastBone,
      moveCount: this.moveCount,
      end: this.end,
      winner: this.winner,
    };
  }

  /**
   * The hand a public table describes, completed with hands for every seat: how a search that
   * may not see the hidden hands turns one guess of them into a position it can play out.
   */
  static fromTable(config: HandConfig, table: PublicTable, hands: ArrayLike<BoneMask>): HandState {
    const s = new HandState(config);
    for (let i = 0; i < config.players; i++) s.hands[i] = hands[i];
    s.played = table.played;
    s.ends.fill(-1);
    s.ends.set(table.ends);
    s.emptyArms = table.emptyArms;
    s.poseValue = table.poseValue;
    s.phase = table.phase;
    s.turn = table.turn;
    s.poseMask = table.poseMask;
    s.streak.set(table.streak);
    s.penaltiesByKind.set(table.penaltiesByKind);
    s.boardPassPending = table.boardPassPending;
    s.lastPlayer = table.lastPlayer;
    s.lastBone = table.lastBone;
    s.moveCount = table.moveCount;
    s.end = table.end;
    s.winner = table.winner;
    return s;
  }

  get over(): boolean {
    return this.phase === OVER;
  }

  /** Bones dealt and not yet played. */
  get unplayed(): BoneMask {
    return this.inPlay & ~this.played;
  }

  /** Bones an end showing `n` accepts (cross: gated by the double, F4; line: the suit, C2). */
  accepts(n: number): BoneMask {
    if (this.layout === LINE) return SUIT[n];
    return (this.played & DOUBLE[n]) !== 0 ? SUIT[n] : DOUBLE[n];
  }

  /** Every bone that could be played somewhere now, by anyone. */
  playable(): BoneMask {
    if (this.phase === POSE) return this.poseMask;
    if (this.layout === LINE) return SUIT[this.ends[0]] | SUIT[this.ends[1]];
    return this.emptyArms > 0 ? SUIT[this.poseValue] : this.crossPlayable();
  }

  /** F4 over the four started arms. */
  private crossPlayable(): BoneMask {
    const e = this.ends;
    const p = this.played;
    const a = e[0];
    const b = e[1];
    const c = e[2];
    const d = e[3];
    return (
      ((p & DOUBLE[a]) !== 0 ? SUIT[a] : DOUBLE[a]) |
      ((p & DOUBLE[b]) !== 0 ? SUIT[b] : DOUBLE[b]) |
      ((p & DOUBLE[c]) !== 0 ? SUIT[c] : DOUBLE[c]) |
      ((p & DOUBLE[d]) !== 0 ? SUIT[d] : DOUBLE[d])
    );
  }

  /** Whether the seat to act holds a legal play. */
  canPlay(): boolean {
    return (this.hands[this.turn] & this.playable()) !== 0;
  }

  /**
   * Writes the legal plays of the seat to act into `out` and returns how many. Targets showing
   * the same number lead to the same position up to naming, so only the first of them (in N, E,
   * S, W or L, R order) is offered; during the cross that is the first empty arm, as in the
   * record notation. Passes are not included (see `legalMoves`).
   */
  legalPlays(out: Int32Array | Move[]): number {
    const hand = this.hands[this.turn];
    let n = 0;
    if (this.phase === POSE) {
      for (let m = this.poseMask & hand; m !== 0; m &= m - 1) out[n++] = lowestBone(m) << 2;
      return n;
    }
    if (this.phase === OVER) return 0;
    if (this.emptyArms > 0) {
      let t = 0;
      while (this.ends[t] !== -1) t++;
      for (let m = hand & SUIT[this.poseValue]; m !== 0; m &= m - 1) out[n++] = (lowestBone(m) << 2) | t;
      return n;
    }
    const ends = this.ends;
    for (let t = 0; t < this.targets; t++) {
      const v = ends[t];
      let seen = false;
      for (let u = 0; u < t; u++) if (ends[u] === v) seen = true;
      if (seen) continue;
      for (let m = hand & this.accepts(v); m !== 0; m &= m - 1) out[n++] = (lowestBone(m) << 2) | t;
    }
    return n;
  }

  /** Legal plays, then PASS where a pass is allowed. */
  legalMoves(out: Int32Array | Move[]): number {
    const n = this.legalPlays(out);
    if (this.phase === PLAYING && (n === 0 || this.config.penaltyPass)) {
      out[n] = PASS;
      return n + 1;
    }
    return n;
  }

  /**
   * Whether the seat to act may put `bone` (which it holds) on `target`. Unlike `legalPlays`, any
   * of several equivalent targets is accepted, as a player may choose any empty arm or either of
   * two equal ends.
   */
  fits(bone: Bone, target: number): boolean {
    if (this.phase === POSE) return (this.poseMask & (1 << bone)) !== 0;
    if (this.phase === OVER || !(target >= 0 && target < this.targets)) return false;
    const v = this.ends[target];
    if (this.emptyArms > 0) return v === -1 && (SUIT[this.poseValue] & (1 << bone)) !== 0;
    return (this.accepts(v) & (1 << bone)) !== 0;
  }

  /** Why `bone` may not go on `target` for the seat to act, or undefined when it may (`fits`). */
  refusePlay(bone: Bone, target: number): Refusal | undefined {
    const seat = this.turn;
    const name = makeBone(bone);
    if (this.phase === OVER) return refusal("hand-over", {});
    if ((this.hands[seat] & (1 << bone)) === 0) return refusal("not-held", { seat, bone: name });
    if (this.phase === POSE) {
      if ((this.poseMask & (1 << bone)) !== 0) return undefined;
      const must =
        (this.poseMask & ~DOUBLES) === 0 && popcount(this.poseMask) > 1 ? null : makeBone(lowestBone(this.poseMask));
      return refusal("wrong-pose", { seat, bone: name, must });
    }
    const names = this.targetNames();
    if (!(Number.isInteger(target) && target >= 0 && target < this.targets)) {
      return refusal("unknown-target", { text: String(target), targets: names });
    }
    if (this.fits(bone, target)) return undefined;
    const where = names[target];
    const v = this.ends[target];
    if (this.emptyArms > 0) {
      if (v !== -1) return refusal("arm-started", { seat, bone: name, target: where });
      return refusal("needs-pose-number", { seat, bone: name, target: where, pose: this.poseValue });
    }
    if ((SUIT[v] & (1 << bone)) === 0) {
      return refusal("does-not-fit", { seat, bone: name, target: where, shows: v, ends: this.endsByName() });
    }
    return refusal("double-not-down", { seat, bone: name, target: where, shows: v });
  }

  /**
   * Why `bone` fits nowhere, for a play that named no target, or undefined when it fits
   * somewhere. The refusal names the target a player would have aimed at: the first empty arm
   * during the cross, else the first end showing one of the bone's numbers; when no end does, it
   * names none (`does-not-fit` with every end).
   */
  refuseAnywhere(bone: Bone): Refusal | undefined {
    if (this.phase !== PLAYING || (this.hands[this.turn] & (1 << bone)) === 0) return this.refusePlay(bone, 0);
    for (let t = 0; t < this.targets; t++) if (this.fits(bone, t)) return undefined;
    const aim = this.aimFor(bone);
    if (aim >= 0) return this.refusePlay(bone, aim);
    const ends = this.endsByName();
    return refusal("does-not-fit", { seat: this.turn, bone: makeBone(bone), target: null, shows: null, ends });
  }

  /** The target a play of `bone` aims at without naming one (see `refuseAnywhere`), or -1. */
  aimFor(bone: Bone): number {
    if (this.emptyArms > 0) return this.ends.indexOf(-1);
    for (let t = 0; t < this.targets; t++) {
      const v = this.ends[t];
      if ((SUIT[v] & (1 << bone)) !== 0) return t;
    }
    return -1;
  }

  /**
   * Every target where the seat to act may put `bone`, equivalent ones included (a UI lets the
   * player choose any empty arm); [0] for a pose it may make; empty when the bone cannot go.
   */
  targetsFor(bone: Bone): number[] {
    if ((this.hands[this.turn] & (1 << bone)) === 0) return [];
    if (this.phase === POSE) return this.fits(bone, 0) ? [0] : [];
    const out: number[] = [];
    for (let t = 0; t < this.targets; t++) if (this.fits(bone, t)) out.push(t);
    return out;
  }

  /** Why the seat to act may not pass, or undefined when it may. */
  refusePass(): Refusal | undefined {
    if (this.phase === OVER) return refusal("hand-over", {});
    if (this.phase === POSE) return refusal("must-pose", { seat: this.turn });
    if (this.config.penaltyPass || !this.canPlay()) return undefined;
    const m = this.hands[this.turn] & this.playable();
    return refusal("must-play", { seat: this.turn, bone: makeBone(lowestBone(m)) });
  }

  /** Names of the targets: N, E, S, W or L, R. */
  targetNames(): readonly string[] {
    return this.layout === CROSS ? CROSS_TARGETS : LINE_TARGETS;
  }

  /** What each target shows, by name (an empty arm shows -1). */
  endsByName(): Record<string, number> {
    const names = this.targetNames();
    const out: Record<string, number> = {};
    for (let t = 0; t < this.targets; t++) out[names[t]] = this.ends[t];
    return out;
  }

  /** Applies a legal move (check with `refusePlay`/`refusePass` first when it may not be). */
  apply(move: Move): void {
    if (move === PASS) this.pass();
    else this.play(move >> 2, move & 3);
  }

  private pass(): void {
    const seat = this.turn;
    const c = this.config;
    const at = seat << 2;
    if (c.passWhenAblePenalty > 0 && this.canPlay()) this.penaltiesByKind[at + P_ABLE] += c.passWhenAblePenalty;
    if ((this.boardPassPending & (1 << seat)) !== 0) {
      this.boardPassPending &= ~(1 << seat);
      this.penaltiesByKind[at + P_BOARD] += c.boardPassPenalty;
    }
    if (c.passStreakPenalty > 0 && ++this.streak[seat] === 3) {
      this.streak[seat] = 0;
      this.penaltiesByKind[at + P_STREAK] += c.passStreakPenalty;
    }
    this.moveCount++;
    this.turn = seat + 1 === this.players ? 0 : seat + 1;
  }

  private play(bone: Bone, target: number): void {
    const seat = this.turn;
    const bit = 1 << bone;
    this.hands[seat] &= ~bit;
    this.played |= bit;
    if (this.phase === POSE) {
      this.phase = PLAYING;
      if (this.layout === CROSS) {
        this.poseValue = boneLow(bone);
        this.emptyArms = 4;
      } else {
        this.ends[0] = boneLow(bone);
        this.ends[1] = boneHigh(bone);
      }
    } else if (this.emptyArms > 0) {
      this.ends[target] = otherEnd(bone, this.poseValue);
      this.emptyArms--;
    } else {
      this.ends[target] = otherEnd(bone, this.ends[target]);
    }
    this.streak[seat] = 0;
    this.lastPlayer = seat;
    this.lastBone = bone;
    this.moveCount++;
    this.boardPassPending = 0;
    if (this.hands[seat] === 0) {
      this.finish(END_DOMINO, seat);
      return;
    }
    const ends = this.ends;
    const playable =
      this.layout === LINE
        ? SUIT[ends[0]] | SUIT[ends[1]]
        : this.emptyArms > 0
          ? SUIT[this.poseValue]
          : this.crossPlayable();
    const unplayed = this.inPlay & ~this.played;
    if ((unplayed & playable) === 0) {
      this.finish(END_BLOCKED, this.blockedWinner());
      return;
    }
    // F7: nobody else can answer this play, so each of them will pass before `seat` acts again.
    if (this.boardPass && (unplayed & ~this.hands[seat] & playable) === 0) {
      this.boardPassPending = ((1 << this.players) - 1) & ~(1 << seat);
    }
    this.turn = seat + 1 === this.players ? 0 : seat + 1;
  }

  private finish(end: number, winner: number): void {
    this.phase = OVER;
    this.end = end;
    this.winner = winner;
  }

  /** Pips left in a seat's hand, 0-0 valued by the rules. */
  count(seat: number): number {
    return pipCount(this.hands[seat], this.config.doubleBlankValue);
  }

  /**
   * F8/C5/P3: the lowest count wins a blocked hand; a shared lowest count is no winner, except in
   * Partner when all who share it are partners: then the one whose turn comes first wins.
   */
  private blockedWinner(): number {
    let best = Infinity;
    let tied = 0;
    for (let s = 0; s < this.players; s++) {
      const c = this.count(s);
      if (c < best) {
        best = c;
        tied = 1 << s;
      } else if (c === best) tied |= 1 << s;
    }
    const first = lowestBone(tied); // lowest set bit: the same trick serves seats
    if ((tied & (tied - 1)) === 0) return first;
    if (!this.config.teams) return -1;
    const team0 = 0b0101;
    if ((tied & team0) !== 0 && (tied & ~team0) !== 0) return -1;
    for (let k = 1; k <= this.players; k++) {
      const s = (this.lastPlayer + k) % this.players;
      if ((tied & (1 << s)) !== 0) return s;
    }
    return -1;
  }

  /** Total penalty points charged to a seat in this hand. */
  penalties(seat: number): number {
    const p = this.penaltiesByKind;
    const at = seat << 2;
    return p[at] + p[at + 1] + p[at + 2] + p[at + 3];
  }

  /**
   * F5 with `illegalPlayPenalty` > 0: a refused attempt costs points and changes nothing else
   * (not a play, not a pass: no streak, no board pass).
   */
  chargeIllegalAttempt(): void {
    this.penaltiesByKind[(this.turn << 2) + P_ILLEGAL] += this.config.illegalPlayPenalty;
  }

  /** Whether the hand's winner went out with a double (F9b). */
  get dominoWithDouble(): boolean {
    return this.end === END_DOMINO && isDouble(this.lastBone);
  }
}
