import { describe, expect, it } from "vitest";
import { type Cluster, differenceHalfWidth, ratioHalfWidth } from "../src/arena-stats.js";

const clusters = (pairs: readonly [number, number][]): Map<number, Cluster> =>
  new Map(pairs.map(([y, h], i) => [i, { y, h }]));

describe("arena intervals, one sample per deal sequence", () => {
  it("with equal hands per sequence, a ratio's interval is that of the mean of the sequences' means", () => {
    const means = [5, 10, 15, 12, 3];
    const half = ratioHalfWidth(clusters(means.map((m) => [2 * m, 2])));
    const mean = means.reduce((a, b) => a + b) / means.length;
    const sd = Math.sqrt(means.reduce((a, m) => a + (m - mean) ** 2, 0) / (means.length - 1));
    expect(half).toBeCloseTo((1.959964 * sd) / Math.sqrt(means.length), 10);
  });

  it("weighs a sequence by its hands: a sequence of many hands at the mean narrows the interval", () => {
    const base: [number, number][] = [
      [10, 1],
      [30, 1],
    ];
    expect(ratioHalfWidth(clusters([...base, [200, 10]]))).toBeLessThan(ratioHalfWidth(clusters([...base, [20, 1]])));
  });

  it("a difference on the same deal sequences removes what the sequences share", () => {
    // The second bot scores 2 more than the first on every sequence, however lucky the deals.
    const a = clusters([
      [10, 2],
      [40, 2],
      [4, 2],
      [26, 2],
    ]);
    const b = clusters([
      [14, 2],
      [44, 2],
      [8, 2],
      [30, 2],
    ]);
    expect(differenceHalfWidth(a, b)).toBeCloseTo(0, 10);
    expect(differenceHalfWidth(a, a)).toBe(0);
    // Opposite luck (what one gains on a sequence the other loses): wider than the two apart.
    const c = clusters([
      [26, 2],
      [4, 2],
      [40, 2],
      [10, 2],
    ]);
    const apart = Math.hypot(ratioHalfWidth(a), ratioHalfWidth(c));
    expect(differenceHalfWidth(a, c)).toBeGreaterThan(apart);
  });

  it("one sequence gives no interval", () => {
    expect(ratioHalfWidth(clusters([[3, 1]]))).toBe(Number.POSITIVE_INFINITY);
  });
});
