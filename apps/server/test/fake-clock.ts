/**
 * A clock the test moves: the server's `now` and its tables' timers. Time passes only when the
 * test says so (`advance`); what is due at once (a timer of 0 ms, or one whose time has come) runs
 * on the next turn of the event loop, as it would, so a table's immediate work goes on by itself.
 */

import type { Timers } from "../src/online/table.js";

interface Pending {
  readonly at: number;
  readonly run: () => void;
  cleared: boolean;
}

export class FakeClock {
  private t: number;
  private readonly pending = new Set<Pending>();
  /** Timers due at once, set to run on the next turn of the loop and not run yet. */
  private immediate = 0;

  constructor(start = Date.UTC(2026, 11, 1, 12)) {
    this.t = start;
  }

  readonly now = (): number => this.t;

  readonly timers: Timers = {
    set: (run, ms) => {
      const p: Pending = { at: this.t + Math.max(0, ms), run, cleared: false };
      if (p.at <= this.t) {
        this.immediate++;
        setImmediate(() => {
          this.immediate--;
          this.fire(p);
        });
      } else this.pending.add(p);
      return p;
    },
    clear: (handle) => {
      const p = handle as Pending;
      p.cleared = true;
      this.pending.delete(p);
    },
  };

  private fire(p: Pending): void {
    if (p.cleared) return;
    p.cleared = true;
    this.pending.delete(p);
    p.run();
  }

  /**
   * Moves time on by `ms`, running every timer that falls due on the way, in order of time. What is
   * due now runs first: time never moves past work the server has already made due.
   */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    await this.settle();
    for (;;) {
      let next: Pending | null = null;
      for (const p of this.pending) if (p.at <= end && (next === null || p.at < next.at)) next = p;
      if (!next) break;
      this.t = Math.max(this.t, next.at);
      this.fire(next);
      // What it set going runs before time moves again.
      await this.settle();
    }
    this.t = end;
  }

  /** Lets the timers due now run (and what they make due now, in turn). */
  private async settle(): Promise<void> {
    do await new Promise((resolve) => setImmediate(resolve));
    while (this.immediate > 0);
  }

  /** Timers waiting for time to pass. */
  get waiting(): number {
    return this.pending.size;
  }
}
