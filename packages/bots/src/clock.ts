/** A millisecond clock for search budgets: `performance.now()` where there is one (Node, browsers). */
export function now(): number {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf ? perf.now() : Date.now();
}
