/**
 * The bots' thread: answers {view, level, seed} with a move (or a ranking, for hints), so a hard
 * bot's search never blocks the page.
 */

import { createBot, rankMoves } from "@crossbones/bots";
import type { BotRequest, BotResponse } from "./protocol";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<BotRequest>) => void) | null;
  postMessage(message: BotResponse): void;
};

scope.onmessage = (e) => {
  const req = e.data;
  try {
    if (req.kind === "move") {
      scope.postMessage({
        id: req.id,
        kind: "move",
        move: createBot(req.level, { seed: req.seed }).chooseMove(req.view),
      });
    } else {
      scope.postMessage({ id: req.id, kind: "rank", ranked: rankMoves(req.view, { seed: req.seed }) });
    }
  } catch (error) {
    scope.postMessage({ id: req.id, kind: "error", message: String(error) });
  }
};
