/**
 * How a game and a bye score in Swiss and knockout (docs/tournaments.md, *Scoring*): a win 1, a
 * draw ½, a loss 0, a bye 1. An entrant who never came to their table (its seat was played by a
 * bot after the grace) forfeits: 0 for them whatever the bot did, and a win for the other side if
 * it came; when neither came, both score 0.
 */

import type { Game, PlayedRound } from "./types.js";

export const WIN = 1;
export const DRAW = 0.5;
export const BYE = 1;

/** The other entrant of `game`. */
export function opponent(game: Game, id: string): string {
  return game.a === id ? game.b : game.a;
}

/** What `game` gives entrant `id` (one of its two). */
export function gamePoints(game: Game, id: string): number {
  const absent = game.absent ?? [];
  if (absent.includes(id)) return 0;
  if (absent.includes(opponent(game, id))) return WIN;
  return id === game.a ? game.aScore : WIN - game.aScore;
}

/** Each entrant's points after `rounds` (byes included). */
export function pointsAfter(ids: readonly string[], rounds: readonly PlayedRound[]): Map<string, number> {
  const points = new Map(ids.map((id) => [id, 0]));
  const add = (id: string, n: number) => points.set(id, (points.get(id) ?? 0) + n);
  for (const round of rounds) {
    for (const game of round.games) {
      add(game.a, gamePoints(game, game.a));
      add(game.b, gamePoints(game, game.b));
    }
    if (round.bye !== null) add(round.bye, BYE);
  }
  return points;
}

/** Whether `a` and `b` have met in `rounds`. */
export function metBefore(rounds: readonly PlayedRound[]): (a: string, b: string) => boolean {
  const met = new Set<string>();
  for (const round of rounds) for (const g of round.games) met.add(`${g.a}\n${g.b}`).add(`${g.b}\n${g.a}`);
  return (a, b) => met.has(`${a}\n${b}`);
}
