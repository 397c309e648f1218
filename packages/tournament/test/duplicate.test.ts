/**
 * Duplicate French (docs/tournaments.md, *Duplicate*): seating by rating and its movement between
 * rounds, matchpoints against the other holders of the same seat's bones, forfeits.
 */

import { describe, expect, it } from "vitest";
import {
  type DuplicateTable,
  duplicateScores,
  duplicateSeating,
  duplicateStandings,
  type Entrant,
} from "../src/index.js";

const field = (n: number): Entrant[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - 10 * i }));

describe("duplicate French", () => {
  it("round 1 deals eight players out like cards; round 2 moves seats 1 and 3 to the other table", () => {
    expect(duplicateSeating(field(8), 0)).toEqual([
      ["p1", "p4", "p5", "p8"],
      ["p2", "p3", "p6", "p7"],
    ]);
    expect(duplicateSeating(field(8), 1)).toEqual([
      ["p1", "p3", "p5", "p7"],
      ["p2", "p4", "p6", "p8"],
    ]);
  });

  it("a field short of a multiple of four leaves seats to bots (null)", () => {
    const tables = duplicateSeating(field(6), 0);
    expect(tables.flat().filter((p) => p === null)).toHaveLength(2);
    expect(tables.flat().filter((p) => p !== null)).toHaveLength(6);
  });

  it("matchpoints: 1 for each holder of the same bones who took more, ½ for each who took as many", () => {
    // Three tables, two hands. Seat 0 took 10, 20, 10 at hand 1 and 0, 0, 5 at hand 2.
    const tables: DuplicateTable[] = [
      {
        seats: ["a0", "a1", "a2", "a3"],
        hands: [
          [10, 1, 2, 3],
          [0, 1, 1, 1],
        ],
      },
      {
        seats: ["b0", "b1", "b2", "b3"],
        hands: [
          [20, 1, 2, 3],
          [0, 1, 1, 1],
        ],
      },
      {
        seats: ["c0", "c1", "c2", "c3"],
        hands: [
          [10, 1, 2, 3],
          [5, 1, 1, 1],
        ],
      },
    ];
    const scores = duplicateScores(tables);
    // a0: hand 1 beats b0 (1), ties c0 (½); hand 2 ties b0 (½), beats c0 (1): 3.
    expect(scores.get("a0")).toBe(3);
    // b0: hand 1 beats nobody (0); hand 2 ties a0, beats c0: 1½.
    expect(scores.get("b0")).toBe(1.5);
    // c0: hand 1 beats b0, ties a0 (1½); hand 2 beats nobody: 1½.
    expect(scores.get("c0")).toBe(1.5);
    // Every other seat took the same everywhere: ½ a comparison, 2 hands × 2 others = 2.
    expect(scores.get("b2")).toBe(2);
  });

  it("a player who never came scores nothing for the round; the others are compared with their bot", () => {
    const tables: DuplicateTable[] = [
      { seats: ["a0", "a1", "a2", "a3"], hands: [[0, 5, 5, 5]], absent: ["a0"] },
      { seats: ["b0", "b1", "b2", "b3"], hands: [[9, 5, 5, 5]] },
    ];
    const scores = duplicateScores(tables);
    expect(scores.get("a0")).toBe(0);
    expect(scores.get("b0")).toBe(0);
    expect(scores.get("b1")).toBe(0.5);
  });

  it("standings sum the rounds' matchpoints, then rating; bots are in none", () => {
    const entrants = field(2);
    const round: DuplicateTable[] = [
      { seats: ["p2", null, null, null], hands: [[0, 5, 5, 5]] },
      { seats: ["p1", null, null, null], hands: [[3, 5, 5, 5]] },
    ];
    expect(duplicateStandings(entrants, [round, round]).map((s) => [s.id, s.place, s.points])).toEqual([
      ["p2", 1, 2],
      ["p1", 2, 0],
    ]);
    // Before any round, rating alone orders them.
    expect(duplicateStandings(entrants, []).map((s) => [s.id, s.place])).toEqual([
      ["p1", 1],
      ["p2", 2],
    ]);
  });
});
