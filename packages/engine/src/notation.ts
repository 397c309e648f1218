/**
 * Move notation of game records (RECORD.md): "pass", "a-b" (the pose, or an unambiguous play),
 * "a-b@T" (T = N/E/S/W on the cross, L/R on the line) and "!a-b@T" (a refused, charged attempt).
 */

import { type Bone, makeBone, parseBone } from "./bones.js";
import { ATTEMPT, CROSS, CROSS_TARGETS, type HandState, type Layout, LINE_TARGETS, PASS, POSE } from "./hand.js";
import { cap, quote, refusal } from "./refusal.js";
import { ok, type Result } from "./result.js";

/** A move as read from notation: a move to apply, or an attempt to charge. */
export type ParsedMove =
  | { readonly kind: "move"; readonly move: number }
  | { readonly kind: "attempt"; readonly bone: number; readonly target: number };

function targetNames(layout: Layout): readonly string[] {
  return layout === CROSS ? CROSS_TARGETS : LINE_TARGETS;
}

/**
 * Reads one move of a record against the hand it is played in. A play without a target takes
 * the only target it fits; during the cross, the first empty arm. A play that fits no target is
 * refused here with the reason; legality beyond choosing the target is left to the caller
 * (applyMove / attemptIllegalPlay), which explains refusals.
 */
export function parseMove(state: HandState, text: unknown): Result<ParsedMove> {
  if (typeof text !== "string") return { ok: false, error: refusal("bad-notation", { text: quote(text) }) };
  if (text === "pass") return ok({ kind: "move", move: PASS });
  // [\s\S] and not ".": a line break inside a move is a mistake to report, not a crash.
  const m = /^(!?)([^@]*)(?:@([\s\S]*))?$/.exec(text);
  const bone = m ? parseBone(m[2]) : undefined;
  if (!m || bone === undefined) {
    return m && /^\d+-\d+$/.test(m[2])
      ? { ok: false, error: refusal("unknown-bone", { text: cap(m[2]) }) }
      : { ok: false, error: refusal("bad-notation", { text: quote(text) }) };
  }
  const attempt = m[1] === "!";
  const names = targetNames(state.layout);
  let target = -1;
  if (m[3] !== undefined) {
    target = names.indexOf(m[3]);
    if (target < 0) return { ok: false, error: refusal("unknown-target", { text: quote(m[3]), targets: names }) };
  }
  if (attempt && state.layout !== CROSS) return { ok: false, error: refusal("attempt-in-line", { text: quote(text) }) };
  if (state.phase === POSE) {
    if (attempt) return { ok: false, error: refusal("attempt-at-pose", { text: quote(text) }) };
    if (target >= 0) return { ok: false, error: refusal("pose-has-target", { text: quote(text) }) };
    return ok({ kind: "move", move: bone << 2 });
  }
  if (target < 0) {
    if (attempt && state.emptyArms === 0) {
      return { ok: false, error: refusal("attempt-needs-target", { text: quote(text) }) };
    }
    const resolved = attempt ? ok(state.ends.indexOf(-1)) : targetOf(state, bone, true);
    if (!resolved.ok) return resolved;
    target = resolved.value;
  }
  return ok(attempt ? { kind: "attempt", bone, target } : { kind: "move", move: (bone << 2) | target });
}

/**
 * The target of a play of `bone` that names none: during the cross the first empty arm (they are
 * interchangeable); else the only target the bone fits, or the first of several that show the
 * same number (the positions are the same up to naming) unless `strict`, as in the record
 * notation, where a play that fits several targets must name one. A bone that fits nowhere is
 * refused with the reason (`HandState.refuseAnywhere`).
 */
export function targetOf(state: HandState, bone: Bone, strict: boolean): Result<number> {
  if (state.phase === POSE) return ok(0);
  if (state.emptyArms > 0) {
    const refused = state.refuseAnywhere(bone);
    return refused ? { ok: false, error: refused } : ok(state.ends.indexOf(-1));
  }
  const fits: number[] = [];
  for (let t = 0; t < state.targets; t++) if (state.fits(bone, t)) fits.push(t);
  if (fits.length === 0) {
    const refused = state.refuseAnywhere(bone) ?? state.refusePlay(bone, 0);
    if (refused) return { ok: false, error: refused };
  }
  const shows = new Set(fits.map((t) => state.ends[t]));
  if (fits.length > 1 && (strict || shows.size > 1)) {
    const names = targetNames(state.layout);
    return { ok: false, error: refusal("choose-target", { bone: makeBone(bone), targets: fits.map((t) => names[t]) }) };
  }
  return ok(fits[0]);
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
