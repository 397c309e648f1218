/**
 * How the viewer did against the player whose profile they look at (pure; `against` of
 * `GET /api/players/:id`): counted by the server from the viewer's side, so "you won 3" means the
 * viewer finished above this player three times.
 */

import type { T } from "../i18n";

export interface Against {
  readonly games: number;
  readonly won: number;
  readonly lost: number;
  readonly drawn: number;
}

/** "Against you: you won 3, lost 2, drew 1"; null when there is nothing to say (no rated game together, or nobody asked). */
export function againstText(t: T, against: Against | null): string | null {
  if (against === null || against.games === 0) return null;
  return t("profile.against", { won: against.won, lost: against.lost, drawn: against.drawn });
}
