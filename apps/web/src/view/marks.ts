/**
 * What the table marks about the moves just made, read from a view's events (pure, DOM-free):
 * the bones just played (the latest one until the next bone is played, the others of the round
 * lightly), who passed and what a pass cost, and whether the latest bone is still in the air.
 */

import type { GameEvent, PenaltyKind } from "@crossbones/engine";

/** The hand's events, as a view gives them, with the seat whose view it is (null: a spectator). */
export interface MarkSource {
  readonly events: readonly GameEvent[];
  readonly seat: number | null;
}

type BoneEvent = Extract<GameEvent, { type: "pose" | "play" }>;

function isBone(e: GameEvent): e is BoneEvent {
  return e.type === "pose" || e.type === "play";
}

/** Moves (indices in the hand) whose bones the board marks. */
export interface BoardMarks {
  /** The latest bone played: marked until the next bone is played. */
  readonly latest: number | null;
  /** The other bones played since the viewer's own last move (the round), one per seat at most. */
  readonly recent: readonly number[];
}

/**
 * The latest bone, and each other seat's last bone played since the viewer's own last move (for a
 * spectator: since the latest bone's player moved before it).
 */
export function boardMarks(source: MarkSource): BoardMarks {
  const { events } = source;
  let latest: BoneEvent | null = null;
  for (let i = events.length - 1; i >= 0 && latest === null; i--) {
    const e = events[i];
    if (isBone(e)) latest = e;
  }
  if (latest === null) return { latest: null, recent: [] };
  const boundarySeat = source.seat ?? latest.seat;
  let boundary = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if ((isBone(e) || e.type === "pass") && e.seat === boundarySeat && (source.seat !== null || e !== latest)) {
      boundary = e.move;
      break;
    }
  }
  const recent: number[] = [];
  const seen = new Set<number>([latest.seat]);
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.move <= boundary) break;
    if (isBone(e) && !seen.has(e.seat)) {
      seen.add(e.seat);
      recent.push(e.move);
    }
  }
  return { latest: latest.move, recent };
}

/** A seat's pass, shown at the seat until it moves again. */
export interface SeatPass {
  /** The pass's move index in the hand (a new pass is a new knock). */
  readonly move: number;
  /** What the pass was charged (French), by kind. */
  readonly penalties: readonly { readonly kind: PenaltyKind; readonly points: number }[];
}

/** For each seat, its pass if its last move of the hand was a pass, else null. */
export function seatPasses(events: readonly GameEvent[], players: number): (SeatPass | null)[] {
  const out: (SeatPass | null)[] = Array.from({ length: players }, () => null);
  const done = new Set<number>();
  for (let i = events.length - 1; i >= 0 && done.size < players; i--) {
    const e = events[i];
    if (e.type !== "pose" && e.type !== "play" && e.type !== "pass") continue;
    if (done.has(e.seat)) continue;
    done.add(e.seat);
    if (e.type !== "pass") continue;
    const penalties: { kind: PenaltyKind; points: number }[] = [];
    for (const p of events) {
      if (p.type === "penalty" && p.move === e.move && p.seat === e.seat)
        penalties.push({ kind: p.kind, points: p.points });
    }
    out[e.seat] = { move: e.move, penalties };
  }
  return out;
}

/** The last event that put a bone on the board, if it was the hand's latest move. */
export function landedBone(events: readonly GameEvent[], moves: number): BoneEvent | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (isBone(e)) return e.move === moves - 1 ? e : null;
    if (e.type === "pass" || e.type === "illegalAttempt") return null;
  }
  return null;
}

/** The play (or pose) that a penalty charged at move `move` followed: for a board pass, the play that caused it. */
export function playBefore(events: readonly GameEvent[], move: number): BoneEvent | null {
  let found: BoneEvent | null = null;
  for (const e of events) {
    if (e.move >= move) break;
    if (isBone(e)) found = e;
  }
  return found;
}
