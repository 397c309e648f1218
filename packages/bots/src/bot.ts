/**
 * The one interface every player-facing bot implements: given a seat's view, a legal move.
 * Bots never receive a Game or a HandState with hidden hands, only views (engine `viewFor`).
 */

import type { Move, SeatView } from "@crossbones/engine";

export type BotLevel = "easy" | "medium" | "hard";

export interface BotOptions {
  /** Seed of the bot's own random generator: same seed and budget, same moves. */
  readonly seed?: number;
  /** Search budget in playouts (deterministic); default per level. */
  readonly iterations?: number;
  /**
   * Search budget in milliseconds (not deterministic): alone, search until then; with
   * `iterations`, a cap on it. The default budget is a number of playouts under an 800 ms cap.
   */
  readonly timeMs?: number;
}

export interface Bot {
  readonly level: string;
  /** A legal move for the seat the view belongs to, which must be the seat to act. */
  chooseMove(view: SeatView): Move;
}

/** A legal move with an estimate of its value for the seat (higher is better). */
export interface RankedMove {
  readonly move: Move;
  /** French: minus the expected points this hand (penalties included); line games: win chance. */
  readonly value: number;
}
