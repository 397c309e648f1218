/**
 * Easy: plays legal moves with light, human-looking preferences (heavier bones first, doubles when
 * they fit) and makes a mistake now and then, so a beginner can beat it. It never passes while it
 * could play.
 */

import { boneHigh, boneLow, createRng, isDouble, moveBone, PASS, type SeatView } from "@crossbones/engine";
import type { Bot, BotOptions } from "./bot.js";
import { decisionSeed } from "./position.js";

export function createEasyBot(options: BotOptions = {}): Bot {
  return {
    level: "easy",
    chooseMove(view: SeatView) {
      const plays = view.legalMoves.filter((m) => m !== PASS);
      if (plays.length === 0) return PASS;
      // Seeded per position, so a bot created afresh for every move (as a web worker may do)
      // still varies its play from move to move.
      const rng = createRng(decisionSeed(options.seed ?? 1, view));
      // One time in four, any legal play: the mistakes that make it beatable.
      if (rng.nextInt(4) === 0) return plays[rng.nextInt(plays.length)];
      let best = plays[0];
      let bestWeight = -1;
      for (const m of plays) {
        const b = moveBone(m);
        const weight = boneLow(b) + boneHigh(b) + (isDouble(b) ? 3 : 0) + rng.next();
        if (weight > bestWeight) {
          bestWeight = weight;
          best = m;
        }
      }
      return best;
    },
  };
}
