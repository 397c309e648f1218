/**
 * The store of several server processes: PostgreSQL (`DATABASE_URL`, the `pg` client's pool).
 * The schema is created and migrated at start by the numbered migrations below, each applied
 * once in its own transaction and noted in `schema_migrations`; an advisory lock lets several
 * processes start at once without racing.
 *
 * Fencing (see store.ts): `claim` raises a table's fence; `append` inserts only while the row
 * still holds the appender's fence, reading it FOR SHARE in the same statement. A claim's UPDATE
 * must wait for every such share lock, so a claim and an append never interleave: an append that
 * started first is in the log before the new owner reads it, and any later one is refused.
 */

import type { RatedResult } from "@crossbones/table";
import pg from "pg";
import { renamedEntry, renamedRecord, seatsOf } from "./former.js";
import {
  FARMING_WINDOW,
  peopleKey,
  type RatedKind,
  type Rating,
  type RatingChange,
  rateGame,
  START,
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

/** The schema's history: never edit one that has shipped, add the next. */
export const PG_MIGRATIONS: readonly { readonly version: number; readonly sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT NOT NULL, created BIGINT NOT NULL);
      CREATE TABLE tables (
        code TEXT PRIMARY KEY, setup TEXT NOT NULL, host TEXT NOT NULL, created BIGINT NOT NULL,
        status TEXT NOT NULL, fence BIGINT NOT NULL DEFAULT 0
      );
      CREATE INDEX tables_live ON tables (created) WHERE status <> 'closed';
      CREATE TABLE log (
        code TEXT NOT NULL REFERENCES tables (code), seq INTEGER NOT NULL, entry TEXT NOT NULL,
        PRIMARY KEY (code, seq)
      );
      CREATE TABLE games (
        id BIGSERIAL PRIMARY KEY, code TEXT NOT NULL REFERENCES tables (code), game INTEGER NOT NULL,
        finished BIGINT NOT NULL, record TEXT NOT NULL, UNIQUE (code, game)
      );
      CREATE TABLE seats (
        code TEXT NOT NULL REFERENCES tables (code), player TEXT NOT NULL REFERENCES players (id),
        PRIMARY KEY (code, player)
      );
      CREATE INDEX seats_by_player ON seats (player);
      CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    `,
  },
  {
    // Where a table's rebuild starts: the seq of its last checkpoint (store.ts, `isCheckpoint`).
    // A column with a constant default is added without rewriting or scanning anything, so the
    // migration does not hold up a live cluster's appends (an index on the log would have).
    version: 2,
    sql: "ALTER TABLE tables ADD COLUMN checkpoint INTEGER NOT NULL DEFAULT 0",
  },
  {
    // The stored form's version (a table made before holds only its maker's options), and what a
    // table out of memory needs: when to load it by itself and since when nobody was at it. New
    // columns without a volatile default and two small indexes: nothing is rewritten.
    version: 3,
    sql: `
      ALTER TABLE tables ADD COLUMN format INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE tables ADD COLUMN wake BIGINT;
      ALTER TABLE tables ADD COLUMN idle BIGINT;
      CREATE INDEX tables_wake ON tables (wake) WHERE wake IS NOT NULL;
      CREATE INDEX tables_by_host ON tables (host, status);
    `,
  },
  {
    // A finished game's id to the world is random (`ref`); the rows before get one at start.
    version: 4,
    sql: `
      ALTER TABLE games ADD COLUMN ref TEXT;
      CREATE UNIQUE INDEX games_by_ref ON games (ref);
    `,
  },
  {
    // Each player's key generation (Sign out other devices: keys of an older one are refused).
    version: 5,
    sql: "ALTER TABLE players ADD COLUMN key INTEGER NOT NULL DEFAULT 0",
  },
  {
    // Accounts (a guest who added a passkey: `account`, since when) and their passkeys (WebAuthn
    // credentials: the public key and the signature counter the authenticator keeps).
    version: 6,
    sql: `
      ALTER TABLE players ADD COLUMN account BIGINT;
      ALTER TABLE players ADD COLUMN bot BOOLEAN NOT NULL DEFAULT false;
      ALTER TABLE players ADD COLUMN country TEXT;
      CREATE TABLE passkeys (
        id TEXT PRIMARY KEY, player TEXT NOT NULL REFERENCES players (id), public_key BYTEA NOT NULL,
        counter BIGINT NOT NULL, transports TEXT NOT NULL, created BIGINT NOT NULL, used BIGINT,
        name TEXT NOT NULL
      );
      CREATE INDEX passkeys_by_player ON passkeys (player);
    `,
  },
  {
    // Ratings (ratings.ts): each player's current Weng–Lin rating per game kind, every change (one
    // row per player and rated game), and the rated games by who played them (the rule against
    // farming counts earlier meetings of the same people).
    version: 7,
    sql: `
      CREATE TABLE ratings (
        player TEXT NOT NULL REFERENCES players (id), kind TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL, rating INTEGER NOT NULL, games INTEGER NOT NULL,
        updated BIGINT NOT NULL, PRIMARY KEY (player, kind)
      );
      CREATE INDEX ratings_board ON ratings (kind, rating);
      CREATE TABLE rating_changes (
        player TEXT NOT NULL REFERENCES players (id), game TEXT NOT NULL, kind TEXT NOT NULL,
        at BIGINT NOT NULL, place INTEGER NOT NULL, weight DOUBLE PRECISION NOT NULL,
        mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL, before INTEGER NOT NULL,
        after INTEGER NOT NULL, PRIMARY KEY (player, game)
      );
      CREATE INDEX rating_changes_by_kind ON rating_changes (kind, at);
      CREATE TABLE rated_games (
        game TEXT PRIMARY KEY, kind TEXT NOT NULL, people TEXT NOT NULL, at BIGINT NOT NULL
      );
      CREATE INDEX rated_games_by_people ON rated_games (people, at);
    `,
  },
  {
    // Friends (one way: the people a player added) and blocks.
    version: 8,
    sql: `
      CREATE TABLE friends (
        player TEXT NOT NULL REFERENCES players (id), friend TEXT NOT NULL REFERENCES players (id),
        since BIGINT NOT NULL, PRIMARY KEY (player, friend)
      );
      CREATE TABLE blocks (
        player TEXT NOT NULL REFERENCES players (id), blocked TEXT NOT NULL REFERENCES players (id),
        since BIGINT NOT NULL, PRIMARY KEY (player, blocked)
      );
      CREATE INDEX blocks_by_blocked ON blocks (blocked);
    `,
  },
  {
    version: 9,
    sql: `
      CREATE TABLE tournaments (
        id TEXT PRIMARY KEY, settings TEXT NOT NULL, maker TEXT NOT NULL REFERENCES players (id),
        created BIGINT NOT NULL, public BOOLEAN NOT NULL, status TEXT NOT NULL, start_at BIGINT NOT NULL,
        entrants INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX tournaments_by_status ON tournaments (status, start_at);
      CREATE TABLE tournament_log (
        id TEXT NOT NULL REFERENCES tournaments (id), seq INTEGER NOT NULL, entry TEXT NOT NULL,
        PRIMARY KEY (id, seq)
      );
      CREATE TABLE tournament_results (
        id TEXT NOT NULL REFERENCES tournaments (id), player TEXT NOT NULL REFERENCES players (id),
        place INTEGER NOT NULL, entrants INTEGER NOT NULL, finished BIGINT NOT NULL,
        PRIMARY KEY (id, player)
      );
      CREATE INDEX tournament_results_by_player ON tournament_results (player, finished);
    `,
  },
];

/**
 * A leaderboard's rows as a query (player, rating, games): all time, every player's rating now;
 * since a moment, the rating after each player's last rated game since then.
 */
function boardSql(q: BoardQuery): { sql: string; args: (string | number | boolean)[] } {
  if (q.since === null)
    return {
      sql: `SELECT r.player, p.name, p.bot, r.rating, r.games FROM ratings r JOIN players p ON p.id = r.player
            WHERE r.kind = $1 AND r.games >= $2 AND p.bot = $3`,
      args: [q.kind, q.minGames, q.bots],
    };
  return {
    sql: `SELECT * FROM (SELECT DISTINCT ON (c.player) c.player, p.name, p.bot, c.after AS rating,
            count(*) OVER (PARTITION BY c.player)::int AS games
          FROM rating_changes c JOIN players p ON p.id = c.player
          WHERE c.kind = $1 AND c.at >= $2 AND p.bot = $3 ORDER BY c.player, c.at DESC, c.game DESC) m
          WHERE games >= $4`,
    args: [q.kind, q.since, q.bots, q.minGames],
  };
}

/**
 * The ratings part of addGame's transaction: the people's rating rows locked (made first for a
 * newcomer; locked in one order, so two games finishing at once never deadlock), the farming
 * rule's count, the new ratings, their changes and the game among the rated ones.
 */
async function rateIn(client: pg.PoolClient, rated: RatedResult, ref: string, now: number): Promise<RatingChange[]> {
  const people = peopleKey(rated);
  const ids = people.split(",");
  await client.query(
    `INSERT INTO ratings (player, kind, mu, sigma, rating, games, updated)
     SELECT unnest($1::text[]), $2, $3, $4, $5, 0, $6 ON CONFLICT DO NOTHING`,
    [ids, rated.kind, START.mu, START.sigma, shown(START), now],
  );
  const current = await client.query<{ player: string; mu: number; sigma: number; games: number }>(
    "SELECT player, mu, sigma, games FROM ratings WHERE kind = $1 AND player = ANY($2) ORDER BY player FOR UPDATE",
    [rated.kind, ids],
  );
  const earlier = await client.query<{ n: string }>(
    "SELECT count(*) AS n FROM rated_games WHERE people = $1 AND kind = $2 AND at > $3",
    [people, rated.kind, now - FARMING_WINDOW],
  );
  const byPlayer = new Map(current.rows.map((r) => [r.player, r]));
  const changes = rateGame(rated, (p) => byPlayer.get(p) ?? null, weightOf(Number(earlier.rows[0].n)));
  for (const c of changes) {
    await client.query(
      `UPDATE ratings SET mu = $3, sigma = $4, rating = $5, games = games + 1, updated = $6
       WHERE player = $1 AND kind = $2`,
      [c.player, rated.kind, c.after.mu, c.after.sigma, shown(c.after), now],
    );
    await client.query(
      `INSERT INTO rating_changes (player, game, kind, at, place, weight, mu, sigma, before, after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [c.player, ref, rated.kind, now, c.place, c.weight, c.after.mu, c.after.sigma, shown(c.before), shown(c.after)],
    );
  }
  await client.query("INSERT INTO rated_games (game, kind, people, at) VALUES ($1, $2, $3, $4)", [
    ref,
    rated.kind,
    people,
    now,
  ]);
  return changes;
}

/** Any number: the lock every starting process takes while it migrates. */
const MIGRATION_LOCK = 0x63726f73;

const COLUMNS = "code, setup, host, created, status, format, wake, idle";
type Row = {
  code: string;
  setup: string;
  host: string;
  created: string;
  status: string;
  format: number;
  wake: string | null;
  idle: string | null;
};
const orNull = (v: string | null) => (v === null ? null : Number(v));
const table = (r: Row): StoredTable => ({
  ...r,
  created: Number(r.created),
  setup: JSON.parse(r.setup),
  wake: orNull(r.wake),
  idle: orNull(r.idle),
});
type GameRow = { id: string; code: string; game: number; finished: string; record: string };
const game = (r: GameRow): StoredGame => ({ ...r, finished: Number(r.finished) });
type PasskeyRow = { id: string; name: string; created: string; used: string | null };
const passkeyInfo = (r: PasskeyRow): PasskeyInfo => ({
  id: r.id,
  name: r.name,
  created: Number(r.created),
  used: orNull(r.used),
});

export class PgStore implements Store {
  readonly kind = "postgres";

  private constructor(private readonly pool: pg.Pool) {}

  /** Connects, and brings the schema up to date. */
  /**
   * `synchronous: false` lets PostgreSQL acknowledge a commit before its WAL reaches the disk
   * (`synchronous_commit = off`): a crash of the database server may then lose the last fraction
   * of a second of actions. The default (true) loses nothing the database acknowledged.
   */
  static async open(url: string, options: { max?: number; synchronous?: boolean } = {}): Promise<PgStore> {
    const sync = options.synchronous === false ? { options: "-c synchronous_commit=off" } : {};
    const pool = new pg.Pool({ connectionString: url, max: options.max ?? 8, ...sync });
    // An idle client's error (the database restarted) must not kill the process; the next query fails instead.
    pool.on("error", () => {});
    const store = new PgStore(pool);
    try {
      await store.migrate();
      await store.refs();
    } catch (e) {
      await pool.end();
      throw e;
    }
    return store;
  }

  private async migrate(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await client.query(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied BIGINT NOT NULL)",
      );
      const done = new Set(
        (await client.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map((r) => r.version),
      );
      for (const m of PG_MIGRATIONS) {
        if (done.has(m.version)) continue;
        await client.query("BEGIN");
        try {
          await client.query(m.sql);
          await client.query("INSERT INTO schema_migrations (version, applied) VALUES ($1, $2)", [
            m.version,
            Date.now(),
          ]);
          await client.query("COMMIT");
        } catch (e) {
          await client.query("ROLLBACK");
          throw e;
        }
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
  }

  async secret(make: () => string): Promise<string> {
    await this.pool.query("INSERT INTO settings (name, value) VALUES ('token-secret', $1) ON CONFLICT DO NOTHING", [
      make(),
    ]);
    const r = await this.pool.query<{ value: string }>("SELECT value FROM settings WHERE name = 'token-secret'");
    return r.rows[0].value;
  }

  async addPlayer(id: string, name: string, now: number): Promise<void> {
    await this.pool.query("INSERT INTO players (id, name, created) VALUES ($1, $2, $3)", [id, name, now]);
  }

  async player(id: string): Promise<{ name: string; key: number; bot: boolean } | null> {
    const r = await this.pool.query<{ name: string; key: number; bot: boolean }>({
      name: "player",
      text: "SELECT name, key, bot FROM players WHERE id = $1",
      values: [id],
    });
    return r.rows[0] ?? null;
  }

  async markBot(id: string): Promise<void> {
    await this.pool.query("UPDATE players SET bot = true WHERE id = $1", [id]);
  }

  async rotate(id: string): Promise<number> {
    const r = await this.pool.query<{ key: number }>("UPDATE players SET key = key + 1 WHERE id = $1 RETURNING key", [
      id,
    ]);
    return r.rows[0].key;
  }

  async addTable(code: string, setup: unknown, host: string, now: number): Promise<boolean> {
    const r = await this.pool.query(
      `INSERT INTO tables (code, setup, host, created, status, format) VALUES ($1, $2, $3, $4, 'waiting', $5)
       ON CONFLICT DO NOTHING`,
      [code, JSON.stringify(setup), host, now, TABLE_FORMAT],
    );
    return r.rowCount === 1;
  }

  async table(code: string): Promise<StoredTable | null> {
    const r = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM tables WHERE code = $1`, [code]);
    return r.rows[0] ? table(r.rows[0]) : null;
  }

  async freeze(code: string, setup: unknown): Promise<void> {
    await this.pool.query("UPDATE tables SET setup = $2, format = $3 WHERE code = $1", [
      code,
      JSON.stringify(setup),
      TABLE_FORMAT,
    ]);
  }

  async setStatus(code: string, status: string, fence: number): Promise<void> {
    // A closed table is never loaded again by itself.
    await this.pool.query({
      name: "set-status",
      text: `UPDATE tables SET status = $2, wake = CASE WHEN $2 = 'closed' THEN NULL ELSE wake END
             WHERE code = $1 AND fence = $3`,
      values: [code, status, fence],
    });
  }

  async park(code: string, wake: number | null, idle: number | null): Promise<void> {
    await this.pool.query("UPDATE tables SET wake = $2, idle = $3 WHERE code = $1 AND status <> 'closed'", [
      code,
      wake,
      idle,
    ]);
  }

  async dueTables(now: number, limit: number): Promise<string[]> {
    const r = await this.pool.query<{ code: string }>(
      `SELECT code FROM tables WHERE wake IS NOT NULL AND wake <= $1 AND status <> 'closed'
       ORDER BY wake LIMIT $2`,
      [now, limit],
    );
    return r.rows.map((row) => row.code);
  }

  async loadedTables(): Promise<string[]> {
    const r = await this.pool.query<{ code: string }>(
      "SELECT code FROM tables WHERE wake IS NULL AND status <> 'closed'",
    );
    return r.rows.map((row) => row.code);
  }

  async openTables(host: string): Promise<number> {
    const r = await this.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM tables WHERE host = $1 AND status IN ('waiting', 'playing')",
      [host],
    );
    return Number(r.rows[0].n);
  }

  async claim(code: string): Promise<number | null> {
    const r = await this.pool.query<{ fence: string }>(
      "UPDATE tables SET fence = fence + 1 WHERE code = $1 RETURNING fence",
      [code],
    );
    return r.rows[0] ? Number(r.rows[0].fence) : null;
  }

  async append(code: string, seq: number, entry: LogEntry, fence: number): Promise<void> {
    const values = [code, seq, JSON.stringify(entry), fence];
    // Named statements: parsed and planned once per connection (every action comes this way).
    const r = isCheckpoint(entry)
      ? // A checkpoint also moves where the table's rebuild starts, in the same statement.
        await this.pool.query({
          name: "append-checkpoint",
          text: `WITH owner AS (SELECT 1 FROM tables WHERE code = $1 AND fence = $4 FOR UPDATE),
                 added AS (INSERT INTO log (code, seq, entry) SELECT $1, $2, $3 FROM owner RETURNING seq)
                 UPDATE tables SET checkpoint = $2 WHERE code = $1 AND EXISTS (SELECT 1 FROM added)`,
          values,
        })
      : await this.pool.query({
          name: "append",
          text: `WITH owner AS (SELECT 1 FROM tables WHERE code = $1 AND fence = $4 FOR SHARE)
                 INSERT INTO log (code, seq, entry) SELECT $1, $2, $3 FROM owner`,
          values,
        });
    if (r.rowCount !== 1) throw new FencedError(code, fence);
  }

  async addSeat(code: string, player: string): Promise<void> {
    await this.pool.query({
      name: "add-seat",
      text: "INSERT INTO seats (code, player) VALUES ($1, $2) ON CONFLICT DO NOTHING",
      values: [code, player],
    });
  }

  async log(code: string): Promise<LogEntry[]> {
    const r = await this.pool.query<{ entry: string }>("SELECT entry FROM log WHERE code = $1 ORDER BY seq", [code]);
    return r.rows.map((row) => JSON.parse(row.entry) as LogEntry);
  }

  async resume(code: string): Promise<LogTail> {
    const r = await this.pool.query<{ seq: number; entry: string }>(
      `SELECT seq, entry FROM log WHERE code = $1 AND seq >= coalesce(
         (SELECT checkpoint FROM tables WHERE code = $1), 0) ORDER BY seq`,
      [code],
    );
    return { from: r.rows[0]?.seq ?? 0, entries: r.rows.map((row) => JSON.parse(row.entry) as LogEntry) };
  }

  async tablesOf(player: string): Promise<{ code: string; status: string; created: number }[]> {
    const r = await this.pool.query<{ code: string; status: string; created: string }>(
      `SELECT t.code, t.status, t.created FROM seats s JOIN tables t ON t.code = s.code
       WHERE s.player = $1 ORDER BY t.created DESC LIMIT 50`,
      [player],
    );
    return r.rows.map((row) => ({ ...row, created: Number(row.created) }));
  }

  // ---- ratings

  async rating(player: string, kind: RatedKind): Promise<Rating | null> {
    const r = await this.pool.query<Rating>("SELECT mu, sigma FROM ratings WHERE player = $1 AND kind = $2", [
      player,
      kind,
    ]);
    return r.rows[0] ?? null;
  }

  async ratingsOf(player: string): Promise<PlayerRating[]> {
    const ratings = await this.pool.query<Omit<PlayerRating, "history">>(
      "SELECT kind, mu, sigma, games FROM ratings WHERE player = $1 ORDER BY kind",
      [player],
    );
    const changes = await this.pool.query<{ kind: string; at: string; rating: number; game: string }>(
      "SELECT kind, at, after AS rating, game FROM rating_changes WHERE player = $1 ORDER BY at, game",
      [player],
    );
    return ratings.rows.map((r) => ({
      ...r,
      history: changes.rows
        .filter((c) => c.kind === r.kind)
        .map((c) => ({ at: Number(c.at), rating: c.rating, game: c.game })),
    }));
  }

  async leaderboard(query: BoardQuery, offset: number, limit: number): Promise<{ total: number; rows: BoardRow[] }> {
    const board = boardSql(query);
    const n = board.args.length;
    const [total, rows] = await Promise.all([
      this.pool.query<{ total: string }>(`SELECT count(*) AS total FROM (${board.sql}) b`, board.args),
      this.pool.query<BoardRow>(
        `SELECT * FROM (${board.sql}) b ORDER BY rating DESC, player LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...board.args, limit, offset],
      ),
    ]);
    return { total: Number(total.rows[0].total), rows: rows.rows };
  }

  async boardPlace(query: BoardQuery, player: string): Promise<number | null> {
    const board = boardSql(query);
    const r = await this.pool.query<{ place: string }>(
      `WITH b AS (${board.sql}) SELECT (SELECT count(*) FROM b
         WHERE b.rating > me.rating OR (b.rating = me.rating AND b.player < me.player)) + 1 AS place
       FROM b me WHERE me.player = $${board.args.length + 1}`,
      [...board.args, player],
    );
    return r.rows[0] ? Number(r.rows[0].place) : null;
  }

  async addGame(
    code: string,
    gameIndex: number,
    record: unknown,
    now: number,
    ref: string,
    rated: RatedResult | null = null,
  ): Promise<RatingChange[]> {
    let changes: RatingChange[] = [];
    await this.transaction(async (client) => {
      const added = await client.query(
        "INSERT INTO games (code, game, finished, record, ref) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
        [code, gameIndex, now, JSON.stringify(record), ref],
      );
      if (added.rowCount === 1 && rated !== null) changes = await rateIn(client, rated, ref, now);
    });
    return changes;
  }

  async gamesOf(player: string, limit = 100, publicOnly = false): Promise<StoredGame[]> {
    const r = await this.pool.query<GameRow>(
      `SELECT g.ref AS id, g.code, g.game, g.finished, g.record FROM games g JOIN seats s ON s.code = g.code
       JOIN tables t ON t.code = g.code
       WHERE s.player = $1 AND (NOT $3 OR (t.setup::json->>'private') = 'false') ORDER BY g.finished DESC LIMIT $2`,
      [player, limit, publicOnly],
    );
    return r.rows.map(game);
  }

  async headToHead(
    player: string,
    other: string,
  ): Promise<{ games: number; won: number; lost: number; drawn: number }> {
    const r = await this.pool.query<{ games: number; won: number; lost: number; drawn: number }>(
      `SELECT count(*)::int AS games, count(*) FILTER (WHERE a.place < b.place)::int AS won,
         count(*) FILTER (WHERE a.place > b.place)::int AS lost, count(*) FILTER (WHERE a.place = b.place)::int AS drawn
       FROM rating_changes a JOIN rating_changes b ON b.game = a.game AND b.player = $2 WHERE a.player = $1`,
      [player, other],
    );
    return r.rows[0];
  }

  async game(ref: string): Promise<StoredGame | null> {
    const r = await this.pool.query<GameRow>(
      "SELECT ref AS id, code, game, finished, record FROM games WHERE ref = $1",
      [ref],
    );
    return r.rows[0] ? game(r.rows[0]) : null;
  }

  /** Games kept before they had a random id get one (once, at start; a row at a time, so no lock is held long). */
  private async refs(): Promise<void> {
    const r = await this.pool.query<{ id: string }>("SELECT id FROM games WHERE ref IS NULL");
    for (const { id } of r.rows)
      await this.pool.query("UPDATE games SET ref = $2 WHERE id = $1 AND ref IS NULL", [id, gameRef()]);
  }

  async tableGame(code: string, index: number): Promise<StoredGame | null> {
    const r = await this.pool.query<GameRow>(
      "SELECT ref AS id, code, game, finished, record FROM games WHERE code = $1 AND game = $2",
      [code, index],
    );
    return r.rows[0] ? game(r.rows[0]) : null;
  }

  // ---- tournaments

  async addTournament(t: Omit<StoredTournament, "log" | "status">, startAt: number): Promise<boolean> {
    const r = await this.pool.query(
      `INSERT INTO tournaments (id, settings, maker, created, public, status, start_at)
       VALUES ($1, $2, $3, $4, $5, 'open', $6) ON CONFLICT DO NOTHING`,
      [t.id, JSON.stringify(t.settings), t.maker, t.created, t.public, startAt],
    );
    return r.rowCount === 1;
  }

  async appendTournament(
    id: string,
    seq: number,
    entries: readonly unknown[],
    status: string,
    entrants: number,
    results?: { readonly at: number; readonly places: readonly TournamentResult[] },
  ): Promise<void> {
    await this.transaction(async (client) => {
      for (const [i, e] of entries.entries())
        await client
          .query("INSERT INTO tournament_log (id, seq, entry) VALUES ($1, $2, $3)", [id, seq + i, JSON.stringify(e)])
          .catch((error: { code?: string }) => {
            // Another process appended at this seq first (unique_violation).
            throw error.code === "23505" ? new TournamentConflict(id, seq) : error;
          });
      await client.query("UPDATE tournaments SET status = $2, entrants = $3 WHERE id = $1", [id, status, entrants]);
      for (const r of results?.places ?? [])
        await client.query(
          `INSERT INTO tournament_results (id, player, place, entrants, finished) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT DO NOTHING`,
          [id, r.player, r.place, r.entrants, results?.at],
        );
    });
  }

  async tournament(id: string): Promise<StoredTournament | null> {
    const r = await this.pool.query<{
      id: string;
      settings: string;
      maker: string;
      created: string;
      public: boolean;
      status: string;
    }>("SELECT id, settings, maker, created, public, status FROM tournaments WHERE id = $1", [id]);
    const row = r.rows[0];
    if (!row) return null;
    const log = await this.pool.query<{ entry: string }>(
      "SELECT entry FROM tournament_log WHERE id = $1 ORDER BY seq",
      [id],
    );
    return {
      ...row,
      created: Number(row.created),
      settings: JSON.parse(row.settings),
      log: log.rows.map((l) => JSON.parse(l.entry)),
    };
  }

  async tournamentResultsOf(player: string, limit: number): Promise<PlayerTournament[]> {
    const r = await this.pool.query<{
      id: string;
      settings: string;
      place: number;
      entrants: number;
      finished: string;
    }>(
      `SELECT r.id, t.settings, r.place, r.entrants, r.finished FROM tournament_results r
       JOIN tournaments t ON t.id = r.id WHERE r.player = $1 ORDER BY r.finished DESC LIMIT $2`,
      [player, limit],
    );
    return r.rows.map(({ settings, ...row }) => ({
      ...row,
      finished: Number(row.finished),
      name: (JSON.parse(settings) as { name: string }).name,
    }));
  }

  async tournaments(statuses: readonly string[], limit: number, all = false): Promise<TournamentRow[]> {
    const r = await this.pool.query<{ id: string; settings: string; status: string; entrants: number }>(
      `SELECT id, settings, status, entrants FROM tournaments
       WHERE status = ANY($1) AND ($2 OR public) ORDER BY start_at, id LIMIT $3`,
      [statuses, all, limit],
    );
    return r.rows.map((row) => ({ ...row, settings: JSON.parse(row.settings) }));
  }

  // ---- friends and blocks

  async friendsOf(player: string): Promise<FriendRow[]> {
    const r = await this.pool.query<{ id: string; name: string; bot: boolean; since: string; table: string | null }>(
      `SELECT p.id, p.name, p.bot, f.since, (SELECT t.code FROM seats s JOIN tables t ON t.code = s.code
         WHERE s.player = f.friend AND t.status IN ('waiting', 'playing') AND (t.setup::json->>'private') = 'false'
         ORDER BY t.created DESC LIMIT 1) AS table
       FROM friends f JOIN players p ON p.id = f.friend WHERE f.player = $1 ORDER BY p.name, p.id`,
      [player],
    );
    return r.rows.map((row) => ({ ...row, since: Number(row.since) }));
  }

  async addFriend(player: string, friend: string, now: number): Promise<void> {
    await this.pool.query("INSERT INTO friends (player, friend, since) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [
      player,
      friend,
      now,
    ]);
  }

  async removeFriend(player: string, friend: string): Promise<void> {
    await this.pool.query("DELETE FROM friends WHERE player = $1 AND friend = $2", [player, friend]);
  }

  async blocksOf(player: string): Promise<{ id: string; name: string; since: number }[]> {
    const r = await this.pool.query<{ id: string; name: string; since: string }>(
      `SELECT p.id, p.name, b.since FROM blocks b JOIN players p ON p.id = b.blocked WHERE b.player = $1
       ORDER BY p.name, p.id`,
      [player],
    );
    return r.rows.map((row) => ({ ...row, since: Number(row.since) }));
  }

  async block(player: string, other: string, now: number): Promise<void> {
    await this.transaction(async (client) => {
      await client.query("INSERT INTO blocks (player, blocked, since) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [
        player,
        other,
        now,
      ]);
      await client.query("DELETE FROM friends WHERE (player = $1 AND friend = $2) OR (player = $2 AND friend = $1)", [
        player,
        other,
      ]);
    });
  }

  async unblock(player: string, other: string): Promise<void> {
    await this.pool.query("DELETE FROM blocks WHERE player = $1 AND blocked = $2", [player, other]);
  }

  async blockedAmong(player: string, others: readonly string[]): Promise<boolean> {
    if (others.length === 0) return false;
    const r = await this.pool.query(
      `SELECT 1 FROM blocks WHERE (player = $1 AND blocked = ANY($2)) OR (blocked = $1 AND player = ANY($2)) LIMIT 1`,
      [player, others],
    );
    return r.rows.length > 0;
  }

  async blockersAmong(player: string, others: readonly string[]): Promise<Set<string>> {
    if (others.length === 0) return new Set();
    const r = await this.pool.query<{ player: string }>(
      "SELECT player FROM blocks WHERE blocked = $1 AND player = ANY($2)",
      [player, others],
    );
    return new Set(r.rows.map((row) => row.player));
  }

  // ---- accounts and passkeys

  async account(id: string): Promise<{ created: number; account: number | null; country: string | null } | null> {
    const r = await this.pool.query<{ created: string; account: string | null; country: string | null }>(
      "SELECT created, account, country FROM players WHERE id = $1",
      [id],
    );
    const row = r.rows[0];
    return row ? { created: Number(row.created), account: orNull(row.account), country: row.country } : null;
  }

  async setCountry(id: string, country: string | null): Promise<void> {
    await this.pool.query("UPDATE players SET country = $2 WHERE id = $1", [id, country]);
  }

  async addPasskey(passkey: Omit<StoredPasskey, "created" | "used">, now: number): Promise<void> {
    await this.transaction(async (client) => {
      await client.query(
        `INSERT INTO passkeys (id, player, public_key, counter, transports, created, name)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          passkey.id,
          passkey.player,
          Buffer.from(passkey.publicKey),
          passkey.counter,
          JSON.stringify(passkey.transports),
          now,
          passkey.name,
        ],
      );
      await client.query("UPDATE players SET account = $2 WHERE id = $1 AND account IS NULL", [passkey.player, now]);
    });
  }

  async passkey(id: string): Promise<StoredPasskey | null> {
    const r = await this.pool.query<
      PasskeyRow & { player: string; public_key: Buffer; counter: string; transports: string }
    >("SELECT id, player, name, created, used, public_key, counter, transports FROM passkeys WHERE id = $1", [id]);
    const row = r.rows[0];
    if (!row) return null;
    return {
      ...passkeyInfo(row),
      player: row.player,
      publicKey: new Uint8Array(row.public_key),
      counter: Number(row.counter),
      transports: JSON.parse(row.transports) as string[],
    };
  }

  async passkeysOf(player: string): Promise<PasskeyInfo[]> {
    const r = await this.pool.query<PasskeyRow>(
      "SELECT id, name, created, used FROM passkeys WHERE player = $1 ORDER BY created, id",
      [player],
    );
    return r.rows.map(passkeyInfo);
  }

  async usePasskey(id: string, counter: number, now: number): Promise<boolean> {
    const r = await this.pool.query(
      "UPDATE passkeys SET counter = $2, used = $3 WHERE id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0))",
      [id, counter, now],
    );
    return r.rowCount === 1;
  }

  async removePasskey(player: string, id: string): Promise<boolean> {
    const r = await this.pool.query("DELETE FROM passkeys WHERE id = $1 AND player = $2", [id, player]);
    return r.rowCount === 1;
  }

  async forget(player: string, name: string): Promise<void> {
    await this.transaction(async (client) => {
      // The row first, locked: a second deletion of the same account waits for this one.
      const old = await client.query<{ name: string }>("SELECT name FROM players WHERE id = $1 FOR UPDATE", [player]);
      const codes = await client.query<{ code: string }>("SELECT code FROM seats WHERE player = $1", [player]);
      for (const { code } of codes.rows) {
        const rows = (
          await client.query<{ seq: number; entry: string }>(
            "SELECT seq, entry FROM log WHERE code = $1 AND strpos(entry, $2) > 0",
            [code, player],
          )
        ).rows;
        const seats = seatsOf(
          rows.map((r) => r.entry),
          player,
        );
        for (const r of rows) {
          const renamed = renamedEntry(r.entry, player, name);
          if (renamed !== null)
            await client.query("UPDATE log SET entry = $3 WHERE code = $1 AND seq = $2", [code, r.seq, renamed]);
        }
        const games = await client.query<{ id: string; record: string }>(
          "SELECT id, record FROM games WHERE code = $1",
          [code],
        );
        for (const g of games.rows) {
          const renamed = renamedRecord(g.record, seats, old.rows[0].name, name);
          if (renamed !== null) await client.query("UPDATE games SET record = $2 WHERE id = $1", [g.id, renamed]);
        }
      }
      await client.query("DELETE FROM passkeys WHERE player = $1", [player]);
      await client.query("DELETE FROM friends WHERE player = $1 OR friend = $1", [player]);
      await client.query("DELETE FROM blocks WHERE player = $1 OR blocked = $1", [player]);
      await client.query("UPDATE players SET name = $2, account = NULL, country = NULL, key = key + 1 WHERE id = $1", [
        player,
        name,
      ]);
    });
  }

  /** Runs `work` in one transaction on one client of the pool. */
  private async transaction(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      await work(client);
      await client.query("COMMIT");
    } catch (e) {
      await client.query("ROLLBACK").catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  async ping(): Promise<void> {
    await this.pool.query("SELECT 1");
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
