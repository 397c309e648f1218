/**
 * Intervals for the arena's per-hand figures (points per hand in French, hands won in the line
 * games). The hands of one deal sequence are not independent samples: every rotation of the
 * sequence sees the same deals, and a set's hands share its score. So each deal sequence counts as
 * one sample (a cluster), and a figure R = Σy / Σh (points or hands won over hands) gets the
 * variance of a ratio of sums by linearisation: with u_c = (y_c − R·h_c) / Σh for sequence c of n,
 * var R ≈ n / (n − 1) · Σ u_c². Two bots at the same table are compared on the same sequences, so
 * the variance of their difference is that of u_c − u'_c: it counts what a sequence gives both
 * (which cancels) and what one bot's gain on it costs the other (which adds), where adding the two
 * variances would count neither.
 */

/** One bot's sums over one deal sequence: the figure's total (points or hands won) and hands. */
export interface Cluster {
  y: number;
  h: number;
}

/** 95% two-sided normal quantile. */
const Z95 = 1.959964;

/** Per deal sequence: u_c for the ratio of `clusters` (a sequence missing counts as nothing). */
function linearised(clusters: ReadonlyMap<number, Cluster>, keys: readonly number[]): Float64Array {
  let y = 0;
  let h = 0;
  for (const c of clusters.values()) {
    y += c.y;
    h += c.h;
  }
  const ratio = h > 0 ? y / h : 0;
  return Float64Array.from(keys, (k) => {
    const c = clusters.get(k);
    return c && h > 0 ? (c.y - ratio * c.h) / h : 0;
  });
}

function halfWidth(u: Float64Array): number {
  const n = u.length;
  if (n < 2) return Number.POSITIVE_INFINITY;
  let sum = 0;
  for (const x of u) sum += x * x;
  return Z95 * Math.sqrt((n / (n - 1)) * sum);
}

/** Half the 95% interval of Σy / Σh over the deal sequences. */
export function ratioHalfWidth(clusters: ReadonlyMap<number, Cluster>): number {
  return halfWidth(linearised(clusters, [...clusters.keys()]));
}

/** Half the 95% interval of the difference of two bots' ratios over the same deal sequences. */
export function differenceHalfWidth(a: ReadonlyMap<number, Cluster>, b: ReadonlyMap<number, Cluster>): number {
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  const ua = linearised(a, keys);
  const ub = linearised(b, keys);
  return halfWidth(ua.map((x, i) => x - ub[i]));
}
