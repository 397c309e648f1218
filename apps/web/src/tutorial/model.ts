/**
 * The lesson model: courses of lessons, lessons of steps. Pure data plus the engine: positions are
 * game records (RECORD.md) replayed by the engine, so a rule change that breaks a lesson fails
 * its test rather than teaching something false.
 */

import type { GameKind } from "@crossbones/engine";
import type { Key, Param, TextRef } from "../i18n";

export type CourseId = "french" | "cutthroat" | "partner";

/** A string of the dictionary with its placeholders (i18n/index.ts), and what fills one. */
export type { Param, TextRef };

/**
 * A table position as a compact game record: one entry per hand, each seat's bones as one string
 * ("0-0 0-1 …") and the moves in record notation separated by spaces ("0-0 0-1@N pass …").
 * `toRecord` turns it into a crossbones-record/1 document.
 */
export interface PositionSpec {
  readonly game: GameKind;
  readonly players: number;
  /** Rule options that differ from the defaults. */
  readonly rules?: Readonly<Record<string, unknown>>;
  readonly hands: readonly { readonly deal: readonly string[]; readonly moves: string }[];
}

export interface Position {
  readonly spec: PositionSpec;
  /** Show every seat's bones, not only the learner's. */
  readonly reveal?: boolean;
  /** Bones to draw attention to ("3-3"), on the board or in a hand. */
  readonly highlight?: readonly string[];
  /**
   * Facts the step's text states about the position, checked by the tests so that the words and
   * the record cannot drift apart: match or set totals, and whether the game ended six-love.
   */
  readonly expect?: { readonly totals?: readonly number[]; readonly sixLove?: boolean };
}

/**
 * The kind of move a task asks for. The learner always sits at seat 0.
 * - pose: the first bone of the hand (optionally one of `bones`, or any double);
 * - play: a bone on the board (optionally one of `bones`, a double, on an empty arm, or on a
 *   target whose end shows `onEnd`);
 * - pass;
 * - boardPass: a play after which none of the other players can answer (French F7).
 */
export type MoveRequest =
  | { readonly kind: "pose"; readonly bones?: readonly string[]; readonly double?: boolean }
  | {
      readonly kind: "play";
      readonly bones?: readonly string[];
      readonly double?: boolean;
      readonly onEmptyArm?: boolean;
      readonly onEnd?: number;
    }
  | { readonly kind: "pass" }
  | { readonly kind: "boardPass" };

/** An explanation for a legal move that is not the requested one. */
export interface WrongRule {
  readonly when: MoveRequest;
  readonly text: Key;
}

/** How the guide looks while saying a step. */
export type Mood = "wave" | "talk" | "think" | "oops" | "cheer";

interface StepBase {
  /** Unique within the lesson; stable, as progress and tests refer to it. */
  readonly id: string;
  /** What the guide says. */
  readonly say: Key;
}

/** Text only. */
export interface ExplainStep extends StepBase {
  readonly type: "explain";
}

/** A prepared position to look at. */
export interface PositionStep extends StepBase {
  readonly type: "position";
  readonly position: Position;
}

/** A position where the learner (seat 0, to act) must make a requested kind of move. */
export interface TaskStep extends StepBase {
  readonly type: "task";
  readonly position: Position;
  readonly request: MoveRequest;
  /** Specific explanations for legal moves of the wrong kind, tried in order. */
  readonly wrong?: readonly WrongRule[];
  /** Explanation for any other legal move of the wrong kind. */
  readonly otherwise: Key;
  /** What the guide says once the move is made. */
  readonly done: Key;
  /** One accepted move, in record notation ("Show me", tests, end-to-end tests). */
  readonly solution: string;
  /** One rejected move, in record notation (tests, end-to-end tests). */
  readonly mistake: string;
  /** After the learner's move, play the other seats' forced passes (to show a board pass). */
  readonly afterwards?: "forcedPasses";
}

/**
 * What a prediction asks for, answered by the engine:
 * - score: a seat's French hand score (penalties excluded);
 * - penalties: the penalty points charged to a seat so far in the last hand;
 * - handWinner: the seat that won the last hand, -1 for none;
 * - teamWinner: Partner, the team that won the last hand (0 = the learner's), -1 for a draw;
 * - setWinner: French, the seat that won the set, -1 while it goes on;
 * - matchPoints: line games, a side's match points after the last hand.
 */
export type Ask =
  | { readonly kind: "score"; readonly seat: number }
  | { readonly kind: "penalties"; readonly seat: number }
  | { readonly kind: "handWinner" }
  | { readonly kind: "teamWinner" }
  | { readonly kind: "setWinner" }
  | { readonly kind: "matchPoints"; readonly side: number };

/** A position (usually a hand just ended) where the learner predicts a number before it is shown. */
export interface PredictStep extends StepBase {
  readonly type: "predict";
  readonly position: Position;
  readonly ask: Ask;
  /** The guide's comment once the answer is revealed. */
  readonly reveal: Key;
}

export type Step = ExplainStep | PositionStep | TaskStep | PredictStep;

export interface Lesson {
  /** Unique across courses, e.g. "french-cross". */
  readonly id: string;
  readonly course: CourseId;
  readonly title: Key;
  readonly summary: Key;
  readonly steps: readonly Step[];
}

/** The practice game "Try it" starts at the end of a course. */
export interface PracticeSetup {
  readonly game: GameKind;
  readonly players: number;
  /** Rule options (empty: the defaults). */
  readonly options: Readonly<Record<string, unknown>>;
  /** Bot level of every seat (seat 0, the learner, is ignored). */
  readonly levels: readonly "easy"[];
  readonly practice: true;
  /** Every hand face up. */
  readonly showHands: true;
  readonly hints: true;
}

export interface Course {
  readonly id: CourseId;
  readonly title: Key;
  readonly summary: Key;
  readonly lessons: readonly Lesson[];
  readonly practice: PracticeSetup;
}

/** The learner's seat in every lesson position. */
export const LEARNER = 0;
