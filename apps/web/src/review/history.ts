/**
 * History on this device: finished games and reviewed hands in IndexedDB (idb-keyval), one store
 * with keys "game:ID" and "review:ID:HAND". Loaded on demand (never in the first page's script).
 * Failing storage (private modes, quota) never breaks play: reads answer empty, writes are dropped.
 */

import { createStore, entries, get, set, setMany, type UseStore } from "idb-keyval";
import { type GameEntry, type ReviewEntry, withFacts } from "./stats";

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
    await set(key, withFacts(old ? { ...entry, finishedAt: old.finishedAt } : entry), db());
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
    // Games kept before their facts were: worked out once here and kept with them.
    const upgraded: [string, GameEntry][] = [];
    for (const [key, value] of all) {
      if (key.startsWith("game:")) {
        let game = value as GameEntry;
        if (game.facts === undefined) {
          game = withFacts(game);
          upgraded.push([key, game]);
        }
        games.push(game);
      } else if (key.startsWith("review:")) reviews.push(value as ReviewEntry);
    }
    if (upgraded.length > 0) setMany(upgraded, db()).catch(() => undefined);
    games.sort((a, b) => b.finishedAt - a.finishedAt);
    return { games, reviews };
  } catch {
    return { games: [], reviews: [] };
  }
}
