/**
 * When the viewer may react at an online table (pure). The server refuses a reaction during a
 * hand of Partner (`no-table-talk`: six fixed reactions would still let partners signal, P4) and
 * within `REACTION_GAP` of the seat's last one (`rate-limited`); the React control says so before
 * a tap rather than show the refusal after it.
 */

import type { SeatView } from "@crossbones/engine";
import { REACTION_GAP, reactionsSilenced } from "@crossbones/table";

/** Why reacting is not possible now: a Partner hand is being played, or the gap is not over yet. */
export type ReactionBlock = { readonly why: "table-talk" } | { readonly why: "wait"; readonly ms: number };

/** While a hand is dealt and not over (before the first deal, between hands and after the end: not). */
function handInPlay(view: Pick<SeatView, "phase">): boolean {
  return view.phase === "pose" || view.phase === "play";
}

/** What stops the viewer reacting at `now`, or null; `until`: when the gap since their last reaction ends. */
export function reactionBlock(
  view: Pick<SeatView, "rules" | "phase">,
  until: number,
  now: number,
): ReactionBlock | null {
  if (reactionsSilenced(view.rules.game, handInPlay(view))) return { why: "table-talk" };
  // Never a longer wait than the gap: a clock read before the last reaction would say more.
  return until > now ? { why: "wait", ms: Math.min(until - now, REACTION_GAP) } : null;
}

/**
 * When the gap ends after a reaction of the viewer's seen at `now`: its echo from the server (every
 * follower gets it) comes after the server took it, so counting from there never runs short of the
 * server's own count.
 */
export function gapAfter(now: number): number {
  return now + REACTION_GAP;
}
