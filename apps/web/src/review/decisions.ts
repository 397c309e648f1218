/**
 * A seat's decisions in one hand of a record, each with the view the seat had when it chose:
 * the engine replays the record to the version before the move (`replayRecord` with `upTo`) and
 * gives that seat's view (`viewFor`). Nothing here reads another seat's bones.
 */

import {
  ATTEMPT,
  applyMove,
  attemptIllegalPlay,
  type Game,
  type Move,
  replayRecord,
  type SeatView,
  viewFor,
} from "@crossbones/engine";

export interface Decision {
  /** The move's index in the hand's history. */
  readonly index: number;
  /** The seat's view just before it moved (its version is the game's at that moment). */
  readonly view: SeatView;
  /** What the seat played. */
  readonly played: Move;
}

/** The version at which each hand of a replayed game was dealt (as the replay viewer counts). */
export function handStarts(game: Game): number[] {
  const starts: number[] = [];
  let v = 0;
  for (const hand of game.hands) {
    starts.push(v + 1);
    v += 1 + hand.moves.length;
  }
  return starts;
}

/** The game a record gives at `version` (the record must replay: it was checked when loaded). */
export function gameAt(record: unknown, version?: number): Game {
  const r = replayRecord(record, version === undefined ? {} : { upTo: version });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.game;
}

/**
 * The seat's views at every point of hand `hand`: entry k is its view after the hand's first k
 * moves (entry 0 just after the deal), up to `moves` moves (default: all of them).
 */
export function handViews(record: unknown, hand: number, seat: number, moves?: number): SeatView[] {
  const game = gameAt(record);
  const start = handStarts(game)[hand];
  const log = game.hands[hand];
  if (start === undefined || !log) return [];
  const last = Math.min(moves ?? log.moves.length, log.moves.length);
  // One replay to the deal, then the hand's moves one by one (linear in the hand).
  let at = gameAt(record, start);
  const views: SeatView[] = [viewFor(at, seat)];
  for (let k = 0; k < last; k++) {
    const move = log.moves[k];
    const next =
      (move & ATTEMPT) !== 0 ? attemptIllegalPlay(at, (move & ~ATTEMPT) >> 2, move & 3) : applyMove(at, move);
    if (!next.ok) throw new Error(next.error.message);
    at = next.value;
    views.push(viewFor(at, seat));
  }
  return views;
}

/**
 * The decisions of `seat` in hand `hand`: its moves where it had more than one legal move (a
 * forced move or pass is no decision; a refused attempt is not a move of the hand's play).
 */
export function decisionsOf(record: unknown, hand: number, seat: number): Decision[] {
  const game = gameAt(record);
  const start = handStarts(game)[hand];
  const log = game.hands[hand];
  if (start === undefined || !log) return [];
  const out: Decision[] = [];
  for (let i = 0; i < log.moves.length; i++) {
    if (log.seats[i] !== seat || (log.moves[i] & ATTEMPT) !== 0) continue;
    const view = viewFor(gameAt(record, start + i), seat);
    if (view.legalMoves.length > 1) out.push({ index: i, view, played: log.moves[i] });
  }
  return out;
}
