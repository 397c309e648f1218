/** Messages between the page and the bot worker. */

import type { Move, SeatView } from "@crossbones/engine";
import type { BotLevel } from "../session";

export type BotRequest =
  | {
      readonly id: number;
      readonly kind: "move";
      readonly view: SeatView;
      readonly level: BotLevel;
      readonly seed: number;
    }
  | {
      readonly id: number;
      readonly kind: "rank";
      readonly view: SeatView;
      readonly level: BotLevel;
      readonly seed: number;
    };

export type BotResponse =
  | { readonly id: number; readonly kind: "move"; readonly move: Move }
  | { readonly id: number; readonly kind: "rank"; readonly ranked: readonly { move: Move; value: number }[] }
  | { readonly id: number; readonly kind: "error"; readonly message: string };
