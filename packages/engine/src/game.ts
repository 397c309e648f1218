/**
 * A whole game: the hands of a French set or a Cut Throat / Partner match, their results and the
 * running totals. Values are immutable: every change returns a new Game, so a UI can keep history
 * and a server can compare versions. The hand inside (`state`) is shared between versions and
 * must be treated as read-only; search code clones it.
 *
 * Variant hooks at this level: who poses (F2 / C3 / P2), what a hand is worth (F9 / C6–C8), and
 * when the game ends (F10 / C7).
 *
 * Every Game is made here (`made`), so the functions below can tell a Game from a look-alike
 * (`isGame`) and answer anything else with a refusal instead of a TypeError.
 */

import { type Bone, type BoneMask, DOUBLE, DOUBLES, isDouble, makeBone, popcount } from "./bones.js";
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
import { quote, type Refusal, refusal } from "./refusal.js";
import { ok, type Result } from "./result.js";
import type { Rng } from "./rng.js";
import { LINE_TARGET, type LineOptions, parseRules, type Rules, sideCount, sideOf } from "./rules.js";
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

/**
 * Why a seat poses a hand, as a player would say it:
 * - `first`: the first hand; the holder of 0-0 (French) or 6-6 (line games) poses it (F2a, C3);
 * - `no-winner`: French, the last hand had no winner, so the holder of 0-0 poses it (F2d);
 * - `draw`: line games, the last hand was a draw, so the holder of 6-6 poses it (C6);
 * - `one-all-play-two`: everyone stands on one, so the holder of 6-6 poses it (C8);
 * - `winner`: the last hand's winner poses (any double in French, any bone in line games);
 * - `next-with-double`: French, the last winner (`winner`) holds no double, so the next seat in
 *   turn order holding one poses a double (F2c).
 */
export type PoseReason = "first" | "no-winner" | "draw" | "one-all-play-two" | "winner" | "next-with-double";

export interface PoseInfo {
  readonly seat: number;
  readonly reason: PoseReason;
  /** The bone that must be posed (0-0 or 6-6), or null when there is a choice. */
  readonly bone: Bone | null;
  /** The pose must be a double of the poser's choice (French, F2b/F2c). */
  readonly double: boolean;
  /** The last hand's winner, when it decides the pose. */
  readonly winner: number | null;
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
  | { readonly type: "resign"; readonly move: number; readonly seat: number }
  | { readonly type: "gameEnd"; readonly move: number; readonly winner: number; readonly sixLove: boolean };

/** Cut Throat / Partner: what a hand did to the match. */
export interface LineOutcome {
  /** The side (player, or team in Partner) that won the hand, or null for a draw. */
  readonly side: number | null;
  /** Points the winner's side gained (0 on a draw). */
  readonly worth: number;
  readonly draw: boolean;
  readonly oneAllPlayTwo: boolean;
  /** Every side had a point, so the scores went back to love (C7 six-love). */
  readonly bruk: boolean;
  /** The hand won the match. */
  readonly matchWon: boolean;
  /** The hand won the match with every opponent still on love. */
  readonly sixLove: boolean;
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
  /** The double the winner went out with (F9b), or null. */
  readonly winningDouble: Bone | null;
  /** Totals per side before and after the hand (line games: after any bruk or C8 reset). */
  readonly before: readonly number[];
  readonly after: readonly number[];
}

export interface HandLog {
  readonly deal: readonly BoneMask[];
  readonly poser: number;
  /** Who poses and why. */
  readonly pose: PoseInfo;
  readonly rule: NextHand;
  /** Moves in order; a refused attempt is `ATTEMPT | playMove(bone, target)`. */
  readonly moves: readonly number[];
  /** The seat that made each move. */
  readonly seats: readonly number[];
  readonly events: readonly GameEvent[];
  readonly result: HandResult | null;
}

/**
 * A whole game (see the top of this file). The one class of game values: a copy of a game
 * (`{...game}`), parsed JSON or any other look-alike is not an instance, so `isGame` tells them
 * apart cheaply. Only this module constructs one (`made`); everyone else reads them.
 */
class GameValue {
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
  /** The seat that resigned (which ended the game), or null. */
  readonly resigned: number | null;
  /**
   * Actions applied so far: deals, moves (charged attempts included) and a resignation. A client
   * names the version it acted on, so an action made against an older table is refused.
   */
  readonly version: number;

  constructor(g: Game) {
    this.rules = g.rules;
    this.config = g.config;
    this.hands = g.hands;
    this.state = g.state;
    this.totals = g.totals;
    this.next = g.next;
    this.finished = g.finished;
    this.winner = g.winner;
    this.sixLove = g.sixLove;
    this.resigned = g.resigned;
    this.version = g.version;
  }
}

export type Game = GameValue;

function made(game: Game): Game {
  return new GameValue(game);
}

/** Whether a value is a Game made by this engine (not a look-alike, not null). */
export function isGame(value: unknown): value is Game {
  return value instanceof GameValue;
}

const notAGame = () => ({ ok: false as const, error: refusal("bad-game", {}) });

/** An unvalidated description of a new game, as it arrives from a form, a file or the network. */
export interface GameSetup {
  readonly game: unknown;
  readonly players: unknown;
  readonly rules?: unknown;
  /** The first hand's deal, one mask per seat; without it the game waits for `startHand`. */
  readonly deal?: unknown;
}

/** Validates a setup into a game (and deals its first hand when a deal is given). */
export function setupGame(setup: GameSetup): Result<Game> {
  if (typeof setup !== "object" || setup === null) return { ok: false, error: refusal("bad-setup", {}) };
  const rules = parseRules(setup.game, setup.players, setup.rules ?? {});
  if (!rules.ok) return rules;
  const game = createGame(rules.value);
  return setup.deal !== undefined ? startHand(game, setup.deal) : ok(game);
}

/** A game with validated rules, before its first deal. */
export function createGame(rules: Rules): Game {
  const holder = rules.game === "french" ? 0 : 6;
  return made({
    rules,
    config: handConfig(rules),
    hands: [],
    state: null,
    totals: new Array(sideCount(rules)).fill(0),
    next: { pose: { kind: "holder", bone: DOUBLE_BONE[holder] }, worth: 1, oneAllPlayTwo: false },
    finished: false,
    winner: null,
    sixLove: false,
    resigned: null,
    version: 0,
  });
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

/** Why a deal (one bone mask per seat) does not fit the table, or undefined. */
export function checkDeal(config: HandConfig, deal: unknown): Refusal | undefined {
  if (!Array.isArray(deal)) return refusal("bad-deal", {});
  if (deal.length !== config.players) return refusal("deal-seats", { players: config.players });
  const per = popcount(config.inPlay) / config.players;
  let all = 0;
  for (const hand of deal) {
    // A mask is a whole number of the game's bones; anything else is not a hand of this game. The
    // bit operations see only 32 bits, so a mask above every bone (2^32 + m) is refused by size.
    if (!Number.isInteger(hand) || hand < 0 || hand > config.inPlay || (hand & ~config.inPlay) !== 0) {
      return refusal("deal-unequal", {});
    }
    if (popcount(hand) !== per || (all & hand) !== 0) return refusal("deal-unequal", {});
    all |= hand;
  }
  return all === config.inPlay ? undefined : refusal("deal-unequal", {});
}

/** Who poses a hand about to start with `deal`, why, and which bones they may pose. */
export function poseFor(game: Game, deal: readonly BoneMask[]): PoseInfo & { readonly mask: BoneMask } {
  const pose = game.next.pose;
  const n = game.config.players;
  const french = game.rules.game === "french";
  if (pose.kind === "holder") {
    const seat = deal.findIndex((h) => (h & (1 << pose.bone)) !== 0);
    const reason: PoseReason =
      game.hands.length === 0 ? "first" : french ? "no-winner" : game.next.oneAllPlayTwo ? "one-all-play-two" : "draw";
    return { seat, reason, bone: pose.bone, double: false, winner: null, mask: 1 << pose.bone };
  }
  const winner = pose.seat;
  if (!french) return { seat: winner, reason: "winner", bone: null, double: false, winner, mask: game.config.inPlay };
  // F2b/F2c: the winner poses a double; without one, the next seat in turn order that has one.
  for (let k = 0; k < n; k++) {
    const seat = (winner + k) % n;
    if ((deal[seat] & DOUBLES) !== 0) {
      const reason = k === 0 ? "winner" : "next-with-double";
      return { seat, reason, bone: null, double: true, winner, mask: DOUBLES };
    }
  }
  throw new Error("unreachable: seven doubles are always dealt");
}

/** Deals the next hand (a bone mask per seat). */
export function startHand(game: Game, deal: unknown): Result<Game> {
  if (!isGame(game)) return notAGame();
  if (game.finished) return { ok: false, error: refusal("game-over", {}) };
  if (game.state && !game.state.over)
    return { ok: false, error: refusal("hand-not-finished", { previous: game.hands.length - 1 }) };
  const problem = checkDeal(game.config, deal);
  if (problem) return { ok: false, error: problem };
  const masks = [...(deal as BoneMask[])];
  const { mask, ...pose } = poseFor(game, masks);
  const log: HandLog = {
    deal: masks,
    poser: pose.seat,
    pose,
    rule: game.next,
    moves: [],
    seats: [],
    events: [],
    result: null,
  };
  const state = HandState.deal(game.config, masks, pose.seat, mask);
  return ok(made({ ...game, hands: [...game.hands, log], state, version: game.version + 1 }));
}

/** The legal moves of the seat to act (see HandState.legalPlays for which targets are listed). */
export function legalMoves(game: Game): Move[] {
  if (!isGame(game)) return [];
  const s = game.state;
  if (!s || s.over || game.finished) return [];
  const out: Move[] = [];
  s.legalMoves(out);
  return out;
}

/** Why a move is refused right now, or undefined if it is legal. */
export function refuseMove(game: Game, move: Move): Refusal | undefined {
  if (!isGame(game)) return refusal("bad-game", {});
  if (game.finished) return refusal("game-over", {});
  const s = game.state;
  if (!s) return refusal("no-hand", {});
  if (s.over) return refusal("hand-over", {});
  if (move === PASS) return s.refusePass();
  if (!Number.isInteger(move) || move < 0 || move > PASS) return refusal("bad-move", { value: quote(move) });
  return s.refusePlay(moveBone(move), moveTarget(move));
}

/** Applies a move of the seat to act (the fast path of bots and replays; see `applyAction`). */
export function applyMove(game: Game, move: Move): Result<Game> {
  return step(game, move, false);
}

/**
 * `applyMove`, optionally appending to the game's own move, seat and event lists instead of
 * copying them. Only a caller that owns `game` and will never look at it again may pass `owned`
 * (the record reader): that keeps replaying a hand linear in its length.
 */
export function step(game: Game, move: Move, owned: boolean): Result<Game> {
  const refused = refuseMove(game, move);
  if (refused !== undefined) return { ok: false, error: refused };
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
  return ok(afterMove(game, seat, after, move, events, owned));
}

/**
 * Why `bone` on `target` cannot be charged as an illegal attempt (F5 with `illegalPlayPenalty` >
 * 0), or undefined when it can: the seat to act holds it, the hand is past the pose, the target
 * exists, and the play is illegal there.
 */
export function refuseAttempt(game: Game, bone: Bone, target: number): Refusal | undefined {
  if (!isGame(game)) return refusal("bad-game", {});
  const s = game.state;
  if (game.finished) return refusal("game-over", {});
  if (!s) return refusal("no-hand", {});
  if (s.over) return refusal("hand-over", {});
  if (game.config.illegalPlayPenalty <= 0) return refusal("attempt-not-charged", {});
  if (!Number.isInteger(bone) || bone < 0 || bone > 27) return refusal("bad-move", { value: quote(bone) });
  if (s.phase === POSE) return refusal("attempt-at-pose", { text: makeBone(bone) });
  if ((s.hands[s.turn] & (1 << bone)) === 0) return refusal("not-held", { seat: s.turn, bone: makeBone(bone) });
  if (!Number.isInteger(target) || target < 0 || target >= s.targets) {
    return refusal("unknown-target", { text: quote(target), targets: s.targetNames() });
  }
  if (s.refusePlay(bone, target) === undefined) {
    return refusal("attempt-is-legal", { bone: makeBone(bone), target: s.targetNames()[target] });
  }
  return undefined;
}

/**
 * F5 with `illegalPlayPenalty` > 0: records a refused attempt to play `bone` on `target` and
 * charges it. Refused when the play would be legal (it must be made instead) or when the table
 * does not charge attempts (then an illegal play is simply refused by `applyMove`).
 */
export function attemptIllegalPlay(game: Game, bone: Bone, target: number, owned = false): Result<Game> {
  const refused = refuseAttempt(game, bone, target);
  if (refused) return { ok: false, error: refused };
  const s = game.state as HandState;
  const after = s.clone();
  after.chargeIllegalAttempt();
  const index = game.hands[game.hands.length - 1].moves.length;
  const events: GameEvent[] = [{ type: "illegalAttempt", move: index, seat: s.turn, bone, target }];
  pushPenaltyEvents(events, s, after, index);
  return ok(afterMove(game, s.turn, after, ATTEMPT | (bone << 2) | target, events, owned));
}

/**
 * A resignation: the game ends at once and the resigner's side loses. The winner is the
 * best-placed other side (line games: most match points; French: lowest total), ties going to the
 * side whose turn comes first after the resigner. Any seat may resign at any time before the end.
 */
export function resign(game: Game, seat: number): Result<Game> {
  if (!isGame(game)) return notAGame();
  if (game.finished) return { ok: false, error: refusal("game-over", {}) };
  if (!Number.isInteger(seat) || seat < 0 || seat >= game.config.players) {
    return { ok: false, error: refusal("not-a-seat", { seat: quote(seat) }) };
  }
  const loser = sideOf(game.rules, seat);
  const sides = game.totals.length;
  const french = game.rules.game === "french";
  let winner = -1;
  for (let k = 1; k < sides; k++) {
    const side = (loser + k) % sides;
    if (winner < 0) winner = side;
    else if (french ? game.totals[side] < game.totals[winner] : game.totals[side] > game.totals[winner]) winner = side;
  }
  const last = game.hands[game.hands.length - 1];
  let hands = game.hands;
  if (last) {
    const move = last.moves.length;
    const events: GameEvent[] = [
      { type: "resign", move, seat },
      { type: "gameEnd", move, winner, sixLove: false },
    ];
    hands = replaceLast(game.hands, { ...last, events: [...last.events, ...events] });
  }
  return ok(
    made({ ...game, hands, finished: true, winner, sixLove: false, resigned: seat, version: game.version + 1 }),
  );
}

function pushPenaltyEvents(events: GameEvent[], before: HandState, after: HandState, move: number): void {
  for (let seat = 0; seat < before.players; seat++) {
    PENALTY_KINDS.forEach((kind, k) => {
      const points = after.penaltiesByKind[(seat << 2) + k] - before.penaltiesByKind[(seat << 2) + k];
      if (points > 0) events.push({ type: "penalty", move, seat, kind, points });
    });
  }
}

function afterMove(
  game: Game,
  seat: number,
  state: HandState,
  move: number,
  events: GameEvent[],
  owned: boolean,
): Game {
  const last = game.hands[game.hands.length - 1];
  let log: HandLog;
  if (owned) {
    (last.moves as number[]).push(move);
    (last.seats as number[]).push(seat);
    (last.events as GameEvent[]).push(...events);
    log = last;
  } else {
    log = { ...last, moves: [...last.moves, move], seats: [...last.seats, seat], events: [...last.events, ...events] };
  }
  const updated: Game = { ...game, state, version: game.version + 1 };
  if (!state.over) return made({ ...updated, hands: owned ? game.hands : replaceLast(game.hands, log) });
  const index = log.moves.length - 1;
  const winner = state.winner >= 0 ? state.winner : null;
  const end = state.end === END_DOMINO ? "domino" : "blocked";
  const counts = Array.from({ length: state.players }, (_, s) => state.count(s));
  const winningDouble = state.end === END_DOMINO && isDouble(state.lastBone) ? state.lastBone : null;
  const more: GameEvent[] = [{ type: "handEnd", move: index, end, winner }];
  const base = { end, winner, counts, winningDouble, before: game.totals } as const;
  let result: HandResult;
  let next: Game;
  if (game.rules.game === "french") {
    const french = scoreFrenchHand(state, game.rules.options, log.events);
    const score = french.map((f) => f.score);
    const penalties = french.map((f) => f.penaltyTotal);
    next = settleFrench(updated, score, penalties, winner, more, index);
    result = { ...base, score, penalties, points: null, french, line: null, after: next.totals };
  } else {
    const zeros = new Array(state.players).fill(0);
    const settled = settleLine(updated, game.rules.options, winner, more, index);
    next = settled.game;
    result = {
      ...base,
      score: zeros,
      penalties: zeros,
      points: settled.points,
      french: null,
      line: settled.line,
      after: next.totals,
    };
  }
  // The log's event list is this version's own (copied above, or owned by the caller).
  (log.events as GameEvent[]).push(...more);
  const finished: HandLog = { ...log, result };
  return made({ ...next, hands: replaceLast(game.hands, finished) });
}

/** The game with other hand logs (the record reader's copies); nothing else changes. */
export function replaceHands(game: Game, hands: readonly HandLog[]): Game {
  return made({ ...game, hands });
}

function replaceLast<T>(items: readonly T[], item: T): T[] {
  const copy = items.slice();
  copy[copy.length - 1] = item;
  return copy;
}

/** F10: totals, and the set's end once a total reaches the target with a unique lowest total. */
function settleFrench(
  game: Game,
  score: readonly number[],
  penalties: readonly number[],
  handWinner: number | null,
  events: GameEvent[],
  move: number,
): Game {
  const totals = game.totals.map((t, s) => t + score[s] + penalties[s]);
  const pose: PoseRule =
    handWinner === null ? { kind: "holder", bone: DOUBLE_BONE[0] } : { kind: "winner", seat: handWinner };
  const next: NextHand = { pose, worth: 1, oneAllPlayTwo: false };
  const options = game.rules.game === "french" ? game.rules.options : null;
  // A set of a fixed number of hands ends on the count, not the totals (docs/rules.md, F10).
  const over =
    options && options.hands > 0
      ? game.hands.length >= options.hands
      : totals.some((t) => t >= (options?.target ?? Infinity));
  let winner: number | null = null;
  if (over) {
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
  if (totals[side] >= LINE_TARGET) return { points, totals, winner: side, next: plain, bruk: false };
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
  const outcome = { side, oneAllPlayTwo: current.oneAllPlayTwo, bruk: step.bruk };
  if (winner === null || side === null) {
    const line = { ...outcome, worth: 0, draw: true, matchWon: false, sixLove: false };
    return { game: { ...game, next: { pose: six, ...step.next } }, points, line };
  }
  const totals = step.totals;
  if (step.winner !== null) {
    const sixLove = totals.every((t, i) => i === side || t === 0);
    events.push({ type: "gameEnd", move, winner: side, sixLove });
    const next: NextHand = { pose: { kind: "winner", seat: winner }, ...step.next };
    const line = { ...outcome, worth: points[side], draw: false, matchWon: true, sixLove };
    return { game: { ...game, totals, next, finished: true, winner: side, sixLove }, points, line };
  }
  if (step.next.oneAllPlayTwo) events.push({ type: "oneAllPlayTwo", move });
  else if (step.bruk) events.push({ type: "bruk", move });
  const pose: PoseRule = step.next.oneAllPlayTwo ? six : { kind: "winner", seat: winner };
  const line = { ...outcome, worth: points[side], draw: false, matchWon: false, sixLove: false };
  return { game: { ...game, totals, next: { pose, ...step.next } }, points, line };
}

/** Whether a new hand must be dealt before play can go on. */
export function needsDeal(game: Game): boolean {
  return isGame(game) && !game.finished && (game.state === null || game.state.over);
}
