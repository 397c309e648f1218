import { describe, expect, it } from "vitest";
import { nextHandFocus } from "../src/view/handFocus";

describe("keyboard focus over the hand", () => {
  it("arrows move one bone and wrap at both ends", () => {
    expect(nextHandFocus("ArrowRight", 2, 5)).toBe(3);
    expect(nextHandFocus("ArrowDown", 4, 5)).toBe(0);
    expect(nextHandFocus("ArrowLeft", 0, 5)).toBe(4);
    expect(nextHandFocus("ArrowUp", 3, 5)).toBe(2);
  });

  it("Home and End jump to the first and last bone; other keys and empty hands are ignored", () => {
    expect(nextHandFocus("Home", 3, 5)).toBe(0);
    expect(nextHandFocus("End", 0, 5)).toBe(4);
    expect(nextHandFocus("Enter", 1, 5)).toBeNull();
    expect(nextHandFocus("ArrowRight", 0, 0)).toBeNull();
  });
});
