/**
 * Fair deals, `npm run bench`: are deals uniform? Deals French hands from random secrets and
 * seeds (docs/fairness.md) and counts which seat gets each bone: 28 × 4 cells, each expected a
 * quarter of the deals. Pearson's chi-square over them has 28 × 3 = 84 degrees of freedom (each
 * bone goes to exactly one seat); the p-value is from the Wilson–Hilferty normal approximation.
 * Also the time a deal takes (Web Crypto, four HMAC blocks).
 */

import { handConfig, parseRules } from "@crossbones/engine";
import { dealOf, randomHex32 } from "@crossbones/fair";

/** The standard normal's upper tail (Abramowitz–Stegun 26.2.17, error < 7.5e-8). */
function upperTail(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
  const p = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z >= 0 ? p : 1 - p;
}

/** P(X ≥ x) for X chi-square with k degrees of freedom (Wilson–Hilferty). */
function chiSquareP(x: number, k: number): number {
  const z = ((x / k) ** (1 / 3) - (1 - 2 / (9 * k))) / Math.sqrt(2 / (9 * k));
  return upperTail(z);
}

export async function fairBench(line: (name: string, value: number, unit: string) => void, deals = 40_000) {
  const rules = parseRules("french", 4, {});
  if (!rules.ok) throw new Error(rules.error.message);
  const config = handConfig(rules.value);
  const counts = new Array(28 * 4).fill(0);
  const started = performance.now();
  for (let d = 0; d < deals; d++) {
    const seeds = [randomHex32(), randomHex32(), null, randomHex32()];
    const deal = await dealOf(config, { table: "BENCH2-1", hand: d + 1, secret: randomHex32(), seeds });
    for (let seat = 0; seat < 4; seat++) for (let b = 0; b < 28; b++) if (deal[seat] & (1 << b)) counts[b * 4 + seat]++;
  }
  const ms = (performance.now() - started) / deals;
  const expected = deals / 4;
  const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
  line("fair deal", ms, "ms (Web Crypto, mean)");
  line("fair deals chi-square (bone × seat, 84 df)", chi, `over ${deals} deals`);
  line("fair deals chi-square p-value", chiSquareP(chi, 84), "(uniform: not tiny)");
}
