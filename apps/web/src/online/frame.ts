/**
 * The latest frame of an online table as this device holds it (pure): the server's `table` message,
 * when it arrived by this device's clock, and the `presence` messages merged in since. Times on the
 * wire are durations from the frame (`turnMs`, `nextHandMs`, each seat's `bankMs`): they count
 * down from the frame's arrival on this device's own clock, which may be minutes off the server's.
 */

import { type PresenceMessage, type TableMessage, withPresence } from "@crossbones/protocol";

export type { PresenceMessage, TableMessage };

export interface HeldFrame {
  readonly message: TableMessage;
  /** When it arrived, by this device's clock (ms): its durations count from here. */
  readonly at: number;
}

/** A new `table` frame (sent whole or patched by the client), arrived at `now`. */
export function receiveTable(m: TableMessage, now: number): HeldFrame {
  return { message: m, at: now };
}

/**
 * Who is connected, away and ready, and whether the table is paused, from a `presence` message;
 * everything else (the clock's start among it) stays as the last `table` frame had it.
 */
export function applyPresence(frame: HeldFrame, p: PresenceMessage): HeldFrame {
  return { ...frame, message: { ...frame.message, table: withPresence(frame.message.table, p) } };
}

/**
 * What is left at `now` of `ms` counted from `at` (null stays null: no clock). A `now` read before
 * the frame arrived (a countdown redrawn with its last tick) counts as the arrival: never more than
 * the frame said.
 */
export function msLeft(ms: number | null, at: number, now: number): number | null {
  return ms === null ? null : Math.max(0, ms - Math.max(0, now - at));
}

/** Whole seconds shown for `ms` left: 0.2 s left still shows 1 until it is gone. */
export function seconds(ms: number): number {
  return Math.ceil(ms / 1000);
}

/** The turn clock of the seat to act at `now`: what is left of the move's allowance, then of its bank. */
export interface TurnClock {
  readonly seat: number;
  readonly moveMs: number;
  readonly bankMs: number;
}

export function turnClock(frame: HeldFrame, now: number): TurnClock | null {
  const { table, view } = frame.message;
  const left = msLeft(table.turnMs, frame.at, now);
  if (left === null || view.turn === null) return null;
  // The allowance is spent first: `turnMs` is the allowance left plus the seat's bank.
  const bank = table.seats[view.turn]?.bankMs ?? 0;
  return { seat: view.turn, moveMs: Math.max(0, left - bank), bankMs: Math.min(bank, left) };
}
