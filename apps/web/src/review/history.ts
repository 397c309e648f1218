/**
 * History on this device: finished games and reviewed hands in IndexedDB (idb-keyval), one store
 * with keys "game:ID" and "review:ID:HAND". Loaded on demand (never in the first page's script).
 * Failing storage (private modes, quota) never breaks play: reads answer empty, writes are dropped.
 */

import { createStore, entries, get, set, type UseStore } from "idb-keyval";
import type { GameEntry, ReviewEntry } from "./stats";

let store: UseStore | null = null;
function db(): UseStore {
  store ??= createStore("crossbones", "history");
  return store;
}

/** Keeps a finished game (again: the first time it was kept stays its finishing time). */
export async function saveGame(entry: GameEntry): Promise<void> {
  try {
    const key = `game:${entry.id}`;
    const old = await get<GameEntry>(key, db());
    await set(key, old ? { ...entry, finishedAt: old.finishedAt } : entry, db());
  } catch {
    // Storage unavailable: the game was played, it is just not kept.
  }
}

export async function saveReview(entry: ReviewEntry): Promise<void> {
  try {
    await set(`review:${entry.gameId}:${entry.hand}`, entry, db());
  } catch {
    // As above.
  }
}

export async function loadHistory(): Promise<{ games: GameEntry[]; reviews: ReviewEntry[] }> {
  try {
    const all = await entries<string, GameEntry | ReviewEntry>(db());
    const games: GameEntry[] = [];
    const reviews: ReviewEntry[] = [];
    for (const [key, value] of all) {
      if (key.startsWith("game:")) games.push(value as GameEntry);
      else if (key.startsWith("review:")) reviews.push(value as ReviewEntry);
    }
    games.sort((a, b) => b.finishedAt - a.finishedAt);
    return { games, reviews };
  } catch {
    return { games: [], reviews: [] };
  }
}
