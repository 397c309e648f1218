/**
 * What the tournament page works out from a tournament (pure): who an entrant is by name, where
 * the viewer stands in it, and the viewer's game of the round now being played.
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

/** The table of `player`'s game in the round now being played, while it is on (null: none). */
export function currentTable(t: TournamentAnswer, player: string): string | null {
  if (t.status !== "running") return null;
  const game = t.rounds.at(-1)?.games.find((g) => g.result === null && `+${g.a}+${g.b}+`.includes(`+${player}+`));
  return game?.table ?? null;
}

/** Check-in opens this long before the start (the server's CHECK_IN_MS). */
export const CHECK_IN_MS = 10 * 60_000;
