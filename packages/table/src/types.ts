/**
 * The values of an online table: its state, the entries of its log, the commands it is given and
 * what it answers. Plain data throughout (every value survives JSON), so that a log is a list of
 * these entries and a test can write any of them by hand.
 */

import type { Action, BoneMask, Refusal as EngineRefusal, Game, Rules } from "@crossbones/engine";

export type BotLevel = "easy" | "medium" | "hard";

/** A seat as planned when the table is made: a person (anyone who joins) or a bot of a level. */
export type SeatPlan = { readonly kind: "human" } | { readonly kind: "bot"; readonly level: BotLevel };

/** A seat now: open, a person's, or a bot's (a person who left is a bot under their name). */
export type Seat =
  | { readonly kind: "open" }
  | {
      readonly kind: "human";
      readonly player: string;
      readonly name: string;
      /** The person plays through a program (a bot account: docs/ratings.md). */
      readonly program?: true;
    }
  | { readonly kind: "bot"; readonly level: BotLevel; readonly name: string };

/** The turn clock: seconds a move may take before the bank is used, and the bank per game. */
export interface ClockSettings {
  readonly move: number;
  readonly bank: number;
}

/** What a table is played by, fixed when it is made (a rebuild never fills in newer defaults). */
export interface TableRules {
  /** The engine's rules with every option filled in. */
  readonly rules: Rules;
  readonly seats: readonly SeatPlan[];
  readonly clock: ClockSettings | null;
  /**
   * Its games change its people's ratings (docs/ratings.md). Absent from tables made before
   * ratings: they are not rated.
   */
  readonly rated?: boolean;
  /**
   * A duplicate tournament round's table: the name of the deals every table of the round plays
   * (docs/fairness.md, *Duplicate tables*). Its deals take no seeds, and only its players follow it.
   */
  readonly duplicate?: string;
}

/** How a table paces itself and when it gives up on its people (milliseconds). */
export interface Timing {
  /** Least time a bot's move takes, from when it starts thinking, so people can follow it. */
  readonly botDelay: number;
  /** Pause between the end of a hand and the next deal (the score sheet). */
  readonly handPause: number;
  /** How long a forced pass shows before it is made for the player. */
  readonly forcedPass: number;
  /**
   * How long a deal waits for the seeds of the people at the table (after the hand pause, if that
   * is longer); a seed that comes later is refused and the deal made without it.
   */
  readonly seedWait: number;
  /** A table nobody who sits at it is connected to closes after this long (a playing one as abandoned). */
  readonly idleClose: number;
  /** The same for a finished table (nobody will play on; a rematch is all that could happen). */
  readonly finishedClose: number;
}

/** How a table paces itself unless its server says otherwise (IDLE_CLOSE_SECONDS, …). */
export const DEFAULT_TIMING: Timing = {
  botDelay: 900,
  handPause: 8000,
  forcedPass: 1200,
  seedWait: 3000,
  idleClose: 30 * 60_000,
  finishedClose: 10 * 60_000,
};

export type TableStatus = "waiting" | "playing" | "finished" | "closed";

/**
 * Why a table closed: `idle` (waiting, and nobody came), `abandoned` (a game nobody was at; its
 * record says so), `finished` (a finished game nobody stayed at), `empty` (every person left).
 */
export type CloseReason = "idle" | "abandoned" | "finished" | "empty";

/** A hand's proof of a fair deal (the shape `@crossbones/fair` checks). */
export interface Proof {
  /** The table's id in deals: its code and the game's number at the table ("K7QX2M-1"). */
  readonly table: string;
  /** The hand's number in its game, from 1. */
  readonly hand: number;
  readonly secret: string;
  readonly commitment: string;
  readonly seeds: readonly (string | null)[];
}

/** What a table carries from one game into the next (a rebuild may start from it). */
export interface Checkpoint {
  /** The new game's index at the table (0 is the first game). */
  readonly game: number;
  readonly seats: readonly Seat[];
  /** The action ids each seat's person sent last (a resent one is acknowledged, not applied). */
  readonly ids: readonly (readonly string[])[];
}

/**
 * One change of a table as logged. Seats are indexes; bones in record notation; `at` is when the
 * entry was made (epoch ms; absent from entries logged before it was kept).
 */
export type LogEntry = (
  | {
      readonly k: "sit";
      readonly seat: number;
      readonly player: string;
      readonly name: string;
      /** A bot account (a program playing as a person); absent for people. */
      readonly program?: true;
    }
  /**
   * A person gives a seat up: before the first deal the seat is open again, after it a bot plays
   * it until the game ends.
   */
  | { readonly k: "leave"; readonly seat: number }
  /** The table's maker frees a person's seat before the first deal; that person may not sit again. */
  | { readonly k: "remove"; readonly seat: number }
  /**
   * The coming deal's secret and its commitment, drawn before anyone's seed is asked for; logged
   * so that a restart deals from the commitment everyone was shown (the secret is never sent).
   */
  | { readonly k: "commit"; readonly hand: number; readonly secret: string; readonly commitment: string }
  /** A person's seed for the coming deal, taken (its receipt is the seat in the deal's `seeded`). */
  | { readonly k: "seed"; readonly seat: number; readonly seed: string }
  /** The next hand's deal: each seat's bones, and what they were made from (absent from early logs). */
  | {
      readonly k: "deal";
      readonly hands: readonly (readonly string[])[];
      readonly fair?: {
        /** The table's id in the deal (absent from deals logged before: the code and the game then). */
        readonly table?: string;
        readonly secret: string;
        readonly commitment: string;
        readonly seeds: readonly (string | null)[];
      };
    }
  /**
   * An action applied for `seat` (`id`: the client's action id; null for the table's own moves;
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
  /** A person who was away acted (even a refused action) or said they are ready: they are back. */
  | { readonly k: "back"; readonly seat: number }
  /** A person asks for a rematch (it starts when every person has). */
  | { readonly k: "ask"; readonly seat: number }
  /**
   * A new game at the same table, the same seats. Its `checkpoint` (absent from rematches logged
   * before checkpoints) is everything the table carries into the new game.
   */
  | { readonly k: "rematch"; readonly checkpoint?: Checkpoint }
  /** The table closes for good. */
  | { readonly k: "close"; readonly reason: CloseReason }
  /**
   * Its time is up (a tournament round's length, docs/tournaments.md): bots play every seat, at
   * once and with no pause between hands, to the end of the game; nobody may move any more.
   */
  | { readonly k: "time-up" }
) & { readonly at?: number };

/**
 * A change that is not logged: who is connected, who is ready between hands, a deal being made,
 * a bot thinking and what it chose, a reaction. A restart starts these afresh.
 */
export type Note = (
  | { readonly k: "present"; readonly players: readonly string[] }
  | { readonly k: "ready"; readonly seat: number }
  | { readonly k: "seal" }
  | { readonly k: "thinking"; readonly version: number }
  | { readonly k: "thought"; readonly seat: number; readonly version: number; readonly action: Action }
  | { readonly k: "react"; readonly seat: number; readonly reaction: string }
) & { readonly at: number };

export type Change = LogEntry | Note;

const NOTES: ReadonlySet<string> = new Set(["present", "ready", "seal", "thinking", "thought", "react"]);

/** Whether a change goes to the log (else it is a note: the moment, not the table's history). */
export function isLogged(change: Change): change is LogEntry {
  return !NOTES.has(change.k);
}

/** Whether a rebuild may start at this entry. */
export const isCheckpoint = (entry: LogEntry): boolean => entry.k === "rematch" && entry.checkpoint !== undefined;

/** The coming deal (docs/fairness.md): committed to, taking seeds, then sealed while it is made. */
export interface PendingDeal {
  /** The hand's number in its game, from 1. */
  readonly hand: number;
  readonly secret: string;
  readonly commitment: string;
  readonly seeds: readonly (string | null)[];
  /** When the commitment was drawn (seeds are waited for from here). */
  readonly at: number;
  /** The deal is being made: no seed may change it now. */
  readonly sealed: boolean;
}

/** The table as a value. Made by `newTable`, changed only by `apply`. */
export interface TableState {
  readonly code: string;
  /**
   * The table's name in its deals' proofs (docs/fairness.md): not its code, which is the key to a
   * private table and would travel with every record of its games.
   */
  readonly dealId: string;
  /** The player who made the table. */
  readonly maker: string;
  readonly table: TableRules;
  readonly timing: Timing;
  readonly seats: readonly Seat[];
  readonly game: Game;
  /** Which game of the table this is (0, then one more per rematch). */
  readonly gameIndex: number;
  readonly status: TableStatus;
  /** Why the table closed, once it has. */
  readonly closed: CloseReason | null;
  /** Log entries applied (the next entry's seq). */
  readonly seq: number;
  readonly away: readonly boolean[];
  /** Seconds left in each seat's bank (turn clock). */
  readonly banks: readonly number[];
  /** The last action ids of each seat's person. */
  readonly ids: readonly (readonly string[])[];
  /** Seats that asked for a rematch. */
  readonly asked: readonly number[];
  /** People the maker took off the table. */
  readonly removed: readonly string[];
  /**
   * Per seat, the person who left it (or was taken off) after this game's first deal, while a
   * bot plays it to the end under their name: a rated game counts leaving as last place.
   */
  readonly left: readonly (string | null)[];
  /**
   * Per seat, whether its person made a move of their own in this game: a seat played by a bot
   * from first to last had nobody come to it (a tournament's forfeit, docs/tournaments.md).
   */
  readonly acted: readonly boolean[];
  /** The game's time is up (`time-up`): bots finish it. */
  readonly timeUp: boolean;
  readonly pending: PendingDeal | null;
  /** Each hand's proof in the current game (null for a hand dealt before deals had them). */
  readonly proofs: readonly (Proof | null)[];
  // ---- the moment (notes; a rebuild starts them afresh)
  /** The turn being timed: the version it is at and when it started. */
  readonly turn: { readonly version: number; readonly since: number } | null;
  /** Between hands: seats whose people are ready for the next. */
  readonly ready: readonly number[];
  /** People with a connection following the table. */
  readonly online: readonly string[];
  /** Since when nobody who sits here is connected (null while someone is). */
  readonly idleSince: number | null;
  /** A bot (or a stand-in) was asked for a move at this version, at this time. */
  readonly thinking: { readonly version: number; readonly at: number } | null;
  /** The move the bot chose, waiting for its moment. */
  readonly thought: { readonly seat: number; readonly version: number; readonly action: Action } | null;
  /** When each seat last reacted. */
  readonly reacted: readonly number[];
}

/** The table's own refusal codes (the protocol's server codes include them, with their messages). */
export type TableRefusalCode =
  | "not-seated"
  | "seat-taken"
  | "table-full"
  | "not-finished"
  | "deal-made"
  | "seed-given"
  | "table-closed"
  | "not-maker"
  | "game-started"
  | "seat-empty"
  | "removed"
  | "no-table-talk"
  | "rate-limited"
  | "time-up";

export type TableRefusal = {
  readonly code: TableRefusalCode;
  readonly seat?: number;
  /** `rate-limited`: milliseconds until the seat may do it again. */
  readonly retryAfter?: number;
};

/** Why a command was refused: the table's own reason, or the engine's (with its message). */
export type Refusal = TableRefusal | EngineRefusal;

/** What a person, a connection or the table's shell asks of the table. */
export type Command =
  | {
      readonly c: "sit";
      readonly player: string;
      readonly name: string;
      readonly seat?: number;
      /** The player is a bot account. */
      readonly program?: boolean;
    }
  | { readonly c: "leave"; readonly player: string }
  | { readonly c: "remove"; readonly player: string; readonly seat: number }
  | {
      readonly c: "act";
      readonly player: string;
      readonly id: string;
      readonly version: number;
      readonly action: Action;
    }
  | { readonly c: "rematch"; readonly player: string }
  | { readonly c: "next"; readonly player: string }
  | { readonly c: "seed"; readonly player: string; readonly commitment: string; readonly seed: string }
  | { readonly c: "react"; readonly player: string; readonly reaction: string }
  /** The people connected to the table now (the shell counts their sockets). */
  | { readonly c: "present"; readonly players: readonly string[] }
  /** Do whatever is due by now (the shell's one timer). */
  | { readonly c: "tick" }
  /** The table's time is up (its tournament round's length): bots finish the game. */
  | { readonly c: "time-up" }
  /** The coming deal's secret and commitment, drawn by the shell when `due` asked for them. */
  | { readonly c: "commit"; readonly secret: string; readonly commitment: string }
  /** The sealed deal, made by the shell from the pending secret and seeds (`dealInputs`). */
  | { readonly c: "deal"; readonly hands: readonly BoneMask[] }
  /** The shell asked a bot for the seat to act. */
  | { readonly c: "thinking" }
  /** The bot's move (or, when it failed, none: the table takes a legal one). */
  | { readonly c: "thought"; readonly version: number; readonly action: Action | null };

/** What `decide` answers: the changes to apply (possibly none) and a refusal, if any. */
export interface Decision {
  readonly changes: readonly Change[];
  readonly refusal: Refusal | null;
  /** The refusal is an illegal play a strict table charged: the charge is in `changes`. */
  readonly charged: boolean;
  /** `sit`: the seat the player holds. */
  readonly seat?: number;
}

/**
 * The next thing a table does by itself, and when. `tick`s the table does alone (`decide` with
 * `{c: "tick"}`); the others need the shell: a secret to commit to (`draw`), a deal made from the
 * sealed secret and seeds (`deal`, async hashing), a bot's move (`think`).
 */
export type Due =
  | {
      readonly at: number;
      readonly kind: "tick";
      readonly why: "away" | "pass" | "play" | "seal" | "close";
    }
  | { readonly at: number; readonly kind: "draw" }
  | { readonly at: number; readonly kind: "deal" }
  | { readonly at: number; readonly kind: "think"; readonly seat: number; readonly level: BotLevel };
