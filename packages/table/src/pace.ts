/**
 * The table loop's small rules, shared by every table that runs bots: the online table here, the
 * web app's game against the bots and the command line's players. A bot's move waits long enough
 * to be seen; a bot that fails (or, should it ever happen, chooses a refused move) plays its seat's
 * first legal move, so no table ever waits for a bot for ever. Whether a pass is made for a person
 * is the engine's `freePass`.
 */

import { type Action, type Move, moveAction, type SeatView } from "@crossbones/engine";

/** The action a bot's chosen move is, in its own view. */
export function botAction(view: SeatView, move: Move): Action {
  return moveAction(view.layout, move, view.phase === "pose");
}

/** The seat's first legal move: what the table plays when a bot fails. */
export function fallbackAction(view: SeatView): Action {
  return botAction(view, view.legalMoves[0]);
}

/** How much longer a bot's move waits, having started thinking at `started`, to take `delay` in all. */
export function botWait(started: number, now: number, delay: number): number {
  return Math.max(0, delay - (now - started));
}
