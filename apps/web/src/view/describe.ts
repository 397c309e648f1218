/**
 * Words for what happens at the table: event log lines, the screen-reader summary of whose turn
 * it is and what can be played, and names of targets. Pure functions of engine values.
 */

import {
  CROSS,
  type GameEvent,
  type Move,
  makeBone,
  moveBone,
  moveTarget,
  PASS,
  POSE,
  type PublicTable,
  type Rules,
  sideOf,
} from "@crossbones/engine";
import { anyOf, type Key, PENALTY_KEYS, type T } from "../i18n";

const ARM_KEYS: readonly Key[] = ["armN", "armE", "armS", "armW"];
const END_KEYS: readonly Key[] = ["endL", "endR"];

export function targetName(t: T, layout: number, target: number): string {
  return t((layout === CROSS ? ARM_KEYS : END_KEYS)[target] ?? "armN");
}

/** "You", a bot's name, or in Partner the team. */
export type SeatName = (seat: number) => string;

/** A scoring side: the player, or in Partner the team (seen from `viewer`'s seat). */
export function sideName(t: T, rules: Rules, side: number, name: SeatName, viewer = 0): string {
  if (rules.game !== "partner") return name(side);
  return side === sideOf(rules, viewer) ? t("yourTeam") : t("theirTeam");
}

/** One line of the table log for an event, or null for events that are shown otherwise. */
export function eventText(t: T, layout: number, e: GameEvent, name: SeatName): string | null {
  switch (e.type) {
    case "pose":
      return t("evPose", { name: name(e.seat), bone: makeBone(e.bone) });
    case "play":
      return t("evPlay", { name: name(e.seat), bone: makeBone(e.bone), target: targetName(t, layout, e.target) });
    case "pass":
      return t("evPass", { name: name(e.seat) });
    case "illegalAttempt":
      return t("evIllegal", { name: name(e.seat), bone: makeBone(e.bone), target: targetName(t, layout, e.target) });
    case "penalty":
      return t("evPenalty", { name: name(e.seat), kind: t(PENALTY_KEYS[e.kind]), n: e.points });
    case "handEnd":
      if (e.end === "domino" && e.winner !== null) return t("evDomino", { name: name(e.winner) });
      return e.winner === null ? t("evBlockedNoWinner") : t("evBlocked");
    case "bruk":
      return t("evBruk");
    case "oneAllPlayTwo":
      return t("evOneAllPlayTwo");
    case "resign":
      return t("evResign", { name: name(e.seat) });
    case "gameEnd":
      return null;
  }
}

/** "arms show 3, 5, 1 and 6" / "ends show 2 and 4" / "the pose is 0-0, 2 arms still empty". */
export function endsText(t: T, table: PublicTable, layout: number): string {
  if (table.phase === POSE) return t("srNoBoard");
  if (layout === CROSS && table.emptyArms > 0) {
    return t("srArmsEmpty", { bone: `${table.poseValue}-${table.poseValue}`, n: table.emptyArms });
  }
  return t(layout === CROSS ? "srArmsShow" : "srEndsShow", { list: table.ends });
}

/** "5-5 on East" for a move (the pose: just the bone). */
export function moveText(t: T, layout: number, move: Move, isPose: boolean): string {
  if (move === PASS) return t("pass");
  const bone = makeBone(moveBone(move));
  if (isPose) return bone;
  return t("srPlayOn", { bone, target: targetName(t, layout, moveTarget(move)) });
}

/**
 * The screen-reader summary when it is the human's turn: "Your turn; arms show 3, 5, 1 and 6;
 * you can play 5-5 on East or 3-6 on North."
 */
export function turnSummary(t: T, table: PublicTable, layout: number, legal: readonly Move[]): string {
  const ends = endsText(t, table, layout);
  const plays = legal.filter((m) => m !== PASS);
  if (plays.length === 0) return t("srYourTurnNone", { ends });
  const isPose = table.phase === POSE;
  return t("srYourTurn", {
    ends,
    plays: anyOf(plays.map((m) => moveText(t, layout, m, isPose))),
  });
}
