/**
 * French dominoes, RULES.md section 1 (F1–F8), the engine decisions of section 4 and the parts of
 * RECORD.md's notation that apply to French. Scoring and the set (F9, F10) are in
 * french-scoring.test.ts. Every position is an explicit deal; expected numbers are worked out by
 * hand from RULES.md in the comments.
 */

import {
  ALL_BONES,
  applyMove,
  attemptIllegalPlay,
  bonesOf,
  createRng,
  END_BLOCKED,
  END_DOMINO,
  type Game,
  OVER,
  PENALTY_KINDS,
  type PenaltyKind,
  PLAYING,
  parseMove,
  parseRecord,
  parseRules,
  playMove,
  popcount,
  RECORD_FORMAT,
  randomDeal,
  startHand,
} from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { BLANKS, BLOCKED, CROSS_ALONE, DOUBLE_OUT, FIRST, SPREAD, TIED } from "./french-hands.js";
import { bone, deal, legal, newGame, play, start, tryMove } from "./helpers.js";

// ---------------------------------------------------------------------------------------------
// Small readers

function french(options: Record<string, unknown> = {}): Game {
  return newGame("french", 4, options);
}

/** A French game with one hand dealt and `moves` played. */
function hand(hands: string[][], moves: string[] = [], options: Record<string, unknown> = {}): Game {
  return play(start(french(options), deal(...hands)), ...moves);
}

/** Penalty points charged so far in the current hand, per seat. */
function penalties(game: Game): number[] {
  const s = game.state!;
  return [0, 1, 2, 3].map((seat) => s.penalties(seat));
}

/** Penalty points of one kind charged so far in the current hand, per seat. */
function penaltiesOf(game: Game, kind: PenaltyKind): number[] {
  const s = game.state!;
  const k = PENALTY_KINDS.indexOf(kind);
  return [0, 1, 2, 3].map((seat) => s.penaltiesByKind[seat * 4 + k]);
}

function streaks(game: Game): number[] {
  return Array.from(game.state!.streak.subarray(0, 4));
}

function ends(game: Game): number[] {
  return Array.from(game.state!.ends.subarray(0, 4));
}

/** The refusal message of a move in notation (fails the test if the move is accepted). */
function refusal(game: Game, text: string): string {
  const r = tryMove(game, text);
  if (r.ok) throw new Error(`${text} was accepted`);
  return r.error.message;
}

// ---------------------------------------------------------------------------------------------

describe("F1 equipment and deal", () => {
  it("F1 deal: four hands of seven holding all 28 bones start a hand; other deals are refused", () => {
    const game = french();
    expect(startHand(game, deal(...BLANKS)).ok).toBe(true);

    // A boneyard is not allowed: 6 bones each leaves 4 undealt.
    const short = deal(...BLANKS.map((h) => h.slice(0, 6)));
    const r1 = startHand(game, short);
    expect(r1.ok).toBe(false);
    if (!r1.ok) expect(r1.error.code).toBe("deal-unequal");

    // 6-6 dealt twice (seat 0 has it instead of 0-6, seat 3 keeps its own): 0-6 is missing.
    const twice = deal(["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "6-6"], BLANKS[1], BLANKS[2], BLANKS[3]);
    const r2 = startHand(game, twice);
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.error.code).toBe("deal-unequal");

    // Three hands are not a French deal.
    const r3 = startHand(game, deal(BLANKS[0], BLANKS[1], BLANKS[2]));
    expect(r3.ok).toBe(false);
  });

  it("F1 randomDeal shares all 28 bones, 7 to each of the 4 seats", () => {
    const game = french();
    for (let seed = 1; seed <= 20; seed++) {
      const d = randomDeal(game.config, createRng(seed));
      expect(d.map(popcount)).toEqual([7, 7, 7, 7]);
      expect(d.reduce((a, b) => a | b, 0)).toBe(ALL_BONES);
      expect(startHand(game, d).ok).toBe(true);
    }
  });

  it("F1 no boneyard: a seat without a play can only pass and draws nothing", () => {
    const game = hand(BLANKS, ["0-0"]);
    expect(legal(game)).toEqual(["pass"]);
    const after = play(game, "pass");
    expect(popcount(after.state!.hands[1])).toBe(7);
    // Every bone is either on the board or in a hand: 1 played + 7 + 7 + 7 + 6.
    const s = after.state!;
    expect(s.played | s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]).toBe(ALL_BONES);
    expect(s.hands.slice(0, 4).reduce((n, h) => n + popcount(h), 0)).toBe(27);
  });
});

describe("F2 pose", () => {
  it("F2a first hand of a set: the holder of 0-0 poses, and only 0-0", () => {
    // Seat 2 holds 0-0 and 6-6.
    const hands = [
      ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-3"],
      ["2-2", "2-4", "2-5", "2-6", "3-4", "3-5", "3-6"],
      ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "6-6"],
      ["0-6", "3-3", "4-4", "4-5", "4-6", "5-5", "5-6"],
    ];
    const game = hand(hands);
    expect(game.hands[0].poser).toBe(2);
    expect(game.state!.turn).toBe(2);
    expect(legal(game)).toEqual(["0-0"]);
    expect(refusal(game, "6-6")).toContain("0-0 must be posed");
    expect(refusal(game, "pass")).toContain("must pose");
    const posed = play(game, "0-0");
    expect(posed.state!.poseValue).toBe(0);
    expect(posed.state!.turn).toBe(3);
  });

  it("F2b later hands: the previous winner poses any double of their choice", () => {
    // FIRST is won by seat 0 (domino). Target 1000 keeps the set going.
    const first = hand(FIRST.deal, FIRST.moves, { target: 1000 });
    expect(first.hands[0].result!.winner).toBe(0);
    // Seat 0 holds 1-1 and 5-5; 0-0 is with seat 1.
    const second = deal(
      ["0-3", "0-5", "1-1", "1-5", "3-5", "4-5", "5-5"],
      ["0-0", "1-4", "2-3", "2-4", "2-5", "3-4", "3-6"],
      ["0-2", "0-4", "1-2", "2-6", "3-3", "4-4", "4-6"],
      ["0-1", "0-6", "1-3", "1-6", "2-2", "5-6", "6-6"],
    );
    const game = start(first, second);
    expect(game.hands[1].poser).toBe(0);
    expect(legal(game)).toEqual(["1-1", "5-5"]);
    expect(refusal(game, "0-3")).toContain("the pose must be a double");
    // Either double will do; with 1-1 posed the cross is built of ones (F3).
    expect(play(game, "5-5").state!.poseValue).toBe(5);
    const posed = play(game, "1-1");
    expect(posed.state!.poseValue).toBe(1);
    expect(legal(posed)).toEqual(["1-4@N", "pass"]);
  });

  it("F2c a winner without a double: the next seat in turn order holding one poses; the skip is not a pass", () => {
    const first = hand(FIRST.deal, FIRST.moves, { target: 1000 });
    // Seats 0 (the winner) and 1 hold no double; seats 2 and 3 both do: seat 2 comes first.
    const second = deal(
      ["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-2"],
      ["1-3", "1-4", "1-5", "1-6", "2-3", "2-4", "2-5"],
      ["0-0", "1-1", "2-2", "2-6", "3-3", "3-4", "3-5"],
      ["3-6", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"],
    );
    const game = start(first, second);
    expect(game.hands[1].poser).toBe(2);
    expect(game.state!.turn).toBe(2);
    expect(legal(game)).toEqual(["0-0", "1-1", "2-2", "3-3"]);
    const posed = play(game, "3-3");
    // Section 4: the skipped seats 0 and 1 did not pass: no move, no streak, no penalty.
    expect(posed.hands[1].moves).toHaveLength(1);
    expect(posed.hands[1].events.map((e) => e.type)).toEqual(["pose"]);
    expect(streaks(posed)).toEqual([0, 0, 0, 0]);
    expect(penalties(posed)).toEqual([0, 0, 0, 0]);
    expect(posed.state!.turn).toBe(3);
  });

  it("F2d after a hand with no winner the holder of 0-0 poses 0-0", () => {
    const tied = hand(TIED.deal, TIED.moves, { target: 1000 });
    expect(tied.hands[0].result!.winner).toBeNull();
    // Seat 2 holds 0-0 but also 6-6 and 5-5: it must still pose 0-0.
    const second = deal(
      ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-3"],
      ["2-2", "2-4", "2-5", "2-6", "3-4", "3-5", "3-6"],
      ["0-0", "0-1", "0-2", "0-3", "0-4", "5-5", "6-6"],
      ["0-5", "0-6", "3-3", "4-4", "4-5", "4-6", "5-6"],
    );
    const game = start(tied, second);
    expect(game.hands[1].poser).toBe(2);
    expect(legal(game)).toEqual(["0-0"]);
    expect(refusal(game, "6-6")).toContain("0-0 must be posed");
  });
});

describe("F3 the cross", () => {
  it("F3 the four bones after the pose must each have the pose's number and start an empty arm", () => {
    const posed = hand(SPREAD, ["0-0"]);
    // Seat 1 holds 0-1 and 0-5; only the first empty arm is listed, but any empty arm is accepted.
    expect(legal(posed)).toEqual(["0-1@N", "0-5@N", "pass"]);
    expect(posed.state!.targetsFor(bone("0-1"))).toEqual([0, 1, 2, 3]);
    expect(refusal(posed, "1-2@N")).toContain("must have a 0 to join the pose 0-0");

    const g1 = play(posed, "0-1@E");
    expect(ends(g1)).toEqual([-1, 1, -1, -1]);
    expect(g1.state!.emptyArms).toBe(3);
    // Seat 2 holds 1-1, which would fit arm E once the cross is complete, but not before.
    expect(refusal(g1, "1-1@E")).toContain("all four arms must be started first");
    expect(refusal(g1, "0-2@E")).toContain("all four arms must be started first");
    expect(legal(g1)).toEqual(["0-2@N", "pass"]);

    const cross = play(g1, "0-2", "0-4", "0-3");
    // Without @T each took the first empty arm: N, then S, then W.
    expect(ends(cross)).toEqual([2, 1, 4, 3]);
    expect(cross.state!.emptyArms).toBe(0);
    // The cross is complete: seat 1's 0-5 fits nowhere now (no arm shows 0), so it can only pass.
    expect(legal(cross)).toEqual(["pass"]);
    expect(refusal(cross, "0-5@N")).toContain("arm N shows 2");
    // ...and seat 2's 1-1 is now legal on arm E.
    const next = play(cross, "pass");
    expect(legal(next)).toContain("1-1@E");
  });

  it("F3 a player with no bone of the pose's number passes during the cross", () => {
    const posed = hand(BLANKS, ["0-0"]);
    for (let seat = 1; seat <= 3; seat++) {
      const g = play(posed, ...new Array(seat - 1).fill("pass"));
      expect(g.state!.turn).toBe(seat);
      expect(legal(g)).toEqual(["pass"]);
    }
  });
});

describe("F4 extending an arm", () => {
  const afterCross = hand(FIRST.deal, CROSS_ALONE);

  it("F4 an arm showing n takes only n-n while n-n is unplayed", () => {
    expect(ends(afterCross)).toEqual([1, 2, 3, 4]);
    expect(afterCross.state!.turn).toBe(1);
    // Seat 1 holds 1-1, 1-3, 1-4, 1-5, 1-6, 2-5, 3-3.
    expect(legal(afterCross)).toEqual(["1-1@N", "3-3@S", "pass"]);
    expect(refusal(afterCross, "1-3@N")).toContain("arm N shows 1 and 1-1 has not been played");
    expect(refusal(afterCross, "2-5@E")).toContain("arm E shows 2 and 2-2 has not been played");
  });

  it("F4 a double leaves the end's number; then n-x is accepted and shows x (the 000 example, mirrored)", () => {
    const g = play(afterCross, "1-1@N");
    expect(ends(g)).toEqual([1, 2, 3, 4]);
    // With 1-1 on the board, 1-2 goes on the arm ending in 1, not on the arm ending in 2 while
    // 2-2 is unplayed.
    expect(refusal(g, "1-2@E")).toContain("arm E shows 2 and 2-2 has not been played");
    expect(g.state!.targetsFor(bone("1-2"))).toEqual([0]);
    const g2 = play(g, "1-2@N");
    expect(ends(g2)).toEqual([2, 2, 3, 4]);
    // The new number 2 freezes arm N too, until 2-2 is played.
    expect(refusal(g2, "2-6@N")).toContain("arm N shows 2 and 2-2 has not been played");
  });

  it("F4 n-n played on any arm opens every arm showing n", () => {
    const g = play(afterCross, "1-1@N", "1-2@N", "2-2@E");
    expect(ends(g)).toEqual([2, 2, 3, 4]);
    expect(legal(g)).toEqual(["pass"]); // seat 0: 0-5 and 0-6 fit no arm
    const g2 = play(g, "pass");
    // Seat 1's 2-5 now fits arm N, whose own bones are 0-1, 1-1, 1-2: 2-2 lies on arm E.
    expect(g2.state!.targetsFor(bone("2-5"))).toEqual([0, 1]);
    const g3 = play(g2, "2-5@N");
    expect(ends(g3)).toEqual([5, 2, 3, 4]);
  });

  it("F4 the pose counts as played: an arm showing the pose's number takes any of its bones", () => {
    const g = play(afterCross, ...FIRST.moves.slice(17, 24));
    expect(ends(g)).toEqual([5, 6, 3, 4]);
    const g2 = play(g, "0-5@N");
    expect(ends(g2)).toEqual([0, 6, 3, 4]);
    const g3 = play(g2, "3-3@S", "4-4@W", "6-6@E");
    // 0-6 fits arm N (shows 0; 0-0 is the pose) and arm E (shows 6; 6-6 was just played).
    expect(g3.state!.targetsFor(bone("0-6"))).toEqual([0, 1]);
  });
});

describe("F5 must play", () => {
  const posed = hand(SPREAD, ["0-0"]);

  it("F5 penaltyPass on (default): a seat able to play may pass and is charged passWhenAblePenalty 10", () => {
    expect(legal(posed)).toContain("pass");
    const g = play(posed, "pass");
    expect(penalties(g)).toEqual([0, 10, 0, 0]);
    expect(penaltiesOf(g, "passWhenAble")).toEqual([0, 10, 0, 0]);
    expect(g.hands[0].events.at(-2)).toEqual({ type: "pass", move: 1, seat: 1 });
    expect(g.hands[0].events.at(-1)).toEqual({ type: "penalty", move: 1, seat: 1, kind: "passWhenAble", points: 10 });
  });

  it("F5 penaltyPass off: a pass by a seat able to play is refused; a seat that cannot play still passes", () => {
    const off = hand(SPREAD, ["0-0"], { penaltyPass: false });
    expect(legal(off)).toEqual(["0-1@N", "0-5@N"]);
    const r = tryMove(off, "pass");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatchObject({ code: "must-play", seat: 1, bone: "0-1" });
      expect(r.error.message).toBe("seat 1 cannot pass while able to play 0-1");
    }
    const blanks = hand(BLANKS, ["0-0"], { penaltyPass: false });
    expect(legal(blanks)).toEqual(["pass"]);
    expect(play(blanks, "pass").state!.turn).toBe(2);
  });

  it("F5 passWhenAblePenalty sets the price of passing when able (25, or 0 for free)", () => {
    expect(penalties(play(hand(SPREAD, ["0-0"], { passWhenAblePenalty: 25 }), "pass"))).toEqual([0, 25, 0, 0]);
    const free = play(hand(SPREAD, ["0-0"], { passWhenAblePenalty: 0 }), "pass");
    expect(penalties(free)).toEqual([0, 0, 0, 0]);
    expect(free.state!.turn).toBe(2);
  });

  it("F5 a seat that cannot play passes free (no board pass, no streak yet)", () => {
    // FIRST after 2-2@E: seat 0 holds 0-5 and 0-6 only and no arm shows 0 or 5.
    const g = hand(FIRST.deal, FIRST.moves.slice(0, 20));
    expect(legal(g)).toEqual(["pass"]);
    const before = penalties(g);
    const after = play(g, "pass");
    expect(penalties(after)).toEqual(before);
    expect(after.hands[0].events.at(-1)).toMatchObject({ type: "pass", seat: 0 });
  });

  it("F5 illegalPlayPenalty 0 (default): an illegal play is refused, changes nothing and costs nothing", () => {
    const g = play(posed, "0-1@N", "0-2@E");
    // Seat 3 tries 2-2 on the empty arm S (the cross is not complete; 2-2 has no 0).
    const r = applyMove(g, playMove(bone("2-2"), 2));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: "needs-pose-number", seat: 3, bone: "2-2", target: "S", pose: 0 });
    const charged = attemptIllegalPlay(g, bone("2-2"), 2);
    expect(charged.ok).toBe(false);
    if (!charged.ok) expect(charged.error.message).toContain("does not charge");
    // The game value is untouched: same seat to act, same board, no penalty.
    expect(g.state!.turn).toBe(3);
    expect(g.hands[0].moves).toHaveLength(3);
    expect(ends(g)).toEqual([1, 2, -1, -1]);
    expect(penalties(g)).toEqual([0, 0, 0, 0]);
  });

  it("F5 illegalPlayPenalty 5: an attempted illegal play is refused, charged 5, and the same seat acts", () => {
    const g = hand(SPREAD, ["0-0", "0-1@N", "0-2@E"], { illegalPlayPenalty: 5 });
    const tried = attemptIllegalPlay(g, bone("2-2"), 2);
    expect(tried.ok).toBe(true);
    if (!tried.ok) return;
    const after = tried.value;
    expect(penalties(after)).toEqual([0, 0, 0, 5]);
    expect(penaltiesOf(after, "illegalPlay")).toEqual([0, 0, 0, 5]);
    expect(after.state!.turn).toBe(3);
    expect(after.state!.played).toBe(g.state!.played);
    expect(ends(after)).toEqual([1, 2, -1, -1]);
    expect(bonesOf(after.state!.hands[3])).toEqual(bonesOf(g.state!.hands[3]));
    expect(after.hands[0].events.slice(-2)).toEqual([
      { type: "illegalAttempt", move: 3, seat: 3, bone: bone("2-2"), target: 2 },
      { type: "penalty", move: 3, seat: 3, kind: "illegalPlay", points: 5 },
    ]);
    // Two attempts cost 10; then seat 3 still has to act and may play 0-4.
    const twice = play(after, "!5-5@S", "0-4@S");
    expect(penalties(twice)).toEqual([0, 0, 0, 10]);
    expect(ends(twice)).toEqual([1, 2, 4, -1]);
  });

  it("F5 a legal play cannot be charged as an illegal attempt", () => {
    const g = hand(SPREAD, ["0-0"], { illegalPlayPenalty: 5 });
    const r = attemptIllegalPlay(g, bone("0-1"), 0);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain("is a legal play");
  });
});

describe("F6 consecutive passes", () => {
  /** Seat 1 cannot play before its seventh turn; board passes are switched off to isolate F6. */
  const STREAK = [
    ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
    ["3-5", "3-6", "4-5", "4-6", "5-5", "5-6", "6-6"],
    ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "3-3"],
    ["2-2", "2-3", "2-4", "2-5", "2-6", "3-4", "4-4"],
  ];
  // After the cross (seat 1 passed 4 times): s1 pass (5), s2 1-1@N, s3 2-2@E, s0 pass, s1 pass (6).
  const SIX = [...CROSS_ALONE, "pass", "1-1@N", "2-2@E", "pass", "pass"];

  it("F6 the third pass in a row costs 10 and resets the streak: six passes in a row cost 20", () => {
    const opts = { boardPassPenalty: 0 };
    const third = hand(STREAK, CROSS_ALONE.slice(0, 10), opts);
    // Seat 1 has passed after the pose, after 0-1 and after 0-2: 10, streak back to 0.
    expect(penaltiesOf(third, "passStreak")).toEqual([0, 10, 0, 0]);
    expect(streaks(third)[1]).toBe(0);
    const g = hand(STREAK, SIX, opts);
    expect(g.state!.turn).toBe(2);
    // Seat 1: passes 1-3 -> 10, passes 4-6 -> 10: 20. Seats 2, 3 passed four times: 10 each.
    expect(penaltiesOf(g, "passStreak")).toEqual([0, 20, 10, 10]);
    expect(penalties(g)).toEqual([0, 20, 10, 10]);
    expect(streaks(g)).toEqual([1, 0, 0, 0]);
  });

  it("F6 a play resets the streak", () => {
    const g = hand(STREAK, [...CROSS_ALONE, "pass"], { boardPassPenalty: 0 });
    expect(streaks(g)).toEqual([0, 2, 1, 1]);
    const played = play(g, "1-1@N");
    expect(streaks(played)).toEqual([0, 2, 0, 1]);
  });

  it("F6 passStreakPenalty sets the price of three passes in a row (15, or 0)", () => {
    expect(penaltiesOf(hand(STREAK, SIX, { boardPassPenalty: 0, passStreakPenalty: 15 }), "passStreak")).toEqual([
      0, 30, 15, 15,
    ]);
    expect(penalties(hand(STREAK, SIX, { boardPassPenalty: 0, passStreakPenalty: 0 }))).toEqual([0, 0, 0, 0]);
  });
});

describe("F7 board pass", () => {
  it("F7 board pass: each of the three players passed is charged 10 as they pass", () => {
    // After the pose only seat 0 holds blanks.
    const posed = hand(BLANKS, ["0-0"]);
    expect(penalties(posed)).toEqual([0, 0, 0, 0]);
    const p1 = play(posed, "pass");
    expect(penaltiesOf(p1, "boardPass")).toEqual([0, 10, 0, 0]);
    const p2 = play(p1, "pass");
    expect(penaltiesOf(p2, "boardPass")).toEqual([0, 10, 10, 0]);
    const p3 = play(p2, "pass");
    expect(penaltiesOf(p3, "boardPass")).toEqual([0, 10, 10, 10]);
    expect(penalties(p3)).toEqual([0, 10, 10, 10]);
    expect(p3.hands[0].events.filter((e) => e.type === "penalty")).toEqual([
      { type: "penalty", move: 1, seat: 1, kind: "boardPass", points: 10 },
      { type: "penalty", move: 2, seat: 2, kind: "boardPass", points: 10 },
      { type: "penalty", move: 3, seat: 3, kind: "boardPass", points: 10 },
    ]);
  });

  it("F7 is charged on top of the F6 penalty of the same pass", () => {
    // Pose, 0-1, 0-2: three board passes each, the third also completes a streak: 30 + 10.
    const g = hand(BLANKS, CROSS_ALONE.slice(0, 12));
    expect(penaltiesOf(g, "boardPass")).toEqual([0, 30, 30, 30]);
    expect(penaltiesOf(g, "passStreak")).toEqual([0, 10, 10, 10]);
    expect(penalties(g)).toEqual([0, 40, 40, 40]);
  });

  it("F7 an ordinary play can make a board pass too, and only plays nobody else can answer do", () => {
    // BLANKS: after 0-1@N (not the pose) seats 1-3 still hold no blank.
    const g = hand(BLANKS, CROSS_ALONE.slice(0, 6));
    expect(penaltiesOf(g, "boardPass")).toEqual([0, 20, 10, 10]);
    // FIRST: after 0-4@W completes the cross, 1-1, 2-2, 3-3, 4-4 are held by seats 1-3: no new
    // board pass, nor after the next plays (each answered); seat 0's pass after 2-2@E is free.
    const afterCross = hand(FIRST.deal, CROSS_ALONE);
    expect(penaltiesOf(afterCross, "boardPass")).toEqual([0, 40, 40, 40]);
    const round = play(afterCross, "1-1@N", "1-2@N", "2-2@E", "pass");
    expect(penaltiesOf(round, "boardPass")).toEqual([0, 40, 40, 40]);
  });

  it("F7 in the middle of a hand: the three passes after 3-5@E are charged, with the streaks they complete", () => {
    const g = hand(DOUBLE_OUT.deal, DOUBLE_OUT.moves);
    // Move 12 (3-5@E by seat 1) leaves only 3-3 and 2-2 playable, both held by seat 1.
    expect(g.hands[0].events.filter((e) => e.type === "penalty")).toEqual([
      { type: "penalty", move: 13, seat: 2, kind: "passStreak", points: 10 },
      { type: "penalty", move: 13, seat: 2, kind: "boardPass", points: 10 },
      { type: "penalty", move: 14, seat: 3, kind: "passStreak", points: 10 },
      { type: "penalty", move: 14, seat: 3, kind: "boardPass", points: 10 },
      { type: "penalty", move: 15, seat: 0, kind: "boardPass", points: 10 },
      { type: "penalty", move: 23, seat: 0, kind: "passStreak", points: 10 },
    ]);
    expect(g.hands[0].result!.penalties).toEqual([20, 0, 20, 20]);
  });

  it("F7 a round where one of the three could have played (and paid to pass) is not a board pass", () => {
    // As BLANKS, but 0-6 and 1-1 swapped: after the pose seat 1 could play 0-6.
    const swapped = [
      ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "1-1"],
      ["0-6", "1-2", "1-3", "1-4", "1-5", "1-6", "2-3"],
      BLANKS[2],
      BLANKS[3],
    ];
    const g = hand(swapped, ["0-0", "pass", "pass", "pass"]);
    expect(penaltiesOf(g, "passWhenAble")).toEqual([0, 10, 0, 0]);
    expect(penaltiesOf(g, "boardPass")).toEqual([0, 0, 0, 0]);
    expect(penalties(g)).toEqual([0, 10, 0, 0]);
  });

  it("F7 boardPassPenalty sets the price (25, or 0 for none)", () => {
    const moves = ["0-0", "pass", "pass", "pass"];
    expect(penalties(hand(BLANKS, moves, { boardPassPenalty: 25 }))).toEqual([0, 25, 25, 25]);
    expect(penalties(hand(BLANKS, moves, { boardPassPenalty: 0 }))).toEqual([0, 0, 0, 0]);
  });
});

describe("F8 end of hand", () => {
  it("F8 domino: playing the last bone wins the hand at once", () => {
    const before = hand(FIRST.deal, FIRST.moves.slice(0, -1));
    expect(before.state!.phase).toBe(PLAYING);
    const g = play(before, "0-6@N");
    expect(g.state!.phase).toBe(OVER);
    expect(g.state!.end).toBe(END_DOMINO);
    expect(g.state!.winner).toBe(0);
    expect(g.hands[0].result).toMatchObject({ end: "domino", winner: 0, counts: [0, 22, 26, 39] });
    const r = tryMove(g, "pass");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("hand-over");
    expect(legal(g)).toEqual([]);
  });

  it("F8 blocked: after a play nobody can play; the lowest count wins", () => {
    const g = hand(BLOCKED.deal, BLOCKED.moves);
    expect(ends(g)).toEqual([0, 6, 6, 0]);
    expect(g.state!.end).toBe(END_BLOCKED);
    // Counts: s0 1-5 2-5 = 13, s1 1-3 = 4, s2 1-4 3-5 = 13, s3 1-2 4-5 = 12: seat 1 wins.
    expect(g.hands[0].result).toMatchObject({ end: "blocked", winner: 1, counts: [13, 4, 13, 12] });
    // Seat 1 poses the next hand (F2b).
    expect(g.next.pose).toEqual({ kind: "winner", seat: 1 });
  });

  it("F8 blocked with the lowest count shared: the hand has no winner", () => {
    const g = hand(TIED.deal, TIED.moves);
    expect(ends(g)).toEqual([5, 5, 5, 5]);
    // Counts: s0 0-2 2-4 = 8, s1 1-2 4-6 = 13, s2 0-3 1-4 3-4 = 15, s3 2-6 = 8: tie 8.
    expect(g.hands[0].result).toMatchObject({ end: "blocked", winner: null, counts: [8, 13, 15, 8] });
    expect(g.state!.winner).toBe(-1);
    expect(g.next.pose).toEqual({ kind: "holder", bone: bone("0-0") });
  });

  it("F8/section 4 a block ends the hand right after the play: no passes and no F6/F7 penalties follow", () => {
    const before = hand(BLOCKED.deal, BLOCKED.moves.slice(0, -1));
    expect(penalties(before)).toEqual([0, 0, 0, 0]);
    // Had the hand gone on, seats 2, 3 and 0 would each have passed a board pass (10 each).
    const g = play(before, "3-6@E");
    expect(g.state!.phase).toBe(OVER);
    expect(g.hands[0].moves).toHaveLength(BLOCKED.moves.length);
    expect(g.hands[0].result!.penalties).toEqual([0, 0, 0, 0]);
    expect(penalties(g)).toEqual([0, 0, 0, 0]);
    expect(g.hands[0].events.at(-1)).toEqual({ type: "handEnd", move: 21, end: "blocked", winner: 1 });
    const r = tryMove(g, "pass");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("hand-over");
  });
});

describe("section 4 decisions", () => {
  it("4 a refused attempt changes no streak and does not cancel a pending board pass", () => {
    // BLANKS after the pose: seats 1-3 are being board-passed.
    const g = hand(BLANKS, ["0-0"], { illegalPlayPenalty: 5 });
    const tried = play(g, "!1-1@N");
    expect(streaks(tried)).toEqual([0, 0, 0, 0]);
    expect(penalties(tried)).toEqual([0, 5, 0, 0]);
    expect(tried.hands[0].moves).toHaveLength(2);
    expect(tried.state!.moveCount).toBe(1); // the attempt is not a move
    // Seat 1 now passes: the board pass is still charged and the streak is 1, not 2.
    const passed = play(tried, "pass");
    expect(penaltiesOf(passed, "boardPass")).toEqual([0, 10, 0, 0]);
    expect(streaks(passed)).toEqual([0, 1, 0, 0]);
    // Two more attempts and a pass: still only one pass in the streak of seat 2.
    const more = play(passed, "!2-2@N", "!2-4@N", "pass");
    expect(streaks(more)).toEqual([0, 1, 1, 0]);
    expect(penalties(more)).toEqual([0, 15, 20, 0]);
  });

  it("4 the penalties of a hand enter the totals only when the hand ends", () => {
    const g = hand(FIRST.deal, FIRST.moves.slice(0, -1), { target: 1000 });
    expect(penalties(g)).toEqual([0, 50, 50, 50]);
    expect(g.totals).toEqual([0, 0, 0, 0]);
    const done = play(g, "0-6@N");
    // Scores (counts, no doubles) 0, 22, 26, 39 plus penalties 0, 50, 50, 50.
    expect(done.totals).toEqual([0, 72, 76, 89]);
  });

  it("4 options of another game do not apply to French and are refused", () => {
    const r = parseRules("french", 4, { match: "straight" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: "option-not-for-game", option: "match", game: "french" });
    const bad = parseRules("french", 4, { heldDoubles: "twice" });
    expect(bad.ok).toBe(false);
    expect(parseRules("french", 3).ok).toBe(false);
  });
});

describe("RECORD.md notation in French", () => {
  function record(moves: string[], rules: Record<string, unknown> = {}, hands: string[][] = SPREAD): string {
    return JSON.stringify({
      format: RECORD_FORMAT,
      game: "french",
      players: 4,
      rules,
      hands: [{ deal: hands, moves }],
    });
  }

  it("RECORD a play without @T during the cross takes the first empty arm (N, E, S, W)", () => {
    const r = parseRecord(record(["0-0", "0-1@E", "0-2", "0-4", "0-3"]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.value.game.state!;
    // 0-1 on E; then 0-2 -> N, 0-4 -> S, 0-3 -> W.
    expect(Array.from(s.ends)).toEqual([2, 1, 4, 3]);
    const posed = hand(SPREAD, ["0-0"]);
    const parsed = parseMove(posed.state!, "0-5");
    expect(parsed).toEqual({ ok: true, value: { kind: "move", move: playMove(bone("0-5"), 0) } });
  });

  it("RECORD a play that fits two arms without @T is refused as ambiguous", () => {
    // FIRST after 1-1@N, 1-2@N: arms N and E both show 2 and seat 3 holds 2-2.
    const g = hand(FIRST.deal, [...CROSS_ALONE, "1-1@N", "1-2@N"]);
    const parsed = parseMove(g.state!, "2-2");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error).toMatchObject({ code: "choose-target", bone: "2-2", targets: ["N", "E"] });
      expect(parsed.error.message).toContain("N and E");
    }
    const r = parseRecord(record([...CROSS_ALONE, "1-1@N", "1-2@N", "2-2"], {}, FIRST.deal));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ hand: 0, move: 19 });
    // With one fitting arm the target may be left out: 1-1 fits only arm N.
    expect(ends(play(hand(FIRST.deal, CROSS_ALONE), "1-1"))).toEqual([1, 2, 3, 4]);
  });

  it("RECORD !a-b@T needs illegalPlayPenalty > 0 and is never a legal play", () => {
    const moves = ["0-0", "0-1@N", "0-2@E", "!2-2@S", "0-4@S"];
    const charged = parseRecord(record(moves, { illegalPlayPenalty: 5 }));
    expect(charged.ok).toBe(true);
    if (charged.ok) {
      const s = charged.value.game.state!;
      expect([0, 1, 2, 3].map((seat) => s.penalties(seat))).toEqual([0, 0, 0, 5]);
    }
    const free = parseRecord(record(moves));
    expect(free.ok).toBe(false);
    if (!free.ok) expect(free.error).toMatchObject({ hand: 0, move: 3 });
    const legalAttempt = parseRecord(record(["0-0", "0-1@N", "0-2@E", "!0-4@S"], { illegalPlayPenalty: 5 }));
    expect(legalAttempt.ok).toBe(false);
    if (!legalAttempt.ok) expect(legalAttempt.error).toMatchObject({ hand: 0, move: 3 });
  });

  it("RECORD moves after the hand ended are refused", () => {
    const r = parseRecord(record([...FIRST.moves, "pass"], {}, FIRST.deal));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ hand: 0, move: 29 });
  });
});
