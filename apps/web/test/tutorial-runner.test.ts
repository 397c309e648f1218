/** The lesson runner: Next/Back, tasks, predictions, walking whole lessons, progress. */

import { type Action, type Game, makeBone, parseBone } from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { translator } from "../src/i18n/all";
import {
  allLessons,
  back,
  COURSES,
  canNext,
  closeLesson,
  courseStatus,
  emptyProgress,
  guess,
  type LessonRun,
  lessonDone,
  lessonView,
  next,
  openLesson,
  positionGame,
  readProgress,
  recordRun,
  showMe,
  startLesson,
  stepOf,
  type TaskStep,
  tryAction,
  tryNotation,
  viewOf,
} from "../src/tutorial";
import { refusalText } from "../src/view/refusalText";

/** Walks a lesson to its end the way a learner would, checking each view on the way. */
function walk(id: string): LessonRun {
  let run = startLesson(id);
  for (let guard = 0; guard < 100 && !run.finished; guard++) {
    const step = stepOf(run);
    const view = viewOf(run);
    expect(view.index).toBe(run.step);
    for (const lang of ["en", "nl", "es"] as const) expect(translator(lang)(view.say)).not.toMatch(/\{\w+\}/);
    if (step.type === "task") {
      expect(view.awaiting).toBe("move");
      expect(canNext(run)).toBe(false);
      expect(next(run)).toBe(run);
      const wrong = tryNotation(run, step.mistake);
      expect(wrong.kind).toBe("wrong");
      run = wrong.run;
      expect(viewOf(run).feedback).not.toBeNull();
      expect(viewOf(run).mood).toBe("oops");
      const done = tryNotation(run, step.solution);
      expect(done.kind).toBe("done");
      run = done.run;
      const after = viewOf(run);
      expect(after.response?.key).toBe(step.done);
      expect(after.feedback).toBeNull();
      expect(after.mood).toBe("cheer");
      expect(after.game).not.toBe(positionGame(step.position));
    } else if (step.type === "predict") {
      expect(view.awaiting).toBe("guess");
      expect(view.concealResult).toBe(true);
      expect(view.answer).toBeNull();
      expect(canNext(run)).toBe(false);
      const wrongChoice = view.choices.find((c) => c.value !== -999) ?? view.choices[0];
      run = guess(run, wrongChoice.value);
      const after = viewOf(run);
      expect(after.answer).not.toBeNull();
      expect(after.correct).toBe(after.answer === wrongChoice.value);
      expect(after.reasoning.length).toBeGreaterThan(0);
      expect(after.concealResult).toBe(false);
      // A second guess does not change the first.
      expect(guess(run, -5)).toBe(run);
    } else {
      expect(view.awaiting).toBeNull();
      expect(canNext(run)).toBe(true);
      expect(view.game === null).toBe(step.type === "explain");
    }
    run = next(run);
  }
  expect(run.finished).toBe(true);
  return run;
}

describe("walking every lesson", () => {
  it.each(allLessons().map((l) => [l.id]))("%s can be walked to the end", (id) => {
    walk(id);
  });
});

describe("Next and Back", () => {
  it("moves between steps and stops at the ends", () => {
    let run = startLesson("french-objective");
    expect(viewOf(run).canBack).toBe(false);
    expect(viewOf(run).mood).toBe("wave");
    expect(back(run).step).toBe(0);
    run = next(run);
    expect(run.step).toBe(1);
    expect(viewOf(run).canBack).toBe(true);
    run = back(run);
    expect(run.step).toBe(0);
  });

  it("keeps a finished task done when going back to it", () => {
    let run = startLesson("french-cross", 3);
    run = showMe(run);
    expect(canNext(run)).toBe(true);
    run = next(run);
    run = back(run);
    expect(run.step).toBe(3);
    expect(viewOf(run).awaiting).toBeNull();
    expect(lessonView(viewOf(run).game as Game).table?.emptyArms).toBe(0);
  });

  it("clears the explanation of a wrong move when leaving the step", () => {
    let run = startLesson("french-cross", 3);
    run = tryNotation(run, "2-5@W").run;
    expect(run.feedback && "refusal" in run.feedback ? run.feedback.refusal.code : null).toBe("needs-pose-number");
    run = back(run);
    expect(run.feedback).toBeNull();
  });

  it("finishes on Next at the last step, and Back reopens it", () => {
    const lesson = allLessons().find((l) => l.id === "french-set");
    let run = startLesson("french-set", (lesson?.steps.length ?? 1) - 1);
    expect(viewOf(run).isLast).toBe(true);
    run = next(run);
    expect(run.finished).toBe(true);
    expect(back(run).finished).toBe(false);
  });

  it("points to the next lesson, and to none at the end of a course", () => {
    expect(viewOf(startLesson("french-objective")).nextLesson).toBe("french-cross");
    expect(viewOf(startLesson("french-set")).nextLesson).toBeNull();
    expect(viewOf(startLesson("cutthroat-oneall")).nextLesson).toBeNull();
  });
});

describe("moves by tap, click or keyboard", () => {
  const tap = (bone: string): Action => ({ type: "play", bone });

  it("a bone on two arms showing the same number needs no choice: the view says so", () => {
    const run = startLesson("french-penalties", 4);
    const view = lessonView(positionGame((stepOf(run) as TaskStep).position));
    const play = view.plays.find((p) => p.bone === parseBone("2-2"));
    expect(play).toEqual({ bone: parseBone("2-2"), targets: [1, 2], choose: false });
    // Tapped, it goes on the first of them (and is not the board pass the task asks for).
    const out = tryAction(run, tap("2-2"));
    expect(out.kind === "wrong" && !out.illegal).toBe(true);
  });

  it("plays a bone that fits one target at once", () => {
    const run = startLesson("french-penalties", 4);
    const out = tryAction(run, tap("1-2"));
    expect(out.kind).toBe("done");
    expect(lessonView(viewOf(out.run).game as Game).turn).toBe(0);
  });

  it("explains a bone that fits nowhere with the engine's refusal", () => {
    const run = startLesson("french-doubles", 3);
    const out = tryAction(run, tap("2-5"));
    expect(out.kind).toBe("wrong");
    if (out.kind === "wrong" && "refusal" in out.feedback) {
      expect(out.illegal).toBe(true);
      expect(out.feedback.refusal).toMatchObject({ code: "double-not-down", bone: "2-5", target: "S", shows: 5 });
      expect(refusalText(translator("en"), out.feedback.refusal, () => "You")).toBe(
        "You cannot play 2-5 on the south arm yet: it shows 5, and only 5-5 can go there until it is on the board.",
      );
    } else throw new Error("expected a refusal");
  });

  it("takes a pass as a move", () => {
    const run = startLesson("cutthroat-passing", 1);
    expect(tryAction(run, { type: "pass" }).kind).toBe("done");
    const must = startLesson("cutthroat-passing", 2);
    const out = tryAction(must, { type: "pass" });
    expect(out.kind === "wrong" && out.illegal).toBe(true);
  });

  it("ignores moves where no move is asked", () => {
    const run = startLesson("french-objective", 0);
    expect(tryAction(run, { type: "pass" }).kind).toBe("ignored");
    expect(tryAction(run, tap("0-0")).kind).toBe("ignored");
    expect(guess(run, 3)).toBe(run);
  });

  it("any double is accepted for the pose of a later hand", () => {
    const run = startLesson("french-objective", 7);
    for (const bone of ["3-3", "4-4", "6-6"]) {
      const out = tryAction(run, tap(bone));
      expect(out.kind, bone).toBe("done");
      if (out.kind === "done") expect(viewOf(out.run).game?.hands[1].moves.length).toBe(1);
    }
  });
});

describe("predictions in the runner", () => {
  it("hides the result until the learner answers, then says whether it was right", () => {
    let run = startLesson("french-scoring", 1);
    const view = viewOf(run);
    expect(view.concealResult).toBe(true);
    expect(view.choices.map((c) => c.value)).toEqual([9, 18, 36]);
    run = guess(run, 9);
    expect(viewOf(run).correct).toBe(true);
    expect(viewOf(run).mood).toBe("cheer");
    let wrong = startLesson("french-scoring", 1);
    wrong = guess(wrong, 36);
    expect(viewOf(wrong).correct).toBe(false);
    expect(viewOf(wrong).answer).toBe(9);
  });
});

describe("progress", () => {
  it("records finished lessons and the lesson in progress, and survives JSON", () => {
    let progress = emptyProgress();
    const done = walk("french-objective");
    progress = recordRun(progress, done);
    expect(lessonDone(progress, "french-objective")).toBe(true);
    expect(progress.current).toBeNull();

    let run = startLesson("french-cross");
    run = next(next(next(run)));
    run = showMe(run);
    progress = recordRun(progress, run);
    const saved = JSON.parse(JSON.stringify(progress));
    const restored = readProgress(saved);
    expect(restored).toEqual(progress);
    const reopened = openLesson(restored, "french-cross");
    expect(reopened.step).toBe(3);
    expect(canNext(reopened)).toBe(true);
    expect(viewOf(reopened).awaiting).toBeNull();

    const status = courseStatus(restored, COURSES[0]);
    expect(status).toEqual({ done: 1, total: 6, finished: false, next: "french-cross" });
  });

  it("replays a finished lesson from the start", () => {
    const progress = recordRun(emptyProgress(), walk("cutthroat-line"));
    const run = openLesson(progress, "cutthroat-line");
    expect(run.step).toBe(0);
    expect(run.answers.every((a) => a === null)).toBe(true);
  });

  it("resumes an unfinished lesson at its step when another lesson was opened since", () => {
    let progress = recordRun(emptyProgress(), next(next(startLesson("partner-teams"))));
    progress = recordRun(progress, startLesson("partner-match"));
    expect(openLesson(progress, "partner-teams").step).toBe(2);
  });

  it("marks a course finished when all its lessons are", () => {
    let progress = emptyProgress();
    for (const lesson of COURSES[2].lessons) progress = recordRun(progress, walk(lesson.id));
    expect(courseStatus(progress, COURSES[2]).finished).toBe(true);
    expect(courseStatus(progress, COURSES[1]).next).toBe("cutthroat-line");
  });

  it("remembers which lesson is on screen until the list is shown again", () => {
    const progress = recordRun(emptyProgress(), startLesson("cutthroat-passing"));
    expect(progress.open).toBe("cutthroat-passing");
    expect(readProgress(JSON.parse(JSON.stringify(progress))).open).toBe("cutthroat-passing");
    expect(closeLesson(progress).open).toBeNull();
    expect(readProgress({ ...progress, open: "gone" }).open).toBeNull();
  });

  it("drops what it cannot read", () => {
    expect(readProgress(null)).toEqual(emptyProgress());
    expect(readProgress({ version: 2 })).toEqual(emptyProgress());
    const odd = readProgress({
      version: 1,
      lessons: { "no-such-lesson": { step: 1, done: true }, "french-cross": { step: 99, done: "yes" } },
      current: { lesson: "french-cross", step: 3, answers: [null, null, null, { move: "2-5@W" }] },
    });
    expect(odd.lessons).toEqual({ "french-cross": { step: 4, done: false } });
    // The saved move is no longer accepted by the task, so the task is open again.
    expect(odd.current?.answers[3]).toBeNull();
  });

  it("remembers a prediction", () => {
    const run = guess(startLesson("french-scoring", 1), 18);
    const restored = readProgress(JSON.parse(JSON.stringify(recordRun(emptyProgress(), run))));
    expect(restored.current?.answers[1]).toEqual({ guess: 18 });
    expect(viewOf(openLesson(restored, "french-scoring")).correct).toBe(false);
  });
});

describe("moves are recorded in notation", () => {
  it("records the learner's move as it would appear in a game record", () => {
    const run = tryNotation(startLesson("french-doubles", 3), "3-3@E").run;
    expect(run.answers[3]).toEqual({ move: "3-3@E" });
    expect(makeBone(0)).toBe("0-0");
  });
});
