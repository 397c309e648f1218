/**
 * A finished game's result as ratings take it (docs/ratings.md): who played it and in what order
 * they finished. The order is the game's own: the set or match winner first, then French by the
 * lowest total, Cut Throat by the most match points, Partner by team; a side that resigned is
 * below every other, and a person who left during the game is last, whatever the bot that played
 * on for them did. Bots are not rated: the order is the people's among themselves.
 */

import { type GameKind, sideCount, sideOf } from "@crossbones/engine";
import type { TableState } from "./types.js";

/** People rated as one (a side's people who stayed, or one who left) and their place. */
export interface RatedTeam {
  readonly players: readonly string[];
  /** 0 is first; teams with the same place tied. */
  readonly place: number;
  /** These people left the game before its end. */
  readonly left: boolean;
}

export interface RatedResult {
  readonly kind: GameKind;
  /** Best first. */
  readonly teams: readonly RatedTeam[];
}

/**
 * The result of the table's finished game for ratings, or null when it is not rated: the table is
 * not, the game is not over, or people sat on fewer than two sides (nobody to be measured against).
 */
export function ratedResult(s: TableState): RatedResult | null {
  const { game } = s;
  if (!s.table.rated || !game.finished || game.winner === null) return null;
  const rules = s.table.rules;
  const sides = sideCount(rules);
  const stayed: string[][] = Array.from({ length: sides }, () => []);
  const leavers: string[] = [];
  const peopled = new Set<number>();
  s.seats.forEach((seat, i) => {
    const side = sideOf(rules, i);
    const left = s.left[i];
    if (seat.kind === "human") stayed[side].push(seat.player);
    else if (left) leavers.push(left);
    else return;
    peopled.add(side);
  });
  if (peopled.size < 2) return null;

  // How a side stands: the winner, then by totals, and one that resigned below them all.
  const lowerWins = rules.game === "french";
  const standing = (side: number): number[] => [
    side === game.winner ? 0 : 1,
    game.resigned !== null && sideOf(rules, game.resigned) === side ? 1 : 0,
    lowerWins ? game.totals[side] : -game.totals[side],
  ];
  const before = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  const order = stayed
    .map((players, side) => ({ players, key: standing(side) }))
    .filter((t) => t.players.length > 0)
    .sort((a, b) => before(a.key, b.key));
  const teams: RatedTeam[] = order.map((t, i) => {
    let place = i;
    while (place > 0 && before(order[place - 1].key, t.key) === 0) place--;
    return { players: t.players, place, left: false };
  });
  for (const player of leavers) teams.push({ players: [player], place: order.length, left: true });
  return { kind: rules.game, teams };
}
