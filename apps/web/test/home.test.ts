import { describe, expect, it } from "vitest";
import { levelsFrom } from "../src/ui/Home";

describe("the home screen's bot levels", () => {
  it("keep the last game's levels where it had the seat, and the defaults elsewhere (issue 26, 6)", () => {
    // A Cut Throat game for two saved two levels: the seats it did not have are not turned to Easy.
    expect(levelsFrom(["easy", "hard"])).toEqual(["easy", "hard", "medium", "medium"]);
    expect(levelsFrom(["easy", "easy", "hard", "easy"])).toEqual(["easy", "easy", "hard", "easy"]);
    expect(levelsFrom(undefined)).toEqual(["easy", "medium", "medium", "medium"]);
  });
});
