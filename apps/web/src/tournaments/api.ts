/**
 * The tournaments' HTTP routes (docs/protocol.md, *Tournaments*): the lists, one tournament, a
 * finished game's record, making one, and this device's player signing up, leaving and checking in.
 */

import { type TournamentAnswer, tournamentAnswer } from "@crossbones/protocol";
import { call, type Guest } from "../online/api";

export type { TournamentAnswer };

export interface TournamentRow {
  readonly id: string;
  readonly settings: TournamentAnswer["settings"];
  readonly status: TournamentAnswer["status"];
  readonly entrants: number;
}

export interface TournamentLists {
  readonly upcoming: readonly TournamentRow[];
  readonly running: readonly TournamentRow[];
  readonly finished: readonly TournamentRow[];
}

export function tournamentLists(): Promise<TournamentLists> {
  return call<TournamentLists>("/api/tournaments");
}

export async function tournamentOf(id: string): Promise<TournamentAnswer> {
  return tournamentAnswer.parse(await call(`/api/tournaments/${id}`));
}

/** Signs up (naming `partner` in Partner), leaves or checks in as `guest`; a refusal is thrown. */
export async function tournamentAction(
  guest: Guest,
  id: string,
  action: "signup" | "leave" | "checkin",
  partner?: string,
): Promise<void> {
  await call(
    `/api/tournaments/${id}/${action}`,
    { method: "POST", body: JSON.stringify(partner ? { partner } : {}) },
    guest.token,
  );
}

/** A finished game's record, as text for the replay viewer. */
export async function gameRecord(ref: string): Promise<string> {
  return JSON.stringify(await call(`/api/games/${ref}`));
}

/** What a maker chooses for a new tournament (the body of `POST /api/tournaments`). */
export interface NewTournament {
  readonly name: string;
  readonly game: "cutthroat" | "partner" | "french";
  /** Swiss and knockout are Cut Throat's and Partner's; duplicate is French's. */
  readonly format: "swiss" | "knockout" | "duplicate";
  readonly rounds: number;
  /** Duplicate: the hands each round plays. */
  readonly hands?: number;
  /** Seconds from now. */
  readonly startIn: number;
  readonly public: boolean;
  readonly rated: boolean;
  /** Cut Throat and Partner: how a game is won (French sends none). */
  /** Every table's rule options (the engine's names: `match`, `doubleBlankValue`, …). */
  readonly options?: Readonly<Record<string, unknown>>;
  /** A round's length in minutes (`ROUND_MINUTES`): then bots finish the games still on. Absent: no limit. */
  readonly roundMinutes?: number;
}

/** Makes a tournament as `guest`; its id (a refusal is thrown). */
export async function createTournament(guest: Guest, body: NewTournament): Promise<string> {
  const made = await call<{ id: string }>(
    "/api/tournaments",
    { method: "POST", body: JSON.stringify(body) },
    guest.token,
  );
  return made.id;
}
