/**
 * Duplicate French on the tournament page and in the making form (duplicate.ts): a round's tables
 * in order with their seats (a bot where nobody sits), state, each seat's points for the round, the
 * record once the round is over and the viewer's own table; French made as duplicate with its hands
 * a round, its preset's options (none for "standard", "long" not offered: a round is a set of hands)
 * and no `match`, Cut Throat and Partner as before, a round's length sent only when chosen.
 */

import { describe, expect, it } from "vitest";
import type { TournamentAnswer } from "../src/tournaments/api";
import {
  duplicateTables,
  formatsOf,
  frenchPresets,
  isDuplicate,
  seatTotals,
  tournamentBody,
} from "../src/tournaments/duplicate";
import { PRESETS } from "../src/view/presets";

type Round = TournamentAnswer["rounds"][number];
type Table = NonNullable<Round["tables"]>[number];

const round = (tables: Table[]): Round => ({ games: [], bye: null, slots: null, tables });
const played = (hands: number[][], record?: string, absent: string[] = []) => ({
  hands,
  absent,
  ...(record ? { record } : {}),
});

describe("a duplicate round's tables", () => {
  it("sums each seat's points over the hands", () => {
    expect(
      seatTotals(
        [
          [0, 5, 12, 3],
          [7, 0, 2, 9],
        ],
        4,
      ),
    ).toEqual([7, 5, 14, 12]);
    expect(seatTotals([], 4)).toEqual([0, 0, 0, 0]);
  });

  it("lists every table in order: finished with points, being played, not made yet; bots where nobody sits", () => {
    const tables = duplicateTables(
      round([
        { seats: ["ana", "ben", "cy", "dee"], table: "AAAAAAAAAA", result: played([[1, 2, 3, 4]], undefined, ["dee"]) },
        { seats: ["eli", "fay", "gus", null], table: "BBBBBBBBBB", result: null },
        { seats: ["hal", null, "ida", null], table: null, result: null },
      ]),
      "gus",
    );
    expect(tables.map((x) => [x.number, x.state, x.mine])).toEqual([
      [1, "done", false],
      [2, "playing", true],
      [3, "waiting", false],
    ]);
    expect(tables[0].seats).toEqual([
      { player: "ana", points: 1, absent: false },
      { player: "ben", points: 2, absent: false },
      { player: "cy", points: 3, absent: false },
      { player: "dee", points: 4, absent: true },
    ]);
    expect(tables[1].seats.map((s) => [s.player, s.points])).toEqual([
      ["eli", null],
      ["fay", null],
      ["gus", null],
      [null, null],
    ]);
    // Its record is not shown while other tables still play its deals: the page says it comes.
    expect(tables[0]).toMatchObject({ record: null, replaySoon: true });
    expect(tables[1]).toMatchObject({ record: null, replaySoon: false });
  });

  it("offers each table's record once the round is over", () => {
    const tables = duplicateTables(
      round([
        { seats: ["ana", "ben", "cy", "dee"], table: "AAAAAAAAAA", result: played([[1, 2, 3, 4]], "rec1") },
        { seats: ["eli", "fay", "gus", null], table: "BBBBBBBBBB", result: played([[4, 3, 2, 1]], "rec2") },
      ]),
      null,
    );
    expect(tables.map((x) => [x.record, x.replaySoon, x.mine])).toEqual([
      ["rec1", false, false],
      ["rec2", false, false],
    ]);
    // A finished round whose record was not kept says nothing of a replay to come.
    const unkept = duplicateTables(
      round([{ seats: ["a", "b", "c", "d"], table: "X", result: played([[0, 0, 0, 0]]) }]),
      "a",
    );
    expect(unkept[0]).toMatchObject({ record: null, replaySoon: false, mine: true });
  });

  it("has no tables in a round of games", () => {
    expect(duplicateTables({ games: [], bye: null, slots: null }, "ana")).toEqual([]);
  });
});

describe("making a French tournament", () => {
  const choice = {
    name: "  Sunday cross  ",
    game: "french" as const,
    format: "swiss" as const,
    rounds: 3,
    hands: 6,
    match: "straight" as const,
    preset: "standard",
    startIn: 600,
    listed: true,
    rated: false,
    roundMinutes: null,
  };

  it("plays French duplicate only; Cut Throat and Partner Swiss or knockout", () => {
    expect(formatsOf("french")).toEqual(["duplicate"]);
    expect(formatsOf("cutthroat")).toEqual(["swiss", "knockout"]);
    expect(formatsOf("partner")).toEqual(["swiss", "knockout"]);
  });

  it("sends French as duplicate with its hands a round and no match", () => {
    expect(tournamentBody(choice)).toEqual({
      name: "Sunday cross",
      game: "french",
      format: "duplicate",
      rounds: 3,
      hands: 6,
      startIn: 600,
      public: true,
      rated: false,
    });
  });

  it("offers the French presets a duplicate round can play: not the long set (a round is a set of hands)", () => {
    expect(frenchPresets().map((p) => p.id)).toEqual(["standard", "strict", "friendly"]);
    // The very presets of the home screen, their names and descriptions with them.
    for (const p of frenchPresets()) expect(PRESETS).toContain(p);
  });

  it("sends the chosen preset's options for French; none for the standard rules", () => {
    const strict = PRESETS.find((p) => p.id === "strict")?.options;
    expect(strict).toBeDefined();
    expect(tournamentBody({ ...choice, preset: "strict" })).toEqual({
      name: "Sunday cross",
      game: "french",
      format: "duplicate",
      rounds: 3,
      hands: 6,
      startIn: 600,
      public: true,
      rated: false,
      options: strict,
    });
    expect(tournamentBody({ ...choice, preset: "friendly" }).options).toEqual({
      penaltyPass: false,
      heldDoubles: "pips",
    });
    expect(tournamentBody({ ...choice, preset: "standard" })).not.toHaveProperty("options");
    // A preset not offered (the long set's target plays no part), or none known: the standard rules.
    expect(tournamentBody({ ...choice, preset: "long" })).not.toHaveProperty("options");
    expect(tournamentBody({ ...choice, preset: "straight" })).not.toHaveProperty("options");
  });

  it("sends Cut Throat and Partner with how a game is won, and no hands", () => {
    const body = tournamentBody({ ...choice, game: "partner", format: "knockout", rated: true, listed: false });
    expect(body).toEqual({
      name: "Sunday cross",
      game: "partner",
      format: "knockout",
      rounds: 3,
      startIn: 600,
      public: false,
      rated: true,
      options: { match: "straight" },
    });
    expect(tournamentBody({ ...choice, game: "cutthroat", format: "duplicate" }).format).toBe("swiss");
    // A French preset left chosen does not reach Cut Throat and Partner.
    expect(tournamentBody({ ...choice, game: "cutthroat", format: "swiss", preset: "strict" }).options).toEqual({
      match: "straight",
    });
  });

  it("sends a round's length only when the maker chose one", () => {
    expect(tournamentBody(choice)).not.toHaveProperty("roundMinutes");
    expect(tournamentBody({ ...choice, roundMinutes: 30 })).toEqual({
      name: "Sunday cross",
      game: "french",
      format: "duplicate",
      rounds: 3,
      hands: 6,
      startIn: 600,
      public: true,
      rated: false,
      roundMinutes: 30,
    });
    expect(tournamentBody({ ...choice, game: "cutthroat", format: "swiss", roundMinutes: 90 })).toMatchObject({
      format: "swiss",
      options: { match: "straight" },
      roundMinutes: 90,
    });
  });

  it("knows a duplicate tournament by its format", () => {
    const settings = { name: "x", game: "french", format: "duplicate", rounds: 2, hands: 4, startAt: 0, maker: "m" };
    const t = { settings } as unknown as TournamentAnswer;
    expect(isDuplicate(t)).toBe(true);
    expect(isDuplicate({ ...t, settings: { ...t.settings, format: "swiss" } })).toBe(false);
  });
});
