/**
 * The embedded store (the default): one SQLite file (better-sqlite3, WAL) in the data directory,
 * for one server process. better-sqlite3 is synchronous, so each call has finished (and its
 * transaction committed) before its promise is even returned. The schema is versioned
 * (`user_version`); `migrate` brings an older file up to date.
 */

import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { RatedResult } from "@crossbones/table";
import Database from "better-sqlite3";
import { renamedEntry, renamedRecord, seatsOf } from "./former.js";
import {
  FARMING_WINDOW,
  type KeptRating,
  peopleKey,
  type RatedKind,
  type Rating,
  type RatingChange,
  rateGame,
  shown,
  weightOf,
} from "./ratings.js";
import {
  type BoardQuery,
  type BoardRow,
  FencedError,
  type FriendRow,
  isCheckpoint,
  type LogEntry,
  type LogTail,
  type PasskeyInfo,
  type PlayerRating,
  type PlayerTournament,
  type Store,
  type StoredGame,
  type StoredPasskey,
  type StoredTable,
  type StoredTournament,
  TABLE_FORMAT,
  TournamentConflict,
  type TournamentResult,
  type TournamentRow,
} from "./store.js";
import { gameRef } from "./tokens.js";

const MIGRATIONS: readonly string[] = [
  // 1: players, tables, their logs, finished games, who sat where.
  `CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT NOT NULL, created INTEGER NOT NULL);
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
   CREATE INDEX seats_by_player ON seats (player);`,
  // 2: each table's owner fence (the same rule as PostgreSQL's, though one process owns all here).
  "ALTER TABLE tables ADD COLUMN fence INTEGER NOT NULL DEFAULT 0;",
  // 3: where a table's rebuild starts (the seq of its last checkpoint; store.ts, `isCheckpoint`).
  "ALTER TABLE tables ADD COLUMN checkpoint INTEGER NOT NULL DEFAULT 0;",
  // 4: the stored form's version (a table made before holds only its maker's options), and what a
  // table out of memory needs: when to load it by itself and since when nobody was at it.
  `ALTER TABLE tables ADD COLUMN format INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE tables ADD COLUMN wake INTEGER;
   ALTER TABLE tables ADD COLUMN idle INTEGER;
   CREATE INDEX tables_wake ON tables (wake) WHERE wake IS NOT NULL;
   CREATE INDEX tables_by_host ON tables (host, status);`,
  // 5: a finished game's id to the world is random (`ref`); the rows before get one at start
  // (`refs`), drawn by the server, not by SQLite's generator.
  `ALTER TABLE games ADD COLUMN ref TEXT;
   CREATE UNIQUE INDEX games_by_ref ON games (ref);`,
  // 6: each player's key generation (Sign out other devices: keys of an older one are refused).
  "ALTER TABLE players ADD COLUMN key INTEGER NOT NULL DEFAULT 0;",
  // 7: accounts (a guest who added a passkey: `account`, since when) and their passkeys
  // (WebAuthn credentials: the public key and the signature counter the authenticator keeps).
  // A player who plays through a program (--bot, --program) is marked `bot`; `country`, optional.
  `ALTER TABLE players ADD COLUMN account INTEGER;
   ALTER TABLE players ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE players ADD COLUMN country TEXT;
   CREATE TABLE passkeys (
     id TEXT PRIMARY KEY, player TEXT NOT NULL REFERENCES players(id), public_key BLOB NOT NULL,
     counter INTEGER NOT NULL, transports TEXT NOT NULL, created INTEGER NOT NULL, used INTEGER,
     name TEXT NOT NULL
   );
   CREATE INDEX passkeys_by_player ON passkeys (player);`,
  // 8: ratings (ratings.ts): each player's current Weng–Lin rating per game kind (and the number
  // shown, which boards sort by), every change
  // (one row per player and rated game: the history plot and the monthly boards), and the rated
  // games by who played them (the rule against farming counts earlier meetings of the same people).
  `CREATE TABLE ratings (
     player TEXT NOT NULL REFERENCES players(id), kind TEXT NOT NULL, mu REAL NOT NULL,
     sigma REAL NOT NULL, rating INTEGER NOT NULL, games INTEGER NOT NULL, updated INTEGER NOT NULL,
     PRIMARY KEY (player, kind)
   ) WITHOUT ROWID;
   CREATE INDEX ratings_board ON ratings (kind, rating);
   CREATE TABLE rating_changes (
     player TEXT NOT NULL REFERENCES players(id), game TEXT NOT NULL, kind TEXT NOT NULL,
     at INTEGER NOT NULL, place INTEGER NOT NULL, weight REAL NOT NULL, mu REAL NOT NULL,
     sigma REAL NOT NULL, before INTEGER NOT NULL, after INTEGER NOT NULL,
     PRIMARY KEY (player, game)
   ) WITHOUT ROWID;
   CREATE INDEX rating_changes_by_kind ON rating_changes (kind, at);
   CREATE TABLE rated_games (
     game TEXT PRIMARY KEY, kind TEXT NOT NULL, people TEXT NOT NULL, at INTEGER NOT NULL
   );
   CREATE INDEX rated_games_by_people ON rated_games (people, at);`,
  // 9: friends (one way: the people a player added) and blocks (docs/ratings.md, *Friends and blocks*).
  `CREATE TABLE friends (
     player TEXT NOT NULL REFERENCES players(id), friend TEXT NOT NULL REFERENCES players(id),
     since INTEGER NOT NULL, PRIMARY KEY (player, friend)
   ) WITHOUT ROWID;
   CREATE TABLE blocks (
     player TEXT NOT NULL REFERENCES players(id), blocked TEXT NOT NULL REFERENCES players(id),
     since INTEGER NOT NULL, PRIMARY KEY (player, blocked)
   ) WITHOUT ROWID;
   CREATE INDEX blocks_by_blocked ON blocks (blocked);`,
  // 10: tournaments (docs/tournaments.md): settings, and a log of @crossbones/tournament's entries
  // from which the server rebuilds each (its status and count of entrants kept for the lists).
  `CREATE TABLE tournaments (
     id TEXT PRIMARY KEY, settings TEXT NOT NULL, maker TEXT NOT NULL REFERENCES players(id),
     created INTEGER NOT NULL, public INTEGER NOT NULL, status TEXT NOT NULL, start_at INTEGER NOT NULL,
     entrants INTEGER NOT NULL DEFAULT 0
   );
   CREATE INDEX tournaments_by_status ON tournaments (status, start_at);
   CREATE TABLE tournament_log (
     id TEXT NOT NULL REFERENCES tournaments(id), seq INTEGER NOT NULL, entry TEXT NOT NULL,
     PRIMARY KEY (id, seq)
   ) WITHOUT ROWID;
   CREATE TABLE tournament_results (
     id TEXT NOT NULL REFERENCES tournaments(id), player TEXT NOT NULL REFERENCES players(id),
     place INTEGER NOT NULL, entrants INTEGER NOT NULL, finished INTEGER NOT NULL,
     PRIMARY KEY (id, player)
   ) WITHOUT ROWID;
   CREATE INDEX tournament_results_by_player ON tournament_results (player, finished);`,
];

const COLUMNS = "code, setup, host, created, status, format, wake, idle";

/**
 * A leaderboard's rows as a query (player, rating, games): all time, every player's rating now;
 * since a moment, the rating after each player's last rated game since then.
 */
function boardSql(q: BoardQuery): { sql: string; args: (string | number)[] } {
  if (q.since === null)
    return {
      sql: `SELECT r.player, p.name, p.bot, r.rating, r.games FROM ratings r JOIN players p ON p.id = r.player
            WHERE r.kind = ? AND r.games >= ? AND p.bot = ?`,
      args: [q.kind, q.minGames, q.bots ? 1 : 0],
    };
  return {
    sql: `SELECT c.player, p.name, p.bot, (SELECT c2.after FROM rating_changes c2 WHERE c2.player = c.player
            AND c2.kind = c.kind AND c2.at >= ? ORDER BY c2.at DESC, c2.game DESC LIMIT 1) AS rating, count(*) AS games
          FROM rating_changes c JOIN players p ON p.id = c.player
          WHERE c.kind = ? AND c.at >= ? AND p.bot = ? GROUP BY c.player HAVING count(*) >= ?`,
    args: [q.since, q.kind, q.since, q.bots ? 1 : 0, q.minGames],
  };
}

/** How often the checkpointer moves the WAL's pages into the database file (ms). */
const CHECKPOINT_MS = 1000;

/**
 * The checkpointer: a connection of its own in a worker thread. A checkpoint copies the WAL into
 * the database file and waits for the disk (fsync) on the way; run by the server's own connection
 * (SQLite's automatic checkpoint, every 1,000 pages, inside some commit) it held up the event loop
 * and every table with it: bench:server at 2,000 tables, p99 651 → 253 ms without it. PASSIVE
 * never waits for the writer, so appends go on meanwhile. Plain JavaScript, evaluated as the
 * worker's code: the same in the built server and under the tests' TypeScript loader.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const checkpoint = () => db.pragma("wal_checkpoint(PASSIVE)");
const timer = setInterval(checkpoint, workerData.every);
parentPort.on("message", (m) => {
  if (m === "checkpoint") {
    checkpoint();
    parentPort.postMessage("checkpointed");
    return;
  }
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * addGame's transaction: the game, and when it is rated the new ratings, their changes and the
 * game among the rated ones. better-sqlite3 commits when the function returns and rolls back if
 * it throws.
 */
function gameWriter(db: Database.Database) {
  const insert = db.prepare("INSERT OR IGNORE INTO games (code, game, finished, record, ref) VALUES (?, ?, ?, ?, ?)");
  const earlier = db.prepare("SELECT count(*) AS n FROM rated_games WHERE people = ? AND kind = ? AND at > ?");
  const current = db.prepare("SELECT mu, sigma, games FROM ratings WHERE player = ? AND kind = ?");
  const keep = db.prepare(
    `INSERT INTO ratings (player, kind, mu, sigma, rating, games, updated) VALUES (?, ?, ?, ?, ?, 1, ?)
     ON CONFLICT (player, kind) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
     rating = excluded.rating, games = games + 1, updated = excluded.updated`,
  );
  const change = db.prepare(
    `INSERT INTO rating_changes (player, game, kind, at, place, weight, mu, sigma, before, after)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ratedGame = db.prepare("INSERT INTO rated_games (game, kind, people, at) VALUES (?, ?, ?, ?)");
  return db.transaction(
    (code: string, game: number, record: unknown, now: number, ref: string, rated: RatedResult | null) => {
      const added = insert.run(code, game, now, JSON.stringify(record), ref).changes === 1;
      if (!added || rated === null) return [];
      const people = peopleKey(rated);
      const { n } = earlier.get(people, rated.kind, now - FARMING_WINDOW) as { n: number };
      const changes = rateGame(
        rated,
        (p) => (current.get(p, rated.kind) as KeptRating | undefined) ?? null,
        weightOf(n),
      );
      for (const c of changes) {
        keep.run(c.player, rated.kind, c.after.mu, c.after.sigma, shown(c.after), now);
        change.run(
          c.player,
          ref,
          rated.kind,
          now,
          c.place,
          c.weight,
          c.after.mu,
          c.after.sigma,
          shown(c.before),
          shown(c.after),
        );
      }
      ratedGame.run(ref, rated.kind, people, now);
      return changes;
    },
  );
}

/** An append waiting for its turn's transaction. */
interface PendingAppend {
  readonly code: string;
  readonly seq: number;
  readonly entry: LogEntry;
  readonly fence: number;
  resolve(): void;
  reject(error: unknown): void;
}
type Row = Omit<StoredTable, "setup"> & { setup: string };

export class SqliteStore implements Store {
  readonly kind = "sqlite";
  private readonly db: Database.Database;
  private readonly appendStmt: Database.Statement;
  private readonly checkpointStmt: Database.Statement;
  private readonly appendAll: (batch: readonly PendingAppend[], failures: unknown[]) => void;
  /** Appends waiting for the end of this turn of the event loop (`append`). */
  private appends: PendingAppend[] = [];
  private readonly writeGame: ReturnType<typeof gameWriter>;
  private readonly checkpointer: Worker;
  /** Resolves once the checkpointer's thread has ended (closed, or failed). */
  private readonly checkpointerGone: Promise<void>;

  constructor(
    private readonly dataDir: string,
    /** How often the checkpointer checkpoints (ms; a test sets it out of its way). */
    checkpointMs = CHECKPOINT_MS,
  ) {
    // The data is the server user's alone (it holds every hand of a table): a new directory is
    // made 0700 and a new database file 0600, which SQLite gives its -wal and -shm files too. An
    // existing directory or file keeps the mode its owner gave it.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = join(dataDir, "crossbones.sqlite");
    closeSync(openSync(file, "a", 0o600));
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    // A commit survives the server process being killed (WAL with NORMAL syncs at checkpoints,
    // which only an operating-system crash could lose).
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("foreign_keys = ON");
    this.migrate();
    this.refs();
    // Checkpoints happen off the event loop; if the checkpointer fails, this connection makes them again.
    this.db.pragma("wal_autocheckpoint = 0");
    this.checkpointer = new Worker(CHECKPOINTER, {
      eval: true,
      workerData: { driver: createRequire(import.meta.url).resolve("better-sqlite3"), file, every: checkpointMs },
    });
    this.checkpointer.unref();
    this.checkpointer.on("error", () => {
      if (this.db.open) this.db.pragma("wal_autocheckpoint = 1000");
    });
    this.checkpointerGone = new Promise((resolve) => this.checkpointer.once("exit", () => resolve()));
    // The entry goes in only while `fence` is the table's: no row inserted is a fenced-out owner.
    this.appendStmt = this.db.prepare(
      "INSERT INTO log (code, seq, entry) SELECT ?, ?, ? WHERE (SELECT fence FROM tables WHERE code = ?) = ?",
    );
    this.checkpointStmt = this.db.prepare("UPDATE tables SET checkpoint = ? WHERE code = ?");
    this.writeGame = gameWriter(this.db);
    const appendOne = (code: string, seq: number, entry: LogEntry, fence: number) => {
      if (this.appendStmt.run(code, seq, JSON.stringify(entry), code, fence).changes === 0)
        throw new FencedError(code, fence);
      if (isCheckpoint(entry)) this.checkpointStmt.run(seq, code);
    };
    // Inside the turn's transaction a failed statement undoes itself alone (SQLite's ABORT), so an
    // append is one statement; a checkpoint's two writes are a savepoint, both or neither.
    const checkpointTx = this.db.transaction(appendOne);
    this.appendAll = this.db.transaction((batch: readonly PendingAppend[], failures: unknown[]) => {
      batch.forEach((a, i) => {
        try {
          (isCheckpoint(a.entry) ? checkpointTx : appendOne)(a.code, a.seq, a.entry, a.fence);
        } catch (e) {
          failures[i] = e;
        }
      });
    });
  }

  private migrate(): void {
    const version = this.db.pragma("user_version", { simple: true }) as number;
    for (let v = version; v < MIGRATIONS.length; v++) {
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[v]);
        this.db.pragma(`user_version = ${v + 1}`);
      })();
    }
  }

  async secret(make: () => string): Promise<string> {
    // A file beside the database, so that it can be kept out of backups of the data.
    const path = join(this.dataDir, "secret");
    if (!existsSync(path)) writeFileSync(path, make(), { mode: 0o600, flag: "wx" });
    return readFileSync(path, "utf8").trim();
  }

  async addPlayer(id: string, name: string, now: number): Promise<void> {
    this.db.prepare("INSERT INTO players (id, name, created) VALUES (?, ?, ?)").run(id, name, now);
  }

  async player(id: string): Promise<{ name: string; key: number; bot: boolean } | null> {
    const row = this.db.prepare("SELECT name, key, bot FROM players WHERE id = ?").get(id) as
      | { name: string; key: number; bot: number }
      | undefined;
    return row ? { ...row, bot: row.bot === 1 } : null;
  }

  async markBot(id: string): Promise<void> {
    this.db.prepare("UPDATE players SET bot = 1 WHERE id = ?").run(id);
  }

  async rotate(id: string): Promise<number> {
    const row = this.db.prepare("UPDATE players SET key = key + 1 WHERE id = ? RETURNING key").get(id) as {
      key: number;
    };
    return row.key;
  }

  async addTable(code: string, setup: unknown, host: string, now: number): Promise<boolean> {
    const r = this.db
      .prepare(
        "INSERT OR IGNORE INTO tables (code, setup, host, created, status, format) VALUES (?, ?, ?, ?, 'waiting', ?)",
      )
      .run(code, JSON.stringify(setup), host, now, TABLE_FORMAT);
    return r.changes === 1;
  }

  async table(code: string): Promise<StoredTable | null> {
    const row = this.db.prepare(`SELECT ${COLUMNS} FROM tables WHERE code = ?`).get(code) as Row | undefined;
    return row ? { ...row, setup: JSON.parse(row.setup) } : null;
  }

  async freeze(code: string, setup: unknown): Promise<void> {
    this.db
      .prepare("UPDATE tables SET setup = ?, format = ? WHERE code = ?")
      .run(JSON.stringify(setup), TABLE_FORMAT, code);
  }

  async setStatus(code: string, status: string, fence: number): Promise<void> {
    // A closed table is never loaded again by itself.
    this.db
      .prepare(
        "UPDATE tables SET status = ?, wake = CASE WHEN ? = 'closed' THEN NULL ELSE wake END WHERE code = ? AND fence = ?",
      )
      .run(status, status, code, fence);
  }

  async park(code: string, wake: number | null, idle: number | null): Promise<void> {
    this.db.prepare("UPDATE tables SET wake = ?, idle = ? WHERE code = ? AND status != 'closed'").run(wake, idle, code);
  }

  async dueTables(now: number, limit: number): Promise<string[]> {
    const rows = this.db
      .prepare(
        "SELECT code FROM tables WHERE wake IS NOT NULL AND wake <= ? AND status != 'closed' ORDER BY wake LIMIT ?",
      )
      .all(now, limit) as { code: string }[];
    return rows.map((r) => r.code);
  }

  async loadedTables(): Promise<string[]> {
    const rows = this.db.prepare("SELECT code FROM tables WHERE wake IS NULL AND status != 'closed'").all() as {
      code: string;
    }[];
    return rows.map((r) => r.code);
  }

  async openTables(host: string): Promise<number> {
    const row = this.db
      .prepare("SELECT count(*) AS n FROM tables WHERE host = ? AND status IN ('waiting', 'playing')")
      .get(host) as { n: number };
    return row.n;
  }

  async claim(code: string): Promise<number | null> {
    const row = this.db.prepare("UPDATE tables SET fence = fence + 1 WHERE code = ? RETURNING fence").get(code) as
      | { fence: number }
      | undefined;
    return row?.fence ?? null;
  }

  /**
   * Appends wait for the end of the event loop's turn and go in one transaction with every other
   * table's of that turn (a commit each cost a write to the WAL each). Each is its own savepoint
   * inside it: one table's refused append (fenced out, a broken log) is that table's alone.
   */
  append(code: string, seq: number, entry: LogEntry, fence: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.appends.push({ code, seq, entry, fence, resolve, reject });
      if (this.appends.length === 1) setImmediate(() => this.flushAppends());
    });
  }

  private flushAppends(): void {
    const batch = this.appends;
    this.appends = [];
    const failures: unknown[] = [];
    try {
      this.appendAll(batch, failures);
    } catch (e) {
      for (const a of batch) a.reject(e);
      return;
    }
    for (const [i, a] of batch.entries()) {
      if (failures[i] === undefined) a.resolve();
      else a.reject(failures[i]);
    }
  }

  async addSeat(code: string, player: string): Promise<void> {
    this.db.prepare("INSERT OR IGNORE INTO seats (code, player) VALUES (?, ?)").run(code, player);
  }

  async log(code: string): Promise<LogEntry[]> {
    const rows = this.db.prepare("SELECT entry FROM log WHERE code = ? ORDER BY seq").all(code) as { entry: string }[];
    return rows.map((r) => JSON.parse(r.entry) as LogEntry);
  }

  async resume(code: string): Promise<LogTail> {
    const rows = this.db
      .prepare(
        `SELECT seq, entry FROM log WHERE code = @code AND seq >= coalesce(
           (SELECT checkpoint FROM tables WHERE code = @code), 0) ORDER BY seq`,
      )
      .all({ code }) as { seq: number; entry: string }[];
    return { from: rows[0]?.seq ?? 0, entries: rows.map((r) => JSON.parse(r.entry) as LogEntry) };
  }

  async tablesOf(player: string): Promise<{ code: string; status: string; created: number }[]> {
    return this.db
      .prepare(
        `SELECT t.code, t.status, t.created FROM seats s JOIN tables t ON t.code = s.code
         WHERE s.player = ? ORDER BY t.created DESC LIMIT 50`,
      )
      .all(player) as { code: string; status: string; created: number }[];
  }

  // ---- ratings

  async rating(player: string, kind: RatedKind): Promise<Rating | null> {
    const row = this.db.prepare("SELECT mu, sigma FROM ratings WHERE player = ? AND kind = ?").get(player, kind);
    return (row as Rating | undefined) ?? null;
  }

  async ratingsOf(player: string): Promise<PlayerRating[]> {
    const ratings = this.db
      .prepare("SELECT kind, mu, sigma, games FROM ratings WHERE player = ? ORDER BY kind")
      .all(player) as Omit<PlayerRating, "history">[];
    const changes = this.db.prepare(
      "SELECT at, after AS rating, game FROM rating_changes WHERE player = ? AND kind = ? ORDER BY at, game",
    );
    return ratings.map((r) => ({ ...r, history: changes.all(player, r.kind) as PlayerRating["history"] }));
  }

  async leaderboard(query: BoardQuery, offset: number, limit: number): Promise<{ total: number; rows: BoardRow[] }> {
    const board = boardSql(query);
    const { total } = this.db.prepare(`SELECT count(*) AS total FROM (${board.sql})`).get(...board.args) as {
      total: number;
    };
    const rows = this.db
      .prepare(`SELECT * FROM (${board.sql}) ORDER BY rating DESC, player LIMIT ? OFFSET ?`)
      .all(...board.args, limit, offset) as (Omit<BoardRow, "bot"> & { bot: number })[];
    return { total, rows: rows.map((r) => ({ ...r, bot: r.bot === 1 })) };
  }

  async boardPlace(query: BoardQuery, player: string): Promise<number | null> {
    const board = boardSql(query);
    const row = this.db
      .prepare(
        `WITH b AS (${board.sql}) SELECT (SELECT count(*) FROM b
           WHERE b.rating > me.rating OR (b.rating = me.rating AND b.player < me.player)) + 1 AS place
         FROM b me WHERE me.player = ?`,
      )
      .get(...board.args, player) as { place: number } | undefined;
    return row?.place ?? null;
  }

  async addGame(
    code: string,
    game: number,
    record: unknown,
    now: number,
    ref: string,
    rated: RatedResult | null = null,
  ): Promise<RatingChange[]> {
    return this.writeGame(code, game, record, now, ref, rated);
  }

  async gamesOf(player: string, limit = 100, publicOnly = false): Promise<StoredGame[]> {
    return this.db
      .prepare(
        `SELECT g.ref AS id, g.code, g.game, g.finished, g.record FROM games g JOIN seats s ON s.code = g.code
         JOIN tables t ON t.code = g.code
         WHERE s.player = ? AND (? = 0 OR json_extract(t.setup, '$.private') = 0) ORDER BY g.finished DESC LIMIT ?`,
      )
      .all(player, publicOnly ? 1 : 0, limit) as StoredGame[];
  }

  async headToHead(
    player: string,
    other: string,
  ): Promise<{ games: number; won: number; lost: number; drawn: number }> {
    const row = this.db
      .prepare(
        `SELECT count(*) AS games, coalesce(sum(a.place < b.place), 0) AS won, coalesce(sum(a.place > b.place), 0) AS lost,
           coalesce(sum(a.place = b.place), 0) AS drawn
         FROM rating_changes a JOIN rating_changes b ON b.game = a.game AND b.player = ? WHERE a.player = ?`,
      )
      .get(other, player) as { games: number; won: number; lost: number; drawn: number };
    return row;
  }

  async game(ref: string): Promise<StoredGame | null> {
    return (
      (this.db.prepare("SELECT ref AS id, code, game, finished, record FROM games WHERE ref = ?").get(ref) as
        | StoredGame
        | undefined) ?? null
    );
  }

  /** Games kept before they had a random id get one (once, at start). */
  private refs(): void {
    const rows = this.db.prepare("SELECT id FROM games WHERE ref IS NULL").all() as { id: number }[];
    const give = this.db.prepare("UPDATE games SET ref = ? WHERE id = ?");
    this.db.transaction(() => {
      for (const { id } of rows) give.run(gameRef(), id);
    })();
  }

  async tableGame(code: string, game: number): Promise<StoredGame | null> {
    return (
      (this.db
        .prepare("SELECT ref AS id, code, game, finished, record FROM games WHERE code = ? AND game = ?")
        .get(code, game) as StoredGame | undefined) ?? null
    );
  }

  // ---- tournaments

  async addTournament(t: Omit<StoredTournament, "log" | "status">, startAt: number): Promise<boolean> {
    const r = this.db
      .prepare(
        `INSERT OR IGNORE INTO tournaments (id, settings, maker, created, public, status, start_at)
         VALUES (?, ?, ?, ?, ?, 'open', ?)`,
      )
      .run(t.id, JSON.stringify(t.settings), t.maker, t.created, t.public ? 1 : 0, startAt);
    return r.changes === 1;
  }

  async appendTournament(
    id: string,
    seq: number,
    entries: readonly unknown[],
    status: string,
    entrants: number,
    results?: { readonly at: number; readonly places: readonly TournamentResult[] },
  ): Promise<void> {
    const add = this.db.prepare("INSERT INTO tournament_log (id, seq, entry) VALUES (?, ?, ?)");
    const place = this.db.prepare(
      "INSERT OR IGNORE INTO tournament_results (id, player, place, entrants, finished) VALUES (?, ?, ?, ?, ?)",
    );
    try {
      this.db.transaction(() => {
        for (const [i, e] of entries.entries()) add.run(id, seq + i, JSON.stringify(e));
        this.db.prepare("UPDATE tournaments SET status = ?, entrants = ? WHERE id = ?").run(status, entrants, id);
        for (const r of results?.places ?? []) place.run(id, r.player, r.place, r.entrants, results?.at);
      })();
    } catch (e) {
      if ((e as { code?: string }).code === "SQLITE_CONSTRAINT_PRIMARYKEY") throw new TournamentConflict(id, seq);
      throw e;
    }
  }

  async tournament(id: string): Promise<StoredTournament | null> {
    const row = this.db
      .prepare("SELECT id, settings, maker, created, public, status FROM tournaments WHERE id = ?")
      .get(id) as
      | { id: string; settings: string; maker: string; created: number; public: number; status: string }
      | undefined;
    if (!row) return null;
    const log = this.db.prepare("SELECT entry FROM tournament_log WHERE id = ? ORDER BY seq").all(id) as {
      entry: string;
    }[];
    return {
      ...row,
      settings: JSON.parse(row.settings),
      public: row.public === 1,
      log: log.map((l) => JSON.parse(l.entry)),
    };
  }

  async tournamentResultsOf(player: string, limit: number): Promise<PlayerTournament[]> {
    const rows = this.db
      .prepare(
        `SELECT r.id, t.settings, r.place, r.entrants, r.finished FROM tournament_results r
         JOIN tournaments t ON t.id = r.id WHERE r.player = ? ORDER BY r.finished DESC LIMIT ?`,
      )
      .all(player, limit) as { id: string; settings: string; place: number; entrants: number; finished: number }[];
    return rows.map(({ settings, ...r }) => ({ ...r, name: (JSON.parse(settings) as { name: string }).name }));
  }

  async tournaments(statuses: readonly string[], limit: number, all = false): Promise<TournamentRow[]> {
    const rows = this.db
      .prepare(
        `SELECT id, settings, status, entrants FROM tournaments
         WHERE status IN (SELECT value FROM json_each(?)) AND (? OR public = 1)
         ORDER BY start_at, id LIMIT ?`,
      )
      .all(JSON.stringify(statuses), all ? 1 : 0, limit) as {
      id: string;
      settings: string;
      status: string;
      entrants: number;
    }[];
    return rows.map((r) => ({ ...r, settings: JSON.parse(r.settings) }));
  }

  // ---- friends and blocks

  async friendsOf(player: string): Promise<FriendRow[]> {
    const rows = this.db
      .prepare(
        `SELECT p.id, p.name, p.bot, f.since, (SELECT t.code FROM seats s JOIN tables t ON t.code = s.code
           WHERE s.player = f.friend AND t.status IN ('waiting', 'playing') AND json_extract(t.setup, '$.private') = 0
           ORDER BY t.created DESC LIMIT 1) AS tableCode
         FROM friends f JOIN players p ON p.id = f.friend WHERE f.player = ? ORDER BY p.name, p.id`,
      )
      .all(player) as { id: string; name: string; bot: number; since: number; tableCode: string | null }[];
    return rows.map(({ tableCode, ...r }) => ({ ...r, bot: r.bot === 1, table: tableCode }));
  }

  async addFriend(player: string, friend: string, now: number): Promise<void> {
    this.db.prepare("INSERT OR IGNORE INTO friends (player, friend, since) VALUES (?, ?, ?)").run(player, friend, now);
  }

  async removeFriend(player: string, friend: string): Promise<void> {
    this.db.prepare("DELETE FROM friends WHERE player = ? AND friend = ?").run(player, friend);
  }

  async blocksOf(player: string): Promise<{ id: string; name: string; since: number }[]> {
    return this.db
      .prepare(
        `SELECT p.id, p.name, b.since FROM blocks b JOIN players p ON p.id = b.blocked WHERE b.player = ?
         ORDER BY p.name, p.id`,
      )
      .all(player) as { id: string; name: string; since: number }[];
  }

  async block(player: string, other: string, now: number): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare("INSERT OR IGNORE INTO blocks (player, blocked, since) VALUES (?, ?, ?)").run(player, other, now);
      this.db
        .prepare("DELETE FROM friends WHERE (player = ? AND friend = ?) OR (player = ? AND friend = ?)")
        .run(player, other, other, player);
    })();
  }

  async unblock(player: string, other: string): Promise<void> {
    this.db.prepare("DELETE FROM blocks WHERE player = ? AND blocked = ?").run(player, other);
  }

  async blockedAmong(player: string, others: readonly string[]): Promise<boolean> {
    if (others.length === 0) return false;
    const list = JSON.stringify(others);
    const row = this.db
      .prepare(
        `SELECT 1 FROM blocks WHERE (player = ? AND blocked IN (SELECT value FROM json_each(?)))
           OR (blocked = ? AND player IN (SELECT value FROM json_each(?))) LIMIT 1`,
      )
      .get(player, list, player, list);
    return row !== undefined;
  }

  async blockersAmong(player: string, others: readonly string[]): Promise<Set<string>> {
    if (others.length === 0) return new Set();
    const rows = this.db
      .prepare("SELECT player FROM blocks WHERE blocked = ? AND player IN (SELECT value FROM json_each(?))")
      .all(player, JSON.stringify(others)) as { player: string }[];
    return new Set(rows.map((r) => r.player));
  }

  // ---- accounts and passkeys

  async account(id: string): Promise<{ created: number; account: number | null; country: string | null } | null> {
    const row = this.db.prepare("SELECT created, account, country FROM players WHERE id = ?").get(id) as
      | { created: number; account: number | null; country: string | null }
      | undefined;
    return row ?? null;
  }

  async setCountry(id: string, country: string | null): Promise<void> {
    this.db.prepare("UPDATE players SET country = ? WHERE id = ?").run(country, id);
  }

  async addPasskey(passkey: Omit<StoredPasskey, "created" | "used">, now: number): Promise<void> {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO passkeys (id, player, public_key, counter, transports, created, name)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          passkey.id,
          passkey.player,
          Buffer.from(passkey.publicKey),
          passkey.counter,
          JSON.stringify(passkey.transports),
          now,
          passkey.name,
        );
      this.db.prepare("UPDATE players SET account = ? WHERE id = ? AND account IS NULL").run(now, passkey.player);
    })();
  }

  async passkey(id: string): Promise<StoredPasskey | null> {
    const row = this.db
      .prepare("SELECT id, player, name, created, used, public_key, counter, transports FROM passkeys WHERE id = ?")
      .get(id) as
      | (PasskeyInfo & { player: string; public_key: Buffer; counter: number; transports: string })
      | undefined;
    if (!row) return null;
    const { public_key, transports, ...rest } = row;
    return { ...rest, publicKey: new Uint8Array(public_key), transports: JSON.parse(transports) as string[] };
  }

  async passkeysOf(player: string): Promise<PasskeyInfo[]> {
    return this.db
      .prepare("SELECT id, name, created, used FROM passkeys WHERE player = ? ORDER BY created, id")
      .all(player) as PasskeyInfo[];
  }

  async usePasskey(id: string, counter: number, now: number): Promise<boolean> {
    const r = this.db
      .prepare(
        "UPDATE passkeys SET counter = @counter, used = @now WHERE id = @id AND (counter < @counter OR (counter = 0 AND @counter = 0))",
      )
      .run({ id, counter, now });
    return r.changes === 1;
  }

  async removePasskey(player: string, id: string): Promise<boolean> {
    return this.db.prepare("DELETE FROM passkeys WHERE id = ? AND player = ?").run(id, player).changes === 1;
  }

  async forget(player: string, name: string): Promise<void> {
    const entries = this.db.prepare("SELECT seq, entry FROM log WHERE code = ? AND instr(entry, ?) > 0");
    const setEntry = this.db.prepare("UPDATE log SET entry = ? WHERE code = ? AND seq = ?");
    const games = this.db.prepare("SELECT id, record FROM games WHERE code = ?");
    const setRecord = this.db.prepare("UPDATE games SET record = ? WHERE id = ?");
    this.db.transaction(() => {
      const old = (this.db.prepare("SELECT name FROM players WHERE id = ?").get(player) as { name: string }).name;
      const codes = this.db.prepare("SELECT code FROM seats WHERE player = ?").all(player) as { code: string }[];
      for (const { code } of codes) {
        const rows = entries.all(code, player) as { seq: number; entry: string }[];
        const seats = seatsOf(
          rows.map((r) => r.entry),
          player,
        );
        for (const r of rows) {
          const renamed = renamedEntry(r.entry, player, name);
          if (renamed !== null) setEntry.run(renamed, code, r.seq);
        }
        for (const g of games.all(code) as { id: number; record: string }[]) {
          const renamed = renamedRecord(g.record, seats, old, name);
          if (renamed !== null) setRecord.run(renamed, g.id);
        }
      }
      this.db.prepare("DELETE FROM passkeys WHERE player = ?").run(player);
      this.db.prepare("DELETE FROM friends WHERE player = ? OR friend = ?").run(player, player);
      this.db.prepare("DELETE FROM blocks WHERE player = ? OR blocked = ?").run(player, player);
      this.db
        .prepare("UPDATE players SET name = ?, account = NULL, country = NULL, key = key + 1 WHERE id = ?")
        .run(name, player);
    })();
  }

  async ping(): Promise<void> {
    this.db.prepare("SELECT 1").get();
  }

  /** A checkpoint now, by the checkpointer (what it does every CHECKPOINT_MS; tests ask for one). */
  checkpoint(): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = (m: unknown) => {
        if (m !== "checkpointed") return;
        this.checkpointer.off("message", done);
        resolve();
      };
      this.checkpointer.on("message", done);
      this.checkpointerGone.then(() => reject(new Error("the checkpointer has stopped")));
      this.checkpointer.postMessage("checkpoint");
    });
  }

  async close(): Promise<void> {
    if (this.appends.length > 0) this.flushAppends();
    // The checkpointer's connection goes first: the last one to close checkpoints the whole WAL.
    this.checkpointer.postMessage("close");
    await this.checkpointerGone;
    this.db.close();
  }
}
