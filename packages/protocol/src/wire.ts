/**
 * Seat views on the wire. The engine's views (`SeatView`, `TableView`) use its compact encodings:
 * bones 0..27, sets of bones as 28-bit masks, moves as integers. On the wire every bone is written
 * as in game records ("3-4"), every set of bones as a list, targets as letters and moves in the
 * record notation ("3-4@N", "pass", "!1-2@E"), so a client in any language can read a frame
 * without the engine. `toWire` and `fromWire` are exact inverses (a property test holds them to
 * it), so the web app and the CLI can hand a received view to the same table and bots as offline.
 */

import {
  ATTEMPT,
  type BoardLayout,
  type Bone,
  type BoneMask,
  bonesOf,
  CROSS,
  CROSS_TARGETS,
  type FrenchScore,
  type GameEvent,
  type HandResult,
  type Layout,
  type LegalPlay,
  LINE,
  LINE_TARGETS,
  type LineOutcome,
  type Move,
  makeBone,
  makeMove,
  maskOf,
  type NextHand,
  PASS,
  type PoseInfo,
  type PublicTable,
  parseBone,
  type Rules,
  type SeatPart,
  type SeatView,
  type TablePhase,
  type TableView,
} from "@crossbones/engine";

/** A bone as in records: "3-4", low end first. */
export type WireBone = string;

export interface WirePlacedBone {
  readonly bone: WireBone;
  readonly inner: number;
  readonly outer: number;
  readonly move: number;
}

export interface WireBoard {
  readonly pose: WireBone | null;
  /** Chains outward from the pose, in target order: N, E, S, W (cross) or L, R (line). */
  readonly chains: readonly (readonly WirePlacedBone[])[];
}

/** The public state of the hand (the engine's `PublicTable`), bones written out. */
export interface WireTable {
  readonly handSizes: readonly number[];
  readonly played: readonly WireBone[];
  /** What each target shows, in target order; -1 for an arm not yet started. */
  readonly ends: readonly number[];
  readonly emptyArms: number;
  /** The posed double's number (cross), else -1. */
  readonly poseValue: number;
  /** 0 pose, 1 playing, 2 over. */
  readonly phase: number;
  readonly turn: number;
  /** The bones the rules allow as the pose. */
  readonly poseBones: readonly WireBone[];
  /** Consecutive passes per seat (F6). */
  readonly streak: readonly number[];
  /** Penalty points per seat and kind, at seat * 4 + kind (passWhenAble, passStreak, boardPass, illegalPlay). */
  readonly penaltiesByKind: readonly number[];
  /** Seats still to be charged a board pass (F7), once the first has been charged. */
  readonly boardPassPending: readonly number[];
  readonly lastPlayer: number;
  readonly lastBone: WireBone | null;
  readonly moveCount: number;
  /** 0 not over, 1 domino, 2 blocked. */
  readonly end: number;
  /** The hand's winner, or -1. */
  readonly winner: number;
}

export type WireEvent =
  | { readonly type: "pose"; readonly move: number; readonly seat: number; readonly bone: WireBone }
  | {
      readonly type: "play" | "illegalAttempt";
      readonly move: number;
      readonly seat: number;
      readonly bone: WireBone;
      readonly target: string;
    }
  | Exclude<GameEvent, { type: "pose" | "play" | "illegalAttempt" }>;

export interface WireFrenchScore extends Omit<FrenchScore, "bones" | "heldDoubles"> {
  readonly bones: readonly WireBone[];
  readonly heldDoubles: readonly WireBone[];
}

export interface WireResult extends Omit<HandResult, "french" | "winningDouble"> {
  readonly french: readonly WireFrenchScore[] | null;
  readonly winningDouble: WireBone | null;
  readonly line: LineOutcome | null;
}

export interface WirePose extends Omit<PoseInfo, "bone"> {
  readonly bone: WireBone | null;
}

export interface WireNext extends Omit<NextHand, "pose"> {
  readonly pose:
    | { readonly kind: "holder"; readonly bone: WireBone }
    | { readonly kind: "winner"; readonly seat: number };
}

export interface WirePlay {
  readonly bone: WireBone;
  readonly targets: readonly string[];
  readonly choose: boolean;
}

/** What a seat (or, with `seat` null and no `you`, a spectator) receives. */
export interface WireView {
  readonly version: number;
  readonly seat: number | null;
  readonly rules: Rules;
  readonly layout: "cross" | "line";
  readonly players: number;
  readonly phase: TablePhase;
  readonly turn: number | null;
  readonly handIndex: number;
  readonly pose: WirePose | null;
  readonly poser: number | null;
  readonly table: WireTable | null;
  readonly board: WireBoard | null;
  readonly handSizes: readonly number[];
  readonly hands: readonly (readonly WireBone[] | null)[];
  readonly penalties: readonly number[];
  /** The current hand's moves in record notation, with the seat that made each. */
  readonly history: readonly { readonly seat: number; readonly move: string }[];
  readonly events: readonly WireEvent[];
  readonly results: readonly (WireResult | null)[];
  readonly totals: readonly number[];
  readonly next: WireNext;
  readonly finished: boolean;
  readonly winner: number | null;
  readonly sixLove: boolean;
  readonly resigned: number | null;
  /** Only in a seat's own view: what it holds and may do. */
  readonly you: WireYou | null;
}

export interface WireYou {
  readonly hand: readonly WireBone[];
  /** Every legal move in record notation ("3-4@N", "pass"), in the engine's order. */
  readonly legalMoves: readonly string[];
  readonly plays: readonly WirePlay[];
  readonly canPass: boolean;
  readonly passCost: number;
}

// ---- bones, targets and moves

const bones = (mask: BoneMask): WireBone[] => bonesOf(mask).map(makeBone);

function bone(text: WireBone): Bone {
  const b = parseBone(text);
  if (b === undefined) throw new WireError(`not a bone: ${JSON.stringify(text)}`);
  return b;
}

const mask = (list: readonly WireBone[]): BoneMask => maskOf(list.map(bone));

function names(layout: Layout): readonly string[] {
  return layout === CROSS ? CROSS_TARGETS : LINE_TARGETS;
}

function targetOf(layout: Layout, letter: string): number {
  const t = names(layout).indexOf(letter);
  if (t < 0) throw new WireError(`not a target: ${JSON.stringify(letter)}`);
  return t;
}

/** A wire view that does not describe a game (a client's `fromWire` refuses it). */
export class WireError extends Error {}

/** A move in record notation, read back (the inverse of the engine's `makeMove`). */
export function moveFromText(layout: Layout, text: string): Move {
  if (text === "pass") return PASS;
  const attempt = text.startsWith("!");
  const [b, t] = (attempt ? text.slice(1) : text).split("@");
  const play = (bone(b) << 2) | (t === undefined ? 0 : targetOf(layout, t));
  return attempt ? ATTEMPT | play : play;
}

function seatsOf(mask: number, players: number): number[] {
  return Array.from({ length: players }, (_, s) => s).filter((s) => (mask & (1 << s)) !== 0);
}

// ---- engine → wire

function tableToWire(t: PublicTable, players: number): WireTable {
  return {
    handSizes: t.handSizes,
    played: bones(t.played),
    ends: t.ends,
    emptyArms: t.emptyArms,
    poseValue: t.poseValue,
    phase: t.phase,
    turn: t.turn,
    poseBones: bones(t.poseMask),
    streak: t.streak,
    penaltiesByKind: t.penaltiesByKind,
    boardPassPending: seatsOf(t.boardPassPending, players),
    lastPlayer: t.lastPlayer,
    lastBone: t.lastBone < 0 ? null : makeBone(t.lastBone),
    moveCount: t.moveCount,
    end: t.end,
    winner: t.winner,
  };
}

function eventToWire(layout: Layout, e: GameEvent): WireEvent {
  switch (e.type) {
    case "pose":
      return { ...e, bone: makeBone(e.bone) };
    case "play":
    case "illegalAttempt":
      return { ...e, bone: makeBone(e.bone), target: names(layout)[e.target] };
    default:
      return e;
  }
}

function resultToWire(r: HandResult): WireResult {
  return {
    ...r,
    french: r.french
      ? r.french.map((f) => ({ ...f, bones: f.bones.map(makeBone), heldDoubles: f.heldDoubles.map(makeBone) }))
      : null,
    winningDouble: r.winningDouble === null ? null : makeBone(r.winningDouble),
  };
}

function boardToWire(b: BoardLayout): WireBoard {
  return {
    pose: b.pose === null ? null : makeBone(b.pose),
    chains: b.chains.map((chain) => chain.map((p) => ({ ...p, bone: makeBone(p.bone) }))),
  };
}

/** A seat's view (with `you`) or a spectator's, as sent on the wire. */
export function toWire(view: TableView | SeatView): WireView {
  const layout = view.layout;
  const history = view.history.map((h, i) => ({ seat: h.seat, move: makeMove(layout, h.move, i === 0) }));
  const seatView = "hand" in view ? view : null;
  return {
    version: view.version,
    seat: view.seat,
    rules: view.rules,
    layout: layout === CROSS ? "cross" : "line",
    players: view.players,
    phase: view.phase,
    turn: view.turn,
    handIndex: view.handIndex,
    pose: view.pose ? { ...view.pose, bone: view.pose.bone === null ? null : makeBone(view.pose.bone) } : null,
    poser: view.poser,
    table: view.table ? tableToWire(view.table, view.players) : null,
    board: view.board ? boardToWire(view.board) : null,
    handSizes: view.handSizes,
    hands: view.hands.map((h) => (h === null ? null : bones(h))),
    penalties: view.penalties,
    history,
    events: view.events.map((e) => eventToWire(layout, e)),
    results: view.results.map((r) => (r ? resultToWire(r) : null)),
    totals: view.totals,
    next: {
      ...view.next,
      pose:
        view.next.pose.kind === "holder"
          ? { kind: "holder", bone: makeBone(view.next.pose.bone) }
          : { kind: "winner", seat: view.next.pose.seat },
    },
    finished: view.finished,
    winner: view.winner,
    sixLove: view.sixLove,
    resigned: view.resigned,
    you: seatView ? seatPartToWire(seatView, layout, seatView.phase) : null,
  };
}

/** A seat's own part of its view (`seatPart`) on the wire: the view's `you`. */
export function seatPartToWire(part: SeatPart, layout: Layout, phase: TablePhase): WireYou {
  return {
    hand: bones(part.hand),
    legalMoves: part.legalMoves.map((m) => makeMove(layout, m, phase === "pose")),
    plays: part.plays.map((p) => ({
      bone: makeBone(p.bone),
      targets: phase === "pose" ? [] : p.targets.map((t) => names(layout)[t]),
      choose: p.choose,
    })),
    canPass: part.canPass,
    passCost: part.passCost,
  };
}

// ---- wire → engine

function tableFromWire(t: WireTable): PublicTable {
  return {
    handSizes: t.handSizes,
    played: mask(t.played),
    ends: t.ends,
    emptyArms: t.emptyArms,
    poseValue: t.poseValue,
    phase: t.phase,
    turn: t.turn,
    poseMask: mask(t.poseBones),
    streak: t.streak,
    penaltiesByKind: t.penaltiesByKind,
    boardPassPending: t.boardPassPending.reduce((m, s) => m | (1 << s), 0),
    lastPlayer: t.lastPlayer,
    lastBone: t.lastBone === null ? -1 : bone(t.lastBone),
    moveCount: t.moveCount,
    end: t.end,
    winner: t.winner,
  };
}

function eventFromWire(layout: Layout, e: WireEvent): GameEvent {
  switch (e.type) {
    case "pose":
      return { ...e, bone: bone(e.bone) };
    case "play":
    case "illegalAttempt":
      return { ...e, bone: bone(e.bone), target: targetOf(layout, e.target) };
    default:
      return e;
  }
}

function resultFromWire(r: WireResult): HandResult {
  return {
    ...r,
    french: r.french
      ? r.french.map((f) => ({ ...f, bones: f.bones.map(bone), heldDoubles: f.heldDoubles.map(bone) }))
      : null,
    winningDouble: r.winningDouble === null ? null : bone(r.winningDouble),
  };
}

function boardFromWire(layout: Layout, b: WireBoard): BoardLayout {
  return {
    layout,
    pose: b.pose === null ? null : bone(b.pose),
    chains: b.chains.map((chain) => chain.map((p) => ({ ...p, bone: bone(p.bone) }))),
  };
}

/**
 * The engine's view of a wire view: a `SeatView` when it carries `you`, else a `TableView`.
 * Throws a `WireError` on a bone, target or move that is not one (after schema validation this
 * only happens on a frame that lies).
 */
export function fromWire(wire: WireView): SeatView | TableView {
  const layout: Layout = wire.layout === "cross" ? CROSS : LINE;
  const base: TableView = {
    version: wire.version,
    seat: wire.seat,
    rules: wire.rules,
    layout,
    players: wire.players,
    phase: wire.phase,
    turn: wire.turn,
    handIndex: wire.handIndex,
    pose: wire.pose ? { ...wire.pose, bone: wire.pose.bone === null ? null : bone(wire.pose.bone) } : null,
    poser: wire.poser,
    table: wire.table ? tableFromWire(wire.table) : null,
    board: wire.board ? boardFromWire(layout, wire.board) : null,
    handSizes: wire.handSizes,
    hands: wire.hands.map((h) => (h === null ? null : mask(h))),
    penalties: wire.penalties,
    history: wire.history.map((h) => ({ seat: h.seat, move: moveFromText(layout, h.move) })),
    events: wire.events.map((e) => eventFromWire(layout, e)),
    results: wire.results.map((r) => (r ? resultFromWire(r) : null)),
    totals: wire.totals,
    next: {
      ...wire.next,
      pose:
        wire.next.pose.kind === "holder"
          ? { kind: "holder", bone: bone(wire.next.pose.bone) }
          : { kind: "winner", seat: wire.next.pose.seat },
    },
    finished: wire.finished,
    winner: wire.winner,
    sixLove: wire.sixLove,
    resigned: wire.resigned,
  };
  const you = wire.you;
  if (!you || wire.seat === null) return base;
  return {
    ...base,
    seat: wire.seat,
    hand: mask(you.hand),
    legalMoves: you.legalMoves.map((m) => moveFromText(layout, m)),
    plays: you.plays.map(
      (p): LegalPlay => ({
        bone: bone(p.bone),
        targets: wire.phase === "pose" ? [0] : p.targets.map((t) => targetOf(layout, t)),
        choose: p.choose,
      }),
    ),
    canPass: you.canPass,
    passCost: you.passCost,
  };
}

/**
 * The view a client keeps: `next` with the hands' results it already had filled in. The server
 * sends each finished hand's result once per socket (docs/protocol.md); `previous` is the last
 * view of the same game of the same table, or null after (re)connecting.
 */
export function keepResults(previous: WireView | null, next: WireView): WireView {
  if (!previous || next.results.every((r) => r !== null)) return next;
  return { ...next, results: next.results.map((r, i) => r ?? previous.results[i] ?? null) };
}
