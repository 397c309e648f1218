/**
 * Duplicate French as the web app reads it (pure). On a tournament's page: a round's tables in
 * order, each with its players by seat (null: a bot), its state, its players' points for the
 * round once it finished, its record once the round is over, and whether the viewer sits there.
 * In the making form: the formats a game is played in, the French presets a duplicate round can
 * play, and the body a maker's choices send (French sends the hands a round and its preset's
 * options, never Cut Throat and Partner's `match`; a round's length only when one was chosen).
 */

import { FORMATS } from "@crossbones/tournament";
import { PRESETS, type Preset } from "../view/presets";
import type { NewTournament, TournamentAnswer } from "./api";

type Round = TournamentAnswer["rounds"][number];
type Table = NonNullable<Round["tables"]>[number];

/** A table's seat as the page lists it. */
export interface DuplicateSeat {
  /** The player's id (null: a bot, in a seat nobody holds). */
  readonly player: string | null;
  /** Their points for the round (every hand's, penalties included) once the table finished. */
  readonly points: number | null;
  /** They never came to the table (a bot played for them). */
  readonly absent: boolean;
}

/** A round's table as the page lists it. */
export interface DuplicateTableView {
  /** Its number in the round, from 1 ("Table 1"). */
  readonly number: number;
  readonly seats: readonly DuplicateSeat[];
  /** Waiting for its table to be made, being played, or finished. */
  readonly state: "waiting" | "playing" | "done";
  /** Its game's record (shown once the whole round is over). */
  readonly record: string | null;
  /** Finished, and its record shows once the other tables of the round have played its deals. */
  readonly replaySoon: boolean;
  /** The viewer sits there. */
  readonly mine: boolean;
}

/** Each seat's points over the hands of a table (`hands[h][seat]`), for `seats` seats. */
export function seatTotals(hands: readonly (readonly number[])[], seats: number): number[] {
  return Array.from({ length: seats }, (_, s) => hands.reduce((sum, hand) => sum + (hand[s] ?? 0), 0));
}

/** The tables of a duplicate round in order (none for a round of games), as seen by `viewer`. */
export function duplicateTables(round: Round, viewer: string | null): DuplicateTableView[] {
  const tables = round.tables ?? [];
  const roundOver = tables.every((x) => x.result !== null);
  return tables.map((table, i) => tableView(table, i, roundOver, viewer));
}

function tableView(table: Table, index: number, roundOver: boolean, viewer: string | null): DuplicateTableView {
  const { result } = table;
  const totals = result ? seatTotals(result.hands, table.seats.length) : null;
  const absent = new Set(result?.absent ?? []);
  const record = result?.record ?? null;
  return {
    number: index + 1,
    seats: table.seats.map((player, s) => ({
      player,
      points: totals ? (totals[s] ?? 0) : null,
      absent: player !== null && absent.has(player),
    })),
    state: result ? "done" : table.table ? "playing" : "waiting",
    record,
    replaySoon: result !== null && record === null && !roundOver,
    mine: viewer !== null && table.seats.includes(viewer),
  };
}

/** A tournament played as duplicate (its rounds are tables, not games). */
export function isDuplicate(t: TournamentAnswer): boolean {
  return t.settings.format === "duplicate";
}

/** The formats `game` is played in, in the order the form offers them. */
export function formatsOf(game: NewTournament["game"]): NewTournament["format"][] {
  return (Object.keys(FORMATS) as NewTournament["format"][]).filter((f) => FORMATS[f].includes(game));
}

/**
 * Options a duplicate round decides for itself: it is a set of the tournament's hands (`hands`),
 * so the target plays no part (F10). A preset setting one of them is not offered.
 */
const DUPLICATE_OWN: readonly string[] = ["target", "hands"];

/** The French presets a duplicate tournament offers, in the home screen's order ("standard" first). */
export function frenchPresets(): Preset[] {
  return PRESETS.filter(
    (p) => p.games.includes("french") && !Object.keys(p.options).some((o) => DUPLICATE_OWN.includes(o)),
  );
}

/** What a maker chose in the form. */
export interface TournamentChoice {
  readonly name: string;
  readonly game: NewTournament["game"];
  readonly format: NewTournament["format"];
  readonly rounds: number;
  readonly hands: number;
  readonly match: "sixLove" | "straight";
  /** French: the id of one of `frenchPresets()` (any other: "standard", no options). */
  readonly preset: string;
  readonly startIn: number;
  readonly listed: boolean;
  readonly rated: boolean;
  /** A round's length in minutes (null: no limit, nothing sent). */
  readonly roundMinutes: number | null;
}

/**
 * The body of `POST /api/tournaments` for `choice`: a format the game is played in (else its
 * first), the hands a round for duplicate, the chosen preset's options for French (none for
 * "standard"), how a game is won for Cut Throat and Partner only, a round's length when the maker
 * chose one.
 */
export function tournamentBody(choice: TournamentChoice): NewTournament {
  const formats = formatsOf(choice.game);
  const format = formats.includes(choice.format) ? choice.format : formats[0];
  const french = frenchPresets().find((p) => p.id === choice.preset)?.options ?? {};
  return {
    name: choice.name.trim(),
    game: choice.game,
    format,
    rounds: choice.rounds,
    ...(format === "duplicate" ? { hands: choice.hands } : {}),
    startIn: choice.startIn,
    public: choice.listed,
    rated: choice.rated,
    ...(choice.game !== "french"
      ? { options: { match: choice.match } }
      : Object.keys(french).length > 0
        ? { options: french }
        : {}),
    ...(choice.roundMinutes === null ? {} : { roundMinutes: choice.roundMinutes }),
  };
}
