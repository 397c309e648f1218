/**
 * What can be read off a table's state: who sits where, who is here, whether the table is between
 * hands or paused, when it closes. Pure functions; `decide`, `due`, `apply` and the shell's frames
 * all ask the same questions the same way.
 */

import type { GameKind } from "@crossbones/engine";
import type { CloseReason, Seat, TableState } from "./types.js";

/** The seat `player` holds, or -1. */
export function seatOf(s: TableState, player: string): number {
  return s.seats.findIndex((seat) => seat.kind === "human" && seat.player === player);
}

/** Whether a person sits in `seat` and has a connection following the table. */
export function isHere(s: TableState, seat: Seat): boolean {
  return seat.kind === "human" && s.online.includes(seat.player);
}

/** Seats a person may take. */
export function openSeats(s: TableState): number[] {
  return s.seats.flatMap((seat, i) => (seat.kind === "open" ? [i] : []));
}

/** Seats held by people. */
export function peopleSeats(s: TableState): number[] {
  return s.seats.flatMap((seat, i) => (seat.kind === "human" ? [i] : []));
}

/** A game is on and no hand is being played: the next is to be dealt (or the first). */
export function betweenHands(s: TableState): boolean {
  const hand = s.game.state;
  return s.status === "playing" && !s.game.finished && (hand === null || hand.over);
}

/** No hand dealt at this table yet: seats may still change hands freely. */
export function beforeFirstDeal(s: TableState): boolean {
  return s.gameIndex === 0 && s.game.hands.length === 0 && !s.pending?.sealed;
}

/**
 * Between hands with nobody at the table: every person who sits here is away (a bot played for
 * them) or not connected. The next hand waits for one of them rather than let the bots play a
 * whole match to nobody (docs/rules.md, *Online tables*). Once its time is up nothing waits.
 */
export function isPaused(s: TableState): boolean {
  return !s.timeUp && betweenHands(s) && !s.seats.some((seat, i) => isHere(s, seat) && !s.away[i]);
}

/**
 * Whether reactions are silenced: during a hand of Partner (dealt and not over), six fixed
 * reactions would still be a way for partners to signal (P4, no table talk).
 */
export function reactionsSilenced(game: GameKind, handInPlay: boolean): boolean {
  return game === "partner" && handInPlay;
}

/**
 * The table's id in its deals: its deal id and the game's number here (docs/fairness.md). A
 * duplicate round's tables all play the deals named by the round instead.
 */
export function tableId(s: TableState): string {
  return `${s.table.duplicate ?? s.dealId}-${s.gameIndex + 1}`;
}

/** When the table closes by itself, and why (null: it does not, someone is here). */
export function closing(s: TableState): { readonly at: number; readonly reason: CloseReason } | null {
  if (s.status === "closed" || s.idleSince === null) return null;
  // Everyone left: nobody can ever come back to play at this table.
  if (peopleSeats(s).length === 0) return { at: s.idleSince, reason: "empty" };
  switch (s.status) {
    case "waiting":
      return { at: s.idleSince + s.timing.idleClose, reason: "idle" };
    case "playing":
      return { at: s.idleSince + s.timing.idleClose, reason: "abandoned" };
    case "finished":
      return { at: s.idleSince + s.timing.finishedClose, reason: "finished" };
  }
}

/** What the sealed deal is made from (`@crossbones/fair`'s `dealOf`), or null when no deal is sealed. */
export function dealInputs(s: TableState): {
  readonly table: string;
  readonly hand: number;
  readonly secret: string;
  readonly seeds: readonly (string | null)[];
} | null {
  const p = s.pending;
  return p?.sealed ? { table: tableId(s), hand: p.hand, secret: p.secret, seeds: p.seeds } : null;
}
