/**
 * Knockout brackets (docs/tournaments.md, *Knockout*): seeding, byes to the top seeds, the higher
 * seed through on a level game, and standings by the round reached.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Entrant,
  type Game,
  knockoutGames,
  knockoutStandings,
  nextKnockoutRound,
  type Slots,
  seedBracket,
  seedOrder,
  seeds,
} from "../src/index.js";

const field = (n: number): Entrant[] =>
  Array.from({ length: n }, (_, i) => ({ id: `s${i + 1}`, rating: 2000 - 10 * i }));

describe("knockout", () => {
  it("seeds 1 and 2 can meet only in the final, 1–4 only in the semi-finals", () => {
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(seedOrder(4)).toEqual([1, 4, 2, 3]);
  });

  it("six entrants: a bracket of eight whose two empty slots face seeds 1 and 2", () => {
    const slots = seedBracket(field(6));
    expect(slots).toEqual(["s1", null, "s4", "s5", "s2", null, "s3", "s6"]);
    expect(knockoutGames(slots)).toEqual([
      ["s4", "s5"],
      ["s3", "s6"],
    ]);
  });

  it("the winner goes on; a level game (a draw, or neither came) sends the higher seed on", () => {
    const entrants = field(4);
    const seed = seeds(entrants);
    const slots = seedBracket(entrants);
    const games: Game[] = [
      { a: "s1", b: "s4", aScore: 0 },
      { a: "s2", b: "s3", aScore: 0.5 },
    ];
    expect(nextKnockoutRound(slots, games, seed)).toEqual(["s4", "s2"]);
    const forfeits: Game[] = [
      { a: "s1", b: "s4", aScore: 1, absent: ["s1"] },
      { a: "s2", b: "s3", aScore: 0, absent: ["s2", "s3"] },
    ];
    expect(nextKnockoutRound(slots, forfeits, seed)).toEqual(["s4", "s2"]);
    expect(() => nextKnockoutRound(slots, games.slice(1), seed)).toThrow(/not played/);
  });

  it("standings: the champion, the finalist, both semi-finalists 3rd, the rest 5th", () => {
    const entrants = field(8);
    const seed = seeds(entrants);
    const rounds: Slots[] = [seedBracket(entrants)];
    // The higher seed wins every game but the final.
    while (rounds[rounds.length - 1].length > 1) {
      const slots = rounds[rounds.length - 1];
      const final = slots.length === 2;
      const games = knockoutGames(slots).map(([a, b]): Game => ({ a, b, aScore: final ? 0 : 1 }));
      rounds.push(nextKnockoutRound(slots, games, seed));
    }
    expect(rounds.map((r) => r.length)).toEqual([8, 4, 2, 1]);
    const standings = knockoutStandings(entrants, rounds);
    expect(standings.map((s) => [s.id, s.place])).toEqual([
      ["s2", 1],
      ["s1", 2],
      ["s3", 3],
      ["s4", 3],
      ["s5", 5],
      ["s6", 5],
      ["s7", 5],
      ["s8", 5],
    ]);
  });

  it("property: any field plays down to one champion; only the top seeds have byes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
        (n, coins) => {
          const entrants = field(n);
          const seed = seeds(entrants);
          const first = seedBracket(entrants);
          const byes = first.filter((_, i) => first[i ^ 1] === null && first[i] !== null) as string[];
          expect(byes.map((id) => seed.get(id)).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(
            Array.from({ length: first.length - n }, (_, i) => i + 1),
          );
          let slots: Slots = first;
          let k = 0;
          let played = 0;
          while (slots.length > 1) {
            const games = knockoutGames(slots).map(([a, b]): Game => ({ a, b, aScore: coins[k++ % 64] ? 1 : 0 }));
            played += games.length;
            slots = nextKnockoutRound(slots, games, seed);
          }
          expect(slots[0]).not.toBeNull();
          // Every game puts one entrant out: all but the champion.
          expect(played).toBe(n - 1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
