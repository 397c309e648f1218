/**
 * Persistence of online play. A table is its setup plus an append-only log of everything that
 * changed it (people sitting and leaving, deals, actions, rematches); every accepted change is
 * appended before anyone hears of it, and a table is rebuilt (after a restart, or by another
 * process that takes it over) by replaying its log through the engine. Finished games are kept as
 * records (RECORD.md) with the players' names.
 *
 * Two stores speak this interface: SQLite in the data directory (the default: one process, no
 * service to run; sqlite-store.ts) and PostgreSQL (`DATABASE_URL`; several processes; pg-store.ts).
 *
 * Fencing: a table's owner holds a fence number (`claim` issues a greater one each time a process
 * takes a table over), and `append` is refused with `FencedError` once a newer owner has claimed
 * the table, so an old owner that was paused past its lease can never write to the log again.
 */

import type { BotLevel } from "./setup.js";

/** One change of a table, as logged. Seats are indexes; bones in record notation. */
export type LogEntry =
  /** A person takes a seat. */
  | { readonly k: "sit"; readonly seat: number; readonly player: string; readonly name: string }
  /**
   * A person gives a seat up: before the first deal the seat is open again, after it a bot plays
   * it until the game ends.
   */
  | { readonly k: "leave"; readonly seat: number }
  /** The table's maker frees a person's seat before the first deal; that person may not sit again. */
  | { readonly k: "remove"; readonly seat: number }
  /**
   * The next hand's deal: each seat's bones, and what they were made from (docs/fairness.md;
   * absent from deals logged before deals had proofs).
   */
  | {
      readonly k: "deal";
      readonly hands: readonly (readonly string[])[];
      readonly fair?: {
        readonly secret: string;
        readonly commitment: string;
        readonly seeds: readonly (string | null)[];
      };
    }
  /**
   * An action applied for `seat` (`id`: the client's action id; null for the server's own moves;
   * `bank`: at a table with a clock, the seconds left in the seat's bank after a person's action).
   */
  | {
      readonly k: "act";
      readonly seat: number;
      readonly id: string | null;
      readonly action: unknown;
      readonly bank?: number;
    }
  /** A person ran out of time: a bot plays for them (their bank is spent) until they act again. */
  | { readonly k: "away"; readonly seat: number }
  /** A person who was away acted (even a refused action): they are back. */
  | { readonly k: "back"; readonly seat: number }
  /** A person asks for a rematch (it starts when every person has). */
  | { readonly k: "ask"; readonly seat: number }
  /**
   * A new game at the same table, the same seats. Its `checkpoint` (absent from rematches logged
   * before checkpoints) is everything the table carries into the new game, so that a rebuild can
   * start here (`Store.resume`) instead of replaying every earlier game: their records are stored
   * by then (`addGame` is written before the rematch, in the table's order of writes).
   */
  | { readonly k: "rematch"; readonly checkpoint?: Checkpoint };

/** What a table carries from one game into the next. */
export interface Checkpoint {
  /** The new game's index at the table (0 is the first game). */
  readonly game: number;
  readonly seats: readonly LoggedSeat[];
  /** The action ids each seat's person sent last (a resent one is acknowledged, not applied). */
  readonly ids: readonly (readonly string[])[];
}

/** A seat: open, a person's, or a bot's (a person who left is a bot under their name). */
export type LoggedSeat =
  | { readonly kind: "open" }
  | { readonly kind: "human"; readonly player: string; readonly name: string }
  | { readonly kind: "bot"; readonly level: BotLevel; readonly name: string };

/** Whether a rebuild may start at this entry. */
export const isCheckpoint = (entry: LogEntry): boolean => entry.k === "rematch" && entry.checkpoint !== undefined;

/** The part of a table's log a rebuild replays: `entries` are those from seq `from` on. */
export interface LogTail {
  readonly from: number;
  readonly entries: readonly LogEntry[];
}

export interface StoredTable {
  readonly code: string;
  readonly setup: unknown;
  readonly host: string;
  readonly created: number;
  readonly status: string;
}

export interface StoredGame {
  readonly id: number;
  readonly code: string;
  readonly game: number;
  readonly finished: number;
  readonly record: string;
}

/** A write by an owner whose table another process has since claimed. */
export class FencedError extends Error {
  constructor(code: string, fence: number) {
    super(`table ${code}: fence ${fence} is no longer the owner's`);
    this.name = "FencedError";
  }
}

export interface Store {
  /** What the store is, for logs and /readyz ("sqlite" or "postgres"). */
  readonly kind: string;
  /** The secret that signs guest tokens: made once (by `make`) and then the same for every process. */
  secret(make: () => string): Promise<string>;
  addPlayer(id: string, name: string, now: number): Promise<void>;
  playerName(id: string): Promise<string | null>;
  /** A new table; false when the code is taken. */
  addTable(code: string, setup: unknown, host: string, now: number): Promise<boolean>;
  table(code: string): Promise<StoredTable | null>;
  setStatus(code: string, status: string, fence: number): Promise<void>;
  /** Claims a table for a new owner: its fence, greater than every earlier owner's (null: no such table). */
  claim(code: string): Promise<number | null>;
  /**
   * Appends one entry at `seq` (the table's next) for the owner holding `fence`; durable when the
   * promise resolves. Throws FencedError when a newer owner has claimed the table.
   */
  append(code: string, seq: number, entry: LogEntry, fence: number): Promise<void>;
  /** Remembers that a player sits (or sat) at a table, for "my tables". */
  addSeat(code: string, player: string): Promise<void>;
  /** A table's whole log in order (for audits; a rebuild reads `resume`). */
  log(code: string): Promise<LogEntry[]>;
  /**
   * What a rebuild replays: the log from its last checkpoint on (`isCheckpoint`), or all of it
   * when it has none, so that a table that played many games rebuilds as fast as one that played one.
   */
  resume(code: string): Promise<LogTail>;
  /** Every table not finished for good, to rebuild after a start. */
  liveTables(): Promise<StoredTable[]>;
  /** Tables a player sits or sat at, newest first. */
  tablesOf(player: string): Promise<{ code: string; status: string; created: number }[]>;
  /** Keeps a finished game's record (once per game of a table). */
  addGame(code: string, game: number, record: unknown, now: number): Promise<void>;
  /** Finished games of the tables a player sat at, newest first. */
  gamesOf(player: string): Promise<StoredGame[]>;
  game(id: number): Promise<StoredGame | null>;
  /** Throws unless the database answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
