/**
 * Actions in: the one entry point for a seat's choices, whether they come from a tap in the web
 * app, a lesson, a bot or a message from the network. An action is plain JSON in the record
 * notation; `applyAction` checks who acts, against which version, and everything the rules check,
 * and answers with the next game or a refusal (code, parameters, English message).
 */

import { type Bone, makeBone, parseBone } from "./bones.js";
import { attemptIllegalPlay, type Game, isGame, resign, step } from "./game.js";
import {
  CROSS,
  CROSS_TARGETS,
  type Layout,
  LINE_TARGETS,
  type Move,
  moveBone,
  moveTarget,
  PASS,
  POSE,
} from "./hand.js";
import { targetOf } from "./notation.js";
import { quote, type Refusal, refusal } from "./refusal.js";
import { ok, type Result } from "./result.js";

/**
 * What a seat does. `bone` is "a-b"; `target` is an arm ("N", "E", "S", "W") or an end ("L", "R"),
 * needed only when the bone fits targets that lead to different positions (not for the pose, an
 * empty arm, or two ends showing the same number).
 */
export type Action =
  | { readonly type: "play"; readonly bone: string; readonly target?: string }
  | { readonly type: "pass" }
  | { readonly type: "resign" };

/**
 * The game after an action, or why it was refused. At a strict table (`illegalPlayPenalty` > 0) an
 * illegal play is refused *and* charged (F5): the game changes (a penalty, a new version) and
 * `charged` says what was refused.
 */
export type ActionResult =
  | { readonly ok: true; readonly value: Game; readonly charged: Refusal | null }
  | { readonly ok: false; readonly error: Refusal };

const refuse = (error: Refusal): ActionResult => ({ ok: false, error });

/** Rules refusals of a play that a strict table charges as an illegal attempt (F5). */
const CHARGEABLE = new Set(["does-not-fit", "double-not-down", "arm-started", "needs-pose-number"]);

/**
 * Applies `action` by `seat`. With `version`, the action is refused as stale unless the game is
 * still at that version (the client acted on what it last saw). Any seat may resign at any time
 * before the end; every other action is for the seat to act.
 */
export function applyAction(game: Game, seat: number, action: unknown, version?: unknown): ActionResult {
  if (!isGame(game)) return refuse(refusal("bad-game", {}));
  if (!(Number.isInteger(seat) && seat >= 0 && seat < game.config.players)) {
    return refuse(refusal("not-a-seat", { seat: quote(seat) }));
  }
  if (typeof action !== "object" || action === null || Array.isArray(action)) {
    return refuse(refusal("bad-action", { problem: "not-an-object" }));
  }
  const a = action as Record<string, unknown>;
  if (a.type !== "play" && a.type !== "pass" && a.type !== "resign") {
    return refuse(refusal("bad-action", { problem: "unknown-type" }));
  }
  if (version !== undefined && version !== game.version) {
    if (!Number.isInteger(version)) return refuse(refusal("bad-action", { problem: "version-not-number" }));
    return refuse(refusal("stale", { version: version as number, current: game.version }));
  }
  if (a.type === "resign") {
    const r = resign(game, seat);
    return r.ok ? { ok: true, value: r.value, charged: null } : r;
  }
  if (game.finished) return refuse(refusal("game-over", {}));
  const s = game.state;
  if (!s) return refuse(refusal("no-hand", {}));
  if (s.over) return refuse(refusal("hand-over", {}));
  if (seat !== s.turn) return refuse(refusal("not-your-turn", { seat, turn: s.turn }));
  if (a.type === "pass") return done(step(game, PASS, false));

  if (typeof a.bone !== "string") return refuse(refusal("bad-action", { problem: "bone-not-text" }));
  const bone = parseBone(a.bone);
  if (bone === undefined) return refuse(refusal("unknown-bone", { text: quote(a.bone) }));
  let target: number | null = null;
  if (a.target !== undefined && a.target !== null) {
    if (typeof a.target !== "string") return refuse(refusal("bad-action", { problem: "target-not-text" }));
    const names = s.targetNames();
    target = names.indexOf(a.target);
    if (target < 0) return refuse(refusal("unknown-target", { text: quote(a.target), targets: names }));
    if (s.phase === POSE) return refuse(refusal("pose-has-target", { text: quote(`${a.bone}@${a.target}`) }));
  }
  let refused: Refusal | undefined;
  if (target === null) {
    const resolved = targetOf(s, bone, false);
    if (resolved.ok) target = resolved.value;
    else refused = resolved.error;
  } else refused = s.refusePlay(bone, target);
  if (refused === undefined) return done(step(game, (bone << 2) | (target as number), false));
  if (game.config.illegalPlayPenalty > 0 && CHARGEABLE.has(refused.code)) {
    const aim = target ?? Math.max(0, s.aimFor(bone));
    const charged = attemptIllegalPlay(game, bone, aim);
    if (charged.ok) return { ok: true, value: charged.value, charged: refused };
  }
  return refuse(refused);
}

function done(r: { ok: true; value: Game } | { ok: false; error: Refusal }): ActionResult {
  return r.ok ? { ok: true, value: r.value, charged: null } : r;
}

/** The action that plays `bone` (on `target` when given), for screens built on views. */
export function playAction(layout: Layout, bone: Bone, target?: number): Action {
  if (target === undefined) return { type: "play", bone: makeBone(bone) };
  return { type: "play", bone: makeBone(bone), target: (layout === CROSS ? CROSS_TARGETS : LINE_TARGETS)[target] };
}

/** A move of the numeric API (bots, `legalMoves`) as an action; the pose names no target. */
export function moveAction(layout: Layout, move: Move, isPose: boolean): Action {
  if (move === PASS) return { type: "pass" };
  return isPose ? playAction(layout, moveBone(move)) : playAction(layout, moveBone(move), moveTarget(move));
}

const ALL_TARGETS: readonly string[] = [...CROSS_TARGETS, ...LINE_TARGETS];

/**
 * An action from its text in the record notation: "pass", "resign", "3-5" or "3-5@N" (what a
 * lesson or a command line writes). Whether the target exists at the table is `applyAction`'s
 * to check.
 */
export function parseAction(text: unknown): Result<Action> {
  if (typeof text !== "string") return { ok: false, error: refusal("bad-notation", { text: quote(text) }) };
  if (text === "pass" || text === "resign") return ok({ type: text });
  const m = /^([^@]*)(?:@([\s\S]*))?$/.exec(text) as RegExpExecArray;
  const bone = parseBone(m[1]);
  if (bone === undefined) {
    return /^\d+-\d+$/.test(m[1])
      ? { ok: false, error: refusal("unknown-bone", { text: quote(m[1]) }) }
      : { ok: false, error: refusal("bad-notation", { text: quote(text) }) };
  }
  if (m[2] === undefined) return ok({ type: "play", bone: makeBone(bone) });
  if (!ALL_TARGETS.includes(m[2])) {
    return { ok: false, error: refusal("unknown-target", { text: quote(m[2]), targets: ALL_TARGETS }) };
  }
  return ok({ type: "play", bone: makeBone(bone), target: m[2] });
}

/** The record notation of an action ("pass", "3-5", "3-5@N"), as `parseAction` reads it. */
export function actionText(action: Action): string {
  if (action.type !== "play") return action.type;
  return action.target === undefined ? action.bone : `${action.bone}@${action.target}`;
}
