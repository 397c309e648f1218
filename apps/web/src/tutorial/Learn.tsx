/**
 * "Learn to play": the list of courses and their lessons, and the lesson screen (Mango's
 * prompt, Next/Back, the prepared table, moves and predictions). Loaded on demand, so the
 * lessons cost nothing until opened. Progress is handed to the app to keep in local storage.
 */

import { type Action, parseBone, viewFor } from "@crossbones/engine";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Key, T } from "../i18n";
import { useLiveRead } from "../review/useLiveRead";
import type { Settings } from "../settings";
import { Table } from "../ui/Table";
import { refusalText } from "../view/refusalText";
import { COURSES, courseById, lessonById } from "./courses";
import { Guide } from "./Guide";
import { LEARNER, type PracticeSetup } from "./model";
import { seatText } from "./moves";
import {
  back,
  closeLesson,
  courseStatus,
  type LessonRun,
  lessonDone,
  next,
  openLesson,
  type Progress,
  readProgress,
  recordRun,
  showMe,
  startLesson,
  tryAction,
  viewOf,
  guess as withGuess,
} from "./runner";
import "./tutorial.css";

export interface LearnProps {
  /** The app's translator (lesson texts included). */
  t: T;
  settings: Settings;
  /** Saved progress as stored (anything; it is validated here). */
  progress: unknown;
  onProgress: (progress: Progress) => void;
  /** "Try it": a practice game of the course. */
  onPractice: (setup: PracticeSetup) => void;
}

export function Learn(props: LearnProps) {
  const progress = useMemo(() => readProgress(props.progress), [props.progress]);
  const latest = useRef(progress);
  latest.current = progress;
  const open = progress.open;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [open]);

  // Leaving for a practice game closes the lesson: the lessons reopen on their list.
  const practice = (setup: PracticeSetup) => {
    props.onProgress(closeLesson(latest.current));
    props.onPractice(setup);
  };

  const openLessonId = (id: string) => {
    props.onProgress(recordRun(latest.current, openLesson(latest.current, id)));
  };

  if (open && lessonById(open)) {
    return (
      <LessonScreen
        key={open}
        initial={openLesson(progress, open)}
        t={props.t}
        settings={props.settings}
        onRun={(run) => props.onProgress(recordRun(latest.current, run))}
        onClose={() => props.onProgress(closeLesson(latest.current))}
        onOpen={(id) => props.onProgress(recordRun(latest.current, startLesson(id)))}
        onPractice={practice}
      />
    );
  }
  return <CourseList progress={progress} t={props.t} onOpen={openLessonId} onPractice={practice} />;
}

function CourseList({
  progress,
  t,
  onOpen,
  onPractice,
}: {
  progress: Progress;
  t: T;
  onOpen: (id: string) => void;
  onPractice: (setup: PracticeSetup) => void;
}) {
  return (
    <main class="learn">
      <header class="learn-hero">
        <Guide mood="wave" size={88} />
        <div>
          <h1>{t("learn")}</h1>
          <p>{t("ui_learnDesc")}</p>
        </div>
      </header>
      {COURSES.map((course) => {
        const status = courseStatus(progress, course);
        return (
          <section class="card course" key={course.id} aria-labelledby={`course-${course.id}`}>
            <div class="course-head">
              <h2 id={`course-${course.id}`}>{t(course.title)}</h2>
              <span class="course-progress">
                {t({ key: "ui_progress", params: { done: status.done, total: status.total } })}
              </span>
            </div>
            <p class="course-sum">{t(course.summary)}</p>
            <ol class="lessons">
              {course.lessons.map((lesson) => {
                const done = lessonDone(progress, lesson.id);
                const started = !done && progress.lessons[lesson.id] !== undefined;
                return (
                  <li key={lesson.id} class={done ? "done" : ""}>
                    <button
                      type="button"
                      class="lesson-link"
                      onClick={() => onOpen(lesson.id)}
                      data-testid={`lesson-${lesson.id}`}
                    >
                      <span class="lesson-title">{t(lesson.title)}</span>
                      <span class="lesson-sum">{t(lesson.summary)}</span>
                      <span class="lesson-state">
                        {done ? `✓ ${t("ui_lessonDone")}` : started ? t("ui_resume") : t("ui_start")}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
            <div class="buttons">
              <button
                type="button"
                class={status.finished ? "primary" : ""}
                onClick={() => onPractice(course.practice)}
                data-testid={`try-${course.id}`}
              >
                {t("ui_tryIt")}
              </button>
              <span class="try-desc">{t("ui_tryItDesc")}</span>
            </div>
          </section>
        );
      })}
    </main>
  );
}

function LessonScreen({
  initial,
  t,
  settings,
  onRun,
  onClose,
  onOpen,
  onPractice,
}: {
  initial: LessonRun;
  t: T;
  settings: Settings;
  onRun: (run: LessonRun) => void;
  onClose: () => void;
  onOpen: (id: string) => void;
  onPractice: (setup: PracticeSetup) => void;
}) {
  const [run, setRun] = useState<LessonRun>(initial);
  // "Read the table" from the learner's seat (wide screens: on a phone the lesson has no room).
  const reading = useLiveRead();
  const bubble = useRef<HTMLDivElement>(null);
  const view = viewOf(run);
  const lesson = view.lesson;
  const course = courseById(lesson.course);
  const lessonIndex = course.lessons.indexOf(lesson);

  const update = (next: LessonRun) => {
    setRun(next);
    onRun(next);
  };
  // The table's choices go to the lesson: its feedback shows in Mango's bubble, not on the table.
  const act = (action: Action) => {
    const out = tryAction(run, action);
    if (out.kind !== "ignored") update(out.run);
    return null;
  };

  // A new step: read it out (the bubble takes focus).
  useEffect(() => {
    bubble.current?.focus({ preventScroll: true });
  }, [run.step, run.finished]);
  // On a phone the bubble has a fixed height: Mango's answer to a move scrolls into sight within it.
  useEffect(() => {
    bubble.current?.querySelector(".feedback, .response")?.scrollIntoView({ block: "nearest" });
  }, [view.feedback, view.response]);

  const step = view.step;
  const isTask = step.type === "task" && view.awaiting === "move";
  const name = (seat: number) => t(seatText(seat));
  const table = useMemo(
    () => (view.game ? viewFor(view.game, LEARNER, { reveal: view.revealHands }) : null),
    [view.game, view.revealHands],
  );
  const highlight = view.highlight.map((b) => parseBone(b)).filter((b): b is number => b !== undefined);

  return (
    <main
      class={`lesson lesson-${step.type}`}
      data-lesson={lesson.id}
      data-step={view.index}
      data-step-id={step.id}
      data-step-type={step.type}
      data-awaiting={view.awaiting ?? ""}
      data-finished={run.finished ? "true" : "false"}
    >
      <div class="lesson-side">
        <header class="lesson-head">
          <button type="button" class="ghost small" onClick={onClose} data-testid="all-lessons">
            ← {t("ui_allLessons")}
          </button>
          <div class="lesson-titles">
            <span class="lesson-course">
              {t(course.title)} ·{" "}
              {t({ key: "ui_lessonOf", params: { n: lessonIndex + 1, total: course.lessons.length } })}
            </span>
            <h1>{t(lesson.title)}</h1>
          </div>
          <span class="lesson-count" data-testid="step-count">
            {t({ key: "ui_stepOf", params: { n: view.index + 1, total: view.count } })}
          </span>
          <div class="steps-bar" aria-hidden="true">
            {lesson.steps.map((s, i) => (
              <span key={s.id} class={i < view.index || run.finished ? "past" : i === view.index ? "now" : ""} />
            ))}
          </div>
        </header>
        <section class="guide-row">
          <Guide mood={run.finished ? "cheer" : view.mood} size={76} label={t("guideAlt")} />
          <div class="bubble" ref={bubble} tabIndex={-1} aria-live="polite" data-testid="bubble">
            {run.finished ? (
              <>
                <p class="say" data-testid="say">
                  {t("ui_lessonComplete")}
                </p>
                {view.nextLesson === null && (
                  <>
                    <p class="response">{t("ui_courseDone")}</p>
                    <p>{t("ui_tryItDesc")}</p>
                  </>
                )}
              </>
            ) : (
              <>
                <p class="say" data-testid="say">
                  {t(view.say)}
                </p>
                {view.feedback && (
                  <p class="feedback" data-testid="feedback">
                    {"refusal" in view.feedback ? refusalText(t, view.feedback.refusal, name) : t(view.feedback.text)}
                  </p>
                )}
                {view.guess !== null && (
                  <p class={`verdict ${view.correct ? "right" : "wrong"}`} data-testid="verdict">
                    {view.correct
                      ? t("ui_correct")
                      : t({ key: "ui_notQuite", params: { answer: choiceLabel(view, view.answer, t) } })}
                  </p>
                )}
                {view.reasoning.length > 0 && (
                  <ul class="reasoning" data-testid="reasoning">
                    {view.reasoning.map((line, i) => (
                      <li key={i}>{t(line)}</li>
                    ))}
                  </ul>
                )}
                {view.response && (
                  <p class="response" data-testid="response">
                    {t(view.response)}
                  </p>
                )}
              </>
            )}
          </div>
        </section>

        <div class="lesson-controls">
          {!run.finished && step.type === "predict" && (
            <fieldset class="predict" disabled={view.guess !== null}>
              <legend>
                {view.guess === null
                  ? t("ui_predict")
                  : t({ key: "ui_youSaid", params: { guess: choiceLabel(view, view.guess, t) } })}
              </legend>
              {view.choices.map((c) => (
                <button
                  type="button"
                  key={c.value}
                  class={`choice ${view.guess === c.value ? "chosen" : ""} ${view.answer === c.value ? "answer" : ""}`}
                  aria-pressed={view.guess === c.value}
                  onClick={() => update(withGuess(run, c.value))}
                  data-testid={`choice-${c.value}`}
                >
                  {t(c.label)}
                </button>
              ))}
            </fieldset>
          )}
          <nav class="lesson-nav" aria-label={t(lesson.title)}>
            <button
              type="button"
              onClick={() => update(back(run))}
              disabled={!view.canBack && !run.finished}
              data-testid="back"
            >
              ← {t("back")}
            </button>
            {view.game && !run.finished && (
              <button
                type="button"
                class="read-toggle"
                onClick={reading.toggle}
                aria-pressed={reading.on}
                data-testid="lesson-read-toggle"
              >
                {t("read.show")}
              </button>
            )}
            {isTask && (
              <button type="button" class="ghost" onClick={() => update(showMe(run))} data-testid="show-me">
                {t("ui_showMe")}
              </button>
            )}
            {!run.finished ? (
              <button
                type="button"
                class="primary"
                onClick={() => update(next(run))}
                disabled={!view.canNext}
                data-testid="next"
              >
                {view.isLast ? t("ui_finish") : t("ui_next")} →
              </button>
            ) : view.nextLesson ? (
              <button
                type="button"
                class="primary"
                onClick={() => onOpen(view.nextLesson as string)}
                data-testid="next-lesson"
              >
                {t("ui_nextLesson")} →
              </button>
            ) : (
              <button type="button" class="primary" onClick={() => onPractice(course.practice)} data-testid="try-it">
                {t("ui_tryIt")}
              </button>
            )}
          </nav>
        </div>
      </div>

      {!run.finished && table && (
        <Table
          view={table}
          t={t}
          settings={settings}
          name={name}
          act={isTask ? act : undefined}
          pickAny
          confirmPenaltyPass={false}
          highlight={highlight}
          conceal={view.concealResult}
          status={isTask ? t("ui_yourTurn") : ""}
          scoresTitle={`${t("handNumber", { n: table.handIndex + 1 })} · ${t(SCORES_TITLE[table.rules.game === "french" ? "french" : "line"])}`}
          chooserId="choose-target"
          className="lesson-table"
        />
      )}
      {!run.finished && view.game && reading.module && (
        <reading.module.LiveRead t={t} game={view.game} seat={LEARNER} name={name} />
      )}
    </main>
  );
}

const SCORES_TITLE: Readonly<Record<"french" | "line", Key>> = { french: "ui_totals", line: "points" };

function choiceLabel(view: ReturnType<typeof viewOf>, value: number | null, t: T): string {
  const choice = view.choices.find((c) => c.value === value);
  return choice ? t(choice.label) : String(value);
}
