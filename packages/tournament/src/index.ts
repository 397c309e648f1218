/**
 * @crossbones/tournament: tournaments as pure values (docs/tournaments.md). Swiss pairings and
 * standings, knockout brackets, duplicate French seating and scoring. Nothing here reads a clock
 * or does I/O: the server keeps a tournament's log and asks these what comes next.
 */

export {
  DUPLICATE_SEATS,
  type DuplicateTable,
  duplicateScores,
  duplicateSeating,
  duplicateStandings,
} from "./duplicate.js";
export {
  knockoutGames,
  knockoutStandings,
  nextKnockoutRound,
  type Slots,
  seedBracket,
  seedOrder,
  seeds,
} from "./knockout.js";
export {
  applyTournament,
  CHECK_IN_MS,
  decideTournament,
  FORMATS,
  type Format,
  MAX_ENTRANTS,
  MAX_HANDS,
  MAX_ROUNDS,
  MIN_ENTRANTS,
  newTournament,
  played,
  ROUND_MINUTES,
  roundDeadline,
  type Signed,
  settingsProblem,
  signedOf,
  type TableHands,
  type TournamentCommand,
  type TournamentDecision,
  type TournamentEntry,
  type TournamentGame,
  type TournamentRefusal,
  type TournamentRound,
  type TournamentSettings,
  type TournamentState,
  type TournamentStatus,
  teamId,
  tournamentDue,
  tournamentStandings,
} from "./life.js";
export { BYE, DRAW, gamePoints, metBefore, opponent, pointsAfter, WIN } from "./points.js";
export { placed, swissStandings } from "./standings.js";
export { maxSwissRounds, type Pairing, pairSwiss } from "./swiss.js";
export type { Entrant, Game, PlayedRound, Standing } from "./types.js";
