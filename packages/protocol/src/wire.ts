/**
 * Seat views to the wire and back: the codec. The engine's views (`SeatView`, `TableView`) use its
 * compact encodings: bones 0..27, sets of bones as 28-bit masks, moves as integers, phases and ends
 * as numbers, -1 for none. The wire's shapes are defined once, in `view.ts` (zod), and written for
 * readers: bones as in game records ("3-4"), sets of bones as lists, targets as letters, moves in
 * the record notation ("3-4@N", "pass", "!1-2@E"), named values and null for none, so a client in
 * any language can read a frame without the engine. `toWire` and `fromWire` are exact inverses (a
 * property test holds them to it), so the web app and the CLI can hand a received view to the same
 * table and bots as offline.
 */

import {
  ATTEMPT,
  type BoardLayout,
  type Bone,
  type BoneMask,
  bonesOf,
  CROSS,
  CROSS_TARGETS,
  END_BLOCKED,
  END_DOMINO,
  END_NONE,
  type GameEvent,
  type HandResult,
  type Layout,
  type LegalPlay,
  LINE,
  LINE_TARGETS,
  type Move,
  makeBone,
  makeMove,
  maskOf,
  OVER,
  PASS,
  PENALTY_KINDS,
  PLAYING,
  POSE,
  type PublicTable,
  parseBone,
  type SeatPart,
  type SeatView,
  type TablePhase,
  type TableView,
} from "@crossbones/engine";
import type {
  WireBoard,
  WireBone,
  WireEvent,
  WirePenalty,
  WireResult,
  WireTable,
  WireTarget,
  WireView,
  WireYou,
} from "./view.js";

export * from "./view.js";

// ---- bones, targets and moves

const bones = (mask: BoneMask): WireBone[] => bonesOf(mask).map(makeBone);

function bone(text: WireBone): Bone {
  const b = parseBone(text);
  if (b === undefined) throw new WireError(`not a bone: ${JSON.stringify(text)}`);
  return b;
}

const mask = (list: readonly WireBone[]): BoneMask => maskOf(list.map(bone));

function names(layout: Layout): readonly WireTarget[] {
  return layout === CROSS ? CROSS_TARGETS : LINE_TARGETS;
}

function targetOf(layout: Layout, letter: string): number {
  const t = names(layout).indexOf(letter as WireTarget);
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

const PHASES = ["pose", "play", "over"] as const;
const ENDS = [null, "domino", "blocked"] as const;
const orNull = (n: number): number | null => (n < 0 ? null : n);

/** The penalties charged (seat * 4 + kind in the engine), as the wire lists them. */
function penaltiesToWire(byKind: readonly number[]): WirePenalty[] {
  // Built once per change of every table: a plain loop, no array per entry.
  const charged: WirePenalty[] = [];
  for (let i = 0; i < byKind.length; i++) {
    const points = byKind[i];
    if (points !== 0) charged.push({ seat: Math.floor(i / 4), kind: PENALTY_KINDS[i % 4], points });
  }
  return charged;
}

function tableToWire(t: PublicTable, players: number): WireTable {
  return {
    handSizes: t.handSizes,
    played: bones(t.played),
    ends: t.ends.map(orNull),
    emptyArms: t.emptyArms,
    poseValue: orNull(t.poseValue),
    phase: PHASES[t.phase],
    turn: t.turn,
    poseBones: bones(t.poseMask),
    streak: t.streak,
    penalties: penaltiesToWire(t.penaltiesByKind),
    boardPassPending: seatsOf(t.boardPassPending, players),
    lastPlayer: orNull(t.lastPlayer),
    lastBone: t.lastBone < 0 ? null : makeBone(t.lastBone),
    moveCount: t.moveCount,
    end: ENDS[t.end],
    winner: orNull(t.winner),
  };
}

/**
 * The engine's events and results are immutable and shared from one position to the next, so
 * each is turned into its wire form once: the next frame holds the very same objects, which a
 * patch (patch.ts) then skips without looking inside (a French set's results are most of a view).
 */
const wireEvents = new WeakMap<GameEvent, WireEvent>();
const wireResults = new WeakMap<HandResult, WireResult>();

function memo<K extends object, V>(cache: WeakMap<K, V>, key: K, make: (key: K) => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make(key);
    cache.set(key, value);
  }
  return value;
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
    // An event's layout is its game's, which never changes: the event alone is the key.
    events: view.events.map((e) => memo(wireEvents, e, (k) => eventToWire(layout, k))),
    results: view.results.map((r) => (r ? memo(wireResults, r, resultToWire) : null)),
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

function tableFromWire(t: WireTable, players: number): PublicTable {
  const byKind = new Array<number>(players * 4).fill(0);
  for (const p of t.penalties) byKind[p.seat * 4 + PENALTY_KINDS.indexOf(p.kind)] += p.points;
  return {
    handSizes: t.handSizes,
    played: mask(t.played),
    ends: t.ends.map((e) => e ?? -1),
    emptyArms: t.emptyArms,
    poseValue: t.poseValue ?? -1,
    phase: t.phase === "pose" ? POSE : t.phase === "play" ? PLAYING : OVER,
    turn: t.turn,
    poseMask: mask(t.poseBones),
    streak: t.streak,
    penaltiesByKind: byKind,
    boardPassPending: t.boardPassPending.reduce((m, s) => m | (1 << s), 0),
    lastPlayer: t.lastPlayer ?? -1,
    lastBone: t.lastBone === null ? -1 : bone(t.lastBone),
    moveCount: t.moveCount,
    end: t.end === null ? END_NONE : t.end === "domino" ? END_DOMINO : END_BLOCKED,
    winner: t.winner ?? -1,
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
    table: wire.table ? tableFromWire(wire.table, wire.players) : null,
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
