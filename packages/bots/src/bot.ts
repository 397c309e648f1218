/**
 * The one interface every player-facing bot implements: given a seat's view, a legal move.
 * Bots never receive a Game or a HandState with hidden hands, only views (engine `viewFor`).
 */

import type { Move, SeatView } from "@crossbones/engine";

export type BotLevel = "easy" | "medium" | "hard";
export const BOT_LEVELS: readonly BotLevel[] = ["easy", "medium", "hard"];

/** How a table may present each level: a name and one line of personality. */
export const BOT_PROFILES: Readonly<Record<BotLevel, { readonly name: string; readonly blurb: string }>> = {
  easy: { name: "Cousin Dell", blurb: "Plays for the fun of it: slaps down big bones and sometimes forgets to count." },
  medium: { name: "Miss Ivy", blurb: "Steady hands: sheds weight, clears her doubles and watches who passes." },
  hard: { name: "Uncle Bertie", blurb: "Counts every bone and reads every pass. Bring your best game." },
};

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
