/**
 * The lessons against the engine: every position is a valid game record, every requested move is
 * legal and accepted, a wrong move is refused with an explanation, and every predicted number is
 * the engine's. A rule change that makes a lesson say something false fails here.
 */

import {
  type Action,
  actionText,
  applyAction,
  type Game,
  makeBone,
  parseAction,
  parseBone,
  viewFor,
} from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { translator } from "../src/i18n/all";
import {
  allLessons,
  answerOf,
  COURSES,
  candidateActions,
  checkTaskMove,
  choicesOf,
  gameOf,
  LEARNER,
  type Lesson,
  lessonView,
  matchesRequest,
  type PredictStep,
  positionGame,
  revealOf,
  type Step,
  startLesson,
  type TaskStep,
  toRecord,
  tryAction,
  viewOf,
} from "../src/tutorial";
import { refusalText } from "../src/view/refusalText";

/** An action in record notation; the test fails on one it cannot read. */
function action(text: string): Action {
  const a = parseAction(text);
  if (!a.ok) throw new Error(a.error.message);
  return a.value;
}

/** Whether the engine accepts the learner's action as a play (not refused, not charged). */
function legal(game: Game, act: Action): boolean {
  const r = applyAction(game, LEARNER, act);
  return r.ok && r.charged === null;
}

const names = (lang: "en" | "nl" | "es") => (seat: number) =>
  translator(lang)({ key: (["you", "seat_1", "seat_2", "seat_3"] as const)[seat] });

const lessons = allLessons();
const lessonOfStep = (step: Step): Lesson => lessons.find((l) => l.steps.includes(step)) as Lesson;
const tasks = lessons.flatMap((l) =>
  l.steps.filter((s): s is TaskStep => s.type === "task").map((s) => [`${l.id}/${s.id}`, s] as const),
);
const predictions = lessons.flatMap((l) =>
  l.steps.filter((s): s is PredictStep => s.type === "predict").map((s) => [`${l.id}/${s.id}`, s] as const),
);
const positioned = lessons.flatMap((l) =>
  l.steps
    .filter((s): s is Extract<Step, { position: unknown }> => "position" in s)
    .map((s) => [`${l.id}/${s.id}`, s] as const),
);

describe("courses", () => {
  it("has the three courses with lessons, unique lesson and step ids", () => {
    expect(COURSES.map((c) => c.id)).toEqual(["french", "cutthroat", "partner"]);
    const ids = lessons.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const lesson of lessons) {
      const stepIds = lesson.steps.map((s) => s.id);
      expect(new Set(stepIds).size, lesson.id).toBe(stepIds.length);
      expect(lesson.steps.length, lesson.id).toBeGreaterThan(0);
    }
  });

  it("teaches every topic the issue asks for", () => {
    const french = COURSES[0].lessons.map((l) => l.id);
    expect(french).toEqual([
      "french-objective",
      "french-cross",
      "french-doubles",
      "french-scoring",
      "french-penalties",
      "french-set",
    ]);
    expect(COURSES[1].lessons.map((l) => l.id)).toEqual([
      "cutthroat-line",
      "cutthroat-passing",
      "cutthroat-blocked",
      "cutthroat-sixlove",
      "cutthroat-oneall",
    ]);
    expect(COURSES[2].lessons.map((l) => l.id)).toEqual(["partner-teams", "partner-match"]);
  });

  it("ends every course with a practice setup of its game, visible hands, easy bots and hints", () => {
    for (const course of COURSES) {
      const p = course.practice;
      expect(p.game).toBe(course.id);
      expect(p.levels).toHaveLength(p.players);
      expect(p.levels.every((l) => l === "easy")).toBe(true);
      expect(p.showHands && p.hints && p.practice).toBe(true);
      for (const lesson of course.lessons) expect(lesson.course).toBe(course.id);
    }
  });
});

describe("lesson positions are valid game records", () => {
  it.each(positioned)("%s replays under the engine", (_, step) => {
    const record = toRecord(step.position.spec);
    expect(record.format).toBe("crossbones-record/1");
    const game = gameOf(step.position.spec);
    expect(game.state).not.toBeNull();
    expect(game.hands).toHaveLength(step.position.spec.hands.length);
    for (const bone of step.position.highlight ?? []) expect(bone).toMatch(/^[0-6]-[0-6]$/);
    const expected = step.position.expect;
    if (expected?.totals) expect(game.totals).toEqual(expected.totals);
    if (expected?.sixLove !== undefined) expect(game.sixLove).toBe(expected.sixLove);
  });
});

describe("tasks", () => {
  it.each(tasks)("%s: the learner is to act in a live hand", (_, step) => {
    const game = positionGame(step.position);
    expect(game.finished).toBe(false);
    expect(game.state?.over).toBe(false);
    expect(game.state?.turn).toBe(LEARNER);
  });

  it.each(tasks)("%s: the solution is legal and accepted", (_, step) => {
    const game = positionGame(step.position);
    const act = action(step.solution);
    expect(legal(game, act)).toBe(true);
    const after = applyAction(game, LEARNER, act);
    if (!after.ok) return;
    expect(matchesRequest(lessonView(game), after.value, step.request)).toBe(true);
    const check = checkTaskMove(step, game, act);
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.text.key).toBe(step.done);
  });

  it.each(tasks)("%s: the mistake is refused with an explanation", (_, step) => {
    const game = positionGame(step.position);
    const check = checkTaskMove(step, game, action(step.mistake));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    for (const lang of ["en", "nl", "es"] as const) {
      const t = translator(lang);
      const text = check.illegal ? refusalText(t, check.refusal, names(lang)) : t(check.text);
      expect(text.length).toBeGreaterThan(5);
      expect(text).not.toMatch(/\{\w+\}/);
    }
  });

  it.each(tasks)("%s: only actions of the requested kind are accepted, and only legal ones", (_, step) => {
    const game = positionGame(step.position);
    let accepted = 0;
    let refused = 0;
    for (const act of candidateActions(game)) {
      const check = checkTaskMove(step, game, act);
      const ok = legal(game, act);
      if (check.ok) {
        accepted++;
        expect(ok, actionText(act)).toBe(true);
      } else {
        refused++;
        expect(check.illegal, actionText(act)).toBe(!ok);
        const after = applyAction(game, LEARNER, act);
        if (ok && after.ok) expect(matchesRequest(lessonView(game), after.value, step.request)).toBe(false);
      }
    }
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it.each(tasks)("%s: tapping the mistake's bone (and its arm, when asked) is refused too", (_, step) => {
    // What a player does at the table: tap the bone; the table asks for the arm only when the view
    // says the choice matters.
    const run = startLesson(lessonOfStep(step).id, lessonOfStep(step).steps.indexOf(step));
    if (step.mistake === "pass") {
      expect(tryAction(run, { type: "pass" }).kind).toBe("wrong");
      return;
    }
    const [bone, target] = step.mistake.split("@");
    const play = lessonView(positionGame(step.position)).plays.find((p) => p.bone === parseBone(bone));
    const tapped: Action = play?.choose ? { type: "play", bone, target } : { type: "play", bone };
    expect(tryAction(run, tapped).kind).toBe("wrong");
  });

  it.each(tasks)("%s: an illegal action is explained by the engine's refusal, naming the rule", (_, step) => {
    const game = positionGame(step.position);
    for (const act of candidateActions(game)) {
      if (legal(game, act)) continue;
      const check = checkTaskMove(step, game, act);
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.illegal).toBe(true);
      if (!check.ok && check.illegal) {
        expect(check.refusal.code).toMatch(
          /^(not-held|must-pose|wrong-pose|arm-started|needs-pose-number|does-not-fit|double-not-down|choose-target|must-play|unknown-target)$/,
        );
      }
    }
  });
});

describe("task details", () => {
  // The engine's refusals in the game's own words (view/refusalText.ts), as the learner reads them.
  const ARM_STARTED =
    "You cannot play 0-2 on the north arm yet: all four arms must be started first, and the north arm already is.";
  const NEEDS_POSE_NUMBER =
    "You cannot start the west arm with 2-5: the first bone on each arm must have a 0, to join the pose 0-0.";
  const FROZEN_EAST =
    "You cannot play 3-4 on the east arm yet: it shows 3, and only 3-3 can go there until it is on the board.";
  const FROZEN_NORTH =
    "You cannot play 0-2 on the north arm yet: it shows 2, and only 2-2 can go there until it is on the board.";
  const LINE_NO_FIT = "You cannot play 1-4 on the left end: it shows 5.";
  const MUST_PLAY = "You can play 0-1, so passing is not allowed.";
  const MUST_POSE = "You cannot pass: the hand starts with a pose.";

  const find = (lesson: string, step: string): TaskStep => {
    const s = lessons.find((l) => l.id === lesson)?.steps.find((x) => x.id === step);
    if (s?.type !== "task") throw new Error(`${lesson}/${step} is not a task`);
    return s;
  };
  const explain = (step: TaskStep, notation: string) => {
    const check = checkTaskMove(step, positionGame(step.position), action(notation));
    if (check.ok) return "ok";
    const t = translator("en");
    return check.illegal ? refusalText(t, check.refusal, names("en")) : t(check.text);
  };

  it("F2a: a pose other than 0-0 in the first hand is refused", () => {
    expect(explain(find("french-objective", "pose00"), "3-3")).toBe(
      "You cannot pose 3-3: this hand is posed with 0-0.",
    );
  });

  it("F2b: the winner poses any double, not another bone", () => {
    const step = find("french-objective", "poseDouble");
    for (const d of ["3-3", "4-4", "6-6"]) expect(explain(step, d)).toBe("ok");
    expect(explain(step, "3-5")).toBe("You cannot pose 3-5: the pose must be a double.");
  });

  it("F3: the fourth arm must be filled before another arm grows", () => {
    const step = find("french-cross", "fill");
    expect(explain(step, "0-2@W")).toBe("ok");
    expect(explain(step, "0-2")).toBe("ok");
    expect(explain(step, "0-2@N")).toBe(ARM_STARTED);
    expect(explain(step, "2-5@W")).toBe(NEEDS_POSE_NUMBER);
  });

  it("F4: a frozen arm takes only its double", () => {
    const step = find("french-doubles", "double");
    expect(explain(step, "3-4@E")).toBe(FROZEN_EAST);
    expect(explain(step, "pass")).toBe("You can play, so passing would cost you 10 points. Try the move I asked for.");
    expect(explain(find("french-doubles", "follow"), "0-2@N")).toBe(FROZEN_NORTH);
  });

  it("F7: only the board-pass play is accepted, and the others pay as they pass", () => {
    const step = find("french-penalties", "boardPass");
    expect(explain(step, "2-2@E")).toBe("That's a fine play, but afterwards Ruby could still play: no board pass.");
    const game = positionGame(step.position);
    const check = checkTaskMove(step, game, action(step.solution));
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const after = lessonView(check.game);
    expect(after.turn).toBe(LEARNER);
    expect(after.penalties.slice(1)).toEqual([10, 10, 10]);
  });

  it("F6: the third pass in a row costs 10", () => {
    const step = find("french-penalties", "third");
    const check = checkTaskMove(step, positionGame(step.position), { type: "pass" });
    expect(check.ok && lessonView(check.game).penalties[LEARNER]).toBe(10);
  });

  it("F5: the penalty pass costs 10", () => {
    const step = find("french-penalties", "penaltyPass");
    const game = positionGame(step.position);
    const before = lessonView(game);
    expect(before.plays.length).toBeGreaterThan(0);
    expect(before.passCost).toBe(10);
    const check = checkTaskMove(step, game, { type: "pass" });
    expect(check.ok && lessonView(check.game).penalties[LEARNER] - before.penalties[LEARNER]).toBe(10);
  });

  it("C2/C4: Cut Throat takes any matching bone, and refuses a pass while able", () => {
    expect(explain(find("cutthroat-line", "play"), "2-5@L")).toBe("ok");
    expect(explain(find("cutthroat-line", "play"), "1-4@L")).toBe(LINE_NO_FIT);
    expect(explain(find("cutthroat-line", "pose"), "2-5")).toBe("You cannot pose 2-5: this hand is posed with 6-6.");
    expect(explain(find("cutthroat-passing", "must"), "pass")).toBe(MUST_PLAY);
  });

  it("C2: a tapped bone that fits no end is refused naming both ends (the table sends no target)", () => {
    const step = find("cutthroat-line", "play");
    const run = startLesson("cutthroat-line", lessonOfStep(step).steps.indexOf(step));
    const out = tryAction(run, { type: "play", bone: "4-4" });
    expect(out.kind).toBe("wrong");
    const feedback = viewOf(out.run).feedback;
    expect(feedback && "refusal" in feedback).toBe(true);
    if (!feedback || !("refusal" in feedback)) return;
    expect(refusalText(translator("en"), feedback.refusal, names("en"))).toBe(
      "You cannot play 4-4 anywhere: the ends show left 5 and right 3.",
    );
  });

  it("P2: the winner poses any bone", () => {
    const step = find("partner-teams", "pose");
    const view = lessonView(positionGame(step.position));
    expect(view.plays.length).toBe(7);
    for (const play of view.plays) expect(explain(step, makeBone(play.bone))).toBe("ok");
    expect(explain(step, "pass")).toBe(MUST_POSE);
  });
});

describe("predictions", () => {
  /** The answers the lesson texts were written for. */
  const EXPECTED: Record<string, number> = {
    "french-scoring/plain": 9,
    "french-scoring/winnerDouble": 18,
    "french-scoring/held": 18,
    "french-scoring/both": 28,
    "french-scoring/noStack": 14,
    "french-scoring/blocked": 2,
    "french-penalties/both": 20,
    "french-set/win": 0,
    "french-set/tie": -1,
    "cutthroat-blocked/who": 1,
    "cutthroat-blocked/draw": -1,
    "cutthroat-blocked/two": 2,
    "cutthroat-sixlove/brukAsk": 0,
    "cutthroat-oneall/ask": 2,
    "partner-teams/block": 0,
    "partner-teams/tie": 0,
    "partner-teams/draw": -1,
    "partner-match/bruk": 0,
    "partner-match/oneAllAsk": 2,
  };

  it("covers every prediction", () => {
    expect(predictions.map(([id]) => id).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(predictions)("%s: the engine's answer is the one the lesson expects", (id, step) => {
    const game = positionGame(step.position);
    expect(answerOf(game, step.ask)).toBe(EXPECTED[id]);
  });

  it.each(predictions)("%s: the answer is among the choices, which are distinct", (_, step) => {
    const game = positionGame(step.position);
    const choices = choicesOf(game, step.ask);
    const values = choices.map((c) => c.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toContain(answerOf(game, step.ask));
    expect(choices.length).toBeGreaterThanOrEqual(3);
  });

  it.each(predictions)("%s: the answer is the engine's own result", (_, step) => {
    const game = positionGame(step.position);
    const hand = game.hands[game.hands.length - 1];
    const result = hand.result;
    const ask = step.ask;
    const answer = answerOf(game, ask);
    if (ask.kind === "score") {
      expect(result?.french).not.toBeNull();
      expect(answer).toBe(result?.score[ask.seat]);
      // A scoring step shows a real end of hand with no penalty to muddle the count.
      expect(result?.penalties.every((p) => p === 0)).toBe(true);
      const f = result?.french?.[ask.seat];
      expect(answer).toBe(((f?.count ?? 0) + (f?.heldPips ?? 0)) * (f?.heldFactor ?? 1) * (f?.winnerDoubleFactor ?? 1));
    } else if (ask.kind === "penalties") {
      const view = viewFor(game, 0);
      const charged = view.events.reduce((n, e) => n + (e.type === "penalty" && e.seat === ask.seat ? e.points : 0), 0);
      expect(answer).toBe(charged);
    } else if (ask.kind === "handWinner") {
      expect(result).not.toBeNull();
      expect(answer).toBe(result?.winner ?? -1);
    } else if (ask.kind === "teamWinner") {
      expect(game.rules.game).toBe("partner");
      expect(answer).toBe(result?.winner === null || result?.winner === undefined ? -1 : result.winner % 2);
    } else if (ask.kind === "setWinner") {
      expect(result).not.toBeNull();
      expect(game.totals.some((t) => t >= 100)).toBe(true);
      expect(answer).toBe(game.finished ? game.winner : -1);
    } else {
      expect(result).not.toBeNull();
      expect(answer).toBe(game.totals[ask.side]);
    }
  });

  it.each(predictions)("%s: the reasoning renders in every language", (_, step) => {
    const game = positionGame(step.position);
    const lines = revealOf(game, step.ask);
    expect(lines.length).toBeGreaterThan(0);
    for (const lang of ["en", "nl", "es"] as const) {
      for (const line of lines) expect(translator(lang)(line)).not.toMatch(/\{\w+\}/);
    }
  });

  it("explains a score step by step", () => {
    const step = predictions.find(([id]) => id === "french-scoring/both")?.[1] as PredictStep;
    const lines = revealOf(positionGame(step.position), step.ask).map((l) => translator("en")(l));
    expect(lines).toEqual([
      "You: 1-2 2-2, count 7",
      "Still holding 2-2: ×2",
      "Ines went out with 3-3: ×2",
      "Score: 28",
    ]);
    const noStack = predictions.find(([id]) => id === "french-scoring/noStack")?.[1] as PredictStep;
    const lines2 = revealOf(positionGame(noStack.position), noStack.ask).map((l) => translator("nl")(l));
    expect(lines2).toEqual([
      "Jij: 1-2 2-2, telling 7",
      "Nog 2-2 in de hand: ×2",
      "Ines ging uit met 3-3, maar de overgebleven dubbel gaat voor",
      "Score: 14",
    ]);
  });
});

describe("the opening deal tells the story the French lessons tell", () => {
  const lesson = lessons.find((l) => l.id === "french-doubles") as Lesson;
  it("every arm is frozen when you are asked to play 3-3", () => {
    const step = lesson.steps.find((s) => s.id === "double") as TaskStep;
    const view = lessonView(positionGame(step.position));
    expect(view.table?.ends).toEqual([4, 3, 5, 6]);
    expect(view.phase).toBe("play");
    expect(view.plays.map((p) => makeBone(p.bone))).toEqual(["3-3"]);
  });
});
