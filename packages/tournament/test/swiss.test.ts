/**
 * Swiss pairings and standings (docs/tournaments.md, *Swiss*, *Tie-breaks*, *Scoring*): hand-worked
 * rounds, then random tournaments where every round pairs everyone once, nobody meets twice and
 * nobody sits out twice.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Entrant,
  type Game,
  gamePoints,
  maxSwissRounds,
  type PlayedRound,
  pairSwiss,
  swissStandings,
} from "../src/index.js";

/** Entrants a, b, c… rated from the highest down. */
const field = (n: number): Entrant[] =>
  Array.from({ length: n }, (_, i) => ({ id: String.fromCharCode(97 + i), rating: 2000 - 10 * i }));
const won = (a: string, b: string): Game => ({ a, b, aScore: 1 });

describe("Swiss pairings", () => {
  it("round 1 sets the top half against the bottom half by rating (1–5, 2–6, 3–7, 4–8)", () => {
    expect(pairSwiss(field(8), [])).toEqual({
      pairs: [
        ["a", "e"],
        ["b", "f"],
        ["c", "g"],
        ["d", "h"],
      ],
      bye: null,
    });
  });

  it("an odd field gives the bye to the lowest-ranked entrant", () => {
    expect(pairSwiss(field(5), [])).toEqual({
      pairs: [
        ["a", "c"],
        ["b", "d"],
      ],
      bye: "e",
    });
  });

  it("later rounds pair within points groups, upsets included", () => {
    // Round 1: a and b win, g and h beat c and d.
    const r1: PlayedRound = { games: [won("a", "e"), won("b", "f"), won("g", "c"), won("h", "d")], bye: null };
    expect(pairSwiss(field(8), [r1]).pairs).toEqual([
      ["a", "g"],
      ["b", "h"],
      ["c", "e"],
      ["d", "f"],
    ]);
  });

  it("nobody meets the same opponent twice, even when each preferred opponent is a rematch", () => {
    // After a–c and a–b, a (2 points) would meet b or c (1 point each): only d is new to a.
    const played: PlayedRound[] = [
      { games: [won("a", "c"), won("b", "d")], bye: null },
      { games: [won("a", "b"), won("c", "d")], bye: null },
    ];
    expect(pairSwiss(field(4), played).pairs).toEqual([
      ["a", "d"],
      ["b", "c"],
    ]);
  });

  it("the bye goes to the lowest-ranked entrant who has not had one", () => {
    // e had round 1's bye and is last on points with d; d gets round 2's.
    const r1: PlayedRound = { games: [won("a", "c"), won("b", "d")], bye: "e" };
    const r2 = pairSwiss(field(5), [r1]);
    expect(r2.bye).toBe("d");
  });

  it("property: over ⌈n/2⌉ rounds everyone plays once a round, nobody meets twice or sits out twice", () => {
    const outcome = fc.constantFrom<"a" | "b" | "draw" | "absent">("a", "b", "a", "b", "draw", "absent");
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 22 }),
        fc.array(outcome, { minLength: 200, maxLength: 200 }),
        fc.array(fc.integer({ min: 1000, max: 2000 }), { minLength: 22, maxLength: 22 }),
        (n, outcomes, ratings) => {
          const entrants = field(n).map((e, i) => ({ ...e, rating: ratings[i] }));
          const played: PlayedRound[] = [];
          const met = new Set<string>();
          const byes = new Set<string>();
          let k = 0;
          for (let r = 0; r < maxSwissRounds(n); r++) {
            const { pairs, bye } = pairSwiss(entrants, played);
            const seen = pairs.flat().concat(bye === null ? [] : [bye]);
            expect(seen.sort()).toEqual(entrants.map((e) => e.id).sort());
            for (const [a, b] of pairs) {
              expect(met.has(`${a}${b}`), `${a} and ${b} meet again in round ${r + 1}`).toBe(false);
              met.add(`${a}${b}`).add(`${b}${a}`);
            }
            if (bye !== null) {
              expect(byes.has(bye), `${bye} sits out twice`).toBe(false);
              byes.add(bye);
            }
            const games = pairs.map(([a, b]): Game => {
              const o = outcomes[k++ % outcomes.length];
              if (o === "absent") return { a, b, aScore: 1, absent: [a] };
              return { a, b, aScore: o === "a" ? 1 : o === "b" ? 0 : 0.5 };
            });
            played.push({ games, bye });
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("scoring", () => {
  it("a win 1, a draw ½, a loss 0; an entrant who never came forfeits to one who did", () => {
    expect(gamePoints({ a: "a", b: "b", aScore: 1 }, "a")).toBe(1);
    expect(gamePoints({ a: "a", b: "b", aScore: 1 }, "b")).toBe(0);
    expect(gamePoints({ a: "a", b: "b", aScore: 0.5 }, "b")).toBe(0.5);
    // a's bot won, but a never came: b takes the game.
    expect(gamePoints({ a: "a", b: "b", aScore: 1, absent: ["a"] }, "a")).toBe(0);
    expect(gamePoints({ a: "a", b: "b", aScore: 1, absent: ["a"] }, "b")).toBe(1);
    // Neither came: nobody scores.
    expect(gamePoints({ a: "a", b: "b", aScore: 0.5, absent: ["a", "b"] }, "b")).toBe(0);
  });
});

describe("Swiss standings", () => {
  it("points, then Buchholz, then head to head, then rating; equal on all four, a shared place", () => {
    // Five entrants, two rounds (points after: a 2, b 1, c 1, d 1, e 1; worked by hand):
    // round 1: a beats c, d beats b, e has the bye; round 2: a beats e, b beats d, c has the bye.
    const played: PlayedRound[] = [
      { games: [won("a", "c"), won("d", "b")], bye: "e" },
      { games: [won("a", "e"), won("b", "d")], bye: "c" },
    ];
    const standings = swissStandings(field(5), played);
    // Buchholz: a = c 1 + e 1 = 2; b = d 1 + d 1 = 2; c = a 2 = 2; d = b 1 + b 1 = 2; e = a 2 = 2.
    // b, c, d and e are equal on 1 point and Buchholz 2. Among them: d beat b, b beat d (1 each),
    // c and e met none of them (0). Then rating: b over d, c over e.
    expect(standings.map((s) => [s.id, s.place, s.points, ...s.tieBreaks])).toEqual([
      ["a", 1, 2, 2, 0, 2000],
      ["b", 2, 1, 2, 1, 1990],
      ["d", 3, 1, 2, 1, 1970],
      ["c", 4, 1, 2, 0, 1980],
      ["e", 5, 1, 2, 0, 1960],
    ]);
    const twins = swissStandings(
      [
        { id: "x", rating: 1500 },
        { id: "y", rating: 1500 },
      ],
      [],
    );
    expect(twins.map((s) => s.place)).toEqual([1, 1]);
  });
});
