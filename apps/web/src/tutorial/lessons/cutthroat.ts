/**
 * The Cut Throat course, three players (0-0 set aside, nine bones each). The opening deal is
 * hand-built; the end-of-hand and match positions were found by playing seeded random games with
 * the engine and keeping those with the wanted winners.
 */

import type { Course, Lesson, PositionSpec } from "../model";
import { cutSpec } from "../positions";

/** You hold 6-6 and pose; then you play, pass and must play. */
const OPENING: PositionSpec = {
  game: "cutthroat",
  players: 3,
  hands: [
    {
      deal: [
        "0-1 0-4 1-1 1-4 1-6 2-5 3-3 4-4 6-6",
        "0-2 0-3 1-2 1-3 2-2 2-3 2-4 4-6 5-6",
        "0-5 0-6 1-5 2-6 3-4 3-5 3-6 4-5 5-5",
      ],
      moves: "6-6 5-6@L 3-6@R 2-5@L 2-2@L 3-5@R pass 0-2@L 5-5@R",
    },
  ],
};

/** A blocked hand won by Ruby on the count. */
const BLOCKED: PositionSpec = {
  game: "cutthroat",
  players: 3,
  hands: [
    {
      deal: [
        "0-1 0-2 0-4 1-2 1-4 1-6 3-6 4-5 6-6",
        "0-3 1-3 2-2 2-4 2-5 2-6 4-4 4-6 5-5",
        "0-5 0-6 1-1 1-5 2-3 3-3 3-4 3-5 5-6",
      ],
      moves:
        "6-6 2-6@L 5-6@R 4-5@R 4-4@R 2-3@L 3-6@L 4-6@R 0-6@L 1-6@R 0-3@L 3-5@L 1-4@R 2-4@R 1-5@L 0-1@L 2-5@R 0-5@L pass 5-5@L",
    },
  ],
};

/** A drawn hand (Ruby and Kofi share the lowest count), then the 6-6 hand you win for 2. */
const AFTER_DRAW: PositionSpec = {
  game: "cutthroat",
  players: 3,
  hands: [
    {
      deal: [
        "0-2 0-4 0-6 1-3 2-3 2-4 3-4 3-5 4-4",
        "0-1 1-4 1-6 2-5 3-3 4-5 5-5 5-6 6-6",
        "0-3 0-5 1-1 1-2 1-5 2-2 2-6 3-6 4-6",
      ],
      moves:
        "6-6 2-6@L 0-2@L 5-6@R 0-5@L 3-5@L 5-5@R 0-3@L 0-6@L 4-5@R 4-6@R pass 1-6@L 1-5@L pass 2-5@L 1-2@L 1-3@L 3-3@L 3-6@L",
    },
    {
      deal: [
        "0-3 0-5 1-3 1-4 3-3 3-4 3-5 4-6 6-6",
        "0-2 0-4 1-1 1-5 2-5 2-6 3-6 4-5 5-6",
        "0-1 0-6 1-2 1-6 2-2 2-3 2-4 4-4 5-5",
      ],
      moves: "6-6 3-6@L 2-3@L 4-6@R 0-4@R 1-2@L 1-4@L 4-5@L 5-5@L 3-5@L 0-2@R 2-4@R 3-3@L pass 4-4@R 3-4@L",
    },
  ],
};

/** Hands won by you, you, Ruby (2-1-0), then Kofi: everyone has a point, bruk. */
const BRUK: PositionSpec = {
  game: "cutthroat",
  players: 3,
  hands: [
    {
      deal: [
        "0-6 1-1 1-2 1-3 1-5 2-2 2-4 2-5 3-6",
        "0-3 0-4 0-5 1-4 2-6 4-4 5-5 5-6 6-6",
        "0-1 0-2 1-6 2-3 3-3 3-4 3-5 4-5 4-6",
      ],
      moves: "6-6 1-6@L 1-2@L 2-6@R 2-3@L 2-5@R 5-5@R 3-5@R 3-6@L 5-6@L 3-4@R 2-4@R 0-5@L 0-2@L 2-2@L",
    },
    {
      deal: [
        "0-4 0-5 1-1 1-2 1-3 1-4 2-5 4-6 6-6",
        "0-3 0-6 2-3 2-6 3-3 3-6 4-4 4-5 5-5",
        "0-1 0-2 1-5 1-6 2-2 2-4 3-4 3-5 5-6",
      ],
      moves: "0-5 5-5@R 0-2@L 1-2@L 4-5@R 0-1@L 0-4@R 0-3@L 3-5@L 2-5@L 2-3@L 3-4@L 4-6@L 0-6@L",
    },
    {
      deal: [
        "0-1 0-4 0-6 1-2 1-6 3-3 3-5 4-5 6-6",
        "0-2 0-3 0-5 1-3 2-2 2-3 2-6 3-4 5-5",
        "1-1 1-4 1-5 2-4 2-5 3-6 4-4 4-6 5-6",
      ],
      moves: "3-3 0-3@L 3-6@R 0-6@L 2-6@L 4-6@R 0-4@R 0-5@R 1-5@R 0-1@R 0-2@L",
    },
    {
      deal: [
        "0-6 1-4 1-6 2-3 2-5 2-6 3-3 3-5 5-6",
        "0-1 0-2 0-3 1-2 1-3 1-5 2-4 4-5 5-5",
        "0-4 0-5 1-1 2-2 3-4 3-6 4-4 4-6 6-6",
      ],
      moves: "0-3 3-4@R 1-4@R 0-1@R 0-4@L 0-6@R 4-5@L 3-6@R 5-6@L 1-3@R 4-6@L 1-6@R 2-4@L 6-6@R 2-6@L",
    },
  ],
};

/** Hands won by you, Ruby and Kofi (one all), then Ruby wins the one-all-play-two hand. */
const ONE_ALL: PositionSpec = {
  game: "cutthroat",
  players: 3,
  hands: [
    {
      deal: [
        "0-1 0-2 0-4 0-5 1-5 2-2 3-3 3-4 3-6",
        "0-6 1-1 1-6 2-3 2-5 3-5 4-6 5-5 5-6",
        "0-3 1-2 1-3 1-4 2-4 2-6 4-4 4-5 6-6",
      ],
      moves: "6-6 3-6@L 0-6@R 1-3@L 1-5@L 3-5@L 0-3@R 3-3@L 2-3@L 2-4@L 3-4@L",
    },
    {
      deal: [
        "0-1 0-2 0-5 1-3 2-3 2-5 3-6 4-5 4-6",
        "0-3 1-2 1-4 1-6 2-2 2-4 3-4 4-4 6-6",
        "0-4 0-6 1-1 1-5 2-6 3-3 3-5 5-5 5-6",
      ],
      moves: "0-1 0-3@L 3-3@L 3-6@L 1-4@R 0-4@R 0-5@R 1-6@L 5-5@R 2-5@R 1-2@L 2-6@L 0-2@R 6-6@L 0-6@L",
    },
    {
      deal: [
        "0-2 0-3 0-4 0-6 1-3 2-3 3-3 3-4 5-5",
        "0-5 1-2 2-2 2-4 2-5 3-5 4-5 4-6 6-6",
        "0-1 1-1 1-4 1-5 1-6 2-6 3-6 4-4 5-6",
      ],
      moves: "6-6 1-6@L 1-3@L 4-6@R 3-6@L 0-4@R 0-5@R 1-5@R 0-6@L 1-2@R 2-6@R 0-3@L 3-5@L 5-6@L",
    },
    {
      deal: [
        "0-5 1-2 1-4 1-5 1-6 2-2 2-6 5-6 6-6",
        "0-2 0-3 0-6 1-1 2-3 2-5 3-3 4-4 4-5",
        "0-1 0-4 1-3 2-4 3-4 3-5 3-6 4-6 5-5",
      ],
      moves: "6-6 0-6@L 0-4@L 1-4@L 1-1@L 1-3@L 1-6@R 0-3@L 0-1@R 0-5@L 4-5@L 2-4@L 2-2@L 0-2@L",
    },
  ],
};

/** Six hands in a row for you: six-love. */
const SIX_LOVE: PositionSpec = {
  game: "cutthroat",
  players: 3,
  hands: [
    {
      deal: [
        "0-3 0-4 0-6 1-1 1-3 1-4 2-4 2-5 4-5",
        "0-1 0-2 1-5 1-6 2-3 2-6 3-4 3-5 5-5",
        "0-5 1-2 2-2 3-3 3-6 4-4 4-6 5-6 6-6",
      ],
      moves: "6-6 0-6@L 0-1@L 5-6@R 1-4@L 5-5@R 4-6@L 2-5@R 2-6@R 3-6@L 1-3@L 1-6@L",
    },
    {
      deal: [
        "0-4 0-5 1-1 1-2 1-5 2-2 3-3 4-6 5-5",
        "0-1 0-3 1-4 2-5 3-4 3-6 4-4 4-5 5-6",
        "0-2 0-6 1-3 1-6 2-3 2-4 2-6 3-5 6-6",
      ],
      moves: "5-5 5-6@L 2-6@L 2-2@L 2-5@R 0-2@L 0-4@L 3-4@L 2-3@L 1-2@L 1-4@L 2-4@L",
    },
    {
      deal: [
        "0-5 1-1 1-3 2-4 2-6 3-3 3-4 3-5 4-4",
        "0-3 0-6 1-4 1-5 1-6 2-2 4-5 4-6 5-6",
        "0-1 0-2 0-4 1-2 2-3 2-5 3-6 5-5 6-6",
      ],
      moves: "3-4 1-4@R 0-1@R 1-3@L 1-6@L 0-4@R 4-4@R 4-6@L pass 2-4@L 2-2@L 2-3@L 3-5@L 4-5@L",
    },
    {
      deal: [
        "0-1 0-4 1-3 1-5 2-3 2-4 3-3 3-5 6-6",
        "0-2 0-3 0-5 1-1 1-4 3-4 4-4 4-6 5-5",
        "0-6 1-2 1-6 2-2 2-5 2-6 3-6 4-5 5-6",
      ],
      moves: "6-6 4-6@L 2-6@R 0-4@L 0-2@L 2-5@L 3-5@L 3-4@L 2-2@R 2-4@R 4-4@L 4-5@L 1-5@L 1-4@L",
    },
    {
      deal: [
        "0-4 1-1 1-2 1-4 1-6 2-3 3-6 4-4 4-6",
        "0-1 0-3 0-6 1-3 1-5 2-4 2-5 3-5 5-6",
        "0-2 0-5 2-2 2-6 3-3 3-4 4-5 5-5 6-6",
      ],
      moves: "4-6 0-6@R 4-5@L 0-4@R 3-5@L 3-4@L 4-4@L 2-4@L 2-6@L 3-6@L 1-3@L pass 1-4@L",
    },
    {
      deal: [
        "0-3 0-4 0-5 1-1 1-6 2-3 2-4 3-4 5-6",
        "0-1 0-2 1-3 1-4 2-6 3-6 4-4 5-5 6-6",
        "0-6 1-2 1-5 2-2 2-5 3-3 3-5 4-5 4-6",
      ],
      moves: "0-3 0-1@L 1-2@L 3-4@R 1-4@R 1-5@R 2-3@L 1-3@L 3-5@R 1-6@L 3-6@L 3-3@L",
    },
  ],
};

const line: Lesson = {
  id: "cutthroat-line",
  course: "cutthroat",
  title: "cl_title",
  summary: "cl_sum",
  steps: [
    { id: "line", type: "explain", say: "cl_line" },
    { id: "deal", type: "explain", say: "cl_deal" },
    {
      id: "pose",
      type: "task",
      say: "cl_pose",
      position: { spec: cutSpec(OPENING, 1, 0), highlight: ["6-6"] },
      request: { kind: "pose", bones: ["6-6"] },
      otherwise: "cl_pose_other",
      done: "cl_pose_done",
      solution: "6-6",
      mistake: "2-5",
    },
    { id: "match", type: "explain", say: "cl_match" },
    {
      id: "play",
      type: "task",
      say: "cl_play",
      position: { spec: cutSpec(OPENING, 1, 3), highlight: ["2-5"] },
      request: { kind: "play", bones: ["2-5"] },
      otherwise: "cl_play_other",
      done: "cl_play_done",
      solution: "2-5@L",
      mistake: "1-4@L",
    },
    { id: "doubles", type: "explain", say: "cl_doubles" },
  ],
};

const passing: Lesson = {
  id: "cutthroat-passing",
  course: "cutthroat",
  title: "cp_title",
  summary: "cp_sum",
  steps: [
    { id: "rule", type: "explain", say: "cp_rule" },
    {
      id: "pass",
      type: "task",
      say: "cp_pass",
      position: { spec: cutSpec(OPENING, 1, 6) },
      request: { kind: "pass" },
      otherwise: "cp_pass_other",
      done: "cp_pass_done",
      solution: "pass",
      mistake: "3-3@R",
    },
    {
      id: "must",
      type: "task",
      say: "cp_must",
      position: { spec: OPENING },
      request: { kind: "play" },
      otherwise: "cp_must_other",
      done: "cp_must_done",
      solution: "0-4@L",
      // The table offers no Pass while a bone fits (docs/web.md): the mistake is a bone that fits nowhere.
      mistake: "1-1",
    },
  ],
};

const blocked: Lesson = {
  id: "cutthroat-blocked",
  course: "cutthroat",
  title: "cb_title",
  summary: "cb_sum",
  steps: [
    { id: "rule", type: "explain", say: "cb_rule" },
    {
      id: "who",
      type: "predict",
      say: "cb_who",
      position: { spec: BLOCKED, reveal: true },
      ask: { kind: "handWinner" },
      reveal: "cb_who_rev",
    },
    {
      id: "draw",
      type: "predict",
      say: "cb_draw",
      position: { spec: cutSpec(AFTER_DRAW, 1), reveal: true },
      ask: { kind: "handWinner" },
      reveal: "cb_draw_rev",
    },
    { id: "after", type: "explain", say: "cb_after" },
    {
      id: "two",
      type: "predict",
      say: "cb_two",
      position: { spec: AFTER_DRAW, reveal: true },
      ask: { kind: "matchPoints", side: 0 },
      reveal: "cb_two_rev",
    },
  ],
};

const sixLove: Lesson = {
  id: "cutthroat-sixlove",
  course: "cutthroat",
  title: "cs_title",
  summary: "cs_sum",
  steps: [
    { id: "points", type: "explain", say: "cs_points" },
    { id: "bruk", type: "explain", say: "cs_bruk" },
    {
      id: "before",
      type: "position",
      say: "cs_before",
      position: { spec: cutSpec(BRUK, 3), expect: { totals: [2, 1, 0] } },
    },
    {
      id: "brukAsk",
      type: "predict",
      say: "cs_brukAsk",
      position: { spec: BRUK, reveal: true },
      ask: { kind: "matchPoints", side: 0 },
      reveal: "cs_brukRev",
    },
    { id: "sixLove", type: "explain", say: "cs_sixlove" },
    {
      id: "show",
      type: "position",
      say: "cs_sixloveShow",
      position: { spec: SIX_LOVE, reveal: true, expect: { totals: [6, 0, 0], sixLove: true } },
    },
    { id: "straight", type: "explain", say: "cs_straight" },
  ],
};

const oneAll: Lesson = {
  id: "cutthroat-oneall",
  course: "cutthroat",
  title: "co_title",
  summary: "co_sum",
  steps: [
    { id: "rule", type: "explain", say: "co_rule" },
    {
      id: "all1",
      type: "position",
      say: "co_all1",
      position: { spec: cutSpec(ONE_ALL, 3), expect: { totals: [1, 1, 1] } },
    },
    {
      id: "ask",
      type: "predict",
      say: "co_ask",
      position: { spec: ONE_ALL, reveal: true },
      ask: { kind: "matchPoints", side: 1 },
      reveal: "co_rev",
    },
    { id: "ready", type: "explain", say: "co_ready" },
  ],
};

export const CUTTHROAT: Course = {
  id: "cutthroat",
  title: "cutthroat",
  summary: "course_cutthroat_sum",
  lessons: [line, passing, blocked, sixLove, oneAll],
  practice: {
    game: "cutthroat",
    players: 3,
    options: {},
    levels: ["easy", "easy", "easy"],
    practice: true,
    showHands: true,
    hints: true,
  },
};
