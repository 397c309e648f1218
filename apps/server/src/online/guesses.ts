/**
 * Table codes asked for that do not exist, per device (an address's hash): a few are typos, many
 * are someone trying codes to walk into private tables. Past `limit` in `window`, the device may
 * look no table up until the oldest of its misses is out of the window. Memory is bounded: a device
 * whose misses are all old is forgotten.
 */

export class Guesses {
  private readonly misses = new Map<string, number[]>();

  constructor(
    readonly limit = 30,
    private readonly window = 10 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** One more code that leads nowhere, from `device`. */
  miss(device: string): void {
    const now = this.now();
    const list = this.recent(device, now);
    list.push(now);
    this.misses.set(device, list.slice(-this.limit));
    if (this.misses.size > 10_000) for (const d of [...this.misses.keys()]) this.recent(d, now);
  }

  /** Milliseconds until `device` may look a table up again (0: now). */
  wait(device: string): number {
    const now = this.now();
    const list = this.recent(device, now);
    return list.length < this.limit ? 0 : list[0] + this.window - now;
  }

  /** `device`'s misses still in the window (a device with none is forgotten). */
  private recent(device: string, now: number): number[] {
    const list = (this.misses.get(device) ?? []).filter((t) => t > now - this.window);
    if (list.length === 0) this.misses.delete(device);
    else this.misses.set(device, list);
    return list;
  }
}
