/**
 * Checking a learner's action against a task. The engine decides (`applyAction`): an action it
 * refuses comes back as its refusal, shown in the game's own words; a legal one is then held to
 * what the task asks for (a pose, a double, an empty arm, a board pass…), reading what it did from
 * the engine's views before and after — nothing here works a rule out again.
 */

import {
  type Action,
  applyAction,
  type Bone,
  bonesOf,
  CROSS,
  CROSS_TARGETS,
  type Game,
  isDouble,
  LINE_TARGETS,
  makeBone,
  moveBone,
  moveTarget,
  mustPass,
  PASS,
  parseBone,
  type Refusal,
  type SeatView,
  viewFor,
} from "@crossbones/engine";
import type { Key } from "../i18n";
import { LEARNER, type MoveRequest, type TaskStep, type TextRef } from "./model";

const CROSS_KEYS: readonly Key[] = ["arm_N", "arm_E", "arm_S", "arm_W"];
const LINE_KEYS: readonly Key[] = ["end_L", "end_R"];

/** The name of a target (an arm of the cross or an end of the line) as a text. */
export function targetText(layout: number, target: number): TextRef {
  return { key: (layout === CROSS ? CROSS_KEYS : LINE_KEYS)[target] };
}

export function seatText(seat: number): TextRef {
  return { key: (["you", "seat_1", "seat_2", "seat_3"] as const)[seat] };
}

/** What a lesson table shows: the learner's seat with every hand face up. */
export function lessonView(game: Game): SeatView {
  return viewFor(game, LEARNER, { reveal: true });
}

function isBoneIn(bone: Bone, names: readonly string[] | undefined): boolean {
  return names === undefined || names.some((name) => parseBone(name) === bone);
}

/** The move the learner's action became: the last move of the hand after it. */
function madeMove(after: Game): number {
  const hand = after.hands[after.hands.length - 1];
  return hand.moves[hand.moves.length - 1];
}

/**
 * Whether a legal move is of the requested kind. `before` is the position it was made in,
 * `after` the game it led to.
 */
export function matchesRequest(before: SeatView, after: Game, request: MoveRequest): boolean {
  const move = madeMove(after);
  if (request.kind === "pass") return move === PASS;
  if (move === PASS) return false;
  const bone = moveBone(move);
  if (request.kind === "pose") {
    return before.phase === "pose" && isBoneIn(bone, request.bones) && (!request.double || isDouble(bone));
  }
  if (before.phase === "pose") return false;
  if (request.kind === "boardPass") return isBoardPass(before, after);
  const end = before.table?.ends[moveTarget(move)];
  if (!isBoneIn(bone, request.bones)) return false;
  if (request.double && !isDouble(bone)) return false;
  if (request.onEmptyArm && end !== -1) return false;
  if (request.onEnd !== undefined && end !== request.onEnd) return false;
  return true;
}

/** F7: after the play every other seat owes a board pass (the engine says so in the table). */
function isBoardPass(before: SeatView, after: Game): boolean {
  const view = lessonView(after);
  if (view.phase !== "play" || !view.table) return false;
  const others = ((1 << before.players) - 1) & ~(1 << LEARNER);
  return view.table.boardPassPending === others;
}

/** The first seat after the learner that answers a play, passing the others (undefined if none). */
function firstAnswer(after: Game): number | undefined {
  let g = after;
  for (let k = 1; k < after.config.players; k++) {
    const view = lessonView(g);
    const seat = view.turn;
    if (seat === null || seat === LEARNER) return undefined;
    const asked = viewFor(g, seat);
    if (asked.plays.length > 0) return seat;
    const passed = applyAction(g, seat, { type: "pass" });
    if (!passed.ok) return undefined;
    g = passed.value;
  }
  return undefined;
}

export type MoveCheck =
  | { readonly ok: true; readonly game: Game; readonly text: TextRef }
  /** Refused by the engine: its refusal, in the game's words. */
  | { readonly ok: false; readonly illegal: true; readonly refusal: Refusal }
  /** Legal, but not what the task asks for. */
  | { readonly ok: false; readonly illegal: false; readonly text: TextRef };

/** Checks a learner's action against a task step (the game must be the task's position). */
export function checkTaskMove(step: TaskStep, game: Game, action: Action): MoveCheck {
  const r = applyAction(game, LEARNER, action);
  // A lesson table never charges: a refused play is explained, whatever the table's penalty.
  if (!r.ok) return { ok: false, illegal: true, refusal: r.error };
  if (r.charged) return { ok: false, illegal: true, refusal: r.charged };
  const before = lessonView(game);
  if (!matchesRequest(before, r.value, step.request)) {
    for (const rule of step.wrong ?? []) {
      if (matchesRequest(before, r.value, rule.when)) return { ok: false, illegal: false, text: { key: rule.text } };
    }
    if (action.type === "pass" && before.passCost > 0) {
      return { ok: false, illegal: false, text: { key: "why_penaltyPass", params: { n: before.passCost } } };
    }
    if (step.request.kind === "boardPass") {
      const seat = firstAnswer(r.value);
      if (seat !== undefined) {
        return { ok: false, illegal: false, text: { key: "why_notBoardPass", params: { name: seatText(seat) } } };
      }
    }
    return { ok: false, illegal: false, text: { key: step.otherwise } };
  }
  const next = step.afterwards === "forcedPasses" ? playForcedPasses(r.value) : r.value;
  return { ok: true, game: next, text: { key: step.done } };
}

/** Plays the passes of the other seats that have no legal play, until the learner or a play is due. */
export function playForcedPasses(game: Game): Game {
  let g = game;
  for (;;) {
    const seat = lessonView(g).turn;
    if (seat === null || seat === LEARNER) return g;
    const view = viewFor(g, seat);
    if (!mustPass(view)) return g;
    const next = applyAction(g, seat, { type: "pass" }, view.version);
    if (!next.ok) return g;
    g = next.value;
  }
}

/**
 * Every action the learner could try in a position: each held bone with no target and on each
 * target there is, and a pass.
 */
export function candidateActions(game: Game): Action[] {
  const view = lessonView(game);
  const names = view.layout === CROSS ? CROSS_TARGETS : LINE_TARGETS;
  const out: Action[] = [{ type: "pass" }];
  for (const bone of bonesOf(view.hand)) {
    out.push({ type: "play", bone: makeBone(bone) });
    if (view.phase !== "pose") for (const target of names) out.push({ type: "play", bone: makeBone(bone), target });
  }
  return out;
}
