/**
 * Move notation of game records (RECORD.md): "pass", "a-b" (the pose, or an unambiguous play),
 * "a-b@T" (T = N/E/S/W on the cross, L/R on the line) and "!a-b@T" (a refused, charged attempt).
 */

import { makeBone, parseBone } from "./bones.js";
import { ATTEMPT, CROSS, CROSS_TARGETS, type HandState, type Layout, LINE_TARGETS, PASS, POSE } from "./hand.js";
import { err, ok, type Result } from "./result.js";

/** A move as read from notation: a move to apply, or an attempt to charge. */
export type ParsedMove =
  | { readonly kind: "move"; readonly move: number }
  | { readonly kind: "attempt"; readonly bone: number; readonly target: number };

function targetNames(layout: Layout): readonly string[] {
  return layout === CROSS ? CROSS_TARGETS : LINE_TARGETS;
}

/**
 * Reads one move of a record against the hand it is played in. A play without a target takes
 * the only target it fits; during the cross, the first empty arm. Legality beyond choosing the
 * target is left to the caller (applyMove / attemptIllegalPlay), which explains refusals.
 */
export function parseMove(state: HandState, text: unknown): Result<ParsedMove> {
  if (typeof text !== "string")
    return err("bad-notation", `a move must be a string like "3-5@N" or "pass", not ${JSON.stringify(text)}`);
  if (text === "pass") return ok({ kind: "move", move: PASS });
  const m = /^(!?)([^@]*)(?:@(.*))?$/.exec(text) as RegExpExecArray;
  const attempt = m[1] === "!";
  const bone = parseBone(m[2]);
  if (bone === undefined) {
    return /^\d+-\d+$/.test(m[2])
      ? err("unknown-bone", `unknown bone ${m[2]}: ends go from 0 to 6`)
      : err(
          "bad-notation",
          `cannot read move ${JSON.stringify(text)}: write a bone like "3-5", optionally "@" and a target, or "pass"`,
        );
  }
  const names = targetNames(state.layout);
  let target = -1;
  if (m[3] !== undefined) {
    target = names.indexOf(m[3]);
    if (target < 0) return err("bad-notation", `unknown target ${m[3]} in ${text}: use ${names.join(", ")}`);
  }
  if (attempt && state.layout !== CROSS) return err("bad-notation", `${text}: charged attempts exist only in French`);
  if (state.phase === POSE) {
    if (attempt) return err("bad-notation", `${text}: the pose cannot be a charged attempt`);
    if (target >= 0) return err("bad-notation", `${text}: the pose takes no target`);
    return ok({ kind: "move", move: bone << 2 });
  }
  if (target < 0) {
    if (state.emptyArms > 0) {
      target = state.ends.indexOf(-1);
    } else if (attempt) {
      return err("bad-notation", `${text}: say on which arm the attempt was made`);
    } else {
      const fits: number[] = [];
      for (let t = 0; t < state.targets; t++) if (state.refusePlay(bone, t) === undefined) fits.push(t);
      if (fits.length > 1) {
        return err(
          "ambiguous-move",
          `${makeBone(bone)} fits ${fits.map((t) => names[t]).join(" and ")}: add @${fits.map((t) => names[t]).join(" or @")}`,
        );
      }
      // No fit: take the first target so that the caller reports why it is refused there.
      target = fits.length === 1 ? fits[0] : firstMatchingTarget(state, bone);
    }
  }
  return ok(attempt ? { kind: "attempt", bone, target } : { kind: "move", move: (bone << 2) | target });
}

/** A target whose number the bone shows, else 0: the most useful place to explain a refusal. */
function firstMatchingTarget(state: HandState, bone: number): number {
  const [a, b] = makeBone(bone).split("-").map(Number);
  for (let t = 0; t < state.targets; t++) if (state.ends[t] === a || state.ends[t] === b) return t;
  return 0;
}

/**
 * Writes one move of a hand. `isPose` says whether it was the hand's first move. Plays always
 * carry their target, so the record reads back the same whatever the position.
 */
export function makeMove(layout: Layout, move: number, isPose: boolean): string {
  if (move === PASS) return "pass";
  const play = move & ~ATTEMPT;
  const bone = makeBone(play >> 2);
  if (isPose) return bone;
  const text = `${bone}@${targetNames(layout)[play & 3]}`;
  return (move & ATTEMPT) !== 0 ? `!${text}` : text;
}
