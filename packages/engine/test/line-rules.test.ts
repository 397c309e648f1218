/**
 * Cut Throat and Partner, the Jamaican line games (RULES.md §2 and §3): one or more tests per
 * rule, named after it. Hand-level rules are checked on small crafted hands (deal and moves as a
 * record writes them, counts worked out by hand in the comments); match bookkeeping on hands
 * with a chosen winner (found by random play from seeded deals), with the expected totals worked
 * out from RULES.md in the test.
 */
import {
  ALL_BONES,
  applyMove,
  type BoneMask,
  bonesOf,
  createRng,
  DOUBLE,
  type Game,
  legalMoves,
  needsDeal,
  PASS,
  parseMove,
  parseRecord,
  parseRules,
  playMove,
  popcount,
  RECORD_FORMAT,
  randomDeal,
  refuseMove,
  startHand,
  viewFor,
} from "@crossbones/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bone,
  type CraftedHand,
  deal,
  hand,
  handsWonBy,
  handWonBy,
  holderOf,
  lastHand,
  lastResult,
  matchEvents,
  names,
  newGame,
  play,
  replayHand,
  unwrap,
} from "./line-helpers.js";

const SIX_SIX = bone("6-6");

/**
 * 3-player Cut Throat, blocked after ten plays: seat 2 (6-6) poses, and the chain ends 6…6 once
 * all seven 6s are down. Left: seat 0 0-5 1-3 2-2 3-3 3-4 5-5 = 36, seat 1 0-1 0-4 1-4 2-3 4-4
 * 4-5 = 32, seat 2 0-2 1-1 1-2 2-5 3-5 = 22: seat 2 has the unique lowest count.
 */
const BLOCK3: CraftedHand = {
  deal: [
    ["0-5", "0-6", "1-3", "1-5", "2-2", "2-4", "3-3", "3-4", "5-5"],
    ["0-1", "0-4", "1-4", "1-6", "2-3", "2-6", "4-4", "4-5", "4-6"],
    ["0-2", "0-3", "1-1", "1-2", "2-5", "3-5", "3-6", "5-6", "6-6"],
  ],
  moves: ["6-6", "0-6@L", "2-6@R", "0-3@L", "2-4@R", "4-6@R", "5-6@R", "1-5@R", "1-6@R", "3-6@L"],
};

/**
 * 3-player Cut Throat, blocked on 6…6 after ten plays with a shared lowest count: seat 0 0-1 0-2
 * 2-2 2-4 3-3 3-5 = 27, seat 1 0-3 1-2 1-5 2-5 4-4 4-5 = 36, seat 2 0-4 1-1 1-3 3-4 5-5 = 27.
 */
const DRAW3: CraftedHand = {
  deal: [
    ["0-1", "0-2", "1-4", "2-2", "2-4", "3-3", "3-5", "3-6", "4-6"],
    ["0-3", "0-6", "1-2", "1-5", "2-3", "2-5", "4-4", "4-5", "5-6"],
    ["0-4", "0-5", "1-1", "1-3", "1-6", "2-6", "3-4", "5-5", "6-6"],
  ],
  moves: ["6-6", "3-6@L", "2-3@L", "2-6@L", "4-6@L", "0-6@R", "0-5@R", "1-4@L", "5-6@R", "1-6@L"],
};

/**
 * 3-player Cut Throat: seat 1 (6-6) poses and goes out with its ninth bone, 0-5, on move 24.
 * Left: seat 0 1-1 5-5 = 12, seat 2 0-6 = 6.
 */
const DOMINO3: CraftedHand = {
  deal: [
    ["0-1", "0-3", "1-1", "1-4", "1-5", "2-4", "3-4", "4-4", "5-5"],
    ["0-4", "0-5", "1-2", "1-3", "1-6", "2-3", "2-5", "3-6", "6-6"],
    ["0-2", "0-6", "2-2", "2-6", "3-3", "3-5", "4-5", "4-6", "5-6"],
  ],
  moves: [
    "6-6",
    "2-6@L",
    "2-4@L",
    "3-6@R",
    "3-3@R",
    "3-4@L",
    "1-3@L",
    "3-5@R",
    "1-4@L",
    "0-4@L",
    "4-5@R",
    "0-3@L",
    "2-3@L",
    "0-2@L",
    "0-1@L",
    "1-2@L",
    "2-2@L",
    "4-4@R",
    "2-5@L",
    "5-6@L",
    "pass",
    "1-6@L",
    "4-6@R",
    "1-5@L",
    "0-5@L",
  ],
};

/**
 * Partner, blocked on 3…3 by seat 1's 3-5 (the twelfth move). Left: seat 0 0-0 1-2 1-5 4-4 = 17,
 * seat 1 0-5 0-6 2-2 2-6 = 23, seat 2 0-1 0-4 1-4 2-5 = 17, seat 3 1-1 2-4 4-5 5-5 = 27.
 * Partners 0 and 2 share the lowest count; after seat 1's play seat 2's turn comes first.
 */
const PARTNER_TIE_02: CraftedHand = {
  deal: [
    ["0-0", "0-2", "1-2", "1-5", "1-6", "3-3", "4-4"],
    ["0-5", "0-6", "2-2", "2-6", "3-4", "3-5", "3-6"],
    ["0-1", "0-4", "1-4", "2-3", "2-5", "5-6", "6-6"],
    ["0-3", "1-1", "1-3", "2-4", "4-5", "4-6", "5-5"],
  ],
  moves: ["6-6", "4-6@L", "1-6@R", "3-4@L", "2-3@L", "1-3@R", "0-2@L", "3-6@R", "5-6@R", "0-3@L", "3-3@L", "3-5@R"],
};

/**
 * Partner, blocked on 6…6 by seat 1's 5-6 (the eleventh move). Left: seat 0 1-2 1-5 2-4 3-3 = 21,
 * seat 1 0-2 0-3 0-4 3-4 = 16, seat 2 0-1 1-4 2-3 3-5 4-4 = 27, seat 3 0-0 1-1 2-2 5-5 = 16.
 * Partners 1 and 3 share the lowest count; seat 1 made the blocking play, so seat 3's turn comes
 * first after it (2, 3, 0, 1).
 */
const PARTNER_TIE_13: CraftedHand = {
  deal: [
    ["0-6", "1-2", "1-5", "1-6", "2-4", "2-6", "3-3"],
    ["0-2", "0-3", "0-4", "1-3", "2-5", "3-4", "5-6"],
    ["0-1", "0-5", "1-4", "2-3", "3-5", "3-6", "4-4"],
    ["0-0", "1-1", "2-2", "4-5", "4-6", "5-5", "6-6"],
  ],
  moves: ["6-6", "1-6@L", "1-3@L", "3-6@L", "4-6@L", "2-6@R", "2-5@R", "0-5@R", "4-5@L", "0-6@R", "5-6@L"],
};

/**
 * Partner, blocked on 0…0 after eleven moves. Left: seat 0 1-2 1-6 3-3 3-5 4-4 = 32, seat 1 1-3
 * 2-2 2-3 5-6 = 24, seat 2 1-1 1-4 3-4 4-6 = 24, seat 3 2-5 2-6 4-5 5-5 = 34: seats 1 and 2, of
 * different teams, share the lowest count.
 */
const PARTNER_DRAW: CraftedHand = {
  deal: [
    ["0-4", "0-5", "1-2", "1-6", "3-3", "3-5", "4-4"],
    ["0-2", "1-3", "2-2", "2-3", "2-4", "5-6", "6-6"],
    ["0-6", "1-1", "1-4", "1-5", "3-4", "3-6", "4-6"],
    ["0-0", "0-1", "0-3", "2-5", "2-6", "4-5", "5-5"],
  ],
  moves: ["6-6", "3-6@L", "0-3@L", "0-4@L", "2-4@L", "0-6@R", "0-0@R", "0-5@R", "0-2@L", "1-5@R", "0-1@R"],
};

/** A 3-player deal (no 0-0) where seat 0 holds 6-6 and seat 1 holds 2-5 and no 6. */
const DEAL3 = [
  "6-6 0-1 0-2 0-3 0-4 0-5 0-6 1-1 1-2",
  "2-5 1-3 1-4 1-5 1-6 2-2 2-3 2-4 2-6",
  "3-3 3-4 3-5 3-6 4-4 4-5 4-6 5-5 5-6",
] as const;

/** A Partner deal where seat 0 holds 6-6. */
const DEAL4 = [
  "6-6 0-0 0-1 0-2 0-3 0-4 0-5",
  "0-6 1-1 1-2 1-3 1-4 1-5 1-6",
  "2-2 2-3 2-4 2-5 2-6 3-3 3-4",
  "3-5 3-6 4-4 4-5 4-6 5-5 5-6",
] as const;

const LINE_TABLES = [
  ["cutthroat", 2],
  ["cutthroat", 3],
  ["cutthroat", 4],
  ["partner", 4],
] as const;

function poses(game: Game): string[] {
  return legalMoves(game).map((m) => names(1 << (m >> 2))[0]);
}

function ends(game: Game): number[] {
  return Array.from(game.state?.ends.subarray(0, 2) ?? []);
}

describe("Cut Throat (RULES.md §2)", () => {
  it("C1 deal: 4 players get 7 bones each and every bone of the set is dealt", () => {
    const game = newGame("cutthroat", 4);
    expect(game.config.inPlay).toBe(ALL_BONES);
    const rng = createRng("c1-4");
    for (let i = 0; i < 50; i++) {
      const d = randomDeal(game.config, rng);
      expect(d.map(popcount)).toEqual([7, 7, 7, 7]);
      expect(d.reduce((a, m) => a | m, 0)).toBe(ALL_BONES);
      expect(startHand(game, d).ok).toBe(true);
    }
    // 8 + 6 + 7 + 7: all 28 bones, but not equally shared.
    const uneven = ["6-6 0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 1-6", DEAL4[2], DEAL4[3]];
    expect(() => deal(game, ...uneven)).toThrow(/deal-unequal/);
  });

  it("C1 deal: 3 players get 9 bones each from the 27 without 0-0; a deal with 0-0 is refused", () => {
    const game = newGame("cutthroat", 3);
    expect(game.config.inPlay).toBe(ALL_BONES & ~DOUBLE[0]);
    const rng = createRng("c1-3");
    for (let i = 0; i < 50; i++) {
      const d = randomDeal(game.config, rng);
      expect(d.map(popcount)).toEqual([9, 9, 9]);
      expect(d.reduce((a, m) => a | m, 0)).toBe(ALL_BONES & ~DOUBLE[0]);
    }
    expect(startHand(game, DEAL3.map(hand)).ok).toBe(true);
    // 0-0 in place of 1-2: nine each, but 0-0 is not in a 3-player game.
    const with00 = ["6-6 0-1 0-2 0-3 0-4 0-5 0-6 1-1 0-0", DEAL3[1], DEAL3[2]];
    expect(() => deal(game, ...with00)).toThrow(/deal-unequal/);
    // 0-0 as a tenth bone: ten, nine and nine.
    expect(() => deal(game, `${DEAL3[0]} 0-0`, DEAL3[1], DEAL3[2])).toThrow(/deal-unequal/);
    // The same through a record: refused at hand 0, with no move to blame.
    const record = {
      format: RECORD_FORMAT,
      game: "cutthroat",
      players: 3,
      hands: [{ deal: with00.map((h) => h.split(" ")), moves: [] }],
    };
    const replayed = parseRecord(JSON.stringify(record));
    expect(replayed.ok).toBe(false);
    if (!replayed.ok) expect(replayed.error).toMatchObject({ hand: 0, move: null });
  });

  it("C1 deal: 2 players get 14 bones each and every bone of the set is dealt", () => {
    const game = newGame("cutthroat", 2);
    expect(game.config.inPlay).toBe(ALL_BONES);
    const rng = createRng("c1-2");
    for (let i = 0; i < 50; i++) {
      const d = randomDeal(game.config, rng);
      expect(d.map(popcount)).toEqual([14, 14]);
      expect(d[0] | d[1]).toBe(ALL_BONES);
    }
    expect(() => deal(game, DEAL4[0], DEAL4[1])).toThrow(/deal-unequal/);
  });

  it("C1 deal: Cut Throat is for 2 to 4 players", () => {
    for (const players of [2, 3, 4]) expect(parseRules("cutthroat", players).ok).toBe(true);
    for (const players of [1, 5]) {
      const r = parseRules("cutthroat", players);
      expect(r.ok ? null : r.error.code).toBe("bad-players");
    }
  });

  it("C2 line: a bone goes on an end showing one of its numbers, and that end then shows the other", () => {
    // Seat 0 holds every 6 but 2-6 … 5-6; seat 1 the rest.
    let g = deal(
      newGame("cutthroat", 2),
      "6-6 0-6 1-6 2-2 2-5 0-0 0-1 0-2 0-3 0-4 0-5 1-1 1-2 1-3",
      "2-6 3-6 4-6 5-6 1-4 1-5 2-3 2-4 3-3 3-4 3-5 4-4 4-5 5-5",
    );
    g = play(g, "6-6");
    expect(ends(g)).toEqual([6, 6]);
    g = play(g, "5-6@R");
    expect(ends(g)).toEqual([6, 5]);
    g = play(g, "1-6@L");
    expect(ends(g)).toEqual([1, 5]);
    // Seat 1: 1-4 fits L only, 3-5 R only; 2-3 fits neither end.
    expect(refuseMove(g, playMove(bone("1-4"), 1))?.message).toMatch(/end R shows 5/);
    expect(refuseMove(g, playMove(bone("2-3"), 0))?.message).toMatch(/end L shows 1/);
    expect(unwrap(parseMove(g.state!, "1-4"))).toEqual({ kind: "move", move: playMove(bone("1-4"), 0) });
    g = play(g, "1-4");
    expect(ends(g)).toEqual([4, 5]);
    const board = viewFor(g, 0).board!;
    expect(board.pose).toBe(SIX_SIX);
    expect(board.chains.map((c) => c.map((p) => `${p.inner}|${p.outer}`))).toEqual([["6|1", "1|4"], ["6|5"]]);
  });

  it("C2 line: a double lies crosswise, keeps its end's number, and is no spinner (two ends only)", () => {
    let g = deal(
      newGame("cutthroat", 2),
      "6-6 0-6 1-6 2-2 2-5 0-0 0-1 0-2 0-3 0-4 0-5 1-1 1-2 1-3",
      "2-6 3-6 4-6 5-6 1-4 1-5 2-3 2-4 3-3 3-4 3-5 4-4 4-5 5-5",
    );
    g = play(g, "6-6", "5-6@R", "1-6@L");
    expect(g.state?.targets).toBe(2);
    // 6-6 has a bone on each side: seat 1's 2-6, 3-6 and 4-6 go nowhere.
    for (const b of ["2-6", "3-6", "4-6"]) {
      expect(refuseMove(g, playMove(bone(b), 0))).toBeDefined();
      expect(refuseMove(g, playMove(bone(b), 1))).toBeDefined();
      expect(g.state?.targetsFor(bone(b))).toEqual([]);
    }
    g = play(g, "5-5@R");
    expect(ends(g)).toEqual([1, 5]);
    g = play(g, "2-5@R");
    expect(ends(g)).toEqual([1, 2]);
  });

  it("C2 line: a pose a-b puts the low number on L and the high number on R", () => {
    const rng = createRng("c2-pose");
    const won = handWonBy(newGame("cutthroat", 3), rng, 1);
    // Seat 1 won, so seat 1 poses any bone; written high end first on purpose.
    let g = play(deal(won, ...DEAL3), "5-2");
    expect(ends(g)).toEqual([2, 5]);
    expect(viewFor(g, 0).board?.pose).toBe(bone("2-5"));
    // Seat 2 has no 2, so 5-5 can only go on R; seat 0's 0-2 only on L, joining the pose's 2.
    g = play(g, "5-5", "0-2");
    expect(ends(g)).toEqual([0, 5]);
    const board = viewFor(g, 1).board!;
    expect(board.chains[0].map((p) => [names(1 << p.bone)[0], p.inner, p.outer])).toEqual([["0-2", 2, 0]]);
    expect(board.chains[1].map((p) => [names(1 << p.bone)[0], p.inner, p.outer])).toEqual([["5-5", 5, 5]]);
  });

  it("C2 line: a play without @L/@R is refused when both ends fit it, also in a record", () => {
    let g = deal(
      newGame("cutthroat", 2),
      "6-6 0-6 1-6 2-2 2-5 0-0 0-1 0-2 0-3 0-4 0-5 1-1 1-2 1-3",
      "2-6 3-6 4-6 5-6 1-4 1-5 2-3 2-4 3-3 3-4 3-5 4-4 4-5 5-5",
    );
    g = play(g, "6-6");
    // Both ends show 6: 5-6 fits L and R.
    const same = parseMove(g.state!, "5-6");
    expect(same.ok ? null : same.error.code).toBe("choose-target");
    // legalMoves lists such a bone once (the two ends show the same number), and either end is accepted.
    expect(legalMoves(g)).toEqual(["2-6", "3-6", "4-6", "5-6"].map((b) => playMove(bone(b), 0)));
    expect(applyMove(g, playMove(bone("5-6"), 1)).ok).toBe(true);
    g = play(g, "5-6@R", "1-6@L");
    // Ends 1 and 5: 1-5 fits both.
    const both = parseMove(g.state!, "1-5");
    expect(both.ok ? null : both.error.code).toBe("choose-target");
    if (!both.ok) expect(both.error.message).toMatch(/@L or @R/);
    expect(ends(play(g, "1-5@L"))).toEqual([5, 5]);
    expect(ends(play(g, "1-5@R"))).toEqual([1, 1]);
    const record = {
      format: RECORD_FORMAT,
      game: "cutthroat",
      players: 2,
      hands: [
        {
          deal: [
            "6-6 0-6 1-6 2-2 2-5 0-0 0-1 0-2 0-3 0-4 0-5 1-1 1-2 1-3".split(" "),
            "2-6 3-6 4-6 5-6 1-4 1-5 2-3 2-4 3-3 3-4 3-5 4-4 4-5 5-5".split(" "),
          ],
          moves: ["6-6", "5-6@R", "1-6@L", "1-5"],
        },
      ],
    };
    const replayed = parseRecord(JSON.stringify(record));
    expect(replayed.ok).toBe(false);
    if (!replayed.ok) expect(replayed.error).toMatchObject({ hand: 0, move: 3 });
  });

  it.each(LINE_TABLES)(
    "C3 pose: on the first hand of a %s match for %i the holder of 6-6 poses 6-6, nothing else",
    (kind, players) => {
      const game = newGame(kind, players);
      expect(game.next.pose).toEqual({ kind: "holder", bone: SIX_SIX });
      const rng = createRng(`c3-${kind}-${players}`);
      for (let i = 0; i < 20; i++) {
        const d = randomDeal(game.config, rng);
        const g = unwrap(startHand(game, d));
        const holder = holderOf(d, SIX_SIX);
        expect(lastHand(g).poser).toBe(holder);
        expect(g.state?.turn).toBe(holder);
        expect(legalMoves(g)).toEqual([playMove(SIX_SIX, 0)]);
        const other = bonesOf(d[holder] & ~DOUBLE[6])[0];
        const refused = applyMove(g, playMove(other, 0));
        expect(refused.ok ? null : refused.error).toMatchObject({ code: "wrong-pose", must: "6-6" });
        if (!refused.ok) expect(refused.error.message).toMatch(/6-6 must be posed/);
      }
    },
  );

  it("C3 pose: after a won hand the winner poses any bone, even when another seat holds 6-6", () => {
    const won = handWonBy(newGame("cutthroat", 3), createRng("c3-winner"), 1);
    expect(won.next).toEqual({ pose: { kind: "winner", seat: 1 }, worth: 1, oneAllPlayTwo: false });
    const g = deal(won, ...DEAL3); // seat 0 holds 6-6
    expect(lastHand(g).poser).toBe(1);
    expect(poses(g).sort()).toEqual(DEAL3[1].split(" ").sort());
    expect(ends(play(g, "1-4"))).toEqual([1, 4]);
    // Holding 6-6 does not oblige the winner to pose it, nor stop it from doing so.
    const holding = deal(won, DEAL3[1], DEAL3[0], DEAL3[2]);
    expect(lastHand(holding).poser).toBe(1);
    expect(poses(holding).sort()).toEqual(DEAL3[0].split(" ").sort());
    expect(ends(play(holding, "6-6"))).toEqual([6, 6]);
    expect(ends(play(holding, "1-2"))).toEqual([1, 2]);
  });

  it("C3 pose: after a draw the holder of 6-6 poses 6-6", () => {
    const drawn = replayHand(newGame("cutthroat", 3), DRAW3);
    expect(lastResult(drawn).winner).toBeNull();
    const g = deal(drawn, ...DEAL3); // seat 0 holds 6-6
    expect(lastHand(g).poser).toBe(0);
    expect(poses(g)).toEqual(["6-6"]);
    const refused = applyMove(g, playMove(bone("0-1"), 0));
    expect(refused.ok ? null : refused.error.message).toMatch(/6-6 must be posed/);
  });

  it("C3 pose: a one-all-play-two hand is posed with 6-6 by its holder, not by the last winner", () => {
    // Seats 0, 1, 2 win one hand each: everybody on 1; seat 2 won last.
    const [, , allOnOne] = handsWonBy(newGame("cutthroat", 3), createRng("c3-oapt"), [0, 1, 2]);
    expect(allOnOne.totals).toEqual([1, 1, 1]);
    const g = deal(allOnOne, ...DEAL3);
    expect(lastHand(g).poser).toBe(0);
    expect(poses(g)).toEqual(["6-6"]);
  });

  it("C4 must play, else pass: a seat that cannot play passes, as often as needed, with no penalty", () => {
    // Seat 1 holds no 5 and no 6.
    let g = deal(
      newGame("cutthroat", 2),
      "6-6 5-6 5-5 0-5 1-5 2-5 3-5 4-5 0-6 1-6 2-6 3-6 4-6 0-0",
      "0-1 0-2 0-3 0-4 1-1 1-2 1-3 1-4 2-2 2-3 2-4 3-3 3-4 4-4",
    );
    g = play(g, "6-6");
    expect(legalMoves(g)).toEqual([PASS]);
    g = play(g, "pass", "5-6@L");
    expect(legalMoves(g)).toEqual([PASS]);
    g = play(g, "pass", "5-5@L");
    expect(legalMoves(g)).toEqual([PASS]);
    g = play(g, "pass", "0-5@L");
    // Three passes in a row by seat 1: nothing charged (F5–F7 are French only).
    const events = lastHand(g).events;
    expect(events.filter((e) => e.type === "pass")).toEqual([
      { type: "pass", move: 1, seat: 1 },
      { type: "pass", move: 3, seat: 1 },
      { type: "pass", move: 5, seat: 1 },
    ]);
    expect(events.some((e) => e.type === "penalty")).toBe(false);
    expect(Array.from(g.state!.penaltiesByKind)).toEqual(new Array(16).fill(0));
    expect(g.state?.penalties(1)).toBe(0);
    expect(ends(g)).toEqual([0, 6]);
  });

  it("C4 a pass by a seat that can play is refused (there is no penalty pass in line games)", () => {
    let g = deal(
      newGame("cutthroat", 2),
      "6-6 5-6 5-5 0-5 1-5 2-5 3-5 4-5 0-6 1-6 2-6 3-6 4-6 0-0",
      "0-1 0-2 0-3 0-4 1-1 1-2 1-3 1-4 2-2 2-3 2-4 3-3 3-4 4-4",
    );
    g = play(g, "6-6", "pass", "0-6@L");
    // L shows 0 and seat 1 holds 0-1 … 0-4.
    expect(legalMoves(g)).toEqual(["0-1", "0-2", "0-3", "0-4"].map((b) => playMove(bone(b), 0)));
    expect(refuseMove(g, PASS)?.message).toMatch(/cannot pass while able to play 0-1/);
    const refused = applyMove(g, PASS);
    expect(refused.ok ? null : refused.error).toMatchObject({ code: "must-play", seat: 1, bone: "0-1" });
    expect(g.state?.turn).toBe(1);
    // The pose cannot be passed either.
    const fresh = deal(newGame("cutthroat", 3), ...DEAL3);
    expect(refuseMove(fresh, PASS)?.code).toBe("must-pose");
  });

  it.each(LINE_TABLES)(
    "C4 no pass penalties: random %s hands for %i charge nothing and every pass is forced",
    (kind, players) => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 0x7fffffff }), (seed) => {
          const rng = createRng(seed);
          const game = newGame(kind, players);
          let g = unwrap(startHand(game, randomDeal(game.config, rng)));
          while (!g.state!.over) {
            const moves = legalMoves(g);
            const plays = moves.filter((m) => m !== PASS);
            // PASS is offered exactly when there is no play (and never at the pose).
            expect(moves.includes(PASS)).toBe(plays.length === 0);
            expect(refuseMove(g, PASS) === undefined).toBe(plays.length === 0 && lastHand(g).moves.length > 0);
            g = unwrap(applyMove(g, moves[rng.nextInt(moves.length)]));
          }
          const r = lastResult(g);
          const zeros = new Array(players).fill(0);
          expect(r.penalties).toEqual(zeros);
          expect(r.score).toEqual(zeros);
          expect(r.french).toBeNull();
          const events = lastHand(g).events;
          expect(events.some((e) => e.type === "penalty")).toBe(false);
        }),
        { numRuns: 60 },
      );
    },
  );

  it("C5 domino: the seat that plays its last bone wins the hand at once", () => {
    const g = replayHand(newGame("cutthroat", 3), DOMINO3);
    const r = lastResult(g);
    expect(r.end).toBe("domino");
    expect(r.winner).toBe(1);
    // Seat 0 keeps 1-1 5-5 = 12, seat 2 keeps 0-6 = 6, seat 1 is out.
    expect(r.counts).toEqual([12, 0, 6]);
    expect(r.points).toEqual([0, 1, 0]);
    expect(g.totals).toEqual([0, 1, 0]);
    expect(lastHand(g).events.at(-1)).toEqual({ type: "handEnd", move: 24, end: "domino", winner: 1 });
  });

  it("C5 blocked: when nobody can play the hand ends at once and the lowest count wins", () => {
    const before = play(
      deal(newGame("cutthroat", 3), ...BLOCK3.deal.map((h) => h.join(" "))),
      ...BLOCK3.moves.slice(0, 9),
    );
    expect(before.state?.over).toBe(false);
    const g = play(before, BLOCK3.moves[9]);
    // Both ends show 6 and all seven 6s are down: over after the tenth move, no passes recorded.
    expect(ends(g)).toEqual([6, 6]);
    expect(g.state?.over).toBe(true);
    expect(lastHand(g).moves).toHaveLength(10);
    const r = lastResult(g);
    expect(r.end).toBe("blocked");
    expect(r.counts).toEqual([36, 32, 22]);
    expect(r.winner).toBe(2);
    expect(r.points).toEqual([0, 0, 1]);
    expect(g.totals).toEqual([0, 0, 1]);
    // The blocked hand's winner poses the next hand.
    expect(g.next).toEqual({ pose: { kind: "winner", seat: 2 }, worth: 1, oneAllPlayTwo: false });
  });

  it("C5 blocked hands in random Cut Throat play: the unique lowest count wins, a shared one is no winner", () => {
    for (const players of [2, 3, 4]) {
      const rng = createRng(`c5-${players}`);
      for (let i = 0; i < 300; i++) {
        const g = handWonBy(newGame("cutthroat", players), rng, i % players);
        const r = lastResult(g);
        if (r.end === "domino") {
          expect(r.counts[r.winner!]).toBe(0);
          expect(g.state?.lastPlayer).toBe(r.winner);
        } else {
          const low = Math.min(...r.counts);
          expect(r.counts[r.winner!]).toBe(low);
          expect(r.counts.filter((c) => c === low)).toHaveLength(1);
        }
      }
    }
  });

  it("C6 draw: a block with the lowest count shared has no winner; the next hand is posed with 6-6 and worth 2", () => {
    const g = replayHand(newGame("cutthroat", 3), DRAW3);
    const r = lastResult(g);
    // Seats 0 and 2 both keep 27 (seat 1: 36).
    expect(r.counts).toEqual([27, 36, 27]);
    expect(r.end).toBe("blocked");
    expect(r.winner).toBeNull();
    expect(r.points).toEqual([0, 0, 0]);
    expect(r.line).toEqual({
      side: null,
      worth: 0,
      draw: true,
      oneAllPlayTwo: false,
      bruk: false,
      matchWon: false,
      sixLove: false,
    });
    expect(g.totals).toEqual([0, 0, 0]);
    expect(g.next).toEqual({ pose: { kind: "holder", bone: SIX_SIX }, worth: 2, oneAllPlayTwo: false });
    // The next hand: seat 1 wins it and scores 2; the one after is worth 1 again.
    const [two, one] = handsWonBy(g, createRng("c6"), [1, 1]);
    expect(lastHand(two).rule.worth).toBe(2);
    expect(lastHand(two).poser).toBe(holderOf(lastHand(two).deal, SIX_SIX));
    expect(lastResult(two).points).toEqual([0, 2, 0]);
    expect(two.totals).toEqual([0, 2, 0]);
    expect(lastHand(one).rule.worth).toBe(1);
    expect(lastHand(one).poser).toBe(1);
    expect(one.totals).toEqual([0, 3, 0]);
  });

  it("C6 another draw keeps the next hand at 2 points: no escalation", () => {
    const first = replayHand(newGame("cutthroat", 3), DRAW3);
    const [second, won] = handsWonBy(first, createRng("c6-twice"), [null, 2]);
    expect(lastResult(second).winner).toBeNull();
    expect(lastHand(second).poser).toBe(holderOf(lastHand(second).deal, SIX_SIX));
    expect(second.next).toEqual({ pose: { kind: "holder", bone: SIX_SIX }, worth: 2, oneAllPlayTwo: false });
    expect(second.totals).toEqual([0, 0, 0]);
    // Two draws, then seat 2 wins: 2 points, not 3 or 4.
    expect(lastResult(won).points).toEqual([0, 0, 2]);
    expect(won.totals).toEqual([0, 0, 2]);
  });

  it("C6 a draw followed by a 2-point hand that ends the match (4 + 2 = 6)", () => {
    const steps = handsWonBy(newGame("cutthroat", 3), createRng("c6-end"), [0, 0, 0, 0, null, 0]);
    expect(steps.map((g) => g.totals)).toEqual([
      [1, 0, 0],
      [2, 0, 0],
      [3, 0, 0],
      [4, 0, 0],
      [4, 0, 0], // the draw: nothing scored, next hand worth 2
      [6, 0, 0], // 4 + 2
    ]);
    const end = steps[5];
    expect(lastResult(end).points).toEqual([2, 0, 0]);
    expect(end.finished).toBe(true);
    expect(end.winner).toBe(0);
    expect(end.sixLove).toBe(true);
    expect(matchEvents(end)).toMatchObject([{ type: "gameEnd", winner: 0, sixLove: true }]);
  });

  it("C7 six-love: when every player has a point the game is bruk and everybody goes back to 0", () => {
    const steps = handsWonBy(newGame("cutthroat", 3), createRng("c7-bruk"), [0, 0, 1, 2]);
    // 0, 0, 1 win: [2,1,0]; seat 2 wins: [2,1,1], everyone has a point (not all exactly 1): bruk.
    expect(steps.map((g) => g.totals)).toEqual([
      [1, 0, 0],
      [2, 0, 0],
      [2, 1, 0],
      [0, 0, 0],
    ]);
    expect(steps.slice(0, 3).map(matchEvents)).toEqual([[], [], []]);
    const bruk = steps[3];
    expect(matchEvents(bruk)).toMatchObject([{ type: "bruk" }]);
    expect(lastResult(bruk).points).toEqual([0, 0, 1]);
    expect(lastResult(bruk).line).toEqual({
      side: 2,
      worth: 1,
      draw: false,
      oneAllPlayTwo: false,
      bruk: true,
      matchWon: false,
      sixLove: false,
    });
    expect(bruk.finished).toBe(false);
    // A bruk is no 6-6 case: the hand's winner poses next.
    expect(bruk.next).toEqual({ pose: { kind: "winner", seat: 2 }, worth: 1, oneAllPlayTwo: false });
  });

  it("C7 six-love: 2 players bruk too when both have a point (here without one-all-play-two)", () => {
    const steps = handsWonBy(newGame("cutthroat", 2, { oneAllPlayTwo: false }), createRng("c7-bruk2"), [0, 0, 1]);
    expect(steps.map((g) => g.totals)).toEqual([
      [1, 0],
      [2, 0],
      [0, 0], // [2, 1]: bruk
    ]);
    expect(matchEvents(steps[2])).toMatchObject([{ type: "bruk" }]);
  });

  it("C7 six-love: first to 6 wins; leaving every opponent on love is reported as a six-love", () => {
    // Bruk first ([2,1,1] -> 0), then seat 1 wins six hands running.
    const steps = handsWonBy(newGame("cutthroat", 3), createRng("c7-win"), [0, 0, 1, 2, 1, 1, 1, 1, 1, 1]);
    expect(steps.slice(3).map((g) => g.totals)).toEqual([
      [0, 0, 0],
      [0, 1, 0],
      [0, 2, 0],
      [0, 3, 0],
      [0, 4, 0],
      [0, 5, 0],
      [0, 6, 0],
    ]);
    expect(steps.slice(0, 9).every((g) => !g.finished)).toBe(true);
    const end = steps[9];
    expect(end.finished).toBe(true);
    expect(end.winner).toBe(1);
    expect(end.sixLove).toBe(true);
    expect(matchEvents(end)).toEqual([
      { type: "gameEnd", move: lastHand(end).moves.length - 1, winner: 1, sixLove: true },
    ]);
    expect(viewFor(end, 2)).toMatchObject({ finished: true, winner: 1, sixLove: true });
    // The match is over: no more hands, no more moves.
    expect(needsDeal(end)).toBe(false);
    expect(legalMoves(end)).toEqual([]);
    const again = startHand(end, randomDeal(end.config, createRng(1)));
    expect(again.ok ? null : again.error.code).toBe("game-over");
  });

  it("C7 six-love: a winner who leaves an opponent with points wins, but not six-love", () => {
    const steps = handsWonBy(newGame("cutthroat", 3), createRng("c7-nolove"), [2, 2, 2, 0, 0, 0, 0, 0, 0]);
    // Seat 1 stays on 0 throughout, so there is never a bruk.
    expect(steps.map((g) => g.totals)).toEqual([
      [0, 0, 1],
      [0, 0, 2],
      [0, 0, 3],
      [1, 0, 3],
      [2, 0, 3],
      [3, 0, 3],
      [4, 0, 3],
      [5, 0, 3],
      [6, 0, 3],
    ]);
    const end = steps[8];
    expect(end.finished).toBe(true);
    expect(end.winner).toBe(0);
    expect(end.sixLove).toBe(false);
    expect(matchEvents(end)).toMatchObject([{ type: "gameEnd", winner: 0, sixLove: false }]);
  });

  it("C7 straight: no bruk when everyone has a point; first to 6 wins", () => {
    const steps = handsWonBy(
      newGame("cutthroat", 3, { match: "straight" }),
      createRng("c7-straight"),
      [0, 0, 1, 2, 1, 1, 1, 1, 1],
    );
    expect(steps.map((g) => g.totals)).toEqual([
      [1, 0, 0],
      [2, 0, 0],
      [2, 1, 0],
      [2, 1, 1], // everyone has a point: no bruk in a straight match
      [2, 2, 1],
      [2, 3, 1],
      [2, 4, 1],
      [2, 5, 1],
      [2, 6, 1],
    ]);
    expect(steps.slice(0, 8).flatMap(matchEvents)).toEqual([]);
    expect(steps.every((g) => lastResult(g).line?.bruk === false)).toBe(true);
    const end = steps[8];
    expect(end.finished).toBe(true);
    expect(end.winner).toBe(1);
    expect(end.sixLove).toBe(false);
    expect(matchEvents(end)).toMatchObject([{ type: "gameEnd", winner: 1, sixLove: false }]);
  });

  it("C7 straight: a 6-0 win is reported as a six-love", () => {
    const steps = handsWonBy(
      newGame("cutthroat", 2, { match: "straight" }),
      createRng("c7-straight-love"),
      [0, 0, 0, 0, 0, 0],
    );
    expect(steps.map((g) => g.totals[0])).toEqual([1, 2, 3, 4, 5, 6]);
    const end = steps[5];
    expect(end.totals).toEqual([6, 0]);
    expect(end).toMatchObject({ finished: true, winner: 0, sixLove: true });
    expect(matchEvents(end)).toMatchObject([{ type: "gameEnd", winner: 0, sixLove: true }]);
  });

  it("C7 options: match is sixLove (default) or straight; French options such as target are refused", () => {
    const defaults = unwrap(parseRules("cutthroat", 3));
    expect(defaults.options).toEqual({ match: "sixLove", oneAllPlayTwo: true });
    expect(unwrap(parseRules("cutthroat", 3, { match: "straight" })).options).toEqual({
      match: "straight",
      oneAllPlayTwo: true,
    });
    const bad = parseRules("cutthroat", 3, { match: "firstToTen" });
    expect(bad.ok ? null : bad.error).toMatchObject({ code: "bad-option-value", option: "match", kind: "enum" });
    for (const option of [{ target: 100 }, { penaltyPass: false }, { doubleBlankValue: 10 }]) {
      for (const [kind, players] of LINE_TABLES) {
        const r = parseRules(kind, players, option);
        expect(r.ok ? null : r.error.code).toBe("option-not-for-game");
      }
    }
    const record = { format: RECORD_FORMAT, game: "cutthroat", players: 3, rules: { target: 100 }, hands: [] };
    const replayed = parseRecord(JSON.stringify(record));
    expect(replayed.ok).toBe(false);
    if (!replayed.ok) expect(replayed.error).toMatchObject({ hand: null, move: null });
  });

  it("C8 one all play two: the 6-6 hand sends its winner to 2 and the rest to 0", () => {
    const steps = handsWonBy(newGame("cutthroat", 3), createRng("c8"), [0, 1, 2, 1]);
    expect(steps.map((g) => g.totals)).toEqual([
      [1, 0, 0],
      [1, 1, 0],
      [1, 1, 1], // everyone on exactly 1: one all play two, which takes precedence over bruk
      [0, 2, 0], // the 6-6 hand: its winner to 2, everyone else to love
    ]);
    const allOnOne = steps[2];
    expect(matchEvents(allOnOne)).toMatchObject([{ type: "oneAllPlayTwo" }]);
    expect(lastResult(allOnOne).line?.bruk).toBe(false);
    expect(allOnOne.next).toEqual({ pose: { kind: "holder", bone: SIX_SIX }, worth: 1, oneAllPlayTwo: true });
    const played = steps[3];
    const h = lastHand(played);
    expect(h.rule.oneAllPlayTwo).toBe(true);
    expect(h.poser).toBe(holderOf(h.deal, SIX_SIX));
    expect(h.moves[0]).toBe(playMove(SIX_SIX, 0));
    expect(lastResult(played).line).toMatchObject({ draw: false, oneAllPlayTwo: true, bruk: false });
    expect(matchEvents(played)).toEqual([]);
    // Back to ordinary hands: the winner poses, worth 1.
    expect(played.next).toEqual({ pose: { kind: "winner", seat: 1 }, worth: 1, oneAllPlayTwo: false });
  });

  it("C8 one all play two for 2 players: [1,1] is no bruk, the 6-6 hand goes to 2-0", () => {
    const steps = handsWonBy(newGame("cutthroat", 2), createRng("c8-2"), [0, 1, 0]);
    expect(steps.map((g) => g.totals)).toEqual([
      [1, 0],
      [1, 1],
      [2, 0],
    ]);
    expect(matchEvents(steps[1])).toMatchObject([{ type: "oneAllPlayTwo" }]);
  });

  it("C8 one all play two: a drawn 6-6 hand is followed by another one-all-play-two hand, posed with 6-6", () => {
    const steps = handsWonBy(newGame("cutthroat", 3), createRng("c8-draw"), [0, 1, 2, null, 2]);
    expect(steps.map((g) => g.totals)).toEqual([
      [1, 0, 0],
      [1, 1, 0],
      [1, 1, 1],
      [1, 1, 1], // the one-all-play-two hand is drawn: everybody stays on 1
      [0, 0, 2], // the next one: its winner to 2, the rest to 0
    ]);
    const drawn = steps[3];
    expect(lastResult(drawn).line).toMatchObject({ draw: true, oneAllPlayTwo: true });
    expect(drawn.next.pose).toEqual({ kind: "holder", bone: SIX_SIX });
    expect(drawn.next.oneAllPlayTwo).toBe(true);
    const again = lastHand(steps[4]);
    expect(again.rule.oneAllPlayTwo).toBe(true);
    expect(again.poser).toBe(holderOf(again.deal, SIX_SIX));
    expect(again.moves[0]).toBe(playMove(SIX_SIX, 0));
  });

  it("C8 one all play two applies in straight matches too", () => {
    const steps = handsWonBy(newGame("cutthroat", 3, { match: "straight" }), createRng("c8-straight"), [0, 1, 2, 0]);
    expect(steps.map((g) => g.totals)).toEqual([
      [1, 0, 0],
      [1, 1, 0],
      [1, 1, 1],
      [2, 0, 0],
    ]);
    expect(matchEvents(steps[2])).toMatchObject([{ type: "oneAllPlayTwo" }]);
    expect(lastHand(steps[3]).rule.oneAllPlayTwo).toBe(true);
  });

  it("C8 option off: everyone on 1 is an ordinary bruk in six-love and nothing special in straight", () => {
    const love = handsWonBy(newGame("cutthroat", 3, { oneAllPlayTwo: false }), createRng("c8-off"), [0, 1, 2]);
    expect(love.map((g) => g.totals)).toEqual([
      [1, 0, 0],
      [1, 1, 0],
      [0, 0, 0], // [1,1,1]: bruk
    ]);
    expect(matchEvents(love[2])).toMatchObject([{ type: "bruk" }]);
    expect(love[2].next).toEqual({ pose: { kind: "winner", seat: 2 }, worth: 1, oneAllPlayTwo: false });
    const straight = handsWonBy(
      newGame("cutthroat", 3, { match: "straight", oneAllPlayTwo: false }),
      createRng("c8-off-straight"),
      [0, 1, 2, 0],
    );
    expect(straight.map((g) => g.totals)).toEqual([
      [1, 0, 0],
      [1, 1, 0],
      [1, 1, 1],
      [2, 1, 1],
    ]);
    expect(straight.flatMap(matchEvents)).toEqual([]);
    expect(straight[2].next).toEqual({ pose: { kind: "winner", seat: 2 }, worth: 1, oneAllPlayTwo: false });
  });
});

describe("Partner (RULES.md §3)", () => {
  it("P1 teams: Partner is for 4, dealt 7 each from all 28", () => {
    const game = newGame("partner", 4);
    expect(game.config.inPlay).toBe(ALL_BONES);
    expect(randomDeal(game.config, createRng("p1")).map(popcount)).toEqual([7, 7, 7, 7]);
    for (const players of [2, 3]) {
      const r = parseRules("partner", players);
      expect(r.ok ? null : r.error.code).toBe("bad-players");
    }
  });

  it("P1 teams: seats 0 and 2 score against 1 and 3; bruk, one-all-play-two and the match are per team", () => {
    const steps = handsWonBy(newGame("partner", 4), createRng("p1-match"), [0, 2, 3, 1, 2, 3, 1, 3, 1, 3]);
    expect(steps.map((g) => g.totals)).toEqual([
      [1, 0], // seat 0: team 0
      [2, 0], // seat 2: team 0
      [0, 0], // seat 3: team 1 -> [2, 1], both teams on a point: bruk
      [0, 1], // seat 1: team 1
      [1, 1], // seat 2: both teams on exactly 1: one all play two
      [0, 2], // seat 3 wins the 6-6 hand: team 1 to 2, team 0 to 0
      [0, 3],
      [0, 4],
      [0, 5],
      [0, 6], // team 1 wins six-love
    ]);
    expect(steps.map((g) => lastResult(g).points)).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
      [0, 1],
      [1, 0],
      [0, 1],
      [0, 1],
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
    expect(matchEvents(steps[2])).toMatchObject([{ type: "bruk" }]);
    expect(matchEvents(steps[4])).toMatchObject([{ type: "oneAllPlayTwo" }]);
    const end = steps[9];
    expect(end).toMatchObject({ finished: true, winner: 1, sixLove: true });
    expect(matchEvents(end)).toMatchObject([{ type: "gameEnd", winner: 1, sixLove: true }]);
  });

  it("P1 teams in a straight Partner match: no bruk, team 0 to six", () => {
    const steps = handsWonBy(
      newGame("partner", 4, { match: "straight" }),
      createRng("p1-straight"),
      [0, 0, 1, 2, 2, 0, 2],
    );
    expect(steps.map((g) => g.totals)).toEqual([
      [1, 0],
      [2, 0],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
      [6, 1],
    ]);
    expect(steps[6]).toMatchObject({ finished: true, winner: 0, sixLove: false });
  });

  it("P2 pose: the hand's winning player (not the partner) poses next, any bone", () => {
    const won = handWonBy(newGame("partner", 4), createRng("p2"), 2);
    expect(lastResult(won).points).toEqual([1, 0]);
    expect(won.next.pose).toEqual({ kind: "winner", seat: 2 });
    const g = deal(won, ...DEAL4); // seat 0 holds 6-6
    expect(lastHand(g).poser).toBe(2);
    expect(poses(g).sort()).toEqual(DEAL4[2].split(" ").sort());
    expect(ends(play(g, "3-2"))).toEqual([2, 3]);
  });

  it("P2 pose: the first hand, the hand after a draw and a one-all-play-two hand are posed with 6-6 by its holder", () => {
    const first = deal(newGame("partner", 4), ...DEAL4);
    expect(lastHand(first).poser).toBe(0);
    expect(poses(first)).toEqual(["6-6"]);
    const drawn = replayHand(newGame("partner", 4), PARTNER_DRAW);
    expect(lastResult(drawn).winner).toBeNull();
    const afterDraw = deal(drawn, ...DEAL4);
    expect(lastHand(afterDraw).poser).toBe(0);
    expect(poses(afterDraw)).toEqual(["6-6"]);
    // Team 0 then team 1 win a hand: [1, 1], seat 3 won last.
    const [, allOnOne] = handsWonBy(newGame("partner", 4), createRng("p2-oapt"), [0, 3]);
    expect(allOnOne.totals).toEqual([1, 1]);
    const oapt = deal(allOnOne, ...DEAL4);
    expect(lastHand(oapt).poser).toBe(0);
    expect(poses(oapt)).toEqual(["6-6"]);
  });

  it("P3 blocked: partners sharing the lowest count win for their team; the one whose turn comes first after the blocking play is the winner and poses next", () => {
    const g = replayHand(newGame("partner", 4), PARTNER_TIE_02);
    expect(ends(g)).toEqual([3, 3]);
    const r = lastResult(g);
    expect(r.end).toBe("blocked");
    expect(r.counts).toEqual([17, 23, 17, 27]);
    expect(g.state?.lastPlayer).toBe(1);
    // Seat 1 blocked; turn order after it is 2, 3, 0: seat 2 (not seat 0, the lower seat).
    expect(r.winner).toBe(2);
    expect(r.points).toEqual([1, 0]);
    expect(g.totals).toEqual([1, 0]);
    expect(g.next).toEqual({ pose: { kind: "winner", seat: 2 }, worth: 1, oneAllPlayTwo: false });
    expect(lastHand(deal(g, ...DEAL4)).poser).toBe(2);
  });

  it("P3 blocked: a tied partner who made the blocking play comes last; the other partner wins and poses", () => {
    const g = replayHand(newGame("partner", 4), PARTNER_TIE_13);
    expect(ends(g)).toEqual([6, 6]);
    const r = lastResult(g);
    expect(r.counts).toEqual([21, 16, 27, 16]);
    expect(g.state?.lastPlayer).toBe(1);
    // Seats 1 and 3 tie on 16; after seat 1's play the turn goes 2, 3: seat 3.
    expect(r.winner).toBe(3);
    expect(r.points).toEqual([0, 1]);
    expect(g.totals).toEqual([0, 1]);
    expect(lastHand(deal(g, ...DEAL4)).poser).toBe(3);
  });

  it("P3 blocked: a lowest count shared by players of both teams is a draw (C6)", () => {
    const g = replayHand(newGame("partner", 4), PARTNER_DRAW);
    const r = lastResult(g);
    expect(ends(g)).toEqual([0, 0]);
    expect(r.end).toBe("blocked");
    // Seats 1 (team 1) and 2 (team 0) both keep 24.
    expect(r.counts).toEqual([32, 24, 24, 34]);
    expect(r.winner).toBeNull();
    expect(r.points).toEqual([0, 0]);
    expect(g.totals).toEqual([0, 0]);
    expect(g.next).toEqual({ pose: { kind: "holder", bone: SIX_SIX }, worth: 2, oneAllPlayTwo: false });
    // The next hand, won by seat 1, is worth 2 to team 1.
    const next = handWonBy(g, createRng("p3-draw"), 1);
    expect(lastResult(next).points).toEqual([0, 2]);
    expect(next.totals).toEqual([0, 2]);
  });

  it("P3 blocked hands in random Partner play follow the rule (lowest count; team ties; cross-team draws)", () => {
    const rng = createRng("p3-random");
    let teamTies = 0;
    let draws = 0;
    for (let i = 0; i < 1500; i++) {
      const g = handWonBy(newGame("partner", 4), rng, i % 50 === 0 ? null : i % 4);
      const r = lastResult(g);
      if (r.end !== "blocked") continue;
      const low = Math.min(...r.counts);
      const tied = [0, 1, 2, 3].filter((s) => r.counts[s] === low);
      const last = g.state!.lastPlayer;
      let expected: number | null;
      if (tied.length === 1) expected = tied[0];
      else if (tied.every((s) => s % 2 === tied[0] % 2)) {
        teamTies++;
        expected = [1, 2, 3, 4].map((k) => (last + k) % 4).find((s) => tied.includes(s)) ?? null;
      } else {
        draws++;
        expected = null;
      }
      expect(r.winner).toBe(expected);
    }
    expect(teamTies).toBeGreaterThan(0);
    expect(draws).toBeGreaterThan(0);
  });

  it("P4 table talk: viewFor in Partner shows a seat only its own bones; the others' hands cannot be told apart", () => {
    const rng = createRng("p4");
    const game = newGame("partner", 4);
    let compared = 0;
    for (let trial = 0; trial < 40; trial++) {
      const dealt = randomDeal(game.config, rng);
      let g = unwrap(startHand(game, dealt));
      const prefix = 1 + rng.nextInt(14);
      for (let i = 0; i < prefix && !g.state!.over; i++) {
        const moves = legalMoves(g);
        g = unwrap(applyMove(g, moves[rng.nextInt(moves.length)]));
      }
      if (g.state!.over) continue;
      const moves = lastHand(g).moves;
      for (let seat = 0; seat < 4; seat++) {
        const view = viewFor(g, seat);
        // Its own bones, exactly: what it was dealt minus what it played.
        expect(view.hand).toBe(g.state!.hands[seat]);
        expect(view.hand & ~dealt[seat]).toBe(0);
        expect(popcount(view.hand)).toBe(view.table!.handSizes[seat]);
        expect(view.results.at(-1)).toBeNull();
        // Swap a bone between the partner and an opponent (both hidden from this seat): as long
        // as the same moves are still legal, the seat's view must not change at all.
        const partner = (seat + 2) % 4;
        const opponent = (seat + 1) % 4;
        const swapped = swapSomeBone(game, dealt, moves, partner, opponent, g.state!.hands);
        if (!swapped) continue;
        expect(viewFor(swapped, partner).hand).not.toBe(viewFor(g, partner).hand);
        expect(viewFor(swapped, seat)).toEqual(view);
        expect(JSON.stringify(viewFor(swapped, seat))).toBe(JSON.stringify(view));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(40);
  });
});

/**
 * The same hand replayed from a deal where one unplayed bone of seat `a` and one of seat `b`
 * have changed hands, or null when no such swap keeps every move of `moves` legal.
 */
function swapSomeBone(
  game: Game,
  dealt: readonly BoneMask[],
  moves: readonly number[],
  a: number,
  b: number,
  current: Int32Array,
): Game | null {
  for (const x of maskBits(current[a])) {
    for (const y of maskBits(current[b])) {
      const alt = dealt.slice();
      alt[a] = (alt[a] & ~x) | y;
      alt[b] = (alt[b] & ~y) | x;
      const started = startHand(game, alt);
      if (!started.ok) continue;
      let g: Game | null = started.value;
      for (const m of moves) {
        const next = applyMove(g, m);
        if (!next.ok) {
          g = null;
          break;
        }
        g = next.value;
      }
      if (g) return g;
    }
  }
  return null;
}

function maskBits(mask: number): number[] {
  const out: number[] = [];
  for (let m = mask; m !== 0; m &= m - 1) out.push(m & -m);
  return out;
}
