/**
 * What the tournament page reads from a tournament (pure): who an entrant is by name, and the
 * viewer's entry.
 */

import type { TournamentAnswer } from "./api";

/** An entrant's name: the player's, or a Partner team's two names. */
export function entrantName(t: TournamentAnswer, entrant: string): string {
  const signed = t.signed.find((e) => e.id === entrant);
  if (signed) return signed.players.map((p) => p.name).join(" & ");
  const standing = t.standings.find((s) => s.id === entrant);
  return standing ? standing.names.join(" & ") : "?";
}

/** The entrant `player` is part of, if they signed up. */
export function entrantOf(t: TournamentAnswer, player: string): TournamentAnswer["signed"][number] | undefined {
  return t.signed.find((e) => e.players.some((p) => p.id === player));
}
