/** Local storage, tolerant of private modes and full quotas: failing to save never breaks play. */

const KEY = "crossbones/v1";

export interface Stored {
  settings?: unknown;
  session?: unknown;
  lastSetup?: unknown;
  screen?: string;
  /** Lesson progress (see tutorial/runner.ts). */
  lessons?: unknown;
}

export function readStored(): Stored {
  try {
    const text = localStorage.getItem(KEY);
    return text ? (JSON.parse(text) as Stored) : {};
  } catch {
    return {};
  }
}

export function writeStored(value: Stored): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the game goes on, it just will not survive a reload.
  }
}
