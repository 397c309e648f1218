/**
 * Patches (patch.ts): `applyPatch(a, diff(a, b))` is `b` for any two JSON values, `a` is never
 * changed, and a patch that does not fit the value it is applied to is refused, never half-applied.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyPatch, diff, PatchError, type PatchOp } from "../src/patch.js";

/** JSON values alike enough that their diffs go deep: objects of the same keys, arrays that grow. */
const shaped = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.integer({ min: -3, max: 3 }),
    fc.constantFrom(null, true, false, "a", "b/c", "~d"),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.record({ x: tie("value"), y: tie("value"), "a/b": tie("value") }, { noNullPrototype: true }),
  ),
})).value;

describe("patches", () => {
  it("a diff applied to its first value makes the second, and leaves the first as it was", () => {
    fc.assert(
      fc.property(fc.oneof(fc.tuple(shaped, shaped), fc.tuple(fc.jsonValue(), fc.jsonValue())), ([a, b]) => {
        const before = JSON.stringify(a);
        const ops = diff(a, b);
        expect(applyPatch(a, ops)).toStrictEqual(b);
        // What goes on the wire is JSON: the same after a trip through it.
        expect(applyPatch(JSON.parse(before), JSON.parse(JSON.stringify(ops)))).toStrictEqual(
          JSON.parse(JSON.stringify(b)),
        );
        expect(JSON.stringify(a)).toBe(before);
      }),
      { numRuns: 2000 },
    );
  });

  it("a list that grew at its end is sent as the new elements only", () => {
    const a = { moves: [{ s: 0 }, { s: 1 }], turn: 2 };
    const b = { moves: [{ s: 0 }, { s: 1 }, { s: 2 }], turn: 3 };
    expect(diff(a, b)).toEqual([
      ["+", "/moves", [{ s: 2 }]],
      ["=", "/turn", 3],
    ]);
  });

  it("keys with / and ~ are escaped as JSON Pointer says", () => {
    expect(diff({ "a/b": 1, "c~": 1 }, { "a/b": 2, "c~": 3 })).toEqual([
      ["=", "/a~1b", 2],
      ["=", "/c~0", 3],
    ]);
  });

  it("only the objects along a changed path are new", () => {
    const a = { left: { n: 1 }, right: { n: 2 } };
    const b = applyPatch(a, [["=", "/right/n", 3]]);
    expect(b.left).toBe(a.left);
    expect(b.right).not.toBe(a.right);
  });

  it("a patch that does not fit is refused", () => {
    const doc = { list: [1, 2], n: 1 };
    const bad: PatchOp[][] = [
      [["=", "/missing", 1]],
      [["=", "/list/2", 1]],
      [["=", "/list/-1", 1]],
      [["=", "/list/01", 1]],
      [["+", "/n", [1]]],
      [["=", "/n/x", 1]],
      [["=", "n", 1]],
      [["=", "/__proto__", {}]],
    ];
    for (const ops of bad) expect(() => applyPatch(doc, ops), JSON.stringify(ops)).toThrow(PatchError);
    expect(doc).toEqual({ list: [1, 2], n: 1 });
  });
});
