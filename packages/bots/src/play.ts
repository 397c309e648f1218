/**
 * Plays whole games between bots: the loop the arena and the tests share. Bots get views only;
 * a bot that declares itself omniscient (a measuring baseline) is also handed the true hands.
 */

import {
  applyMove,
  type BoneMask,
  createGame,
  type Game,
  type Move,
  needsDeal,
  type Rules,
  type SeatView,
  startHand,
  viewFor,
} from "@crossbones/engine";

export interface Player {
  readonly omniscient?: boolean;
  chooseMove(view: SeatView, hidden?: readonly number[]): Move;
}

export interface PlayOptions {
  /** The deal of hand `index` (a mask per seat). */
  readonly deal: (index: number) => readonly BoneMask[];
  /** Stop after this many hands even if the game is not over. */
  readonly maxHands?: number;
  /** Called after each decision with the seat and the time it took (ms, by `clock`). */
  readonly onDecision?: (seat: number, ms: number, choices: number) => void;
  readonly clock?: () => number;
}

/** Plays a game to its end (or `maxHands`); throws if a bot returns an illegal move. */
export function playGame(rules: Rules, players: readonly Player[], options: PlayOptions): Game {
  const clock = options.clock ?? (() => 0);
  const maxHands = options.maxHands ?? 1000;
  let game = createGame(rules);
  while (!game.finished) {
    if (needsDeal(game)) {
      if (game.hands.length >= maxHands) break;
      const started = startHand(game, options.deal(game.hands.length));
      if (!started.ok) throw new Error(started.error.message);
      game = started.value;
      continue;
    }
    const state = game.state;
    if (!state) break;
    const seat = state.turn;
    const view = viewFor(game, seat);
    const player = players[seat];
    const hidden = player.omniscient ? Array.from(state.hands.subarray(0, rules.players)) : undefined;
    const t0 = clock();
    const move = player.chooseMove(view, hidden);
    options.onDecision?.(seat, clock() - t0, view.legalMoves.length);
    const next = applyMove(game, move);
    if (!next.ok) throw new Error(`seat ${seat} chose an illegal move ${move}: ${next.error.message}`);
    game = next.value;
  }
  return game;
}
