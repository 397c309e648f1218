/**
 * What a tournament is made of, whatever its format. An entrant is whoever is paired: a player in
 * Cut Throat and duplicate French, a fixed team of two in Partner. Ids are opaque strings.
 */

export interface Entrant {
  readonly id: string;
  /** Shown rating at sign-up: seeds, orders pairings and breaks the last ties. */
  readonly rating: number;
}

/**
 * One game between two entrants and how it ended for `a`: 1 won, ½ drawn (a match can end
 * level, as a blocked Partner hand can), 0 lost. `absent` lists the entrants who never came to
 * the table (their seats were played by bots): see `gamePoints` for how that is scored.
 */
export interface Game {
  readonly a: string;
  readonly b: string;
  readonly aScore: 0 | 0.5 | 1;
  readonly absent?: readonly string[];
  /** The game's record, by the server's id for it (GET /api/games/ID), when it was kept. */
  readonly record?: string;
}

/** A round as played: its games and the entrant who sat it out, if any. */
export interface PlayedRound {
  readonly games: readonly Game[];
  readonly bye: string | null;
}

/** One place in the standings: `place` counts from 1, shared by entrants the tie-breaks cannot part. */
export interface Standing {
  readonly id: string;
  readonly place: number;
  readonly points: number;
  /** The tie-breaks that ordered this entrant, in the order they were applied (format's own). */
  readonly tieBreaks: readonly number[];
}
