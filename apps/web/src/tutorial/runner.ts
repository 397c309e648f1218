/**
 * The lesson runner: a pure state machine over a lesson's steps (current step, Next/Back, moves
 * checked against the task, predictions) and the progress record kept in local storage. No DOM:
 * a screen renders `viewOf(run)` and calls the transitions; tests drive it the same way.
 */

import { type Action, actionText, applyAction, type Game, parseAction, type Refusal } from "@crossbones/engine";
import { lessonById, nextLessonId } from "./courses";
import { type Course, LEARNER, type Lesson, type Mood, type Step, type TaskStep, type TextRef } from "./model";
import { checkTaskMove, type MoveCheck, playForcedPasses } from "./moves";
import { positionGame } from "./positions";
import { answerOf, type Choice, choicesOf, revealOf } from "./predict";

/**
 * Why the guide rejects a move: the engine's refusal (said in the game's own words), or a lesson
 * text for a legal move that is not what the task asks.
 */
export type Feedback = { readonly refusal: Refusal } | { readonly text: TextRef };

/** What the learner did on a step: the move made (record notation) or the number predicted. */
export type Answer = { readonly move: string } | { readonly guess: number };

/** A lesson being taken. Plain JSON, so it can be saved as it is. */
export interface LessonRun {
  readonly lesson: string;
  readonly step: number;
  /** Answers by step index (null where nothing was asked or nothing answered yet). */
  readonly answers: readonly (Answer | null)[];
  /** The guide's explanation of the last rejected move on the current step. */
  readonly feedback: Feedback | null;
  /** Next was pressed on the last step. */
  readonly finished: boolean;
}

function lessonOf(run: LessonRun): Lesson {
  const lesson = lessonById(run.lesson);
  if (!lesson) throw new Error(`no lesson ${run.lesson}`);
  return lesson;
}

export function stepOf(run: LessonRun): Step {
  return lessonOf(run).steps[run.step];
}

/** A lesson from its first step (or from `step`). */
export function startLesson(id: string, step = 0): LessonRun {
  const lesson = lessonById(id);
  if (!lesson) throw new Error(`no lesson ${id}`);
  const at = Math.max(0, Math.min(step, lesson.steps.length - 1));
  return { lesson: id, step: at, answers: lesson.steps.map(() => null), feedback: null, finished: false };
}

function answerAt(run: LessonRun, index = run.step): Answer | null {
  return run.answers[index] ?? null;
}

function withAnswer(run: LessonRun, answer: Answer): LessonRun {
  const answers = run.answers.slice();
  answers[run.step] = answer;
  return { ...run, answers, feedback: null };
}

/** Whether the current step lets the learner go on: a task must be done, a prediction made. */
export function canNext(run: LessonRun): boolean {
  const step = stepOf(run);
  if (step.type === "task" || step.type === "predict") return answerAt(run) !== null;
  return true;
}

export function canBack(run: LessonRun): boolean {
  return run.step > 0;
}

export function next(run: LessonRun): LessonRun {
  if (!canNext(run)) return run;
  const last = lessonOf(run).steps.length - 1;
  if (run.step >= last) return { ...run, feedback: null, finished: true };
  return { ...run, step: run.step + 1, feedback: null };
}

export function back(run: LessonRun): LessonRun {
  // From the end of the lesson, Back returns to its last step.
  if (run.finished || !canBack(run)) return { ...run, feedback: null, finished: false };
  return { ...run, step: run.step - 1, feedback: null, finished: false };
}

// ---------------------------------------------------------------------------------------------
// Tasks

export type MoveOutcome =
  | { readonly kind: "done"; readonly run: LessonRun }
  /** Rejected: `illegal` when the engine refuses it, else legal but not what was asked. */
  | { readonly kind: "wrong"; readonly run: LessonRun; readonly illegal: boolean; readonly feedback: Feedback }
  /** Nothing to do here (not a task, or already done). */
  | { readonly kind: "ignored"; readonly run: LessonRun };

function taskOf(run: LessonRun): TaskStep | null {
  const step = stepOf(run);
  return step.type === "task" && answerAt(run) === null ? step : null;
}

function outcome(run: LessonRun, check: MoveCheck, action: Action): MoveOutcome {
  if (check.ok) {
    const text = actionText(action);
    afterCache.set(`${key(run)}:${text}`, check.game);
    return { kind: "done", run: withAnswer(run, { move: text }) };
  }
  const feedback: Feedback = check.illegal ? { refusal: check.refusal } : { text: check.text };
  return { kind: "wrong", run: { ...run, feedback }, illegal: check.illegal, feedback };
}

/** The learner acts (a bone, on a target or not, or a pass) on the current task. */
export function tryAction(run: LessonRun, action: Action): MoveOutcome {
  const step = taskOf(run);
  if (!step) return { kind: "ignored", run };
  return outcome(run, checkTaskMove(step, positionGame(step.position), action), action);
}

/** An action in record notation ("3-3@E", "3-3", "pass"). */
export function tryNotation(run: LessonRun, text: string): MoveOutcome {
  const action = parseAction(text);
  if (!action.ok) throw new Error(`unreadable move ${text} in lesson ${run.lesson}: ${action.error.message}`);
  return tryAction(run, action.value);
}

/** "Show me": makes the task's solution. */
export function showMe(run: LessonRun): LessonRun {
  const step = taskOf(run);
  if (!step) return run;
  const result = tryNotation(run, step.solution);
  return result.run;
}

// ---------------------------------------------------------------------------------------------
// Predictions

/** The learner predicts a number (or picks a choice); the answer is then revealed. */
export function guess(run: LessonRun, value: number): LessonRun {
  const step = stepOf(run);
  if (step.type !== "predict" || answerAt(run) !== null) return run;
  return withAnswer(run, { guess: value });
}

// ---------------------------------------------------------------------------------------------
// What to draw

/** Everything a screen needs to show the current step. */
export interface StepView {
  readonly lesson: Lesson;
  readonly step: Step;
  readonly index: number;
  readonly count: number;
  /** The guide's prompt for the step. */
  readonly say: TextRef;
  /** The guide's answer once the step is done (task done text, or the prediction's comment). */
  readonly response: TextRef | null;
  /** Why the last move was rejected. */
  readonly feedback: Feedback | null;
  /** The table to draw (after the learner's move once a task is done), or null for text only. */
  readonly game: Game | null;
  /** Show every hand face up. */
  readonly revealHands: boolean;
  readonly highlight: readonly string[];
  /** What the step waits for: a move, a prediction, or nothing. */
  readonly awaiting: "move" | "guess" | null;
  /** Predictions: the choices, the learner's guess, the true answer once guessed, the reasoning. */
  readonly choices: readonly Choice[];
  readonly guess: number | null;
  readonly answer: number | null;
  readonly correct: boolean | null;
  readonly reasoning: readonly TextRef[];
  /** Hide hand results and totals (the score sheet) until the prediction is made. */
  readonly concealResult: boolean;
  readonly mood: Mood;
  readonly canBack: boolean;
  readonly canNext: boolean;
  readonly isLast: boolean;
  /** At the end of a lesson: the next lesson of the course, or null ("Try it"). */
  readonly nextLesson: string | null;
}

const afterCache = new Map<string, Game>();

function key(run: LessonRun): string {
  return `${run.lesson}#${run.step}`;
}

/** The game after the learner's move on a done task. */
function afterMove(run: LessonRun, step: TaskStep, move: string): Game {
  const cacheKey = `${key(run)}:${move}`;
  const cached = afterCache.get(cacheKey);
  if (cached) return cached;
  const game = positionGame(step.position);
  const action = parseAction(move);
  const applied = action.ok ? applyAction(game, LEARNER, action.value) : null;
  const after = applied?.ok ? applied.value : game;
  const result = step.afterwards === "forcedPasses" ? playForcedPasses(after) : after;
  afterCache.set(cacheKey, result);
  return result;
}

export function viewOf(run: LessonRun): StepView {
  const lesson = lessonOf(run);
  const step = lesson.steps[run.step];
  const answer = answerAt(run);
  const base = {
    lesson,
    step,
    index: run.step,
    count: lesson.steps.length,
    say: { key: step.say } as TextRef,
    feedback: run.feedback,
    canBack: canBack(run),
    canNext: canNext(run),
    isLast: run.step === lesson.steps.length - 1,
    nextLesson: nextLessonId(lesson.id),
    choices: [] as Choice[],
    guess: null,
    answer: null,
    correct: null,
    reasoning: [] as TextRef[],
    concealResult: false,
  };
  switch (step.type) {
    case "explain":
      return {
        ...base,
        response: null,
        game: null,
        revealHands: false,
        highlight: [],
        awaiting: null,
        mood: run.step === 0 ? "wave" : "talk",
      };
    case "position":
      return {
        ...base,
        response: null,
        game: positionGame(step.position),
        revealHands: !!step.position.reveal,
        highlight: step.position.highlight ?? [],
        awaiting: null,
        mood: "talk",
      };
    case "task": {
      const move = answer && "move" in answer ? answer.move : null;
      return {
        ...base,
        response: move === null ? null : { key: step.done },
        game: move === null ? positionGame(step.position) : afterMove(run, step, move),
        revealHands: !!step.position.reveal,
        highlight: step.position.highlight ?? [],
        awaiting: move === null ? "move" : null,
        mood: move !== null ? "cheer" : run.feedback ? "oops" : "think",
      };
    }
    case "predict": {
      const game = positionGame(step.position);
      const value = answer && "guess" in answer ? answer.guess : null;
      const truth = answerOf(game, step.ask);
      return {
        ...base,
        response: value === null ? null : { key: step.reveal },
        game,
        revealHands: !!step.position.reveal,
        highlight: step.position.highlight ?? [],
        awaiting: value === null ? "guess" : null,
        choices: choicesOf(game, step.ask),
        guess: value,
        answer: value === null ? null : truth,
        correct: value === null ? null : value === truth,
        reasoning: value === null ? [] : revealOf(game, step.ask),
        concealResult: value === null,
        mood: value === null ? "think" : value === truth ? "cheer" : "talk",
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Progress, as kept in local storage

export interface LessonProgress {
  /** The step the learner was last on. */
  readonly step: number;
  /** Finished at least once. */
  readonly done: boolean;
}

export interface Progress {
  readonly version: 1;
  readonly lessons: Readonly<Record<string, LessonProgress>>;
  /** The lesson in progress, to resume exactly where it was. */
  readonly current: LessonRun | null;
  /** The lesson on screen (null: the list of courses), so a reload reopens it. */
  readonly open: string | null;
}

export function emptyProgress(): Progress {
  return { version: 1, lessons: {}, current: null, open: null };
}

function isAnswer(value: unknown): value is Answer {
  if (!value || typeof value !== "object") return false;
  const a = value as Record<string, unknown>;
  return typeof a.move === "string" || (typeof a.guess === "number" && Number.isFinite(a.guess));
}

/** A saved lesson run, checked against the lessons as they are now (null if it no longer fits). */
function readRun(value: unknown): LessonRun | null {
  if (!value || typeof value !== "object") return null;
  const r = value as Record<string, unknown>;
  const lesson = typeof r.lesson === "string" ? lessonById(r.lesson) : undefined;
  if (!lesson || typeof r.step !== "number" || !Array.isArray(r.answers)) return null;
  const fresh = startLesson(lesson.id, r.step);
  const answers = lesson.steps.map((step, i) => {
    const a: unknown = (r.answers as unknown[])[i];
    if (!isAnswer(a)) return null;
    if (step.type === "task" && "move" in a) {
      // Keep a move only if the task still accepts it.
      const check = tryNotationSafe(startLesson(lesson.id, i), a.move);
      return check ? a : null;
    }
    if (step.type === "predict" && "guess" in a) return a;
    return null;
  });
  return { ...fresh, answers };
}

function tryNotationSafe(run: LessonRun, move: string): boolean {
  try {
    return tryNotation(run, move).kind === "done";
  } catch {
    return false;
  }
}

/** Progress from local storage; anything unreadable or out of date is dropped. */
export function readProgress(value: unknown): Progress {
  if (!value || typeof value !== "object") return emptyProgress();
  const p = value as Record<string, unknown>;
  if (p.version !== 1) return emptyProgress();
  const lessons: Record<string, LessonProgress> = {};
  if (p.lessons && typeof p.lessons === "object") {
    for (const [id, entry] of Object.entries(p.lessons as Record<string, unknown>)) {
      const lesson = lessonById(id);
      if (!lesson || !entry || typeof entry !== "object") continue;
      const e = entry as Record<string, unknown>;
      const step = typeof e.step === "number" && Number.isInteger(e.step) ? e.step : 0;
      lessons[id] = { step: Math.max(0, Math.min(step, lesson.steps.length - 1)), done: e.done === true };
    }
  }
  const open = typeof p.open === "string" && lessonById(p.open) ? p.open : null;
  return { version: 1, lessons, current: readRun(p.current), open };
}

/** Progress after the learner's latest action in a run. */
export function recordRun(progress: Progress, run: LessonRun): Progress {
  const before = progress.lessons[run.lesson];
  const entry: LessonProgress = { step: run.finished ? 0 : run.step, done: (before?.done ?? false) || run.finished };
  return {
    version: 1,
    lessons: { ...progress.lessons, [run.lesson]: entry },
    current: run.finished ? null : { ...run, feedback: null },
    open: run.lesson,
  };
}

/** Back to the list of courses. */
export function closeLesson(progress: Progress): Progress {
  return { ...progress, open: null };
}

/** Opens a lesson: the saved run if it is that lesson, else from where the learner left it. */
export function openLesson(progress: Progress, id: string): LessonRun {
  if (progress.current?.lesson === id) return progress.current;
  const entry = progress.lessons[id];
  return startLesson(id, entry && !entry.done ? entry.step : 0);
}

export interface CourseStatus {
  readonly done: number;
  readonly total: number;
  readonly finished: boolean;
  /** The first lesson not yet finished (the first lesson once all are). */
  readonly next: string;
}

export function courseStatus(progress: Progress, course: Course): CourseStatus {
  const done = course.lessons.filter((l) => progress.lessons[l.id]?.done).length;
  const open = course.lessons.find((l) => !progress.lessons[l.id]?.done) ?? course.lessons[0];
  return { done, total: course.lessons.length, finished: done === course.lessons.length, next: open.id };
}

export function lessonDone(progress: Progress, id: string): boolean {
  return progress.lessons[id]?.done === true;
}
