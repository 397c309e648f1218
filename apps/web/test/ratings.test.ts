/** Ratings in words and figures (view/ratings.ts): signed changes, plain digits, a profile's games. */

import { describe, expect, it } from "vitest";
import { direction, ratedHistory, ratingChange, ratingDigits, taggedNames } from "../src/view/ratings";

describe("a rating change", () => {
  it("is written with a plus, a minus sign (not a hyphen), or ± for none", () => {
    expect(ratingChange(700, 838)).toBe("+138");
    expect(ratingChange(1500, 1427)).toBe("\u221273");
    expect(ratingChange(1500, 1500)).toBe("±0");
  });

  it("says which way it went", () => {
    expect(direction(700, 838)).toBe("up");
    expect(direction(838, 700)).toBe("down");
    expect(direction(700, 700)).toBe("same");
  });

  it("writes ratings in plain digits, never grouped as an amount", () => {
    expect(ratingDigits(1500)).toBe("1500");
    expect(ratingChange(1000, 2234)).toBe("+1234");
  });
});

describe("a profile's rated games", () => {
  it("lists every kind's games newest first, each with its kind's rating before it", () => {
    const rows = ratedHistory([
      {
        kind: "cutthroat",
        history: [
          { at: 10, rating: 760, game: "c1" },
          { at: 30, rating: 742, game: "c2" },
        ],
      },
      { kind: "french", history: [{ at: 20, rating: 810, game: "f1" }] },
    ]);
    expect(rows).toEqual([
      { kind: "cutthroat", at: 30, game: "c2", rating: 742, before: 760 },
      { kind: "french", at: 20, game: "f1", rating: 810, before: null },
      { kind: "cutthroat", at: 10, game: "c1", rating: 760, before: null },
    ]);
  });

  it("has no games for a player who never played a rated one", () => {
    expect(ratedHistory([])).toEqual([]);
  });
});

describe("names told apart", () => {
  it("a name two rows share gets a tag from each id; a name of one row stays as it is", () => {
    const rows = [
      { player: "q4FhAAAAAAAAAAAAAAAAAA", name: "Ana" },
      { player: "Zx9kBBBBBBBBBBBBBBBBBB", name: "Ana" },
      { player: "Pp1xCCCCCCCCCCCCCCCCCC", name: "Ben" },
    ];
    expect([...taggedNames(rows).values()]).toEqual(["Ana #q4Fh", "Ana #Zx9k", "Ben"]);
  });
});
