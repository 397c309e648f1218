/**
 * The French course. Positions are game records: hand-built ones for the opening lessons (one deal
 * that runs from the pose through the cross to the doubles), and end-of-hand positions found by
 * playing seeded random games with the engine and keeping those that show the point cleanly.
 */

import type { Course, Lesson, PositionSpec } from "../model";
import { cutSpec, extendSpec } from "../positions";

/** One deal for the first three lessons: you hold 0-0 and pose. */
const OPENING: PositionSpec = {
  game: "french",
  players: 4,
  hands: [
    {
      deal: [
        "0-0 0-2 0-6 2-5 3-3 3-4 4-6",
        "0-1 1-1 1-6 2-2 4-4 5-5 6-6",
        "0-3 1-3 1-4 2-3 2-4 3-5 3-6",
        "0-4 0-5 1-2 1-5 2-6 4-5 5-6",
      ],
      moves: "0-0 0-1@N 0-3@E 0-5@S 0-6@W 1-1@N 1-4@N pass 3-3@E 4-4@N 2-4@N pass",
    },
  ],
};

/** You won the first hand of the set; the second is dealt and you pose a double. */
const SECOND_HAND: PositionSpec = {
  game: "french",
  players: 4,
  hands: [
    {
      deal: [
        "0-0 0-1 0-2 0-4 1-3 4-4 5-6",
        "0-3 0-5 1-4 1-5 1-6 5-5 6-6",
        "1-2 2-2 2-4 2-5 2-6 3-6 4-6",
        "0-6 1-1 2-3 3-3 3-4 3-5 4-5",
      ],
      moves:
        "0-0 0-5@N pass 0-6@E 0-4@S 0-3@W pass 3-3@W 4-4@S 1-4@S 3-6@W 1-1@S 0-1@S 5-5@N 2-5@N pass 0-2@S 6-6@E 2-6@E pass 5-6@W 1-5@W 2-2@N 2-3@N 1-3@W",
    },
    {
      deal: [
        "0-3 1-3 3-3 3-5 4-4 4-5 6-6",
        "0-0 0-1 0-4 0-5 1-1 2-4 4-6",
        "0-2 0-6 1-2 1-4 1-5 2-3 2-5",
        "1-6 2-2 2-6 3-4 3-6 5-5 5-6",
      ],
      moves: "",
    },
  ],
};

/** Ruby goes out with 2-5; you are left with 1-2 and 2-4. */
const PLAIN_COUNT: PositionSpec = {
  game: "french",
  players: 4,
  hands: [
    {
      deal: [
        "1-2 1-4 1-5 2-4 2-6 3-3 4-4",
        "0-0 0-4 0-5 1-1 2-5 3-5 4-5",
        "0-1 0-2 2-3 3-4 4-6 5-5 5-6",
        "0-3 0-6 1-3 1-6 2-2 3-6 6-6",
      ],
      moves:
        "0-0 0-1@N 0-3@E pass 0-5@S 0-2@W 2-2@W 2-6@W 1-1@N 5-5@S 1-3@N 3-3@N 3-5@N 3-4@E 6-6@W 4-4@E 4-5@N 4-6@W pass 1-4@N 0-4@E 5-6@S 3-6@S 1-5@N 2-5@N",
    },
  ],
};

/** Kofi goes out with 5-5; you are left with 1-2 and 1-5. */
const WINNER_DOUBLE: PositionSpec = {
  game: "french",
  players: 4,
  hands: [
    {
      deal: [
        "1-2 1-5 1-6 2-2 2-6 3-4 4-4",
        "0-0 0-1 0-5 1-1 1-3 3-5 5-6",
        "0-3 0-6 1-4 2-3 2-5 4-6 5-5",
        "0-2 0-4 2-4 3-3 3-6 4-5 6-6",
      ],
      moves:
        "0-0 0-6@N 0-2@E pass 0-1@S 0-3@W 3-3@W 3-4@W 1-1@S 1-4@S 6-6@N 1-6@N 1-3@N 2-3@N pass 4-4@S pass 4-6@S 3-6@S 2-2@N 3-5@S 2-5@N 4-5@W 2-6@E 5-6@E 5-5@N",
    },
  ],
};

/** Kofi goes out with 3-4; you still hold 4-4 (and 0-1). */
const HELD_DOUBLE: PositionSpec = {
  game: "french",
  players: 4,
  hands: [
    {
      deal: [
        "0-1 0-5 1-1 2-4 3-5 4-4 4-6",
        "0-0 2-2 2-5 2-6 4-5 5-6 6-6",
        "0-3 0-6 1-2 1-3 1-6 2-3 3-4",
        "0-2 0-4 1-4 1-5 3-3 3-6 5-5",
      ],
      moves:
        "0-0 0-6@N 0-2@E 0-5@S pass 0-3@W 3-3@W 3-5@W 2-2@E 2-3@E 3-6@E pass 6-6@N 1-6@N 5-5@S 1-1@N 2-5@S 1-2@N 1-5@W 2-4@N 2-6@S 1-3@W pass 4-6@E 5-6@S 3-4@W",
    },
  ],
};

/** Ines goes out with 3-3; you still hold 2-2 (and 1-2). */
const BOTH_DOUBLES: PositionSpec = {
  game: "french",
  players: 4,
  hands: [
    {
      deal: [
        "0-3 0-4 1-2 2-2 3-4 4-4 5-6",
        "0-2 0-6 1-5 2-3 2-5 3-5 4-6",
        "1-1 1-4 2-4 2-6 3-6 4-5 6-6",
        "0-0 0-1 0-5 1-3 1-6 3-3 5-5",
      ],
      moves:
        "0-0 0-4@N 0-6@E pass 0-5@S 0-3@W pass 6-6@E 1-6@E 4-4@N 4-6@N 1-1@E 1-3@E 5-6@N pass pass 5-5@N pass 1-5@N 4-5@S 0-1@N 3-4@S 0-2@N pass 3-3@E",
    },
  ],
};

/** A blocked hand: Kofi has the lowest count (0-3). */
const BLOCKED: PositionSpec = {
  game: "french",
  players: 4,
  hands: [
    {
      deal: [
        "1-1 1-2 1-4 1-6 3-3 3-5 5-5",
        "0-2 1-3 2-3 2-4 2-5 3-4 4-6",
        "0-3 0-4 0-5 1-5 2-6 4-5 6-6",
        "0-0 0-1 0-6 2-2 3-6 4-4 5-6",
      ],
      moves:
        "0-0 pass 0-2@N 0-5@E 0-1@S pass pass 0-4@W 4-4@W 5-5@E 4-6@W 4-5@E 2-2@N 1-4@E 2-4@N 6-6@W 3-6@W 1-1@E 1-3@E 1-5@S 5-6@S 3-3@E 3-4@E 2-6@S pass 3-5@W 2-5@S",
    },
  ],
};

/** Ines poses; you have no 0 and pass twice, then have nothing again. */
const THIRD_PASS: PositionSpec = {
  game: "french",
  players: 4,
  hands: [
    {
      deal: [
        "1-3 1-4 1-5 1-6 2-4 3-3 3-4",
        "0-1 0-2 1-2 2-2 2-6 4-5 6-6",
        "0-3 0-4 0-5 0-6 1-1 4-4 5-5",
        "0-0 2-3 2-5 3-5 3-6 4-6 5-6",
      ],
      moves: "0-0 pass 0-2@N 0-4@E pass pass 0-1@S 0-5@W pass",
    },
  ],
};

/** You can make a board pass with 1-2 on the west arm, keeping 2-2 and 5-5. */
const BOARD_PASS: PositionSpec = {
  game: "french",
  players: 4,
  hands: [
    {
      deal: [
        "0-0 1-2 1-4 2-2 4-4 4-6 5-5",
        "0-1 0-4 0-6 1-6 2-6 3-4 6-6",
        "0-3 2-3 2-4 3-5 3-6 4-5 5-6",
        "0-2 0-5 1-1 1-3 1-5 2-5 3-3",
      ],
      moves: "0-0 0-6@N 0-3@E 0-2@S pass 0-4@W pass 3-3@E 4-4@W 3-4@E 2-4@E pass 1-4@W 6-6@N 5-6@N 1-1@W",
    },
  ],
};

/** Kofi's 1-4 leaves nobody a play; it is also Ines's third pass in a row. */
const DOUBLE_PENALTY: PositionSpec = {
  game: "french",
  players: 4,
  hands: [
    {
      deal: [
        "0-1 0-3 0-5 1-2 1-6 2-4 5-5",
        "0-4 0-6 2-3 2-6 3-6 4-4 5-6",
        "0-0 0-2 1-1 1-4 2-2 3-3 4-5",
        "1-3 1-5 2-5 3-4 3-5 4-6 6-6",
      ],
      moves: "0-0 pass 0-1@N 0-4@E 0-2@S pass 0-3@W 4-4@E 1-4@E pass",
    },
  ],
};

/** Three hands: Ines reaches exactly 100 and you have the lowest total. */
const SET_WON: PositionSpec = {
  game: "french",
  players: 4,
  hands: [
    {
      deal: [
        "0-5 1-6 3-5 4-4 4-5 4-6 6-6",
        "0-1 0-2 0-6 1-3 2-2 2-6 3-4",
        "0-3 1-4 2-4 3-3 3-6 5-5 5-6",
        "0-0 0-4 1-1 1-2 1-5 2-3 2-5",
      ],
      moves:
        "0-0 0-5@N 0-6@E 0-3@S 0-4@W 4-4@W 3-4@W 3-3@S 2-3@S 3-5@W 2-2@S 2-4@S pass 6-6@E 2-6@E 1-4@S 1-1@S 1-6@S 0-2@E 5-6@S pass pass 0-1@E 5-5@N 1-5@N 4-5@S 1-3@N",
    },
    {
      deal: [
        "0-1 0-2 1-2 2-2 2-3 2-6 3-4",
        "0-4 1-3 1-4 3-6 4-4 4-6 5-5",
        "0-3 0-6 1-1 1-5 1-6 2-5 3-5",
        "0-0 0-5 2-4 3-3 4-5 5-6 6-6",
      ],
      moves:
        "5-5 2-5@N 0-5@E pass pass 3-5@S 5-6@W 2-2@N pass pass 6-6@W 2-3@N 3-6@W pass 3-3@N 3-4@N 1-3@S 1-1@S 0-0@E 0-2@E 1-4@S 0-3@W 2-4@E 0-1@W 4-4@N 1-5@W 4-5@N",
    },
    {
      deal: [
        "0-4 0-5 2-2 3-3 3-5 4-5 6-6",
        "0-6 1-3 1-5 2-4 3-4 3-6 5-6",
        "0-0 0-1 0-3 1-4 2-3 4-4 4-6",
        "0-2 1-1 1-2 1-6 2-5 2-6 5-5",
      ],
      moves:
        "5-5 4-5@N 5-6@E pass 2-5@S 3-5@W pass 4-4@N pass 0-4@N pass 0-0@N 0-2@N 3-3@W 3-6@W pass pass 6-6@E 0-6@E 4-6@W pass 0-5@E 2-4@W pass pass 2-2@N",
    },
  ],
};

/** Three hands: Ruby passes 100 while you and Ines share the lowest total. */
const SET_TIED: PositionSpec = {
  game: "french",
  players: 4,
  hands: [
    {
      deal: [
        "0-0 0-3 1-1 1-2 2-3 4-6 5-5",
        "1-3 1-4 1-6 2-4 2-6 3-3 3-6",
        "0-2 0-4 0-6 1-5 2-2 2-5 4-4",
        "0-1 0-5 3-4 3-5 4-5 5-6 6-6",
      ],
      moves:
        "0-0 pass 0-2@N 0-5@E 0-3@S pass 0-4@W pass 5-5@E 3-3@S 2-2@N 4-5@E 2-3@S 2-4@N 4-4@N 3-4@N 1-2@S 1-4@E pass 3-5@N 1-1@E 1-6@E 2-5@N 6-6@E 4-6@W",
    },
    {
      deal: [
        "0-2 1-2 2-2 2-5 3-3 3-5 6-6",
        "0-4 1-1 1-6 3-4 3-6 4-5 4-6",
        "0-0 0-1 0-3 0-5 0-6 1-3 5-6",
        "1-4 1-5 2-3 2-4 2-6 4-4 5-5",
      ],
      moves:
        "2-2 pass pass 2-3@N 0-2@E pass pass 2-6@S 2-5@W pass 0-0@E 5-5@W 3-3@N 3-4@N 0-1@E 4-4@N 3-5@W 1-1@E 0-3@W 1-4@N 1-2@N 1-6@E 0-5@W 1-5@W 6-6@E",
    },
    {
      deal: [
        "0-1 0-3 0-4 0-6 1-3 2-6 4-6",
        "0-2 1-1 1-4 2-3 2-5 4-5 5-5",
        "0-0 1-2 1-6 3-6 4-4 5-6 6-6",
        "0-5 1-5 2-2 2-4 3-3 3-4 3-5",
      ],
      moves:
        "1-1 1-6@N 1-5@E 0-1@S 1-4@W 0-0@S 0-5@S pass 5-5@E 4-4@W 2-4@W pass 2-5@E 6-6@N 3-5@S 2-6@N pass pass 3-3@S 0-3@S 0-2@S pass 2-2@N pass 2-3@N 1-2@E 3-4@N",
    },
  ],
};

const objective: Lesson = {
  id: "french-objective",
  course: "french",
  title: "fo_title",
  summary: "fo_sum",
  steps: [
    { id: "hello", type: "explain", say: "fo_hello" },
    { id: "players", type: "explain", say: "fo_players" },
    { id: "low", type: "explain", say: "fo_low" },
    { id: "set", type: "explain", say: "fo_set" },
    { id: "hand", type: "position", say: "fo_hand", position: { spec: cutSpec(OPENING, 1, 0), highlight: ["0-0"] } },
    {
      id: "pose00",
      type: "task",
      say: "fo_pose00",
      position: { spec: cutSpec(OPENING, 1, 0), highlight: ["0-0"] },
      request: { kind: "pose", bones: ["0-0"] },
      otherwise: "fo_pose00_other",
      done: "fo_pose00_done",
      solution: "0-0",
      mistake: "3-3",
    },
    { id: "later", type: "explain", say: "fo_later" },
    {
      id: "poseDouble",
      type: "task",
      say: "fo_poseDouble",
      position: { spec: SECOND_HAND },
      request: { kind: "pose", double: true },
      otherwise: "fo_poseDouble_other",
      done: "fo_poseDouble_done",
      solution: "6-6",
      mistake: "3-5",
    },
  ],
};

const cross: Lesson = {
  id: "french-cross",
  course: "french",
  title: "fc_title",
  summary: "fc_sum",
  steps: [
    { id: "arms", type: "explain", say: "fc_arms" },
    { id: "first", type: "explain", say: "fc_first" },
    { id: "three", type: "position", say: "fc_three", position: { spec: cutSpec(OPENING, 1, 4) } },
    {
      id: "fill",
      type: "task",
      say: "fc_fill",
      position: { spec: cutSpec(OPENING, 1, 4) },
      request: { kind: "play", onEmptyArm: true },
      otherwise: "fc_fill_other",
      done: "fc_fill_done",
      solution: "0-6@W",
      mistake: "2-5@W",
    },
    { id: "grow", type: "explain", say: "fc_grow" },
  ],
};

const doubles: Lesson = {
  id: "french-doubles",
  course: "french",
  title: "fd_title",
  summary: "fd_sum",
  steps: [
    { id: "rule", type: "explain", say: "fd_rule" },
    { id: "open", type: "explain", say: "fd_open" },
    { id: "frozen", type: "position", say: "fd_frozen", position: { spec: cutSpec(OPENING, 1, 8) } },
    {
      id: "double",
      type: "task",
      say: "fd_double",
      position: { spec: cutSpec(OPENING, 1, 8), highlight: ["3-3"] },
      request: { kind: "play", bones: ["3-3"] },
      otherwise: "fd_double_other",
      done: "fd_double_done",
      solution: "3-3@E",
      mistake: "3-4@E",
    },
    {
      id: "follow",
      type: "task",
      say: "fd_follow",
      position: { spec: OPENING, highlight: ["3-4"] },
      request: { kind: "play", bones: ["3-4"] },
      otherwise: "fd_follow_other",
      done: "fd_follow_done",
      solution: "3-4@E",
      mistake: "0-2@N",
    },
    {
      id: "hold",
      type: "position",
      say: "fd_hold",
      // The board as the learner left it at the step before: 3-4 stays on the east arm.
      position: { spec: extendSpec(OPENING, "3-4@E"), reveal: true, highlight: ["2-2", "5-5", "6-6"] },
    },
    { id: "tip", type: "explain", say: "fd_tip" },
  ],
};

const scoring: Lesson = {
  id: "french-scoring",
  course: "french",
  title: "fs_title",
  summary: "fs_sum",
  steps: [
    { id: "count", type: "explain", say: "fs_count" },
    {
      id: "plain",
      type: "predict",
      say: "fs_plain",
      position: { spec: PLAIN_COUNT, reveal: true },
      ask: { kind: "score", seat: 0 },
      reveal: "fs_plain_rev",
    },
    { id: "doubles", type: "explain", say: "fs_doubles" },
    {
      id: "winnerDouble",
      type: "predict",
      say: "fs_wdouble",
      position: { spec: WINNER_DOUBLE, reveal: true },
      ask: { kind: "score", seat: 0 },
      reveal: "fs_wdouble_rev",
    },
    {
      id: "held",
      type: "predict",
      say: "fs_held",
      position: { spec: HELD_DOUBLE, reveal: true },
      ask: { kind: "score", seat: 0 },
      reveal: "fs_held_rev",
    },
    {
      id: "both",
      type: "predict",
      say: "fs_both",
      position: { spec: BOTH_DOUBLES, reveal: true },
      ask: { kind: "score", seat: 0 },
      reveal: "fs_both_rev",
    },
    {
      id: "noStack",
      type: "predict",
      say: "fs_nostack",
      position: { spec: { ...BOTH_DOUBLES, rules: { stackDoubles: false } }, reveal: true },
      ask: { kind: "score", seat: 0 },
      reveal: "fs_nostack_rev",
    },
    {
      id: "blocked",
      type: "predict",
      say: "fs_blocked",
      position: { spec: BLOCKED, reveal: true },
      ask: { kind: "handWinner" },
      reveal: "fs_blocked_rev",
    },
    { id: "variants", type: "explain", say: "fs_variants" },
  ],
};

const penalties: Lesson = {
  id: "french-penalties",
  course: "french",
  title: "fp_title",
  summary: "fp_sum",
  steps: [
    { id: "pass", type: "explain", say: "fp_pass" },
    { id: "three", type: "explain", say: "fp_three" },
    {
      id: "third",
      type: "task",
      say: "fp_third",
      position: { spec: THIRD_PASS },
      request: { kind: "pass" },
      otherwise: "fp_third_other",
      done: "fp_third_done",
      solution: "pass",
      mistake: "1-3@S",
    },
    { id: "board", type: "explain", say: "fp_board" },
    {
      id: "boardPass",
      type: "task",
      say: "fp_boardTask",
      position: { spec: BOARD_PASS },
      request: { kind: "boardPass" },
      otherwise: "fp_boardTask_other",
      done: "fp_boardTask_done",
      solution: "1-2@W",
      mistake: "2-2@E",
      afterwards: "forcedPasses",
    },
    { id: "able", type: "explain", say: "fp_able" },
    {
      id: "penaltyPass",
      type: "task",
      say: "fp_penaltyPass",
      position: { spec: extendSpec(BOARD_PASS, "1-2@W pass pass pass") },
      request: { kind: "pass" },
      otherwise: "fp_penaltyPass_other",
      done: "fp_penaltyPass_done",
      solution: "pass",
      mistake: "5-5@N",
    },
    {
      id: "both",
      type: "predict",
      say: "fp_combo",
      position: { spec: DOUBLE_PENALTY, reveal: true },
      ask: { kind: "penalties", seat: 3 },
      reveal: "fp_combo_rev",
    },
  ],
};

const set: Lesson = {
  id: "french-set",
  course: "french",
  title: "fw_title",
  summary: "fw_sum",
  steps: [
    { id: "totals", type: "explain", say: "fw_totals" },
    { id: "target", type: "explain", say: "fw_target" },
    {
      id: "win",
      type: "predict",
      say: "fw_win",
      position: { spec: SET_WON, reveal: true },
      ask: { kind: "setWinner" },
      reveal: "fw_win_rev",
    },
    {
      id: "tie",
      type: "predict",
      say: "fw_tie",
      position: { spec: SET_TIED, reveal: true },
      ask: { kind: "setWinner" },
      reveal: "fw_tie_rev",
    },
    { id: "ready", type: "explain", say: "fw_ready" },
  ],
};

export const FRENCH: Course = {
  id: "french",
  title: "french",
  summary: "course_french_sum",
  lessons: [objective, cross, doubles, scoring, penalties, set],
  practice: {
    game: "french",
    players: 4,
    options: {},
    levels: ["easy", "easy", "easy", "easy"],
    practice: true,
    showHands: true,
    hints: true,
  },
};
