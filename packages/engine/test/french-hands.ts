/**
 * Hand-checked French hands shared by french-rules.test.ts and french-scoring.test.ts: explicit
 * deals (seat 0 first) and their moves in record notation. Each comment gives what the hand is for
 * and what is left at its end, worked out by hand from RULES.md.
 */

/** Seat 0 holds every blank, so it alone can build the cross of 0-0. */
export const BLANKS = [
  ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
  ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-3"],
  ["2-2", "2-4", "2-5", "2-6", "3-4", "3-5", "3-6"],
  ["3-3", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"],
];

/**
 * BLANKS played to its end (the deal and moves of shared/fixtures/french-boardpass-streak): seats
 * 1-3 pass through the cross, then the arms open double by double and seat 0 goes out (29 moves).
 */
// biome-ignore format: one row per round of the table
export const BLANKS_HAND = [
  "0-0", "pass", "pass", "pass",
  "0-1@N", "pass", "pass", "pass",
  "0-2@E", "pass", "pass", "pass",
  "0-3@S", "pass", "pass", "pass",
  "0-4@W", "1-1@N", "2-2@E", "3-3@S",
  "pass", "1-6@N", "2-6@E", "6-6@N",
  "0-6@N", "2-3@S", "3-6@E", "4-4@W",
  "0-5@N",
];

/**
 * With seat 0 holding every blank: the pose and the four arms, seats 1-3 passing each time.
 * Afterwards the arms show N 1, E 2, S 3, W 4, seat 0 keeps 0-5 and 0-6, and seat 1 is to act.
 */
export const CROSS_ALONE = [
  "0-0",
  "pass",
  "pass",
  "pass",
  "0-1@N",
  "pass",
  "pass",
  "pass",
  "0-2@E",
  "pass",
  "pass",
  "pass",
  "0-3@S",
  "pass",
  "pass",
  "pass",
  "0-4@W",
];

/**
 * A whole hand: seat 0 builds the cross alone (CROSS_ALONE), then the arms are opened double by
 * double and seat 0 goes out with 0-6 on the arm that shows 0 (0-0 being the pose).
 */
export const FIRST = {
  deal: [
    ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
    ["1-1", "1-3", "1-4", "1-5", "1-6", "2-5", "3-3"],
    ["1-2", "2-3", "2-4", "3-4", "3-5", "4-4", "5-5"],
    ["2-2", "2-6", "3-6", "4-5", "4-6", "5-6", "6-6"],
  ],
  moves: [
    ...CROSS_ALONE,
    "1-1@N", // 17 s1: N 1 -> 1
    "1-2@N", // 18 s2: N 1 -> 2
    "2-2@E", // 19 s3: E 2 -> 2
    "pass", //  20 s0: holds 0-5, 0-6; ends 2, 2, 3, 4
    "2-5@N", // 21 s1: N 2 -> 5 (2-2 lies on arm E)
    "5-5@N", // 22 s2: N 5 -> 5
    "2-6@E", // 23 s3: E 2 -> 6
    "0-5@N", // 24 s0: N 5 -> 0
    "3-3@S", // 25 s1
    "4-4@W", // 26 s2
    "6-6@E", // 27 s3
    "0-6@N", // 28 s0: domino
  ],
};

/**
 * The blanks are spread, so the cross is built by several seats:
 * 0-0 s0, then 0-1/0-5 s1, 0-2 s2, 0-4/0-6 s3, 0-3 s0.
 */
export const SPREAD = [
  ["0-0", "0-3", "2-3", "2-4", "2-5", "2-6", "3-3"],
  ["0-1", "0-5", "1-2", "1-3", "1-4", "1-5", "1-6"],
  ["0-2", "1-1", "3-4", "3-5", "3-6", "4-5", "4-6"],
  ["0-4", "0-6", "2-2", "4-4", "5-5", "5-6", "6-6"],
];

/**
 * A hand blocked with a unique lowest count: after 3-6@E by seat 1 every arm shows 0 or 6 and
 * all fourteen bones of those suits are down. Left: s0 1-5 2-5 (13), s1 1-3 (4), s2 1-4 3-5 (13),
 * s3 1-2 4-5 (12). No penalties (the only pass, move 20, is by a seat that cannot play, and
 * seat 1 still could).
 */
export const BLOCKED = {
  deal: [
    ["0-0", "0-2", "1-5", "2-4", "2-5", "4-6", "5-5"],
    ["0-5", "1-3", "2-2", "3-3", "3-4", "3-6", "5-6"],
    ["0-3", "0-4", "1-1", "1-4", "2-3", "3-5", "6-6"],
    ["0-1", "0-6", "1-2", "1-6", "2-6", "4-4", "4-5"],
  ],
  moves: [
    "0-0",
    "0-5@N",
    "0-4@E",
    "0-1@S",
    "0-2@W",
    "2-2@W",
    "2-3@W",
    "4-4@E",
    "2-4@E",
    "3-3@W",
    "0-3@W",
    "2-6@E",
    "5-5@N",
    "5-6@N",
    "6-6@N",
    "0-6@N",
    "4-6@E",
    "3-4@E",
    "1-1@S",
    "1-6@S",
    "pass",
    "3-6@E",
  ],
};

/**
 * A hand blocked with a shared lowest count: after 1-5@N by seat 3 every arm shows 5 and all the
 * fives are down. Left: s0 0-2 2-4 (8), s1 1-2 4-6 (13), s2 0-3 1-4 3-4 (15), s3 2-6 (8).
 * Seat 3 holds 0-0 and poses. No penalties.
 */
export const TIED = {
  deal: [
    ["0-2", "0-5", "1-1", "2-4", "2-5", "3-3", "5-6"],
    ["0-1", "1-2", "1-3", "2-2", "3-6", "4-4", "4-6"],
    ["0-3", "0-6", "1-4", "1-6", "2-3", "3-4", "4-5"],
    ["0-0", "0-4", "1-5", "2-6", "3-5", "5-5", "6-6"],
  ],
  moves: [
    "0-0",
    "0-5@N",
    "0-1@E",
    "0-6@S",
    "0-4@W",
    "1-1@E",
    "1-3@E",
    "pass",
    "5-5@N",
    "3-3@E",
    "4-4@W",
    "4-5@W",
    "3-5@E",
    "2-5@N",
    "2-2@N",
    "2-3@N",
    "6-6@S",
    "5-6@S",
    "3-6@N",
    "1-6@N",
    "1-5@N",
  ],
};

/**
 * A second hand after FIRST (won by seat 0, who poses 1-1 of its 1-1 and 5-5). Seat 0 goes out
 * with 0-3; left: s1 0-0 2-4 (6 with 0-0 at 0; one double held), s2 0-2 0-4 (6), s3 0-6 (6).
 * The two passes (moves 5 and 22) are by seats that cannot play: no penalties.
 */
export const SECOND = {
  deal: [
    ["0-3", "0-5", "1-1", "1-5", "3-5", "4-5", "5-5"],
    ["0-0", "1-4", "2-3", "2-4", "2-5", "3-4", "3-6"],
    ["0-2", "0-4", "1-2", "2-6", "3-3", "4-4", "4-6"],
    ["0-1", "0-6", "1-3", "1-6", "2-2", "5-6", "6-6"],
  ],
  moves: [
    "1-1",
    "1-4@N",
    "1-2@E",
    "1-3@S",
    "1-5@W",
    "pass",
    "3-3@S",
    "2-2@E",
    "5-5@W",
    "3-4@S",
    "4-4@N",
    "5-6@W",
    "4-5@N",
    "2-3@E",
    "4-6@S",
    "6-6@S",
    "3-5@E",
    "2-5@N",
    "2-6@N",
    "1-6@N",
    "0-5@E",
    "3-6@S",
    "pass",
    "0-1@N",
    "0-3@S",
  ],
};

/**
 * Seat 1 poses 0-0 and goes out with the double 2-2 (F9b). Left: s0 0-4 0-6 1-2 4-5 (22, no
 * double), s2 1-4 1-5 1-6 2-5 4-6 5-6 (46, no double), s3 2-4 2-6 4-4 6-6 (34, two doubles).
 * After 3-5@E (move 12) only 3-3 and 2-2 can be played and seat 1 holds both: a board pass.
 * Penalties: s2 and s3 pass at moves 13 and 14 for the third time in a row (streak 10 + board
 * pass 10 each), s0 at move 15 (board pass 10) and again at move 23 (third pass in a row, 10):
 * [20, 0, 20, 20]. Nobody ever passes while able.
 */
export const DOUBLE_OUT = {
  deal: [
    ["0-3", "0-4", "0-6", "1-1", "1-2", "4-5", "5-5"],
    ["0-0", "0-2", "1-3", "2-2", "3-3", "3-4", "3-5"],
    ["0-1", "1-4", "1-5", "1-6", "2-5", "4-6", "5-6"],
    ["0-5", "2-3", "2-4", "2-6", "3-6", "4-4", "6-6"],
  ],
  moves: [
    "0-0", //   0 s1
    "0-1@N", // 1 s2
    "0-5@E", // 2 s3
    "0-3@S", // 3 s0
    "0-2@W", // 4 s1: arms N 1, E 5, S 3, W 2
    "pass", //  5 s2
    "pass", //  6 s3
    "1-1@N", // 7 s0
    "1-3@N", // 8 s1: N 3
    "pass", //  9 s2
    "pass", // 10 s3
    "5-5@E", // 11 s0
    "3-5@E", // 12 s1: N 3, E 3, S 3, W 2 and only seat 1 holds 3-3 or 2-2
    "pass", // 13 s2
    "pass", // 14 s3
    "pass", // 15 s0
    "3-3@N", // 16 s1
    "pass", // 17 s2
    "2-3@N", // 18 s3: N 2
    "pass", // 19 s0
    "3-4@E", // 20 s1: E 4
    "pass", // 21 s2
    "3-6@S", // 22 s3: S 6
    "pass", // 23 s0
    "2-2@N", // 24 s1: domino with a double
  ],
};

/** The French options as the home screen has them by default (the record's `rules`). */
export const FRENCH_RULES = {
  target: 100,
  doubleBlankValue: 0,
  heldDoubles: "once",
  stackDoubles: true,
  penaltyPass: true,
  passWhenAblePenalty: 10,
  illegalPlayPenalty: 0,
  passStreakPenalty: 10,
  boardPassPenalty: 10,
};

/**
 * French, hand 1 after 23 moves (from seed 142): seat 0 holds 1-6 and 6-6. 1-6 leaves nobody else
 * a play (a board pass: seats 1-3 each pass for 10), then 6-6 is seat 0's last bone. Shared by
 * pass-price.test.ts and the web app's e2e table tests.
 */
export const BOARD_PASS = {
  deal: [
    ["0-3", "1-3", "1-6", "2-6", "3-5", "4-4", "6-6"],
    ["0-0", "0-2", "0-4", "1-4", "2-2", "4-5", "4-6"],
    ["0-1", "1-1", "1-5", "2-4", "3-3", "3-4", "3-6"],
    ["0-5", "0-6", "1-2", "2-3", "2-5", "5-5", "5-6"],
  ],
  // biome-ignore format: the hand's moves in rows
  moves: [
    "0-0", "0-1@N", "0-5@E", "0-3@S", "0-2@W", "1-1@N", "5-5@E", "3-5@E", "1-4@N", "3-3@E", "2-3@E", "1-3@S",
    "2-2@E", "1-5@S", "1-2@E", "4-4@N", "4-5@N", "2-4@W", "2-5@N", "2-6@N", "4-6@W", "pass", "5-6@S",
  ],
};
