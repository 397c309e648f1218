/**
 * A knockout's bracket as the page draws it (pure): one column a round, from round 1 to the
 * final, each a list of matches in bracket order (match i of a round feeds slot i of the next).
 * Rounds not paired yet are drawn from what is known: a match whose result is in sends its
 * winner on; the rest are still to come (null).
 */

import type { TournamentAnswer } from "./api";

type Round = TournamentAnswer["rounds"][number];
type Game = Round["games"][number];

export interface BracketMatch {
  /** The two slots (null: nobody yet, or an empty slot when `bye`). */
  readonly a: string | null;
  readonly b: string | null;
  /** One side went through without a game (the other slot is empty). */
  readonly bye: boolean;
  /** Who went on, once known. */
  readonly winner: string | null;
  /** The game played, once paired. */
  readonly game: Game | null;
}

/** The bracket's columns, or null when the tournament is no knockout or has not started. */
export function bracketOf(t: TournamentAnswer): BracketMatch[][] | null {
  const first = t.rounds[0]?.slots;
  if (t.settings.format !== "knockout" || !first) return null;
  const columns: BracketMatch[][] = [];
  let slots: readonly (string | null)[] = first;
  for (let r = 0; r < t.roundCount; r++) {
    const round: Round | undefined = t.rounds[r];
    // A paired round's own slots; else the winners of the column before, as far as they are known.
    if (round?.slots) slots = round.slots;
    const paired = round?.slots != null;
    const next = t.rounds[r + 1]?.slots ?? null;
    const matches: BracketMatch[] = [];
    for (let i = 0; i + 1 < slots.length; i += 2) {
      const [a, b] = [slots[i], slots[i + 1]];
      const bye = paired && (a === null) !== (b === null);
      const game = round?.games.find((g) => (g.a === a && g.b === b) || (g.a === b && g.b === a)) ?? null;
      matches.push({ a, b, bye, game, winner: winnerOf(t, r, i / 2, { a, b, bye, game }, next) });
    }
    columns.push(matches);
    slots = matches.map((m) => m.winner);
  }
  return columns;
}

/** Who went on from match `index` of round `r`: the next round's slot says; else the result does. */
function winnerOf(
  t: TournamentAnswer,
  r: number,
  index: number,
  m: Omit<BracketMatch, "winner">,
  next: readonly (string | null)[] | null,
): string | null {
  if (next) return next[index] ?? null;
  if (m.bye) return m.a ?? m.b;
  const result = m.game?.result;
  if (!result || !m.game) return null;
  if (result.aScore === 1) return m.game.a;
  if (result.aScore === 0) return m.game.b;
  // Level: the higher seed goes on, which only the standings of a finished final show.
  return r === t.roundCount - 1 && t.status === "finished" ? (t.standings[0]?.id ?? null) : null;
}
