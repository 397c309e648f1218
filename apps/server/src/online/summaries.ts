/**
 * A finished game as the lists show it (my games, a profile's recent games): its id to the world
 * (the record is `GET /api/games/ID`), its table, when it ended, and from its record the game's
 * kind, its number of players and their names. The record itself is fetched only when opened.
 */

import type { GameKind } from "@crossbones/engine";
import type { StoredGame } from "./store.js";

export function gameSummary({ record, ...game }: StoredGame) {
  // A kept record is one the engine wrote: its game is one of the kinds.
  const r = JSON.parse(record) as { game: GameKind; players: number; names?: string[] };
  return { ...game, kind: r.game, players: r.players, names: r.names ?? [] };
}
