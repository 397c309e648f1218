/**
 * One sentence why a better move was better, where a reason can be named from the seat's view:
 * the facts are the engine's (what a move leaves showing, what may be played next, what a pass
 * costs) and the belief's (which seats cannot answer). Returned as data; the screen words it.
 */

import type { Belief } from "@crossbones/bots";
import {
  boneHigh,
  boneLow,
  HandState,
  handConfig,
  isDouble,
  type Move,
  moveBone,
  moveTarget,
  PASS,
  type SeatView,
  SUIT,
  sideOf,
} from "@crossbones/engine";
import { cannotHoldNumber } from "./read";

export type Reason =
  /** Passing while a bone fitted cost `cost` points (F5). */
  | { readonly kind: "passCost"; readonly cost: number }
  /** The better move was a play nobody else could answer: a board pass for everyone else (F7). */
  | { readonly kind: "boardPass"; readonly bone: number }
  /** After the better move `seat`, next to play, had no answer (it is known to lack them all). */
  | { readonly kind: "noAnswer"; readonly seat: number; readonly bone: number }
  /** The better move plays the double `bone` you held (French: a held double counts twice, F9). */
  | { readonly kind: "double"; readonly bone: number }
  /** The better move leaves `n` showing for `seat`, next to play, who is known to hold no `n`. */
  | { readonly kind: "closes"; readonly seat: number; readonly n: number; readonly bone: number }
  /** The better move sheds `pips` more pips from your hand. */
  | { readonly kind: "heavier"; readonly bone: number; readonly pips: number };

/** What the table looks like after `move`: the number it leaves showing and what may follow. */
function after(view: SeatView, move: Move): { shows: number; playable: number } | null {
  if (!view.table || move === PASS) return null;
  const hands = [0, 0, 0, 0];
  hands[view.seat] = view.hand;
  const state = HandState.fromTable(handConfig(view.rules), view.table, hands);
  state.apply(move);
  const target = moveTarget(move);
  const shows = view.phase === "pose" ? -1 : state.ends[target];
  return { shows, playable: state.over ? 0 : state.playable() };
}

/** The next seat to play after the viewer that is an opponent (in Partner, the next seat is). */
function nextOpponent(view: SeatView): number | null {
  const next = (view.seat + 1) % view.players;
  return sideOf(view.rules, next) === sideOf(view.rules, view.seat) ? null : next;
}

/** Why `best` beat `played`, when a reason can be named; null when none can. */
export function reasonFor(view: SeatView, belief: Belief, best: Move, played: Move): Reason | null {
  if (best === played) return null;
  if (played === PASS && best !== PASS && view.passCost > 0) return { kind: "passCost", cost: view.passCost };
  if (best === PASS) return null;
  const bone = moveBone(best);
  const a = after(view, best);
  const b = after(view, played);
  const unknown = belief.unknown;
  if (a && view.rules.game === "french" && view.rules.options.boardPassPenalty > 0 && a.playable !== 0) {
    const othersCan = (a.playable & unknown) !== 0;
    const othersCouldAfterPlayed = !b || (b.playable & unknown) !== 0;
    if (!othersCan && othersCouldAfterPlayed) return { kind: "boardPass", bone };
  }
  const next = nextOpponent(view);
  if (a && next !== null) {
    const answers = (x: { playable: number }) => x.playable & unknown & ~belief.voids[next];
    if (a.playable !== 0 && answers(a) === 0 && (!b || answers(b) !== 0)) return { kind: "noAnswer", seat: next, bone };
  }
  const playedBone = played === PASS ? -1 : moveBone(played);
  if (isDouble(bone) && (playedBone < 0 || !isDouble(playedBone) || boneLow(playedBone) < boneLow(bone))) {
    return { kind: "double", bone };
  }
  if (a && next !== null && a.shows >= 0) {
    const lacks = (n: number) =>
      n >= 0 && (SUIT[n] & unknown) !== 0 && cannotHoldNumber(unknown, belief.voids[next], n);
    if (lacks(a.shows) && !(b && lacks(b.shows))) return { kind: "closes", seat: next, n: a.shows, bone };
  }
  const pips = (x: number) => boneLow(x) + boneHigh(x);
  if (playedBone >= 0 && pips(bone) - pips(playedBone) >= 3) {
    return { kind: "heavier", bone, pips: pips(bone) - pips(playedBone) };
  }
  return null;
}
