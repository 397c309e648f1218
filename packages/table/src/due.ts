/**
 * `due`: the next thing a table does by itself, and when — the next deal (after the hand pause and
 * the wait for seeds), a bot's move (asked for at once, played no sooner than `botDelay` after it
 * started thinking), a forced pass (after a moment everyone can see), a player running out of time,
 * the table closing. The shell keeps one timer for it; a fake clock drives it in the tests.
 */

import { freePass, mustPass, seatPart, viewFor } from "@crossbones/engine";
import { betweenHands, closing, isHere, isPaused } from "./facts.js";
import type { Due, PendingDeal, TableState } from "./types.js";

/** The level of the bot that stands in for a person who is away. */
export const STAND_IN = "medium";

/** The next timed effect of the table at or after `now`, or null when nothing will happen by itself. */
export function due(s: TableState, now: number): Due | null {
  if (s.status === "closed") return null;
  const effect = nextEffect(s, now);
  const close = closing(s);
  if (close && (effect === null || close.at < effect.at)) return { at: close.at, kind: "tick", why: "close" };
  return effect;
}

function nextEffect(s: TableState, now: number): Due | null {
  if (s.status !== "playing") return null;
  if (betweenHands(s)) {
    if (isPaused(s)) return null;
    const p = s.pending;
    if (!p) return { at: now, kind: "draw" };
    if (p.sealed) return { at: now, kind: "deal" };
    return { at: dealAt(s, p), kind: "tick", why: "seal" };
  }
  const hand = s.game.state;
  if (!hand || hand.over || s.game.finished || !s.turn) return null;
  const seat = hand.turn;
  const sitter = s.seats[seat];
  if (sitter.kind !== "human" || s.away[seat] || s.timeUp) {
    const version = s.game.version;
    if (s.thought?.version === version) {
      const started = s.thinking?.version === version ? s.thinking.at : s.turn.since;
      // Time up: nobody is left to follow the moves, and the round waits for this game.
      return { at: s.timeUp ? started : started + s.timing.botDelay, kind: "tick", why: "play" };
    }
    // Asked already: the bot's answer (or its failure) comes as a `thought`.
    if (s.thinking?.version === version) return null;
    return { at: now, kind: "think", seat, level: sitter.kind === "bot" ? sitter.level : STAND_IN };
  }
  // The deadline is the same whether or not the seat can play: a missing one would tell. A pass is
  // made for the player only when it is the only move and cannot cost a point (the seat's own view
  // decides, so the table's choice tells nothing the seat could not see).
  if (mustPass(seatPart(s.game, seat)) && freePass(viewFor(s.game, seat)))
    return { at: s.turn.since + s.timing.forcedPass, kind: "tick", why: "pass" };
  const deadline = turnDeadline(s);
  return deadline === null ? null : { at: deadline, kind: "tick", why: "away" };
}

/**
 * When the coming deal is made: after the hand pause (the first hand of a game has none), cut
 * short once every person is ready, and not before the seeds of the people here are in or
 * `seedWait` has passed since the commitment (a duplicate table takes none). Once the time is
 * up, at once.
 */
export function dealAt(s: TableState, p: PendingDeal): number {
  const pause = p.hand === 1 || s.timeUp ? 0 : s.timing.handPause;
  const people = s.seats.flatMap((seat, i) => (seat.kind === "human" ? [i] : []));
  const allReady = people.every((i) => s.ready.includes(i));
  const at = allReady ? p.at : p.at + pause;
  // A duplicate round's deals take no seeds: every table of the round plays the same ones.
  const missing =
    s.table.duplicate === undefined && !s.timeUp && s.seats.some((seat, i) => isHere(s, seat) && p.seeds[i] === null);
  return missing ? Math.max(at, p.at + s.timing.seedWait) : at;
}

/** When the seat to act runs out of time (its move's allowance and its bank), or null without a clock. */
export function turnDeadline(s: TableState): number | null {
  const clock = s.table.clock;
  const hand = s.game.state;
  if (!clock || !s.turn || !hand || hand.over) return null;
  return s.turn.since + (clock.move + s.banks[hand.turn]) * 1000;
}

/** Seconds left in `seat`'s bank at `now` (while it is to act, the time beyond the move's allowance is out). */
export function bankLeft(s: TableState, seat: number, now: number): number {
  const clock = s.table.clock;
  const hand = s.game.state;
  if (!clock || !s.turn || !hand || hand.over || hand.turn !== seat) return s.banks[seat];
  const over = (now - s.turn.since) / 1000 - clock.move;
  return Math.max(0, s.banks[seat] - Math.max(0, over));
}
