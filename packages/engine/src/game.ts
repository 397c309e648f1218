/**
 * A whole game: the hands of a French set or a Cut Throat / Partner match, their results and the
 * running totals. Values are immutable: every change returns a new Game, so a UI can keep history
 * and a server can compare versions. The hand inside (`state`) is shared between versions and
 * must be treated as read-only; search code clones it.
 *
 * Variant hooks at this level: who poses (F2 / C3 / P2), what a hand is worth (F9 / C6–C8), and
 * when the game ends (F10 / C7).
 */

import { type Bone, type BoneMask, DOUBLE, DOUBLES, makeBone, popcount } from "./bones.js";
import {
  ATTEMPT,
  END_DOMINO,
  type HandConfig,
  HandState,
  handConfig,
  type Move,
  moveBone,
  moveTarget,
  PASS,
  PENALTY_KINDS,
  type PenaltyKind,
  POSE,
} from "./hand.js";
import { err, ok, type Result } from "./result.js";
import type { Rng } from "./rng.js";
import { type LineOptions, parseRules, type Rules, sideCount, sideOf } from "./rules.js";
import { type FrenchScore, scoreFrenchHand } from "./scoring.js";

/** How the next hand is posed. */
export type PoseRule =
  /** The holder of this bone poses it: 0-0 (F2a, F2d) or 6-6 (C3). */
  | { readonly kind: "holder"; readonly bone: Bone }
  /** The previous hand's winner poses (F2b/F2c: any double; C3/P2: any bone). */
  | { readonly kind: "winner"; readonly seat: number };

export interface NextHand {
  readonly pose: PoseRule;
  /** Line games: points the hand's winner scores (2 after a draw, C6). */
  readonly worth: number;
  /** Line games: a one-all-play-two hand (C8). */
  readonly oneAllPlayTwo: boolean;
}

export type GameEvent =
  | { readonly type: "pose"; readonly move: number; readonly seat: number; readonly bone: Bone }
  | {
      readonly type: "play";
      readonly move: number;
      readonly seat: number;
      readonly bone: Bone;
      readonly target: number;
    }
  /* Whether the passer could have played is not part of a pass: at a table nobody knows unless
     the pass was charged (the passWhenAble penalty event says so). */
  | { readonly type: "pass"; readonly move: number; readonly seat: number }
  | {
      readonly type: "illegalAttempt";
      readonly move: number;
      readonly seat: number;
      readonly bone: Bone;
      readonly target: number;
    }
  | {
      readonly type: "penalty";
      readonly move: number;
      readonly seat: number;
      readonly kind: PenaltyKind;
      readonly points: number;
    }
  | {
      readonly type: "handEnd";
      readonly move: number;
      readonly end: "domino" | "blocked";
      readonly winner: number | null;
    }
  | { readonly type: "bruk"; readonly move: number }
  | { readonly type: "oneAllPlayTwo"; readonly move: number }
  | { readonly type: "gameEnd"; readonly move: number; readonly winner: number; readonly sixLove: boolean };

/** Cut Throat / Partner: what a hand did to the match. */
export interface LineOutcome {
  /** Points the winner's side gained (0 on a draw). */
  readonly worth: number;
  readonly draw: boolean;
  readonly oneAllPlayTwo: boolean;
  /** Every side had a point, so the scores went back to love (C7 six-love). */
  readonly bruk: boolean;
}

export interface HandResult {
  readonly end: "domino" | "blocked";
  readonly winner: number | null;
  /** Pips left per seat (0-0 valued by the rules). */
  readonly counts: readonly number[];
  /** French: hand score per seat after multipliers; zeros in the line games. */
  readonly score: readonly number[];
  /** French: penalty points charged in the hand per seat; zeros in the line games. */
  readonly penalties: readonly number[];
  /** Line games: points won per side (player, or team in Partner); null in French. */
  readonly points: readonly number[] | null;
  readonly french: readonly FrenchScore[] | null;
  readonly line: LineOutcome | null;
}

export interface HandLog {
  readonly deal: readonly BoneMask[];
  readonly poser: number;
  readonly rule: NextHand;
  /** Moves in order; a refused attempt is `ATTEMPT | playMove(bone, target)`. */
  readonly moves: readonly number[];
  /** The seat that made each move. */
  readonly seats: readonly number[];
  readonly events: readonly GameEvent[];
  readonly result: HandResult | null;
}

export interface Game {
  readonly rules: Rules;
  readonly config: HandConfig;
  readonly hands: readonly HandLog[];
  /** The last hand's state (read-only), or null before the first deal. */
  readonly state: HandState | null;
  /** Totals per side after the finished hands: French points, or match points. */
  readonly totals: readonly number[];
  readonly next: NextHand;
  readonly finished: boolean;
  /** The set or match winner: a seat, or a team in Partner. */
  readonly winner: number | null;
  /** Line games: the winner left every opponent on love. */
  readonly sixLove: boolean;
}

/** An unvalidated description of a new game, as it arrives from a form, a file or the network. */
export interface GameSetup {
  readonly game: unknown;
  readonly players: unknown;
  readonly rules?: unknown;
  /** The first hand's deal, one mask per seat; without it the game waits for `startHand`. */
  readonly deal?: readonly BoneMask[];
}

/** Validates a setup into a game (and deals its first hand when a deal is given). */
export function setupGame(setup: GameSetup): Result<Game> {
  const rules = parseRules(setup.game, setup.players, setup.rules ?? {});
  if (!rules.ok) return rules;
  const game = createGame(rules.value);
  return setup.deal ? startHand(game, setup.deal) : ok(game);
}

/** A game with validated rules, before its first deal. */
export function createGame(rules: Rules): Game {
  const holder = rules.game === "french" ? 0 : 6;
  return {
    rules,
    config: handConfig(rules),
    hands: [],
    state: null,
    totals: new Array(sideCount(rules)).fill(0),
    next: { pose: { kind: "holder", bone: DOUBLE_BONE[holder] }, worth: 1, oneAllPlayTwo: false },
    finished: false,
    winner: null,
    sixLove: false,
  };
}

const DOUBLE_BONE = DOUBLE.map((m) => 31 - Math.clz32(m));

/** A random deal for the game's table: every bone in play, equally shared. */
export function randomDeal(config: HandConfig, rng: Rng): BoneMask[] {
  const out = new Int32Array(config.players);
  dealInto(config, rng, out);
  return Array.from(out);
}

const dealScratch = new Int8Array(28);

/** Deals into `out` (one mask per seat) without allocating: the playout and search path. */
export function dealInto(config: HandConfig, rng: Rng, out: Int32Array): void {
  let n = 0;
  for (let b = 0; b < 28; b++) if ((config.inPlay & (1 << b)) !== 0) dealScratch[n++] = b;
  for (let i = n - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    const t = dealScratch[i];
    dealScratch[i] = dealScratch[j];
    dealScratch[j] = t;
  }
  const per = n / config.players;
  for (let s = 0, i = 0; s < config.players; s++) {
    let m = 0;
    for (const end = i + per; i < end; i++) m |= 1 << dealScratch[i];
    out[s] = m;
  }
}

/** Why a deal does not fit the table, or undefined. */
export function checkDeal(config: HandConfig, deal: readonly BoneMask[]): string | undefined {
  const per = popcount(config.inPlay) / config.players;
  let all = 0;
  let total = 0;
  if (deal.length !== config.players) return `a deal has ${config.players} hands`;
  for (const hand of deal) {
    if (popcount(hand) !== per) return "deal must hold each bone once, equally shared";
    all |= hand;
    total += per;
  }
  if (all !== config.inPlay || total !== popcount(config.inPlay))
    return "deal must hold each bone once, equally shared";
  return undefined;
}

/** Seat and bones allowed for the pose of a hand about to start with `deal`. */
export function poseFor(game: Game, deal: readonly BoneMask[]): { seat: number; mask: BoneMask } {
  const pose = game.next.pose;
  const n = game.config.players;
  if (pose.kind === "holder") {
    const seat = deal.findIndex((h) => (h & (1 << pose.bone)) !== 0);
    return { seat, mask: 1 << pose.bone };
  }
  if (game.rules.game !== "french") return { seat: pose.seat, mask: game.config.inPlay };
  // F2b/F2c: the winner poses a double; without one, the next seat in turn order that has one.
  for (let k = 0; k < n; k++) {
    const seat = (pose.seat + k) % n;
    if ((deal[seat] & DOUBLES) !== 0) return { seat, mask: DOUBLES };
  }
  throw new Error("unreachable: seven doubles are always dealt");
}

export function startHand(game: Game, deal: readonly BoneMask[]): Result<Game> {
  if (game.finished) return err("game-over", "the set or match was already over");
  if (game.state && !game.state.over) return err("hand-over", "the current hand is not finished");
  const problem = checkDeal(game.config, deal);
  if (problem) return err("bad-deal", problem);
  const { seat, mask } = poseFor(game, deal);
  const log: HandLog = {
    deal: [...deal],
    poser: seat,
    rule: game.next,
    moves: [],
    seats: [],
    events: [],
    result: null,
  };
  return ok({ ...game, hands: [...game.hands, log], state: HandState.deal(game.config, deal, seat, mask) });
}

/** The legal moves of the seat to act (see HandState.legalPlays for which targets are listed). */
export function legalMoves(game: Game): Move[] {
  const s = game.state;
  if (!s || s.over || game.finished) return [];
  const out: Move[] = [];
  s.legalMoves(out);
  return out;
}

/** Why a move is refused right now, or undefined if it is legal. */
export function refuseMove(game: Game, move: Move): string | undefined {
  if (game.finished) return "the set or match is over";
  const s = game.state;
  if (!s) return "no hand has been dealt";
  if (s.over) return "the hand is over";
  if (move === PASS) return s.refusePass();
  if (!Number.isInteger(move) || move < 0 || move > PASS) return "not a move";
  return s.refusePlay(moveBone(move), moveTarget(move));
}

export function applyMove(game: Game, move: Move): Result<Game> {
  const refusal = refuseMove(game, move);
  if (refusal !== undefined) {
    const code = game.finished ? "game-over" : game.state?.over ? "hand-over" : game.state ? "illegal-move" : "no-hand";
    return err(code, refusal);
  }
  const before = game.state as HandState;
  const after = before.clone();
  const seat = before.turn;
  const index = game.hands[game.hands.length - 1].moves.length;
  const events: GameEvent[] = [];
  if (move === PASS) {
    events.push({ type: "pass", move: index, seat });
  } else if (before.phase === POSE) {
    events.push({ type: "pose", move: index, seat, bone: moveBone(move) });
  } else {
    events.push({ type: "play", move: index, seat, bone: moveBone(move), target: moveTarget(move) });
  }
  after.apply(move);
  pushPenaltyEvents(events, before, after, index);
  return ok(afterMove(game, seat, after, move, events));
}

/**
 * F5 with `illegalPlayPenalty` > 0: records a refused attempt to play `bone` on `target` and
 * charges it. Refused when the play would be legal (it must be made instead) or when the table
 * does not charge attempts (then an illegal play is simply refused by `applyMove`).
 */
export function attemptIllegalPlay(game: Game, bone: Bone, target: number): Result<Game> {
  const s = game.state;
  if (game.finished) return err("game-over", "the set or match is over");
  if (!s) return err("no-hand", "no hand has been dealt");
  if (s.over) return err("hand-over", "the hand is over");
  if (game.config.illegalPlayPenalty <= 0) return err("illegal-move", "this table does not charge illegal attempts");
  if (s.phase === POSE) return err("illegal-move", "the pose cannot be a charged attempt");
  if ((s.hands[s.turn] & (1 << bone)) === 0)
    return err("illegal-move", `seat ${s.turn} does not hold ${makeBone(bone)}`);
  if (target < 0 || target >= s.targets) return err("illegal-move", `there is no target ${target}`);
  if (s.refusePlay(bone, target) === undefined) {
    return err("illegal-move", `${makeBone(bone)} on ${s.targetName(target)} is a legal play, not an illegal attempt`);
  }
  const after = s.clone();
  after.chargeIllegalAttempt();
  const index = game.hands[game.hands.length - 1].moves.length;
  const events: GameEvent[] = [{ type: "illegalAttempt", move: index, seat: s.turn, bone, target }];
  pushPenaltyEvents(events, s, after, index);
  return ok(afterMove(game, s.turn, after, ATTEMPT | (bone << 2) | target, events));
}

function pushPenaltyEvents(events: GameEvent[], before: HandState, after: HandState, move: number): void {
  for (let seat = 0; seat < before.players; seat++) {
    PENALTY_KINDS.forEach((kind, k) => {
      const points = after.penaltiesByKind[(seat << 2) + k] - before.penaltiesByKind[(seat << 2) + k];
      if (points > 0) events.push({ type: "penalty", move, seat, kind, points });
    });
  }
}

function afterMove(game: Game, seat: number, state: HandState, move: number, events: GameEvent[]): Game {
  const last = game.hands[game.hands.length - 1];
  let log: HandLog = {
    ...last,
    moves: [...last.moves, move],
    seats: [...last.seats, seat],
    events: [...last.events, ...events],
  };
  const updated: Game = { ...game, state };
  if (!state.over) return { ...updated, hands: replaceLast(game.hands, log) };
  const index = log.moves.length - 1;
  const winner = state.winner >= 0 ? state.winner : null;
  const end = state.end === END_DOMINO ? "domino" : "blocked";
  const counts = Array.from({ length: state.players }, (_, s) => state.count(s));
  const more: GameEvent[] = [{ type: "handEnd", move: index, end, winner }];
  let result: HandResult;
  let next: Game;
  if (game.rules.game === "french") {
    const french = scoreFrenchHand(state, game.rules.options);
    const score = french.map((f) => f.score);
    const penalties = french.map((f) => f.penaltyTotal);
    result = { end, winner, counts, score, penalties, points: null, french, line: null };
    next = settleFrench(updated, result, more, index);
  } else {
    const zeros = new Array(state.players).fill(0);
    const settled = settleLine(updated, game.rules.options, winner, more, index);
    result = {
      end,
      winner,
      counts,
      score: zeros,
      penalties: zeros,
      points: settled.points,
      french: null,
      line: settled.line,
    };
    next = settled.game;
  }
  log = { ...log, events: [...log.events, ...more], result };
  return { ...next, hands: replaceLast(game.hands, log) };
}

function replaceLast<T>(items: readonly T[], item: T): T[] {
  const copy = items.slice();
  copy[copy.length - 1] = item;
  return copy;
}

/** F10: totals, and the set's end once a total reaches the target with a unique lowest total. */
function settleFrench(game: Game, result: HandResult, events: GameEvent[], move: number): Game {
  const totals = game.totals.map((t, s) => t + result.score[s] + result.penalties[s]);
  const pose: PoseRule =
    result.winner === null ? { kind: "holder", bone: DOUBLE_BONE[0] } : { kind: "winner", seat: result.winner };
  const next: NextHand = { pose, worth: 1, oneAllPlayTwo: false };
  const target = game.rules.game === "french" ? game.rules.options.target : Infinity;
  let winner: number | null = null;
  if (totals.some((t) => t >= target)) {
    const low = Math.min(...totals);
    if (totals.filter((t) => t === low).length === 1) winner = totals.indexOf(low);
  }
  if (winner !== null) events.push({ type: "gameEnd", move, winner, sixLove: false });
  return { ...game, totals, next, finished: winner !== null, winner };
}

/** Where a line-game match stands before a hand: the totals and what the hand is worth. */
export interface LineStanding {
  readonly totals: readonly number[];
  /** Points the hand's winner scores (2 after a draw, C6). */
  readonly worth: number;
  /** The hand is a one-all-play-two hand (C8). */
  readonly oneAllPlayTwo: boolean;
}

/** What a hand's outcome does to a line-game match (`lineStep`). */
export interface LineStep {
  /** Match points the hand gave each side. */
  readonly points: readonly number[];
  /** Totals after the hand (after a bruk, all love). */
  readonly totals: readonly number[];
  /** The side that won the match with this hand, or null. */
  readonly winner: number | null;
  /** The next hand's standing, unless the match is won. */
  readonly next: { readonly worth: number; readonly oneAllPlayTwo: boolean };
  /** The hand set off a bruk (C7 "sixLove": every side had a point, all reset to love). */
  readonly bruk: boolean;
}

/**
 * C6–C8 and P1, the match arithmetic alone: the standing after a hand won by `side` (or drawn:
 * null). Pure, so a search can look ahead with exactly the rules the game keeps.
 */
export function lineStep(standing: LineStanding, side: number | null, options: LineOptions): LineStep {
  const sides = standing.totals.length;
  const points = new Array(sides).fill(0);
  if (side === null) {
    // C6: a draw; the next hand is worth 2 (a one-all-play-two hand stays one).
    const next = { worth: 2, oneAllPlayTwo: standing.oneAllPlayTwo };
    return { points, totals: standing.totals, winner: null, next, bruk: false };
  }
  let totals: number[];
  if (standing.oneAllPlayTwo) {
    // C8: the winner goes to 2, everyone else to love.
    points[side] = 1;
    totals = new Array(sides).fill(0);
    totals[side] = 2;
  } else {
    points[side] = standing.worth;
    totals = standing.totals.map((t, i) => (i === side ? t + standing.worth : t));
  }
  const plain = { worth: 1, oneAllPlayTwo: false };
  if (totals[side] >= 6) return { points, totals, winner: side, next: plain, bruk: false };
  if (options.oneAllPlayTwo && totals.every((t) => t === 1)) {
    return { points, totals, winner: null, next: { worth: 1, oneAllPlayTwo: true }, bruk: false };
  }
  if (options.match === "sixLove" && totals.every((t) => t >= 1)) {
    return { points, totals: totals.map(() => 0), winner: null, next: plain, bruk: true };
  }
  return { points, totals, winner: null, next: plain, bruk: false };
}

/** C6–C8 and P1 on a game: `lineStep`, plus the next pose and the match's events. */
function settleLine(
  game: Game,
  options: LineOptions,
  winner: number | null,
  events: GameEvent[],
  move: number,
): { game: Game; points: number[]; line: LineOutcome } {
  const current = game.next;
  const six: PoseRule = { kind: "holder", bone: DOUBLE_BONE[6] };
  const side = winner === null ? null : sideOf(game.rules, winner);
  const standing = { totals: game.totals, worth: current.worth, oneAllPlayTwo: current.oneAllPlayTwo };
  const step = lineStep(standing, side, options);
  const points = [...step.points];
  if (winner === null || side === null) {
    const line = { worth: 0, draw: true, oneAllPlayTwo: current.oneAllPlayTwo, bruk: false };
    return { game: { ...game, next: { pose: six, ...step.next } }, points, line };
  }
  const totals = step.totals;
  const line = { worth: points[side], draw: false, oneAllPlayTwo: current.oneAllPlayTwo, bruk: step.bruk };
  if (step.winner !== null) {
    const sixLove = totals.every((t, i) => i === side || t === 0);
    events.push({ type: "gameEnd", move, winner: side, sixLove });
    const next: NextHand = { pose: { kind: "winner", seat: winner }, ...step.next };
    return { game: { ...game, totals, next, finished: true, winner: side, sixLove }, points, line };
  }
  if (step.next.oneAllPlayTwo) events.push({ type: "oneAllPlayTwo", move });
  else if (step.bruk) events.push({ type: "bruk", move });
  const pose: PoseRule = step.next.oneAllPlayTwo ? six : { kind: "winner", seat: winner };
  return { game: { ...game, totals, next: { pose, ...step.next } }, points, line };
}

/** The current hand's log, or undefined before the first deal. */
export function currentHand(game: Game): HandLog | undefined {
  return game.hands[game.hands.length - 1];
}

/** Whether a new hand must be dealt before play can go on. */
export function needsDeal(game: Game): boolean {
  return !game.finished && (game.state === null || game.state.over);
}
