/**
 * Persistence of online play, embedded: one SQLite file (better-sqlite3, WAL) in the data
 * directory. A table is its setup plus an append-only log of everything that changed it (people
 * sitting and leaving, deals, actions, rematches); every accepted action is appended and committed
 * before anyone hears of it, and a table is rebuilt after a restart by replaying its log through
 * the engine. Finished games are kept as records (RECORD.md) with the players' names.
 *
 * The schema is versioned (`user_version`); `migrate` brings an older file up to date.
 */

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";

/** One change of a table, as logged. Seats are indexes; bones in record notation. */
export type LogEntry =
  /** A person takes a seat. */
  | { readonly k: "sit"; readonly seat: number; readonly player: string; readonly name: string }
  /** A person gives a seat up (a bot plays it until the game ends). */
  | { readonly k: "leave"; readonly seat: number }
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
  /** A new game at the same table, the same seats. */
  | { readonly k: "rematch" };

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

const SCHEMA_VERSION = 1;

export class Store {
  private readonly db: Database.Database;
  private readonly appendStmt: Database.Statement;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, "crossbones.sqlite"));
    this.db.pragma("journal_mode = WAL");
    // A commit survives the server process being killed (WAL with NORMAL syncs at checkpoints,
    // which only an operating-system crash could lose).
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("foreign_keys = ON");
    this.migrate();
    this.appendStmt = this.db.prepare("INSERT INTO log (code, seq, entry) VALUES (?, ?, ?)");
  }

  private migrate(): void {
    const version = this.db.pragma("user_version", { simple: true }) as number;
    if (version < 1) {
      this.db.exec(`
        CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT NOT NULL, created INTEGER NOT NULL);
        CREATE TABLE tables (
          code TEXT PRIMARY KEY, setup TEXT NOT NULL, host TEXT NOT NULL,
          created INTEGER NOT NULL, status TEXT NOT NULL
        );
        CREATE TABLE log (
          code TEXT NOT NULL REFERENCES tables(code), seq INTEGER NOT NULL, entry TEXT NOT NULL,
          PRIMARY KEY (code, seq)
        ) WITHOUT ROWID;
        CREATE TABLE games (
          id INTEGER PRIMARY KEY, code TEXT NOT NULL REFERENCES tables(code), game INTEGER NOT NULL,
          finished INTEGER NOT NULL, record TEXT NOT NULL, UNIQUE (code, game)
        );
        CREATE TABLE seats (
          code TEXT NOT NULL REFERENCES tables(code), player TEXT NOT NULL REFERENCES players(id),
          PRIMARY KEY (code, player)
        ) WITHOUT ROWID;
        CREATE INDEX seats_by_player ON seats (player);
      `);
    }
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }

  addPlayer(id: string, name: string, now: number): void {
    this.db.prepare("INSERT INTO players (id, name, created) VALUES (?, ?, ?)").run(id, name, now);
  }

  playerName(id: string): string | null {
    const row = this.db.prepare("SELECT name FROM players WHERE id = ?").get(id) as { name: string } | undefined;
    return row?.name ?? null;
  }

  addTable(code: string, setup: unknown, host: string, now: number): void {
    this.db
      .prepare("INSERT INTO tables (code, setup, host, created, status) VALUES (?, ?, ?, ?, 'waiting')")
      .run(code, JSON.stringify(setup), host, now);
  }

  hasTable(code: string): boolean {
    return this.db.prepare("SELECT 1 FROM tables WHERE code = ?").get(code) !== undefined;
  }

  setStatus(code: string, status: string): void {
    this.db.prepare("UPDATE tables SET status = ? WHERE code = ?").run(status, code);
  }

  /** Appends one entry at `seq` (the table's next); committed when this returns. */
  append(code: string, seq: number, entry: LogEntry): void {
    this.appendStmt.run(code, seq, JSON.stringify(entry));
  }

  /** Remembers that a player sits (or sat) at a table, for "my tables". */
  addSeat(code: string, player: string): void {
    this.db.prepare("INSERT OR IGNORE INTO seats (code, player) VALUES (?, ?)").run(code, player);
  }

  /** A table's log in order. */
  log(code: string): LogEntry[] {
    const rows = this.db.prepare("SELECT entry FROM log WHERE code = ? ORDER BY seq").all(code) as { entry: string }[];
    return rows.map((r) => JSON.parse(r.entry) as LogEntry);
  }

  /** Every table not finished for good, to rebuild after a start. */
  liveTables(): StoredTable[] {
    const rows = this.db
      .prepare("SELECT code, setup, host, created, status FROM tables WHERE status != 'closed' ORDER BY created")
      .all() as { code: string; setup: string; host: string; created: number; status: string }[];
    return rows.map((r) => ({ ...r, setup: JSON.parse(r.setup) }));
  }

  /** Tables a player sits or sat at, newest first. */
  tablesOf(player: string): { code: string; status: string; created: number }[] {
    return this.db
      .prepare(
        `SELECT t.code, t.status, t.created FROM seats s JOIN tables t ON t.code = s.code
         WHERE s.player = ? ORDER BY t.created DESC LIMIT 50`,
      )
      .all(player) as { code: string; status: string; created: number }[];
  }

  /** Keeps a finished game's record (once per game of a table). */
  addGame(code: string, game: number, record: unknown, now: number): void {
    this.db
      .prepare("INSERT OR IGNORE INTO games (code, game, finished, record) VALUES (?, ?, ?, ?)")
      .run(code, game, now, JSON.stringify(record));
  }

  /** Finished games of the tables a player sat at, newest first. */
  gamesOf(player: string): StoredGame[] {
    return this.db
      .prepare(
        `SELECT g.id, g.code, g.game, g.finished, g.record FROM games g JOIN seats s ON s.code = g.code
         WHERE s.player = ? ORDER BY g.finished DESC LIMIT 100`,
      )
      .all(player) as StoredGame[];
  }

  game(id: number): StoredGame | null {
    return (
      (this.db.prepare("SELECT id, code, game, finished, record FROM games WHERE id = ?").get(id) as
        | StoredGame
        | undefined) ?? null
    );
  }

  /** Throws unless the database answers. */
  ping(): void {
    this.db.prepare("SELECT 1").get();
  }

  close(): void {
    this.db.close();
  }
}
