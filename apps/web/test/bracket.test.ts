/**
 * The knockout bracket the tournament page draws (bracketOf): a column a round to the final, byes
 * sending the top seeds on, a result sending its winner on before the next round is paired, the
 * paired round's own slots after, and a level final won by the higher seed (the standings say).
 */

import { describe, expect, it } from "vitest";
import type { TournamentAnswer } from "../src/tournaments/api";
import { bracketOf } from "../src/tournaments/bracket";

type Round = TournamentAnswer["rounds"][number];

// Five entrants in a bracket of eight, seeds 1–5: [1, 8, 4, 5, 2, 7, 3, 6] (6, 7, 8 empty).
const slots1 = ["s1", null, "s4", "s5", "s2", null, "s3", null];

function knockout(rounds: Round[], status: TournamentAnswer["status"] = "running", first = "s1"): TournamentAnswer {
  return {
    id: "t".repeat(22),
    settings: { name: "Cup", game: "cutthroat", format: "knockout", rounds: 3, hands: 4, startAt: 0, maker: "m" },
    status,
    checkInAt: 0,
    signed: ["s1", "s2", "s3", "s4", "s5"].map((id) => ({
      id,
      players: [{ id, name: id.toUpperCase() }],
      rating: 1500,
      checkedIn: true,
    })),
    rounds,
    roundCount: 3,
    standings: [{ id: first, names: [first], place: 1, points: 3, tieBreaks: [] }],
  };
}

const game = (a: string, b: string, aScore: 0 | 0.5 | 1 | null) => ({
  a,
  b,
  table: "ABCDEFGHJK",
  result: aScore === null ? null : { a, b, aScore },
});

describe("the knockout bracket", () => {
  it("byes send the top seeds on; a result sends its winner on before round 2 is paired", () => {
    const columns = bracketOf(knockout([{ games: [game("s4", "s5", 0)], bye: null, slots: slots1 }]));
    expect(columns?.map((c) => c.length)).toEqual([4, 2, 1]);
    const [r1, r2, final] = columns ?? [];
    expect(r1.map((m) => [m.a, m.b, m.bye, m.winner])).toEqual([
      ["s1", null, true, "s1"],
      ["s4", "s5", false, "s5"],
      ["s2", null, true, "s2"],
      ["s3", null, true, "s3"],
    ]);
    expect(r1[1].game?.result?.aScore).toBe(0);
    expect(r2.map((m) => [m.a, m.b, m.bye, m.winner, m.game])).toEqual([
      ["s1", "s5", false, null, null],
      ["s2", "s3", false, null, null],
    ]);
    expect(final[0]).toMatchObject({ a: null, b: null, winner: null });
  });

  it("a game still being played sends nobody on yet", () => {
    const columns = bracketOf(knockout([{ games: [game("s4", "s5", null)], bye: null, slots: slots1 }]));
    expect(columns?.[0][1].winner).toBeNull();
    expect(columns?.[1][0]).toMatchObject({ a: "s1", b: null, bye: false });
  });

  it("a finished bracket: each round's own slots, and a level final goes to the standings' first", () => {
    const rounds: Round[] = [
      { games: [game("s4", "s5", 1)], bye: null, slots: slots1 },
      { games: [game("s1", "s4", 1), game("s2", "s3", 0)], bye: null, slots: ["s1", "s4", "s2", "s3"] },
      { games: [game("s1", "s3", 0.5)], bye: null, slots: ["s1", "s3"] },
    ];
    const columns = bracketOf(knockout(rounds, "finished", "s1"));
    expect(columns?.map((c) => c.map((m) => m.winner))).toEqual([["s1", "s4", "s2", "s3"], ["s1", "s3"], ["s1"]]);
  });

  it("is drawn only for a knockout that has started", () => {
    const open = knockout([]);
    expect(bracketOf(open)).toBeNull();
    const swiss = knockout([{ games: [game("s4", "s5", 0)], bye: "s1", slots: null }]);
    expect(bracketOf({ ...swiss, settings: { ...swiss.settings, format: "swiss" } })).toBeNull();
  });
});
