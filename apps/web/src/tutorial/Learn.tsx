/**
 * "Learn to play": the list of courses and their lessons, and the lesson screen (Mango's
 * prompt, Next/Back, the prepared table, moves and predictions). Loaded on demand, so the
 * lessons cost nothing until opened. Progress is handed to the app to keep in local storage.
 */

import { PASS } from "@crossbones/engine";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { T } from "../i18n";
import type { Settings } from "../settings";
import { COURSES, courseById, lessonById } from "./courses";
import { Guide } from "./Guide";
import { LessonTable } from "./LessonTable";
import type { PracticeSetup, TextRef } from "./model";
import {
  back,
  closeLesson,
  courseStatus,
  type LessonRun,
  lessonDone,
  type MoveOutcome,
  next,
  openLesson,
  type Progress,
  pickBone,
  readProgress,
  recordRun,
  showMe,
  startLesson,
  tryMove,
  viewOf,
  guess as withGuess,
} from "./runner";
import { type TutorialKey, type TutorialLang, tutorialTranslator } from "./text";
import "./tutorial.css";

type TT = (ref: TextRef | TutorialKey) => string;

export interface LearnProps {
  lang: TutorialLang;
  /** The app's translator (board and chooser words). */
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
  const tt = useMemo(() => tutorialTranslator(props.lang), [props.lang]);
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
        tt={tt}
        t={props.t}
        settings={props.settings}
        onRun={(run) => props.onProgress(recordRun(latest.current, run))}
        onClose={() => props.onProgress(closeLesson(latest.current))}
        onOpen={(id) => props.onProgress(recordRun(latest.current, startLesson(id)))}
        onPractice={practice}
      />
    );
  }
  return <CourseList progress={progress} tt={tt} onOpen={openLessonId} onPractice={practice} />;
}

function CourseList({
  progress,
  tt,
  onOpen,
  onPractice,
}: {
  progress: Progress;
  tt: TT;
  onOpen: (id: string) => void;
  onPractice: (setup: PracticeSetup) => void;
}) {
  return (
    <main class="learn">
      <header class="learn-hero">
        <Guide mood="wave" size={88} />
        <div>
          <h1>{tt("ui_learn")}</h1>
          <p>{tt("ui_learnDesc")}</p>
        </div>
      </header>
      {COURSES.map((course) => {
        const status = courseStatus(progress, course);
        return (
          <section class="card course" key={course.id} aria-labelledby={`course-${course.id}`}>
            <div class="course-head">
              <h2 id={`course-${course.id}`}>{tt(course.title)}</h2>
              <span class="course-progress">
                {tt({ key: "ui_progress", params: { done: status.done, total: status.total } })}
              </span>
            </div>
            <p class="course-sum">{tt(course.summary)}</p>
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
                      <span class="lesson-title">{tt(lesson.title)}</span>
                      <span class="lesson-sum">{tt(lesson.summary)}</span>
                      <span class="lesson-state">
                        {done ? `✓ ${tt("ui_lessonDone")}` : started ? tt("ui_resume") : tt("ui_start")}
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
                {tt("ui_tryIt")}
              </button>
              <span class="try-desc">{tt("ui_tryItDesc")}</span>
            </div>
          </section>
        );
      })}
    </main>
  );
}

function LessonScreen({
  initial,
  tt,
  t,
  settings,
  onRun,
  onClose,
  onOpen,
  onPractice,
}: {
  initial: LessonRun;
  tt: TT;
  t: T;
  settings: Settings;
  onRun: (run: LessonRun) => void;
  onClose: () => void;
  onOpen: (id: string) => void;
  onPractice: (setup: PracticeSetup) => void;
}) {
  const [run, setRun] = useState<LessonRun>(initial);
  const [choosing, setChoosing] = useState<{ bone: number; targets: readonly number[] } | null>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const view = viewOf(run);
  const lesson = view.lesson;
  const course = courseById(lesson.course);
  const lessonIndex = course.lessons.indexOf(lesson);

  const choosingBone = useRef(0);
  const update = (next: LessonRun) => {
    setRun(next);
    onRun(next);
  };
  const handle = (out: MoveOutcome) => {
    if (out.kind === "chooseTarget") setChoosing({ bone: choosingBone.current, targets: out.targets });
    else {
      setChoosing(null);
      if (out.kind !== "ignored") update(out.run);
    }
  };

  // A new step: read it out (the bubble takes focus), and close any open chooser.
  useEffect(() => {
    setChoosing(null);
    bubble.current?.focus({ preventScroll: true });
  }, [run.step, run.finished]);

  const step = view.step;
  const isTask = step.type === "task" && view.awaiting === "move";

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
      <header class="lesson-head">
        <button type="button" class="ghost small" onClick={onClose} data-testid="all-lessons">
          ← {tt("ui_allLessons")}
        </button>
        <div class="lesson-titles">
          <span class="lesson-course">
            {tt(course.title)} ·{" "}
            {tt({ key: "ui_lessonOf", params: { n: lessonIndex + 1, total: course.lessons.length } })}
          </span>
          <h1>{tt(lesson.title)}</h1>
        </div>
        <span class="lesson-count" data-testid="step-count">
          {tt({ key: "ui_stepOf", params: { n: view.index + 1, total: view.count } })}
        </span>
        <div class="steps-bar" aria-hidden="true">
          {lesson.steps.map((s, i) => (
            <span key={s.id} class={i < view.index || run.finished ? "past" : i === view.index ? "now" : ""} />
          ))}
        </div>
      </header>

      <section class="guide-row">
        <Guide mood={run.finished ? "cheer" : view.mood} size={76} label={tt("guideAlt")} />
        <div class="bubble" ref={bubble} tabIndex={-1} aria-live="polite" data-testid="bubble">
          {run.finished ? (
            <>
              <p class="say" data-testid="say">
                {tt("ui_lessonComplete")}
              </p>
              {view.nextLesson === null && (
                <>
                  <p class="response">{tt("ui_courseDone")}</p>
                  <p>{tt("ui_tryItDesc")}</p>
                </>
              )}
            </>
          ) : (
            <>
              <p class="say" data-testid="say">
                {tt(view.say)}
              </p>
              {view.feedback && (
                <p class="feedback" data-testid="feedback">
                  {tt(view.feedback)}
                </p>
              )}
              {view.guess !== null && (
                <p class={`verdict ${view.correct ? "right" : "wrong"}`} data-testid="verdict">
                  {view.correct
                    ? tt("ui_correct")
                    : tt({ key: "ui_notQuite", params: { answer: choiceLabel(view, view.answer, tt) } })}
                </p>
              )}
              {view.reasoning.length > 0 && (
                <ul class="reasoning" data-testid="reasoning">
                  {view.reasoning.map((line, i) => (
                    <li key={i}>{tt(line)}</li>
                  ))}
                </ul>
              )}
              {view.response && (
                <p class="response" data-testid="response">
                  {tt(view.response)}
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
                ? tt("ui_predict")
                : tt({ key: "ui_youSaid", params: { guess: choiceLabel(view, view.guess, tt) } })}
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
                {tt(c.label)}
              </button>
            ))}
          </fieldset>
        )}
        <nav class="lesson-nav" aria-label={tt(lesson.title)}>
          <button
            type="button"
            onClick={() => update(back(run))}
            disabled={!view.canBack && !run.finished}
            data-testid="back"
          >
            ← {tt("ui_back")}
          </button>
          {isTask && (
            <button type="button" class="ghost" onClick={() => update(showMe(run))} data-testid="show-me">
              {tt("ui_showMe")}
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
              {view.isLast ? tt("ui_finish") : tt("ui_next")} →
            </button>
          ) : view.nextLesson ? (
            <button
              type="button"
              class="primary"
              onClick={() => onOpen(view.nextLesson as string)}
              data-testid="next-lesson"
            >
              {tt("ui_nextLesson")} →
            </button>
          ) : (
            <button type="button" class="primary" onClick={() => onPractice(course.practice)} data-testid="try-it">
              {tt("ui_tryIt")}
            </button>
          )}
        </nav>
      </div>

      {!run.finished && view.game && (
        <LessonTable
          game={view.game}
          reveal={view.revealHands}
          conceal={view.concealResult}
          highlight={view.highlight}
          interactive={isTask}
          onBone={(bone) => {
            choosingBone.current = bone;
            handle(pickBone(run, bone));
          }}
          onPass={() => handle(tryMove(run, PASS))}
          choosing={choosing}
          onChoose={(target) => {
            if (!choosing) return;
            const bone = choosing.bone;
            setChoosing(null);
            handle(tryMove(run, (bone << 2) | target));
          }}
          onCancelChoice={() => setChoosing(null)}
          settings={settings}
          t={t}
          tt={tt}
        />
      )}
    </main>
  );
}

function choiceLabel(view: ReturnType<typeof viewOf>, value: number | null, tt: TT): string {
  const choice = view.choices.find((c) => c.value === value);
  return choice ? tt(choice.label) : String(value);
}
