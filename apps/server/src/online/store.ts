/**
 * Persistence of online play. A table is its setup (every rule option: TABLE_FORMAT) plus an
 * append-only log of everything that changed it (people sitting and leaving, deals, actions,
 * rematches: @crossbones/table's entries); every accepted change is
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

import type { LogEntry, LogTail, RatedResult } from "@crossbones/table";
import type { RatedKind, Rating, RatingChange } from "./ratings.js";

export type { Checkpoint, LogEntry, LogTail, Seat as LoggedSeat } from "@crossbones/table";
export { isCheckpoint } from "@crossbones/table";

/**
 * The version of a table's stored form: 1, its setup keeps only the options its maker chose (the
 * defaults of whichever server loads it fill in the rest); 2, its setup holds every option, as
 * the table was made (a later default never changes a table in play).
 */
export const TABLE_FORMAT = 2;

export interface StoredTable {
  readonly code: string;
  readonly setup: unknown;
  readonly host: string;
  readonly created: number;
  readonly status: string;
  /** The stored form's version (TABLE_FORMAT). */
  readonly format: number;
  /**
   * When a table not in memory must be loaded even if nobody asks for it (its timer: usually its
   * closing); null while it is loaded somewhere (or was, when its process died), and once closed.
   */
  readonly wake: number | null;
  /** Since when nobody who sits at it was connected, kept while it is out of memory. */
  readonly idle: number | null;
}

export interface StoredGame {
  /**
   * The game's id to the world: 22 random characters (a link to a record is the right to read it;
   * a sequential id would let anyone read every game).
   */
  readonly id: string;
  readonly code: string;
  readonly game: number;
  readonly finished: number;
  readonly record: string;
}

/** A tournament as stored: its settings, and its log (`@crossbones/tournament`'s entries, in order). */
export interface StoredTournament {
  readonly id: string;
  readonly settings: unknown;
  readonly maker: string;
  readonly created: number;
  readonly public: boolean;
  readonly status: string;
  readonly log: readonly unknown[];
}

/** A tournament as lists show it. */
export interface TournamentRow {
  readonly id: string;
  readonly settings: unknown;
  readonly status: string;
  readonly entrants: number;
}

/** A player's place in a finished tournament (every player of a Partner team has the team's). */
export interface TournamentResult {
  readonly player: string;
  readonly place: number;
  readonly entrants: number;
}

/** A finished tournament as a player's profile lists it. */
export interface PlayerTournament {
  readonly id: string;
  readonly name: string;
  readonly place: number;
  readonly entrants: number;
  readonly finished: number;
}

/** A passkey as its player's list shows it (never its public key). */
export interface PasskeyInfo {
  /** The credential's id (base64url), as the authenticator names it. */
  readonly id: string;
  /** What the player called it (the device it lives on, by default). */
  readonly name: string;
  readonly created: number;
  /** The last sign-in with it (null: none yet). */
  readonly used: number | null;
}

/** A passkey as a sign-in checks it: whose it is, its public key and its signature counter. */
export interface StoredPasskey extends PasskeyInfo {
  readonly player: string;
  readonly publicKey: Uint8Array<ArrayBuffer>;
  readonly counter: number;
  readonly transports: readonly string[];
}

/** A player's rating in one game kind (ratings.ts) and how it went. */
export interface PlayerRating {
  readonly kind: RatedKind;
  readonly mu: number;
  readonly sigma: number;
  /** Rated games played. */
  readonly games: number;
  /** The shown rating after each rated game, oldest first (`game`: the game's id to the world). */
  readonly history: readonly { readonly at: number; readonly rating: number; readonly game: string }[];
}

/**
 * Which leaderboard: a game kind, all time (`since` null) or since a moment, of players with
 * `minGames`; people's, or bot accounts' (`bots`).
 */
export interface BoardQuery {
  readonly kind: RatedKind;
  readonly since: number | null;
  readonly minGames: number;
  readonly bots: boolean;
}

export interface BoardRow {
  readonly player: string;
  readonly name: string;
  /** The shown rating: now (all time), or after the player's last game since `since`. */
  readonly rating: number;
  /** Rated games: in all, or since `since`. */
  readonly games: number;
  readonly bot: boolean;
}

/** A friend as `friendsOf` lists them. */
export interface FriendRow {
  readonly id: string;
  readonly name: string;
  readonly bot: boolean;
  /** When they were added. */
  readonly since: number;
  /** The latest public table they sit or sat at that is waiting or playing, or null. */
  readonly table: string | null;
}

/** A write by an owner whose table another process has since claimed. */
export class FencedError extends Error {
  constructor(code: string, fence: number) {
    super(`table ${code}: fence ${fence} is no longer the owner's`);
    this.name = "FencedError";
  }
}

/**
 * A tournament's log already has an entry at the seq appended at: another process wrote first
 * (tournaments.ts reads the log again and decides the command anew).
 */
export class TournamentConflict extends Error {
  constructor(id: string, seq: number) {
    super(`tournament ${id}: its log has moved past ${seq}`);
    this.name = "TournamentConflict";
  }
}

export interface Store {
  /** What the store is, for logs and /readyz ("sqlite" or "postgres"). */
  readonly kind: string;
  /** The secret that signs guest tokens: made once (by `make`) and then the same for every process. */
  secret(make: () => string): Promise<string>;
  addPlayer(id: string, name: string, now: number): Promise<void>;
  /** A player's name and key generation (`rotate` raises it: older keys are refused), or null. */
  player(id: string): Promise<{ name: string; key: number; bot: boolean } | null>;
  /** The player plays through a program from now on: a bot account (docs/ratings.md). */
  markBot(id: string): Promise<void>;
  /** A new key generation for the player (every key of theirs made before is refused from now on). */
  rotate(id: string): Promise<number>;
  /** A new table (of TABLE_FORMAT, loaded: `wake` null); false when the code is taken. */
  addTable(code: string, setup: unknown, host: string, now: number): Promise<boolean>;
  table(code: string): Promise<StoredTable | null>;
  /** Writes an older table's complete setup as TABLE_FORMAT (the rules it is played by from now on). */
  freeze(code: string, setup: unknown): Promise<void>;
  setStatus(code: string, status: string, fence: number): Promise<void>;
  /**
   * A table leaves or enters memory: `wake` is when it must be loaded again by itself (null: it is
   * loaded now), `idle` since when nobody was at it.
   */
  park(code: string, wake: number | null, idle: number | null): Promise<void>;
  /** Tables out of memory whose `wake` has come (at most `limit`, earliest first). */
  dueTables(now: number, limit: number): Promise<string[]>;
  /** Tables that were in memory when their process stopped (wake null, not closed): a start loads them. */
  loadedTables(): Promise<string[]>;
  /** How many tables `host` made that are waiting or playing. */
  openTables(host: string): Promise<number>;
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
  /** Tables a player sits or sat at, newest first. */
  tablesOf(player: string): Promise<{ code: string; status: string; created: number }[]>;
  // ---- ratings (ratings.ts, docs/ratings.md)
  /** A player's rating in one kind now (no history: quick match asks it at every wait), or null. */
  rating(player: string, kind: RatedKind): Promise<Rating | null>;
  /** A player's rating in each game kind they played rated, with its history. */
  ratingsOf(player: string): Promise<PlayerRating[]>;
  /** A page of a leaderboard, best first, and how many players it has in all. */
  leaderboard(query: BoardQuery, offset: number, limit: number): Promise<{ total: number; rows: BoardRow[] }>;
  /**
   * A player's place on a leaderboard (1 is first; equal ratings in the order of the board's rows,
   * by id), or null when they are not on it.
   */
  boardPlace(query: BoardQuery, player: string): Promise<number | null>;
  /**
   * Keeps a finished game's record (once per game of a table) under the unguessable `ref`, and
   * when the game is rated (`rated`), everyone's new rating, in the same transaction: the result
   * and the ratings are kept together or not at all. Answers the rating changes (none when the
   * game is not rated, or was kept before).
   */
  addGame(
    code: string,
    game: number,
    record: unknown,
    now: number,
    ref: string,
    rated?: RatedResult | null,
  ): Promise<RatingChange[]>;
  /**
   * Finished games of the tables a player sat at, newest first (at most `limit`, 100 unless told;
   * `publicOnly`: only public tables', which anyone may be shown).
   */
  gamesOf(player: string, limit?: number, publicOnly?: boolean): Promise<StoredGame[]>;
  /**
   * How `player`'s rated games with `other` went, from `player`'s side: won (finished above them),
   * lost, drawn (the same place).
   */
  headToHead(player: string, other: string): Promise<{ games: number; won: number; lost: number; drawn: number }>;
  /** A finished game by its unguessable id. */
  game(ref: string): Promise<StoredGame | null>;
  /** Game `game` (from 0) of table `code`, once finished and kept. */
  tableGame(code: string, game: number): Promise<StoredGame | null>;
  // ---- friends and blocks (docs/ratings.md)
  /** The people `player` added as friends, with the open public table each last sat at (null: none). */
  friendsOf(player: string): Promise<FriendRow[]>;
  /** `player` adds `friend` (again: nothing changes). */
  addFriend(player: string, friend: string, now: number): Promise<void>;
  removeFriend(player: string, friend: string): Promise<void>;
  /** The people `player` blocked. */
  blocksOf(player: string): Promise<{ id: string; name: string; since: number }[]>;
  /** `player` blocks `other`: any friendship between the two ends, both ways. */
  block(player: string, other: string, now: number): Promise<void>;
  unblock(player: string, other: string): Promise<void>;
  /** Whether `player` blocked any of `others`, or any of them blocked `player`. */
  blockedAmong(player: string, others: readonly string[]): Promise<boolean>;
  /** Which of `others` blocked `player`. */
  blockersAmong(player: string, others: readonly string[]): Promise<Set<string>>;

  // ---- tournaments (docs/tournaments.md)
  /** Keeps a new tournament (status `open`, an empty log); false when the id is taken. */
  addTournament(t: Omit<StoredTournament, "log" | "status">, startAt: number): Promise<boolean>;
  /**
   * Appends `entries` to a tournament's log from `seq` (its length before them), with its status
   * and count of entrants after them and, when they finish it, each player's place (`results`,
   * kept with `at`), in one transaction.
   */
  appendTournament(
    id: string,
    seq: number,
    entries: readonly unknown[],
    status: string,
    entrants: number,
    results?: { readonly at: number; readonly places: readonly TournamentResult[] },
  ): Promise<void>;
  /** A tournament and its whole log, or null. */
  tournament(id: string): Promise<StoredTournament | null>;
  /**
   * Tournaments in one of `statuses`, public ones only unless `all` (the server's own list of what
   * to run), soonest start first, at most `limit`.
   */
  tournaments(statuses: readonly string[], limit: number, all?: boolean): Promise<TournamentRow[]>;
  /** The finished tournaments a player played, newest first. */
  tournamentResultsOf(player: string, limit: number): Promise<PlayerTournament[]>;

  // ---- accounts and passkeys
  /** When a player came (as a guest) and since when they are an account (null: a guest), or null. */
  account(id: string): Promise<{ created: number; account: number | null; country: string | null } | null>;
  /** The country a player shows on their profile (ISO 3166-1 alpha-2), or none. */
  setCountry(id: string, country: string | null): Promise<void>;
  /** Keeps a new passkey; its player's first makes them an account from `now`. */
  addPasskey(passkey: Omit<StoredPasskey, "created" | "used">, now: number): Promise<void>;
  /** A passkey by its credential id, or null. */
  passkey(id: string): Promise<StoredPasskey | null>;
  /** A player's passkeys, oldest first. */
  passkeysOf(player: string): Promise<PasskeyInfo[]>;
  /**
   * A sign-in with passkey `id`: its authenticator's `counter` is kept, and `now` as its last use;
   * false (nothing kept) when the counter did not go up, as a copied authenticator's would not (an
   * authenticator without a counter says 0 every time). Checked and kept in one statement, so two
   * processes never both take the same counter.
   */
  usePasskey(id: string, counter: number, now: number): Promise<boolean>;
  /** Removes one of `player`'s passkeys; false when they have none by that id. */
  removePasskey(player: string, id: string): Promise<boolean>;
  /**
   * Deletes an account (former.ts): its passkeys go, its name becomes `name` in its row, in its
   * tables' logs and in the records of the games it played, and its key generation goes up (every
   * token of it is refused). The row stays, so that the games it played keep their seats.
   */
  forget(player: string, name: string): Promise<void>;

  /** Throws unless the database answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
