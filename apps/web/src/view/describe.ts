/**
 * Words for what happens at the table: event log lines, the screen-reader summary of whose turn
 * it is and what can be played, and names of targets. Pure functions of engine values.
 */

import {
  CROSS,
  CROSS_TARGETS,
  type GameEvent,
  LINE_TARGETS,
  type Move,
  makeBone,
  moveBone,
  moveTarget,
  PASS,
  POSE,
  type PoseInfo,
  type PublicTable,
  type Rules,
  seatsOf,
  sideOf,
} from "@crossbones/engine";
import { anyOf, type Key, PENALTY_KEYS, type T } from "../i18n";

/**
 * The words of each arm and end, by its letter (the engine's `CROSS_TARGETS`, `LINE_TARGETS`): on
 * its own ("North", "Left end": the chooser, the board's letters), inside a sentence with its
 * article ("on the left end", "op de noordarm") and in a list of what the board shows ("North 5,
 * left 3"). Every screen and refusal names targets from here.
 */
export interface TargetWords {
  /** On its own: "North", "Left end". */
  readonly name: Key;
  /** In a sentence, with its article: "the north arm", "the left end". */
  readonly phrase: Key;
  /** In a list of what the board shows: "North", "left". */
  readonly short: Key;
}

const TARGET_WORDS: Readonly<Record<string, TargetWords>> = {
  N: { name: "armN", phrase: "arm_N", short: "armN" },
  E: { name: "armE", phrase: "arm_E", short: "armE" },
  S: { name: "armS", phrase: "arm_S", short: "armS" },
  W: { name: "armW", phrase: "arm_W", short: "armW" },
  L: { name: "endL", phrase: "end_L", short: "side_L" },
  R: { name: "endR", phrase: "end_R", short: "side_R" },
};

/** The words of target letter `letter` ("N", "L", …), or undefined for a letter that names none. */
export function targetWords(letter: string): TargetWords | undefined {
  return Object.hasOwn(TARGET_WORDS, letter) ? TARGET_WORDS[letter] : undefined;
}

/** The words of target number `target` of a layout. */
function wordsOf(layout: number, target: number): TargetWords {
  const letters: readonly string[] = layout === CROSS ? CROSS_TARGETS : LINE_TARGETS;
  return targetWords(letters[target] ?? "") ?? TARGET_WORDS.N;
}

/** An arm or end as a label on its own: "North", "Left end" (the chooser's buttons, the board's letters). */
export function targetName(t: T, layout: number, target: number): string {
  return t(wordsOf(layout, target).name);
}

/** An arm or end inside a sentence, with its article: "on the left end", "op de noordarm", "en el brazo norte". */
export function targetInSentence(t: T, layout: number, target: number): string {
  return t(wordsOf(layout, target).phrase);
}

/** "You", a bot's name, or in Partner the team. */
export type SeatName = (seat: number) => string;

/**
 * A scoring side: the player, or in Partner the team, seen from `viewer`'s seat ("Your team",
 * "Their team"); a watcher (`viewer` null) sees the team's players named ("Ama and Kofi").
 */
export function sideName(t: T, rules: Rules, side: number, name: SeatName, viewer: number | null): string {
  if (rules.game !== "partner") return name(side);
  if (viewer === null) {
    return t("teamOf", { names: seatsOf(rules, side).map(name) });
  }
  return side === sideOf(rules, viewer) ? t("yourTeam") : t("theirTeam");
}

/**
 * A sentence about a seat: the viewer's own sentence ("You score 1", "Sumas 1") when the seat is
 * the viewer, else the third person with the seat's name ("Ruby scores 1"). Verbs agree with
 * "you" differently in every language, so the viewer has keys of its own.
 */
export function about(
  t: T,
  seat: number,
  viewer: number | null | undefined,
  keys: { readonly other: Key; readonly you: Key },
  params: Readonly<Record<string, string | number>>,
  name: SeatName,
  nameParam = "name",
): string {
  return seat === viewer ? t(keys.you, params) : t(keys.other, { ...params, [nameParam]: name(seat) });
}

/**
 * One line of the table log for an event, or null for events that are shown otherwise. `viewer`
 * is the seat whose table it is ("You played…"), if any.
 */
export function eventText(t: T, layout: number, e: GameEvent, name: SeatName, viewer?: number | null): string | null {
  switch (e.type) {
    case "pose":
      return about(t, e.seat, viewer, { other: "evPose", you: "evPoseYou" }, { bone: makeBone(e.bone) }, name);
    case "play":
      return about(
        t,
        e.seat,
        viewer,
        { other: "evPlay", you: "evPlayYou" },
        { bone: makeBone(e.bone), target: targetInSentence(t, layout, e.target) },
        name,
      );
    case "pass":
      return about(t, e.seat, viewer, { other: "evPass", you: "evPassYou" }, {}, name);
    case "illegalAttempt":
      return about(
        t,
        e.seat,
        viewer,
        { other: "evIllegal", you: "evIllegalYou" },
        { bone: makeBone(e.bone), target: targetInSentence(t, layout, e.target) },
        name,
      );
    case "penalty":
      return t("evPenalty", { name: name(e.seat), kind: t(PENALTY_KEYS[e.kind]), n: e.points });
    case "handEnd":
      if (e.end === "domino" && e.winner !== null)
        return about(t, e.winner, viewer, { other: "evDomino", you: "evDominoYou" }, {}, name);
      return e.winner === null ? t("evBlockedNoWinner") : t("evBlocked");
    case "bruk":
      return t("evBruk");
    case "oneAllPlayTwo":
      return t("evOneAllPlayTwo");
    case "resign":
      return about(t, e.seat, viewer, { other: "evResign", you: "evResignYou" }, {}, name);
    case "gameEnd":
      return null;
  }
}

/**
 * Why the poser poses, in the engine's own terms (`PoseInfo`): the holder of a bone, or the last
 * hand's winner, with a double of their choice (French) or any bone (the line games). Told to
 * `viewer`, who may be that winner ("you won the last hand").
 */
export function poseWhy(t: T, pose: PoseInfo, viewer: number | null, name: SeatName): string {
  const bone = pose.bone === null ? "" : makeBone(pose.bone);
  switch (pose.reason) {
    case "first":
      return t("poseWhy.first", { bone });
    case "no-winner":
      return t("poseWhy.no-winner", { bone });
    case "draw":
      return t("poseWhy.draw", { bone });
    case "one-all-play-two":
      return t("poseWhy.one-all-play-two", { bone });
    case "winner":
      if (pose.winner === viewer) return t("poseWhy.winnerYou");
      return t(pose.double ? "poseWhy.winner" : "poseWhy.winnerAny", { name: name(pose.winner ?? pose.seat) });
    case "next-with-double":
      if (pose.winner === viewer) return t("poseWhy.next-with-doubleYou");
      return t("poseWhy.next-with-double", { name: name(pose.winner ?? pose.seat) });
  }
}

/** "1-2 by Ines", "your 1-2": a play named with its player (what a board pass followed). */
export function playByText(t: T, bone: number, seat: number, name: SeatName, viewer?: number | null): string {
  return about(t, seat, viewer, { other: "playBy", you: "playByYou" }, { bone: makeBone(bone) }, name);
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
  return t("srPlayOn", { bone, target: targetInSentence(t, layout, moveTarget(move)) });
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
