/**
 * The Partner course: you (seat 0) and Kofi (seat 2) against Ruby and Ines. Positions were found
 * by playing seeded random games with the engine and keeping those with the wanted outcome.
 */

import type { Course, Lesson, PositionSpec } from "../model";
import { cutSpec } from "../positions";

/** Blocked; Kofi has the lowest count. */
const BLOCKED: PositionSpec = {
  game: "partner",
  players: 4,
  hands: [
    {
      deal: [
        "1-3 2-5 3-4 3-6 4-4 5-5 5-6",
        "0-3 0-5 0-6 2-3 3-3 3-5 6-6",
        "0-1 0-4 1-2 1-4 1-5 2-6 4-5",
        "0-0 0-2 1-1 1-6 2-2 2-4 4-6",
      ],
      moves:
        "6-6 2-6@L 0-2@L 3-6@R 0-3@R 0-4@L 2-4@L 2-5@L 0-6@R 4-5@L 4-6@R 4-4@L pass 1-4@L 1-1@L 3-4@R 3-3@R 1-5@L pass 1-3@R 0-5@L 0-1@R 0-0@L",
    },
  ],
};

/** Blocked; you and Kofi share the lowest count. Then the next hand is dealt and you pose. */
const PARTNERS_TIE: PositionSpec = {
  game: "partner",
  players: 4,
  hands: [
    {
      deal: [
        "1-1 1-2 1-5 2-5 3-3 3-6 4-5",
        "0-2 0-3 1-4 1-6 2-6 4-6 5-6",
        "0-1 0-4 0-6 1-3 2-2 2-3 3-4",
        "0-0 0-5 2-4 3-5 4-4 5-5 6-6",
      ],
      moves:
        "6-6 3-6@L 2-6@R 1-3@L 2-4@R 1-1@L 1-4@R 0-1@L 0-5@L 4-5@L 4-6@L 0-6@L 0-0@L 1-5@R 0-3@L 3-4@L 5-5@R 2-5@R 0-2@R 0-4@L",
    },
    {
      deal: [
        "0-2 0-4 0-6 4-4 4-6 5-6 6-6",
        "0-0 0-5 2-2 2-3 2-4 2-6 3-3",
        "0-1 1-2 1-3 1-4 2-5 4-5 5-5",
        "0-3 1-1 1-5 1-6 3-4 3-5 3-6",
      ],
      moves: "",
    },
  ],
};

/** Blocked; Kofi and Ines share the lowest count: a draw. */
const DRAW: PositionSpec = {
  game: "partner",
  players: 4,
  hands: [
    {
      deal: [
        "0-1 1-6 2-2 2-5 2-6 3-5 5-5",
        "0-4 0-5 1-2 1-4 2-4 3-4 3-6",
        "0-3 1-1 1-3 1-5 2-3 4-5 5-6",
        "0-0 0-2 0-6 3-3 4-4 4-6 6-6",
      ],
      moves:
        "6-6 2-6@L 2-4@L 4-5@L 0-6@R 2-5@L 0-4@R 2-3@L 4-6@R 3-5@L 3-6@R 1-5@L 3-3@R 1-6@L 3-4@R 5-6@L 4-4@R 5-5@L 0-5@L 0-3@L pass pass 1-4@R 1-3@R",
    },
  ],
};

/** Hands won by you and Kofi (2-0), then by Ruby: both teams have a point, bruk. */
const BRUK: PositionSpec = {
  game: "partner",
  players: 4,
  hands: [
    {
      deal: [
        "0-1 0-3 1-5 2-3 2-6 3-6 6-6",
        "0-0 0-5 0-6 1-1 2-4 3-5 4-6",
        "0-2 1-3 1-4 2-2 2-5 4-5 5-6",
        "0-4 1-2 1-6 3-3 3-4 4-4 5-5",
      ],
      moves: "6-6 4-6@L 5-6@R 0-4@L 0-3@L 0-5@R 1-3@L 1-6@L 2-6@L 0-0@R 2-5@L 5-5@L 1-5@L 0-6@R 1-4@L 3-4@L 3-6@L",
    },
    {
      deal: [
        "0-4 0-6 1-5 3-5 4-4 4-6 5-5",
        "0-3 0-5 1-4 1-6 2-4 2-6 3-4",
        "0-1 0-2 1-1 1-2 1-3 2-5 3-6",
        "0-0 2-2 2-3 3-3 4-5 5-6 6-6",
      ],
      moves: "0-6 0-3@L 3-6@R 2-3@L 3-5@R 2-6@L 2-5@R 2-2@R 4-6@L 2-4@L 0-2@L 0-0@L 0-4@L 1-4@L 1-2@L",
    },
    {
      deal: [
        "0-1 0-2 0-5 3-3 3-5 4-5 5-6",
        "0-0 0-4 0-6 1-1 1-3 2-2 4-4",
        "0-3 1-2 1-4 1-5 2-4 3-6 5-5",
        "1-6 2-3 2-5 2-6 3-4 4-6 6-6",
      ],
      moves: "1-4 4-6@R 5-6@R 1-3@L 1-5@R 1-6@R 3-5@L 0-6@R 5-5@L 2-5@L 0-1@R 1-1@R 1-2@L",
    },
  ],
};

/** Hands won by you and by Ruby (one all), then Ines wins the one-all-play-two hand. */
const ONE_ALL: PositionSpec = {
  game: "partner",
  players: 4,
  hands: [
    {
      deal: [
        "0-1 0-4 0-6 1-1 1-3 1-5 2-2",
        "0-5 2-3 2-6 3-5 4-6 5-5 5-6",
        "0-0 0-3 1-2 2-4 3-6 4-4 6-6",
        "0-2 1-4 1-6 2-5 3-3 3-4 4-5",
      ],
      moves: "6-6 1-6@L 0-6@R 0-5@R 1-2@L 2-5@R 2-2@L 2-3@L 0-3@L 0-2@R 0-1@L pass 0-0@R 1-4@L 0-4@L",
    },
    {
      deal: [
        "0-2 0-4 0-5 1-1 2-3 3-3 3-5",
        "0-0 0-3 0-6 1-4 2-4 2-6 5-5",
        "1-2 1-3 1-6 2-2 2-5 3-6 5-6",
        "0-1 1-5 3-4 4-4 4-5 4-6 6-6",
      ],
      moves:
        "0-4 0-3@L 1-3@L 4-4@R 1-1@L 2-4@R 2-2@R 0-1@L 0-2@R 0-6@L 5-6@L 4-5@L 0-5@R 5-5@R 2-5@R 3-4@L 3-5@L 2-6@R 1-6@R 1-5@R",
    },
    {
      deal: [
        "0-2 1-3 2-5 3-3 4-5 4-6 5-6",
        "0-1 0-5 1-6 2-2 2-4 2-6 6-6",
        "0-0 1-2 1-4 1-5 2-3 3-5 4-4",
        "0-3 0-4 0-6 1-1 3-4 3-6 5-5",
      ],
      moves:
        "6-6 pass 3-6@L 5-6@R 0-5@R 0-0@R 3-4@L 4-6@L 0-1@R 1-4@R 0-4@R 0-2@R 2-4@R 4-4@R 0-6@L 4-5@R pass 3-5@R 0-3@R",
    },
  ],
};

const teams: Lesson = {
  id: "partner-teams",
  course: "partner",
  title: "pt_title",
  summary: "pt_sum",
  steps: [
    { id: "teams", type: "explain", say: "pt_teams" },
    { id: "seat", type: "position", say: "pt_seat", position: { spec: cutSpec(PARTNERS_TIE, 1, 0) } },
    { id: "talk", type: "explain", say: "pt_talk" },
    {
      id: "block",
      type: "predict",
      say: "pt_block",
      position: { spec: BLOCKED, reveal: true },
      ask: { kind: "teamWinner" },
      reveal: "pt_block_rev",
    },
    {
      id: "tie",
      type: "predict",
      say: "pt_tie",
      position: { spec: cutSpec(PARTNERS_TIE, 1), reveal: true },
      ask: { kind: "teamWinner" },
      reveal: "pt_tie_rev",
    },
    {
      id: "draw",
      type: "predict",
      say: "pt_draw",
      position: { spec: DRAW, reveal: true },
      ask: { kind: "teamWinner" },
      reveal: "pt_draw_rev",
    },
    {
      id: "pose",
      type: "task",
      say: "pt_pose",
      position: { spec: PARTNERS_TIE },
      request: { kind: "pose" },
      otherwise: "pt_pose_other",
      done: "pt_pose_done",
      solution: "4-4",
      mistake: "pass",
    },
  ],
};

const match: Lesson = {
  id: "partner-match",
  course: "partner",
  title: "pm_title",
  summary: "pm_sum",
  steps: [
    { id: "points", type: "explain", say: "pm_points" },
    {
      id: "before",
      type: "position",
      say: "pm_before",
      position: { spec: cutSpec(BRUK, 2), expect: { totals: [2, 0] } },
    },
    {
      id: "bruk",
      type: "predict",
      say: "pm_bruk",
      position: { spec: BRUK, reveal: true },
      ask: { kind: "matchPoints", side: 0 },
      reveal: "pm_bruk_rev",
    },
    {
      id: "oneAll",
      type: "position",
      say: "pm_oneall",
      position: { spec: cutSpec(ONE_ALL, 2), expect: { totals: [1, 1] } },
    },
    {
      id: "oneAllAsk",
      type: "predict",
      say: "pm_oneallAsk",
      position: { spec: ONE_ALL, reveal: true },
      ask: { kind: "matchPoints", side: 1 },
      reveal: "pm_oneall_rev",
    },
    { id: "ready", type: "explain", say: "pm_ready" },
  ],
};

export const PARTNER: Course = {
  id: "partner",
  title: "partner",
  summary: "course_partner_sum",
  lessons: [teams, match],
  practice: {
    game: "partner",
    players: 4,
    options: {},
    levels: ["easy", "easy", "easy", "easy"],
    practice: true,
    showHands: true,
    hints: true,
  },
};
