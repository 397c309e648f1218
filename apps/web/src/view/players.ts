/** How many play a game: the engine's `PLAYER_COUNTS`, never a number written here. */

import { type GameKind, PLAYER_COUNTS } from "@crossbones/engine";

/**
 * The players of a game of `kind` for a player who chose `chosen`: that number if the game is
 * played by it, else the most it is played by (French and Partner: the four they need; Cut Throat:
 * a full table).
 */
export function playersFor(kind: GameKind, chosen?: number): number {
  const counts = PLAYER_COUNTS[kind];
  return chosen !== undefined && counts.includes(chosen) ? chosen : Math.max(...counts);
}
