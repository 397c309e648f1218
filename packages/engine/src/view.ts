/**
 * What one seat may know (`viewFor`): its own hand, the board, how many bones the others hold,
 * the public history and the scores; never another seat's bones while a hand is being played.
 * Bots, clients and the server's messages to a seat are built from views only.
 */

import { type BoardLayout, boardOf } from "./board.js";
import type { BoneMask } from "./bones.js";
import type { Game, GameEvent, HandResult, NextHand } from "./game.js";
import type { Move, PublicTable } from "./hand.js";
import type { Rules } from "./rules.js";

/** A move of the current hand with the seat that made it. */
export interface SeatMove {
  readonly seat: number;
  /** As in HandLog.moves: a Move, or ATTEMPT | play for a refused, charged attempt. */
  readonly move: number;
}

export interface SeatView {
  readonly seat: number;
  readonly rules: Rules;
  /** This seat's bones. */
  readonly hand: BoneMask;
  /** The current hand's public state; null before the first deal. */
  readonly table: PublicTable | null;
  readonly board: BoardLayout | null;
  /** Index of the current hand in the game. */
  readonly handIndex: number;
  readonly poser: number | null;
  /** The current hand's moves with the seat that made each. */
  readonly history: readonly SeatMove[];
  readonly events: readonly GameEvent[];
  /** This seat's legal moves when it is to act, else empty. */
  readonly legalMoves: readonly Move[];
  /** Results of every hand so far (a finished hand's remaining bones are shown, as at a table). */
  readonly results: readonly (HandResult | null)[];
  readonly totals: readonly number[];
  readonly next: NextHand;
  readonly finished: boolean;
  readonly winner: number | null;
  readonly sixLove: boolean;
}

export function viewFor(game: Game, seat: number): SeatView {
  const hand = game.hands[game.hands.length - 1];
  const s = game.state;
  const legalMoves: Move[] = [];
  if (s && !s.over && !game.finished && s.turn === seat) s.legalMoves(legalMoves);
  return {
    seat,
    rules: game.rules,
    hand: s ? s.hands[seat] : 0,
    table: s ? publicTable(s.toTable(), hand.events) : null,
    board: hand ? boardOf(game.config.layout, hand.moves) : null,
    handIndex: game.hands.length - 1,
    poser: hand ? hand.poser : null,
    history: hand ? hand.moves.map((move, i) => ({ seat: hand.seats[i], move })) : [],
    events: hand ? hand.events : [],
    legalMoves,
    results: game.hands.map((h) => h.result),
    totals: game.totals,
    next: game.next,
    finished: game.finished,
    winner: game.winner,
    sixLove: game.sixLove,
  };
}

/**
 * The table as a seat may see it. Whether a play was a board pass follows from the other hands
 * (nobody can answer it), so it becomes public only when the first of those passes is charged;
 * until then no seat is shown as owing one.
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
