/**
 * Checking a learner's move against a task: legal under the engine, of the requested kind, and
 * if not, why not, in the lesson's own words. The engine decides legality; this module only
 * names the reason a player would recognise.
 */

import {
  applyMove,
  type Bone,
  boneHigh,
  boneLow,
  CROSS,
  DOUBLE,
  type Game,
  isDouble,
  legalMoves,
  type Move,
  makeBone,
  makeMove,
  moveBone,
  moveTarget,
  PASS,
  POSE,
  parseBone,
  parseMove,
  playMove,
  refuseMove,
  SUIT,
} from "@crossbones/engine";
import type { Key } from "../i18n";
import { LEARNER, type MoveRequest, type TaskStep, type TextRef } from "./model";

const CROSS_KEYS: readonly Key[] = ["arm_N", "arm_E", "arm_S", "arm_W"];
const LINE_KEYS: readonly Key[] = ["end_L", "end_R"];

/** The name of a target (an arm of the cross or an end of the line) as a text. */
export function targetText(game: Game, target: number): TextRef {
  return { key: (game.config.layout === CROSS ? CROSS_KEYS : LINE_KEYS)[target] };
}

export function seatText(seat: number): TextRef {
  return { key: (["you", "seat_1", "seat_2", "seat_3"] as const)[seat] };
}

/** Reads a move in record notation against the game's current hand; undefined if unreadable. */
export function readMove(game: Game, text: string): Move | undefined {
  if (!game.state) return undefined;
  const parsed = parseMove(game.state, text);
  if (!parsed.ok || parsed.value.kind !== "move") return undefined;
  return parsed.value.move;
}

/** A move in record notation (plays always name their target). */
export function writeMove(game: Game, move: Move): string {
  return makeMove(game.config.layout, move, game.state?.phase === POSE);
}

function isBoneIn(bone: Bone, names: readonly string[] | undefined): boolean {
  return names === undefined || names.some((name) => parseBone(name) === bone);
}

/** Whether a legal move is of the requested kind. */
export function matchesRequest(game: Game, request: MoveRequest, move: Move): boolean {
  const state = game.state;
  if (!state) return false;
  if (request.kind === "pass") return move === PASS;
  if (move === PASS) return false;
  const bone = moveBone(move);
  if (request.kind === "pose") {
    return state.phase === POSE && isBoneIn(bone, request.bones) && (!request.double || isDouble(bone));
  }
  if (state.phase === POSE) return false;
  if (request.kind === "boardPass") return isBoardPass(game, move);
  const target = moveTarget(move);
  const end = state.ends[target];
  if (!isBoneIn(bone, request.bones)) return false;
  if (request.double && !isDouble(bone)) return false;
  if (request.onEmptyArm && !(state.emptyArms > 0 && end === -1)) return false;
  if (request.onEnd !== undefined && end !== request.onEnd) return false;
  return true;
}

/** F7: after this play none of the other seats can answer, so each will pass and pay. */
export function isBoardPass(game: Game, move: Move): boolean {
  if (move === PASS || game.config.boardPassPenalty <= 0) return false;
  const after = applyMove(game, move);
  if (!after.ok || !after.value.state || after.value.state.over) return false;
  const others = ((1 << game.config.players) - 1) & ~(1 << (game.state?.turn ?? 0));
  return after.value.state.boardPassPending === others;
}

/** The first seat after the mover that could answer a play (undefined if none). */
function firstAnswer(game: Game, move: Move): number | undefined {
  const after = applyMove(game, move);
  if (!after.ok || !after.value.state) return undefined;
  const s = after.value.state;
  const playable = s.playable();
  for (let k = 1; k < game.config.players; k++) {
    const seat = (LEARNER + k) % game.config.players;
    if ((s.hands[seat] & playable) !== 0) return seat;
  }
  return undefined;
}

/**
 * Why the seat to act may not make this move, in lesson words; undefined when it is legal.
 * Mirrors the engine's refusals (which it checks first) but names the rule, not the seat.
 */
export function whyIllegal(game: Game, move: Move): TextRef | undefined {
  if (refuseMove(game, move) === undefined) return undefined;
  const state = game.state;
  if (!state || state.over) return { key: "why_handOver" };
  if (move === PASS) {
    if (state.phase === POSE) return { key: "why_passAtPose" };
    const fits = legalMoves(game).find((m) => m !== PASS);
    return { key: "why_mustPlay", params: { bone: fits === undefined ? "" : makeBone(moveBone(fits)) } };
  }
  const bone = moveBone(move);
  const name = makeBone(bone);
  if ((state.hands[state.turn] & (1 << bone)) === 0) return { key: "why_notYours", params: { bone: name } };
  if (state.phase === POSE) {
    if (state.poseMask === DOUBLE[0]) return { key: "why_pose00", params: { bone: name } };
    if (state.poseMask === DOUBLE[6]) return { key: "why_pose66", params: { bone: name } };
    return { key: "why_poseDouble", params: { bone: name } };
  }
  const target = moveTarget(move);
  const where = targetText(game, target);
  if (game.config.layout === CROSS && state.emptyArms > 0) {
    const d = state.poseValue;
    if ((SUIT[d] & (1 << bone)) === 0) return { key: "why_needPoseNumber", params: { bone: name, n: d } };
    return { key: "why_armsFirst", params: { bone: name, where } };
  }
  const end = state.ends[target];
  if ((SUIT[end] & (1 << bone)) === 0) return { key: "why_noMatch", params: { bone: name, where, n: end } };
  return { key: "why_frozen", params: { bone: name, where, n: end } };
}

/**
 * Where to try a bone the learner picked without choosing a target: every legal target (several
 * when it fits more than one), or, when it fits none, the one whose refusal explains most.
 */
export function targetsForBone(game: Game, bone: Bone): { legal: number[]; explain: number } {
  const state = game.state;
  if (!state) return { legal: [], explain: 0 };
  const legal = state.targetsFor(bone);
  if (legal.length > 0 || state.phase === POSE) return { legal, explain: 0 };
  const ends = Array.from(state.ends.subarray(0, state.targets));
  const empty = ends.indexOf(-1);
  if (state.emptyArms > 0 && empty >= 0) {
    // In the cross phase a bone with the pose's number is refused on a started arm only.
    const d = state.poseValue;
    const fitsPose = (SUIT[d] & (1 << bone)) !== 0;
    return {
      legal,
      explain: fitsPose
        ? Math.max(
            0,
            ends.findIndex((e) => e !== -1),
          )
        : empty,
    };
  }
  const matching = ends.findIndex((e) => e === boneLow(bone) || e === boneHigh(bone));
  return { legal, explain: Math.max(matching, 0) };
}

export type MoveCheck =
  | { readonly ok: true; readonly game: Game; readonly text: TextRef }
  | { readonly ok: false; readonly illegal: boolean; readonly text: TextRef };

/** Checks a learner's move against a task step (the game must be the task's position). */
export function checkTaskMove(step: TaskStep, game: Game, move: Move): MoveCheck {
  const illegal = whyIllegal(game, move);
  if (illegal) return { ok: false, illegal: true, text: illegal };
  if (!matchesRequest(game, step.request, move)) {
    for (const rule of step.wrong ?? []) {
      if (matchesRequest(game, rule.when, move)) return { ok: false, illegal: false, text: { key: rule.text } };
    }
    if (move === PASS && game.config.passWhenAblePenalty > 0 && game.state?.canPlay()) {
      return {
        ok: false,
        illegal: false,
        text: { key: "why_penaltyPass", params: { n: game.config.passWhenAblePenalty } },
      };
    }
    if (step.request.kind === "boardPass") {
      const seat = firstAnswer(game, move);
      if (seat !== undefined) {
        return { ok: false, illegal: false, text: { key: "why_notBoardPass", params: { name: seatText(seat) } } };
      }
    }
    return { ok: false, illegal: false, text: { key: step.otherwise } };
  }
  const after = applyMove(game, move);
  if (!after.ok) return { ok: false, illegal: true, text: { key: "why_illegal" } };
  const next = step.afterwards === "forcedPasses" ? playForcedPasses(after.value) : after.value;
  return { ok: true, game: next, text: { key: step.done } };
}

/** Plays the passes of the other seats that have no legal play, until the learner or a play is due. */
export function playForcedPasses(game: Game): Game {
  let g = game;
  for (;;) {
    const s = g.state;
    if (!s || s.over || g.finished || s.turn === LEARNER || s.canPlay()) return g;
    const next = applyMove(g, PASS);
    if (!next.ok) return g;
    g = next.value;
  }
}

/** Every move the learner could try in a position: each held bone on each target, and a pass. */
export function candidateMoves(game: Game): Move[] {
  const state = game.state;
  if (!state) return [];
  const out: Move[] = [PASS];
  const hand = state.hands[state.turn];
  for (let bone = 0; bone < 28; bone++) {
    if ((hand & (1 << bone)) === 0) continue;
    if (state.phase === POSE) out.push(playMove(bone, 0));
    else for (let t = 0; t < state.targets; t++) out.push(playMove(bone, t));
  }
  return out;
}
