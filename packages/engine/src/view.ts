/**
 * Seat views out: what one seat may know (`viewFor`), or what anyone watching may know
 * (`spectatorView`), as plain JSON-safe data with everything a screen or a bot needs: the board,
 * whose turn it is and why the poser poses, the seat's legal plays with their targets, every
 * hand's result with the totals before and after, and the match or set standing. Never another
 * seat's bones while a hand is being played, unless the caller asks for a practice table with
 * every hand face up (`reveal`).
 *
 * Bones are the engine's numbers 0..27 (`makeBone` names them), sets of bones 28-bit masks,
 * targets 0..3 (N, E, S, W) or 0..1 (L, R).
 */

import { type BoardLayout, boardOf } from "./board.js";
import { type Bone, type BoneMask, bonesOf } from "./bones.js";
import type { Game, GameEvent, HandResult, NextHand, PoseInfo } from "./game.js";
import { ATTEMPT, type Layout, type Move, moveBone, PASS, POSE, type PublicTable } from "./hand.js";
import type { Rules } from "./rules.js";

/** A move of the current hand with the seat that made it. */
export interface SeatMove {
  readonly seat: number;
  /** As in HandLog.moves: a Move, or ATTEMPT | play for a refused, charged attempt. */
  readonly move: number;
}

/** A bone the seat may play and where (as a board UI is given its legal destinations). */
export interface LegalPlay {
  readonly bone: Bone;
  /** Every target the bone may go on, equivalent ones included; [0] for the pose. */
  readonly targets: readonly number[];
  /** The targets lead to different positions, so the action must name one. */
  readonly choose: boolean;
}

export type TablePhase =
  /** Before the first deal. */
  | "deal"
  | "pose"
  | "play"
  /** The hand is finished; the next has not been dealt. */
  | "hand-over"
  | "finished";

/** What anyone at or around the table may know. */
export interface TableView {
  /** The game's version: actions applied so far (an action names it; see applyAction). */
  readonly version: number;
  /** The seat this view belongs to, or null for a spectator. */
  readonly seat: number | null;
  readonly rules: Rules;
  readonly layout: Layout;
  readonly players: number;
  readonly phase: TablePhase;
  /** The seat to act, or null when nobody is. */
  readonly turn: number | null;
  /** Index of the current hand in the game (-1 before the first deal). */
  readonly handIndex: number;
  /** Who poses the current hand and why. */
  readonly pose: PoseInfo | null;
  readonly poser: number | null;
  /** The current hand's public state; null before the first deal. */
  readonly table: PublicTable | null;
  readonly board: BoardLayout | null;
  /** Bones each seat holds. */
  readonly handSizes: readonly number[];
  /** Bones shown face up per seat (null: face down): one's own, every hand once it is over. */
  readonly hands: readonly (BoneMask | null)[];
  /** Penalty points charged to each seat in the current hand (French). */
  readonly penalties: readonly number[];
  /** The current hand's moves with the seat that made each. */
  readonly history: readonly SeatMove[];
  readonly events: readonly GameEvent[];
  /** Results of every hand so far (null for the one being played). */
  readonly results: readonly (HandResult | null)[];
  /** Totals per side: French points, or match points (per team in Partner). */
  readonly totals: readonly number[];
  readonly next: NextHand;
  readonly finished: boolean;
  /** The set or match winner: a seat, or a team in Partner. */
  readonly winner: number | null;
  readonly sixLove: boolean;
  /** The seat that resigned, or null. */
  readonly resigned: number | null;
}

/** What one seat may know, and what it may do. */
export interface SeatView extends TableView, SeatPart {
  readonly seat: number;
}

export interface ViewOptions {
  /** Show every hand face up: only for a practice game whose player asked for it. */
  readonly reveal?: boolean;
}

function tableView(game: Game, seat: number | null, options: ViewOptions): TableView {
  const hand = game.hands[game.hands.length - 1];
  const s = game.state;
  const players = game.config.players;
  const seats = Array.from({ length: players }, (_, i) => i);
  const phase: TablePhase = game.finished
    ? "finished"
    : !s
      ? "deal"
      : s.over
        ? "hand-over"
        : s.phase === POSE
          ? "pose"
          : "play";
  const faceUp = options.reveal === true || phase === "hand-over" || phase === "finished";
  return {
    version: game.version,
    seat,
    rules: game.rules,
    layout: game.config.layout,
    players,
    phase,
    turn: phase === "pose" || phase === "play" ? (s?.turn ?? null) : null,
    handIndex: game.hands.length - 1,
    pose: hand ? hand.pose : null,
    poser: hand ? hand.poser : null,
    table: s ? (options.reveal ? s.toTable() : publicTable(s.toTable(), hand.events)) : null,
    board: hand ? boardOf(game.config.layout, hand.moves) : null,
    handSizes: seats.map((i) => (s ? bonesOf(s.hands[i]).length : 0)),
    hands: seats.map((i) => (s && (faceUp || i === seat) ? s.hands[i] : null)),
    penalties: seats.map((i) => (s ? s.penalties(i) : 0)),
    history: hand ? hand.moves.map((move, i) => ({ seat: hand.seats[i], move })) : [],
    events: hand ? hand.events : [],
    results: game.hands.map((h) => h.result),
    totals: game.totals,
    next: game.next,
    finished: game.finished,
    winner: game.winner,
    sixLove: game.sixLove,
    resigned: game.resigned,
  };
}

/** What only one seat may know and do: its bones and, when it is to act, its moves. */
export interface SeatPart {
  /** This seat's bones. */
  readonly hand: BoneMask;
  /** This seat's legal moves when it is to act, else empty (the numeric form bots use). */
  readonly legalMoves: readonly Move[];
  /** The bones this seat may play now, with their targets. */
  readonly plays: readonly LegalPlay[];
  /** This seat may pass now. */
  readonly canPass: boolean;
  /** Points a pass would cost now (a pass while able to play, F5); 0 for a forced pass. */
  readonly passCost: number;
}

function checkSeat(game: Game, seat: number): void {
  if (!(Number.isInteger(seat) && seat >= 0 && seat < game.config.players)) {
    throw new RangeError(`${String(seat)} is not a seat of this ${game.config.players}-player table`);
  }
}

/**
 * Whether the seat's only move is a pass (nothing fits, and passing while able costs nothing
 * because it is not while able). Whether the table may make it for the player is `freePass`.
 */
export function mustPass(part: {
  readonly plays: readonly unknown[];
  readonly canPass: boolean;
  readonly passCost: number;
}): boolean {
  return part.plays.length === 0 && part.canPass && part.passCost === 0;
}

/** What a pass would cost the seat to act, as far as its own view can tell. */
export interface PassPrice {
  /** Points it is sure to cost: passing while able (F5), a third pass in a row (F6), a board pass already revealed (F7). */
  readonly known: number;
  /**
   * Points it may cost that the seat cannot know yet: right after another seat's bone, whether that
   * bone left nobody an answer (a board pass) stays hidden until the first seat it passes is charged.
   */
  readonly maybe: number;
}

/**
 * The price of a pass for the seat of `view`, from what it can see. `passCost` prices only passing
 * while able; a pass is also charged as a third in a row (F6) or as a board pass (F7, revealed only
 * when its first passer is charged: until then, right after a bone, it may be one).
 */
export function passPrice(view: SeatView): PassPrice {
  const rules = view.rules;
  if (rules.game !== "french" || !view.canPass || view.table === null) return { known: view.passCost, maybe: 0 };
  const { passStreakPenalty, boardPassPenalty } = rules.options;
  const seat = view.seat;
  let known = view.passCost;
  if (passStreakPenalty > 0 && view.table.streak[seat] === 2) known += passStreakPenalty;
  let maybe = 0;
  if (boardPassPenalty > 0) {
    const last = view.history[view.history.length - 1];
    if ((view.table.boardPassPending & (1 << seat)) !== 0) known += boardPassPenalty;
    // A bone this seat could answer is no board pass: only a seat with no play can be charged one.
    else if (view.plays.length === 0 && last !== undefined && last.move !== PASS && last.seat !== seat)
      maybe = boardPassPenalty;
  }
  return { known, maybe };
}

/**
 * Whether a table makes this seat's pass for the player (after a moment everyone can see): it is
 * the only move, and it cannot cost a point as far as the seat can tell. A pass that costs points,
 * or may, is always the player's own tap. (It reads the seat's view only: the table's choice
 * reveals nothing the seat could not see.)
 */
export function freePass(view: SeatView): boolean {
  if (!mustPass(view)) return false;
  const price = passPrice(view);
  return price.known === 0 && price.maybe === 0;
}

/**
 * The part of `seat`'s view that is its own: a seat's view is the spectators' view with this
 * (and its own bones face up). A server sending every seat its view builds the table's once.
 */
export function seatPart(game: Game, seat: number): SeatPart {
  checkSeat(game, seat);
  const s = game.state;
  const legalMoves: Move[] = [];
  const plays: LegalPlay[] = [];
  let canPass = false;
  let passCost = 0;
  if (s && !game.finished && !s.over && s.turn === seat) {
    s.legalMoves(legalMoves);
    canPass = legalMoves.includes(PASS);
    for (const bone of bonesOf(s.hands[seat])) {
      const targets = s.targetsFor(bone);
      if (targets.length === 0) continue;
      const shows = new Set(targets.map((t) => s.ends[t]));
      plays.push({ bone, targets, choose: s.phase !== POSE && shows.size > 1 });
    }
    if (canPass && plays.length > 0) passCost = game.config.passWhenAblePenalty;
  }
  return { hand: s ? s.hands[seat] : 0, legalMoves, plays, canPass, passCost };
}

/**
 * The view of `seat`, which must be a seat of the game (anything else is a programming error and
 * throws a RangeError naming the seat).
 */
export function viewFor(game: Game, seat: number, options: ViewOptions = {}): SeatView {
  checkSeat(game, seat);
  return { ...tableView(game, seat, options), seat, ...seatPart(game, seat) };
}

/** What a spectator may see: the table without any hand, until a hand is over. */
export function spectatorView(game: Game, options: ViewOptions = {}): TableView {
  return tableView(game, null, options);
}

/**
 * The deal of the hand a view shows, once every hand is face up (the hand is over, or a practice
 * game shows them): each seat's bones left plus the bones it played. Null while any hand is
 * hidden. A deal's check (the fair deals of online play) compares it with the deal its proof gives.
 */
export function dealtHands(view: TableView): BoneMask[] | null {
  if (view.hands.some((h) => h === null)) return null;
  const deal = view.hands.map((h) => h as BoneMask);
  for (const { seat, move } of view.history) {
    if (move !== PASS && (move & ATTEMPT) === 0) deal[seat] |= 1 << moveBone(move);
  }
  return deal;
}

/**
 * The table as a seat may see it. Whether a play was a board pass follows from the other hands
 * (nobody can answer it), so it becomes public only when the first of those passes is charged;
 * until then no seat is shown as owing one (unless every hand is face up anyway: `reveal`).
 */
function publicTable(table: PublicTable, events: readonly GameEvent[]): PublicTable {
  let revealed = false;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === "play" || e.type === "pose") break;
    if (e.type === "penalty" && e.kind === "boardPass") revealed = true;
  }
  return revealed ? table : { ...table, boardPassPending: 0 };
}
