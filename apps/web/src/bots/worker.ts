/**
 * The bots' thread: answers {view, level, seed} with a move (or a ranking for hints), so a hard
 * bot's search never blocks the page. Uses the bots package's `createBot` / `rankMoves` when it
 * exports them, else its easy bot.
 */

import * as bots from "@crossbones/bots";
import { PASS, type Move, type SeatView } from "@crossbones/engine";
import type { BotRequest, BotResponse } from "./protocol";

interface Chooser {
  chooseMove(view: SeatView): Move;
}
type CreateBot = (level: string, options: { seed?: number }) => Chooser;
type RankMoves = (view: SeatView, options: { seed?: number; level?: string }) => { move: Move; value: number }[];

const lib = bots as unknown as Record<string, unknown>;

function makeBot(level: string, seed: number): Chooser {
  const create = lib.createBot as CreateBot | undefined;
  if (typeof create === "function") return create(level, { seed });
  return bots.createEasyBot({ seed });
}

function rank(view: SeatView, level: string, seed: number): { move: Move; value: number }[] {
  const rankMoves = lib.rankMoves as RankMoves | undefined;
  if (typeof rankMoves === "function") return rankMoves(view, { seed, level });
  // Without a ranking, the bot's choice first and the other legal moves after it.
  const best = makeBot(level, seed).chooseMove(view);
  const rest = view.legalMoves.filter((m) => m !== best);
  return [best, ...rest].map((move, i) => ({ move, value: move === PASS && i > 0 ? -1 : -i }));
}

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<BotRequest>) => void) | null;
  postMessage(message: BotResponse): void;
};

scope.onmessage = (e) => {
  const req = e.data;
  try {
    if (req.kind === "move") {
      scope.postMessage({ id: req.id, kind: "move", move: makeBot(req.level, req.seed).chooseMove(req.view) });
    } else {
      scope.postMessage({ id: req.id, kind: "rank", ranked: rank(req.view, req.level, req.seed) });
    }
  } catch (error) {
    scope.postMessage({ id: req.id, kind: "error", message: String(error) });
  }
};
