/**
 * The messages of an online table (docs/protocol.md), as zod schemas: one JSON object per
 * WebSocket text frame, discriminated by `t`. Client messages are checked by the server, server
 * messages by the clients (web app, `crossbones online`), with the same schemas. Everything a
 * client sends is bounded (lengths, counts) so that a check is cheap whatever arrives.
 */

import { GAME_KINDS, OPTION_SPECS, REFUSAL_CODES } from "@crossbones/engine";
import { z } from "zod";
import { bone, hex32, PLAYER_ID, seat, TABLE_CODE, TOURNAMENT_ID, tableCode, values } from "./parts.js";
import type { PatchOp } from "./patch.js";
import { type WireView, wireView } from "./view.js";

export { PLAYER_ID, TABLE_CODE, TOURNAMENT_ID };

/** The protocol's name and version, sent in `hello`: a server refuses a version it does not speak. */
export const PROTOCOL = "crossbones/2";

/** Largest frame a client may send, in bytes. */
export const MAX_CLIENT_FRAME = 4096;

// ---- shared pieces
const gameKind = z.enum(values(GAME_KINDS));
export const BOT_LEVELS = ["easy", "medium", "hard"] as const;
export const botLevel = z.enum(BOT_LEVELS);

/** The fixed reactions a player may send (no free chat: P4, table talk). */
export const REACTIONS = ["goodPlay", "wellPlayed", "ouch", "hurryUp", "thanks", "sorry"] as const;
export const reaction = z.enum(REACTIONS);
export type Reaction = (typeof REACTIONS)[number];

/** An action as `applyAction` takes it (record notation). */
export const action = z.discriminatedUnion("type", [
  // The target's letter is checked by the engine (`unknown-target`), like every rule.
  z.strictObject({ type: z.literal("play"), bone, target: z.string().max(8).optional() }),
  z.strictObject({ type: z.literal("pass") }),
  z.strictObject({ type: z.literal("resign") }),
]);

/** Rule options as on the home screen: any of the engine's options, values checked by the engine. */
const options = z
  .partialRecord(z.enum(values(OPTION_SPECS.map((s) => s.name))), z.union([z.int(), z.boolean(), z.string().max(16)]))
  .optional();

/** Who sits where when a table is made: a person (anyone who joins) or a bot of a level. */
export const seatPlan = z.union([z.literal("human"), z.templateLiteral(["bot:", botLevel])]);

export const clockSettings = z.strictObject({
  /** Seconds a player has for each move before the bank is used. */
  move: z.int().min(5).max(300),
  /** Seconds in reserve per player for the whole game. */
  bank: z.int().min(0).max(3600),
});

export const tableSetup = z.strictObject({
  game: gameKind,
  players: z.int().min(2).max(4),
  options,
  seats: z.array(seatPlan).min(2).max(4),
  /** The turn clock; null for none (private tables only). */
  clock: clockSettings.nullable(),
  /** A private table is joined by its code only; a public one may be found by quick match. */
  private: z.boolean(),
  /**
   * Its games change its people's ratings (docs/ratings.md). Quick match's tables are; a table
   * made by hand may be when every seat is for a person.
   */
  rated: z.boolean().optional(),
  /**
   * A table of a duplicate tournament's round (docs/tournaments.md): every table of the round plays
   * the deals of `deals` (its name in their proofs), with no seeds. Only the server makes one: a
   * table asked for with it is refused.
   */
  duplicate: z.strictObject({ deals: z.string().min(1).max(64) }).optional(),
  /**
   * A tournament's table: its game there (round and index from 0), so whichever process holds the
   * table reports its result. Only the server makes one (a table asked for with it is refused),
   * and frames leave it out.
   */
  tournament: z
    .strictObject({
      id: z.string().regex(TOURNAMENT_ID),
      round: z.int().min(0).max(63),
      index: z.int().min(0).max(1023),
    })
    .optional(),
});
export type TableSetup = z.infer<typeof tableSetup>;

// ---- client → server

export const clientMessage = z.discriminatedUnion("t", [
  /**
   * First frame: the protocol spoken and the guest token from `POST /api/guests`. Any string up to
   * 200 characters is a token to check: one the server did not sign, even an empty one, is
   * `bye bad-token` (as the docs promise), not a malformed message.
   */
  z.strictObject({
    t: z.literal("hello"),
    protocol: z.string().max(40),
    token: z.string().max(200),
    /**
     * The client plays through a program (the command line's --bot and --program): its player is a
     * bot account from then on, marked as a bot wherever its name shows, on a leaderboard of its own.
     */
    bot: z.boolean().optional(),
  }),
  /** Follow a table: its seat view when you sit there, else the spectators' view. */
  z.strictObject({ t: z.literal("watch"), table: tableCode }),
  z.strictObject({ t: z.literal("unwatch"), table: tableCode }),
  /** Take a free seat (the table's first free human seat, or `seat`). */
  z.strictObject({ t: z.literal("sit"), table: tableCode, seat: seat.optional() }),
  /**
   * An action of your seat, made against `version` (the view's), with your own id for it: an
   * action sent again (after a reconnect) with the same id is applied once.
   */
  z.strictObject({
    t: z.literal("act"),
    table: tableCode,
    id: z.string().min(1).max(64),
    version: z.int().min(0),
    action,
  }),
  z.strictObject({ t: z.literal("react"), table: tableCode, reaction }),
  /**
   * Your part of the coming deal: a random seed, sent once you have the deal's `commitment` (in
   * the table's `fair`); the deal is made from the server's secret and every seed it has by then.
   */
  z.strictObject({ t: z.literal("seed"), table: tableCode, commitment: hex32, seed: hex32 }),
  /**
   * Between hands: you have read the score sheet. The next hand is dealt once every person at the
   * table has said so (or when the pause ends), seeds permitting.
   */
  z.strictObject({ t: z.literal("next"), table: tableCode }),
  /** After the end: play again with the same seats (every seated person must ask). */
  z.strictObject({ t: z.literal("rematch"), table: tableCode }),
  /**
   * Give up your seat: before the first deal it is free again for anyone; once a game is on, a bot
   * plays it to the end.
   */
  z.strictObject({ t: z.literal("leave"), table: tableCode }),
  /** The table's maker frees a person's seat before the first deal (that person may not sit again). */
  z.strictObject({ t: z.literal("remove"), table: tableCode, seat }),
  /** Quick match: wait for others who want the same game; bots fill the rest after a while. */
  z.strictObject({
    t: z.literal("queue"),
    game: gameKind,
    players: z.int().min(2).max(4),
    /** Whether bot accounts may be seated with me (default true; a bot account's own wish is ignored). */
    bots: z.boolean().optional(),
  }),
  z.strictObject({ t: z.literal("unqueue") }),
  /** Invite a player (a friend, by id) to a table you sit at: they hear of it on every socket they have open. */
  z.strictObject({ t: z.literal("invite"), table: tableCode, player: z.string().regex(PLAYER_ID) }),
  z.strictObject({ t: z.literal("ping") }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

// ---- server → client

/** Why the server refused something: an engine refusal code or one of the server's own. */
export const SERVER_REFUSAL_CODES = [
  "bad-message",
  "too-large",
  "rate-limited",
  "bad-protocol",
  "bad-token",
  "not-hello",
  "unknown-table",
  "not-seated",
  "seat-taken",
  "table-full",
  "not-finished",
  "deal-made",
  "seed-given",
  "bad-setup",
  "bad-origin",
  "going-away",
  "not-found",
  "server-error",
  "table-unavailable",
  "table-closed",
  "too-many-tables",
  "not-maker",
  "game-started",
  "seat-empty",
  "removed",
  "no-table-talk",
  "already-hello",
  "watching-too-many",
  "table-crowded",
  "name-too-like",
  "passkey-failed",
  "unknown-passkey",
  "too-many-passkeys",
  "game-in-play",
  "too-many-friends",
  "too-many-blocks",
  "blocked",
  "signup-closed",
  "signed-up",
  "not-signed-up",
  "check-in-closed",
  "partner-needed",
  "partner-taken",
  "tournament-full",
  "too-many-tournaments",
  "tournaments-full",
  "bad-tournament",
  "duplicate-table",
  "time-up",
] as const;
export type ServerRefusalCode = (typeof SERVER_REFUSAL_CODES)[number];

/** The answers of the HTTP routes a client reads (docs/protocol.md). */
export const guestAnswer = z.object({ token: z.string(), player: z.object({ id: z.string(), name: z.string() }) });
/** A guest: the token that is this player, and the player's id and name. */
export type Guest = z.infer<typeof guestAnswer>;
export const tableAnswer = z.object({ code: tableCode });

/** `GET /api/players/:id`: a player's public profile and ratings (docs/ratings.md). */
export const playerAnswer = z.object({
  player: z.object({
    id: z.string(),
    name: z.string(),
    since: z.number(),
    account: z.boolean(),
    /** The country they show (ISO 3166-1 alpha-2: "JM"), or null. */
    country: z.string().nullable(),
  }),
  /** Their newest finished games at public tables (the record: GET /api/games/ID). */
  games: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      game: z.int(),
      finished: z.number(),
      kind: gameKind,
      players: z.int(),
      names: z.array(z.string()),
    }),
  ),
  /** The finished tournaments they played, newest first, with their place (`?tournament=ID`). */
  tournaments: z.array(
    z.object({ id: z.string(), name: z.string(), place: z.int(), entrants: z.int(), finished: z.number() }),
  ),
  /** The asker's rated games with this player, from the asker's side; null without a token, or on one's own profile. */
  against: z.object({ games: z.int(), won: z.int(), lost: z.int(), drawn: z.int() }).nullable(),
  ratings: z.array(
    z.object({
      kind: gameKind,
      /** The shown rating (700 for a new player). */
      rating: z.int(),
      games: z.int().min(1),
      /** Fewer than ten rated games in the kind. */
      provisional: z.boolean(),
      /** The shown rating after each rated game, oldest first (`game`: the game's id, GET /api/games/:id). */
      history: z.array(z.object({ at: z.number(), rating: z.int(), game: z.string() })),
    }),
  ),
});
export type PlayerAnswer = z.infer<typeof playerAnswer>;

/** A game of a tournament as it ended for `a`: 1 won, ½ drawn, 0 lost; `absent`: who never came. */
const tournamentResult = z.object({
  a: z.string(),
  b: z.string(),
  aScore: z.union([z.literal(0), z.literal(0.5), z.literal(1)]),
  absent: z.array(z.string()).optional(),
  /** The game's record (GET /api/games/ID). */
  record: z.string().optional(),
});

/** `GET /api/tournaments/:id` (docs/protocol.md, *Tournaments*; the rules: docs/tournaments.md). */
/** The longest name a tournament may have (`POST /api/tournaments`). */
export const TOURNAMENT_NAME_MAX = 60;
/** The furthest ahead a tournament may start (`startIn`, seconds): 30 days. */
export const TOURNAMENT_START_IN_MAX = 30 * 24 * 3600;

export const tournamentAnswer = z.object({
  id: z.string(),
  settings: z.object({
    name: z.string(),
    game: z.enum(["cutthroat", "partner", "french"]),
    format: z.enum(["swiss", "knockout", "duplicate"]),
    rounds: z.int(),
    hands: z.int(),
    startAt: z.number(),
    maker: z.string(),
    options: z.record(z.string(), z.unknown()).optional(),
    rated: z.boolean().optional(),
    /** A round's length (minutes): then bots finish the games still on. Absent: none. */
    roundMinutes: z.int().optional(),
  }),
  status: z.enum(["open", "running", "finished", "cancelled"]),
  /** When check-in opens (the start less 10 minutes). */
  checkInAt: z.number(),
  /** Entrants (a player, or a Partner team "ID+ID"), their rating at sign-up, checked in or not. */
  signed: z.array(
    z.object({
      id: z.string(),
      players: z.array(z.object({ id: z.string(), name: z.string() })),
      rating: z.number(),
      checkedIn: z.boolean(),
    }),
  ),
  /** Each round's games (the higher-ranked entrant as `a`), with its table once made, and the bye. */
  rounds: z.array(
    z.object({
      games: z.array(
        z.object({ a: z.string(), b: z.string(), table: z.string().nullable(), result: tournamentResult.nullable() }),
      ),
      bye: z.string().nullable(),
      /** Knockout: the round's bracket slots in order (2i meets 2i+1; null: an empty slot, a bye). */
      slots: z.array(z.string().nullable()).nullable(),
      /**
       * Duplicate: the round's tables, each with its players by seat (null: a bot), its code once
       * made, and once it finished each hand's points per seat, who never came and its record.
       * Records of a round still being played are not shown: they hold deals other tables play.
       */
      tables: z
        .array(
          z.object({
            seats: z.array(z.string().nullable()),
            table: z.string().nullable(),
            result: z
              .object({
                hands: z.array(z.array(z.number())),
                absent: z.array(z.string()),
                record: z.string().optional(),
              })
              .nullable(),
          }),
        )
        .optional(),
    }),
  ),
  /** The rounds it plays, fixed at the start (0 before): a knockout's bracket has this many. */
  roundCount: z.int(),
  standings: z.array(
    z.object({
      id: z.string(),
      names: z.array(z.string()),
      place: z.int(),
      points: z.number(),
      tieBreaks: z.array(z.number()),
    }),
  ),
});
export type TournamentAnswer = z.infer<typeof tournamentAnswer>;

/**
 * The table of `player`'s game in the round now being played, while it is on (null: none). An
 * entrant is a player's id, or a Partner team's two joined by "+".
 */
export function currentTournamentTable(t: TournamentAnswer, player: string): string | null {
  if (t.status !== "running") return null;
  const round = t.rounds.at(-1);
  const duplicate = round?.tables?.find((x) => x.result === null && x.seats.includes(player));
  if (duplicate) return duplicate.table;
  const game = round?.games.find((g) => g.result === null && `+${g.a}+${g.b}+`.includes(`+${player}+`));
  return game?.table ?? null;
}

/** A friend as `GET /api/me/friends` lists them (docs/protocol.md, *Friends and blocks*). */
export const friendInfo = z.object({
  id: z.string(),
  name: z.string(),
  /** A bot account: marked as a bot wherever its name shows. */
  bot: z.boolean(),
  /** When I added them (epoch ms). */
  since: z.number(),
  /** They have a socket open now. */
  online: z.boolean(),
  /** While online, the latest public table they sit at that is waiting or playing (never a private one). */
  table: z.string().nullable(),
});
export type Friend = z.infer<typeof friendInfo>;
export const blockedInfo = z.object({ id: z.string(), name: z.string(), since: z.number() });
export type BlockedPlayer = z.infer<typeof blockedInfo>;
/** `GET /api/me/friends`: the people I added (one way) and the players I blocked. */
export const friendsAnswer = z.object({ friends: z.array(friendInfo), blocked: z.array(blockedInfo) });
export type FriendsAnswer = z.infer<typeof friendsAnswer>;

/** `GET /api/leaderboards/:kind`: a page of a leaderboard, and the asker's place on it. */
export const leaderboardAnswer = z.object({
  kind: gameKind,
  period: z.enum(["all", "month"]),
  /** The bot accounts' board (else the people's). */
  bots: z.boolean(),
  /** Least rated games to be on it (all time: in all; this month: this month). */
  minGames: z.int(),
  page: z.int().min(1),
  pages: z.int().min(1),
  total: z.int().min(0),
  rows: z.array(
    z.object({
      place: z.int().min(1),
      player: z.string(),
      name: z.string(),
      rating: z.int(),
      games: z.int(),
      bot: z.boolean(),
    }),
  ),
  me: z.object({ place: z.int().min(1) }).nullable(),
});
export type LeaderboardAnswer = z.infer<typeof leaderboardAnswer>;

/** A refusal as sent: the code, its parameters and an English message (translated by clients). */
export const wireRefusal = z.looseObject({
  code: z.enum(values<string>([...REFUSAL_CODES, ...SERVER_REFUSAL_CODES])),
  message: z.string(),
});
export type WireRefusal = z.infer<typeof wireRefusal>;

export const seatInfo = z.strictObject({
  seat,
  name: z.string(),
  kind: z.enum(["human", "bot", "open"]),
  level: botLevel.nullable(),
  /** A person's seat played by a program of theirs (a bot account, docs/ratings.md): marked as a bot. */
  program: z.boolean(),
  /** A person's seat: their player id (their profile is /p/ID; add them as a friend by it). */
  player: z.string().optional(),
  /** A person's socket is open. */
  connected: z.boolean(),
  /** The seat is played by a bot for now (its player ran out of time or left). */
  away: z.boolean(),
  /**
   * Milliseconds left in the seat's bank (turn clock) when the frame was made, or null. While the
   * seat is to act, the time it has used beyond the move's allowance is already taken out.
   */
  bankMs: z.int().min(0).nullable(),
});
export type SeatInfo = z.infer<typeof seatInfo>;

/** A hand's proof of a fair deal, revealed once the hand is over (docs/fairness.md). */
export const dealProof = z.strictObject({
  /** The table's id: its code and the game's number there ("K7QX2M-1"). */
  table: z.string().min(1).max(64),
  /** The hand's number in its game, from 1. */
  hand: z.int().min(1),
  secret: hex32,
  commitment: hex32,
  /** Per seat: the seed that went into the deal, or null. */
  seeds: z.array(hex32.nullable()).min(2).max(4),
});

/** The deal being made or played: its commitment, sent before the seeds are asked for. */
export const dealCommitment = z.strictObject({
  /** The hand's number in its game, from 1. */
  hand: z.int().min(1),
  commitment: hex32,
  /** The deal is made (the hand is on); until then the server takes seeds. */
  dealt: z.boolean(),
  /** Seats whose seed is in. */
  seeded: z.array(seat),
  /**
   * This deal takes no seeds: a duplicate tournament's table, whose deals every table of its round
   * plays (docs/fairness.md, *Duplicate tables*). Absent: it takes them.
   */
  noSeeds: z.literal(true).optional(),
});

export const tableInfo = z.strictObject({
  code: tableCode,
  setup: tableSetup,
  seats: z.array(seatInfo),
  /** Your seat, or null when you watch. */
  you: seat.nullable(),
  /**
   * waiting (for people to sit), playing, finished (the game is over; a rematch may follow) or
   * closed (for good: nobody came back, docs/online.md).
   */
  status: z.enum(["waiting", "playing", "finished", "closed"]),
  /** The seat of the person who made the table (they may remove people before the first deal), or null. */
  maker: seat.nullable(),
  /**
   * Milliseconds from this frame until the seat to act runs out of time (its move's allowance and
   * its bank), or null when no clock runs. Count down from when the frame arrives: the device's own
   * clock may be minutes off the server's.
   */
  turnMs: z.int().min(0).nullable(),
  /** Milliseconds from this frame until the next hand is dealt, or null (none coming, or paused). */
  nextHandMs: z.int().min(0).nullable(),
  /**
   * Between hands, nobody who sits here is at the table (every person is away or disconnected):
   * the next hand waits until one of them is back.
   */
  paused: z.boolean(),
  /** The server's clock when the frame was made (epoch ms), for whoever wants it; durations above need none. */
  serverTime: z.number(),
  /** Seats that asked for a rematch. */
  rematch: z.array(seat),
  /** Between hands: seats whose players are ready for the next hand. */
  ready: z.array(seat),
  /** Which game of this table (0, then one more per rematch). */
  game: z.int().min(0),
  /** The coming or current deal's commitment; null when none (before the players sit, after the end). */
  fair: dealCommitment.nullable(),
  /** The proof of the hand just over, while no other is being played; null otherwise. */
  proof: dealProof.nullable(),
  /**
   * The game's time is up (its tournament round's length, docs/tournaments.md): bots finish it at
   * once and nobody may move any more. Absent while it is not.
   */
  timeUp: z.literal(true).optional(),
});
export type TableInfo = z.infer<typeof tableInfo>;

/**
 * The table as it stands now (a snapshot): sent on `watch`, and whenever a follower cannot be sent
 * a patch. `seq`: the frame's number (the table's log entries so far); patches count from it. A
 * patched copy is checked with this schema too (copies.ts).
 */
export const tableMessage = z.strictObject({
  t: z.literal("table"),
  seq: z.int().min(0),
  table: tableInfo,
  view: wireView,
});

export const serverMessage = z.discriminatedUnion("t", [
  z.strictObject({
    t: z.literal("welcome"),
    protocol: z.literal(PROTOCOL),
    player: z.strictObject({ id: z.string(), name: z.string() }),
  }),
  tableMessage,
  /**
   * What changed since the frame numbered `from`, as operations on that frame's `table` and `view`
   * (patch.ts), making the frame numbered `to`. A client whose last frame is not `from` missed one:
   * it watches the table again for a snapshot. One that already has `to` ignores it.
   */
  z.strictObject({
    t: z.literal("patch"),
    table: tableCode,
    from: z.int().min(0),
    to: z.int().min(0),
    ops: z.array(
      z.union([
        z.tuple([z.literal("="), z.string(), z.unknown()]),
        z.tuple([z.literal("+"), z.string(), z.array(z.unknown())]),
      ]),
    ),
  }),
  /** Your action `id` was applied (or had been already), giving `version`. */
  z.strictObject({ t: z.literal("ack"), id: z.string(), version: z.int() }),
  /**
   * Your message was refused; `id` is the action's when it was one. Nothing changed. `charged`:
   * an illegal play that a strict table refused and charged (the table changed: a `table` follows).
   */
  z.strictObject({
    t: z.literal("refused"),
    id: z.string().nullable(),
    table: tableCode.nullable(),
    refusal: wireRefusal,
    charged: z.boolean(),
  }),
  z.strictObject({ t: z.literal("reaction"), table: tableCode, seat, reaction }),
  /**
   * A rated game of the table (`game`, its number at the table) is over and its people's ratings
   * moved (docs/ratings.md): per seat a person played, the shown rating before and after, the
   * rated games they have in the kind now (`provisional` while fewer than ten), and whether they
   * left before the end (last place). Sent once the result and the ratings are kept, and again
   * with the table to whoever watches it while that game is the table's last. No ratings: the
   * table is rated but the game rated nobody (people sat on one side only).
   */
  z.strictObject({
    t: z.literal("rated"),
    table: tableCode,
    game: z.int().min(0),
    kind: gameKind,
    ratings: z.array(
      z.strictObject({
        seat,
        before: z.int(),
        after: z.int(),
        games: z.int().min(1),
        provisional: z.boolean(),
        left: z.boolean(),
      }),
    ),
  }),
  /**
   * Who is at a table changed, and nothing else (sent instead of a whole `table`, at most about
   * once a second per table): per seat, whether its person is connected and whether a bot plays
   * for them; between hands, who is ready and whether the table is paused.
   */
  z.strictObject({
    t: z.literal("presence"),
    table: tableCode,
    seats: z.array(z.strictObject({ connected: z.boolean(), away: z.boolean() })),
    ready: z.array(seat),
    paused: z.boolean(),
  }),
  /**
   * Quick match: you wait; bots fill the free seats `botsMs` milliseconds after this frame (count
   * from its arrival; `serverTime` is the server's clock, epoch ms).
   */
  z.strictObject({
    t: z.literal("queued"),
    game: gameKind,
    players: z.int(),
    waiting: z.int(),
    botsMs: z.int().min(0),
    /** The median of the last waits for this game that ended at a table (ms), or null before any. */
    usualMs: z.int().min(0).nullable(),
    serverTime: z.number(),
  }),
  z.strictObject({ t: z.literal("matched"), table: tableCode }),
  /** Someone who sits at `table` invites you to it (a game of `game` for `players`). */
  z.strictObject({
    t: z.literal("invited"),
    table: tableCode,
    from: z.strictObject({ id: z.string(), name: z.string() }),
    game: gameKind,
    players: z.int().min(2).max(4),
  }),
  z.strictObject({ t: z.literal("pong") }),
  /** The server is going away or refused the connection; `retry`: whether to reconnect. */
  z.strictObject({ t: z.literal("bye"), refusal: wireRefusal, retry: z.boolean() }),
]);
/** A message from the server, as its schema says (a `table` message's view read-only, as the engine's). */
export type ServerMessage =
  | Exclude<z.infer<typeof serverMessage>, { t: "table" | "patch" }>
  | TableMessage
  | PatchMessage;
/** A whole table: its number, its information and the view. */
export type TableMessage = {
  readonly t: "table";
  readonly seq: number;
  readonly table: TableInfo;
  readonly view: WireView;
};
export type PatchMessage = {
  readonly t: "patch";
  readonly table: string;
  readonly from: number;
  readonly to: number;
  readonly ops: readonly PatchOp[];
};
export type PresenceMessage = Extract<ServerMessage, { t: "presence" }>;

/**
 * `info` with what a `presence` message says: who is connected and away, who is ready, whether the
 * table is paused (the rest stays as the last frame had it). Clients and the server apply it alike,
 * so a patch that follows counts from the same table.
 */
export function withPresence(info: TableInfo, p: PresenceMessage): TableInfo {
  const seats = info.seats.map((s, i) => {
    const now = p.seats[i];
    return now && (now.connected !== s.connected || now.away !== s.away)
      ? { ...s, connected: now.connected, away: now.away }
      : s;
  });
  return { ...info, seats, ready: p.ready, paused: p.paused };
}

/** English messages of the server's own refusal codes (engine codes carry their own). */
export const SERVER_MESSAGES: Readonly<Record<ServerRefusalCode, string>> = {
  "bad-message": "the message could not be read",
  "too-large": "the message is too large",
  "rate-limited": "too many messages: slow down",
  "bad-protocol": `this server speaks ${PROTOCOL}`,
  "bad-token": "the guest token is not valid: choose a name again",
  "not-hello": "say hello first",
  "unknown-table": "there is no table with that code",
  "not-seated": "you do not sit at this table",
  "seat-taken": "that seat is taken",
  "table-full": "every seat at this table is taken",
  "not-finished": "the game is not over yet",
  "deal-made": "that deal is already made: the seed came too late",
  "seed-given": "your seed for this deal is already in",
  "bad-setup": "that table cannot be made",
  "bad-origin": "connections are not accepted from this page",
  "going-away": "the server is restarting: reconnect in a moment",
  "not-found": "there is nothing at that address",
  "server-error": "something went wrong on the server; try again",
  "table-unavailable": "this table cannot be opened just now; every other table plays on",
  "table-closed": "this table is closed: nobody was at it for a while",
  "too-many-tables": "you have too many tables open: finish or leave one first",
  "not-maker": "only the person who made the table can do that",
  "game-started": "the game has started: seats can no longer change",
  "seat-empty": "no one sits in that seat",
  removed: "the table's maker took you off this table",
  "no-table-talk": "no reactions during a hand of Partner: partners may not signal",
  "already-hello": "this connection already said hello as another player; open a new one",
  "watching-too-many": "this connection follows too many tables; stop watching one first",
  "table-crowded": "too many people are watching this table",
  "name-too-like": "someone at this table has a name too like yours: choose another to sit here",
  "passkey-failed": "the passkey could not be checked: try again",
  "unknown-passkey": "this passkey is not known here: it may have been removed",
  "too-many-passkeys": "this account has as many passkeys as it may: remove one first",
  "game-in-play": "a game of yours is still being played: try again once it is over",
  "too-many-friends": "you have as many friends as you may: remove one first",
  "too-many-blocks": "you have blocked as many players as you may: unblock one first",
  blocked: "you cannot sit at this table",
  "signup-closed": "this tournament has started: sign-up and leaving are closed",
  "signed-up": "you are signed up for this tournament already",
  "not-signed-up": "you are not signed up for this tournament",
  "check-in-closed": "check-in opens 10 minutes before the start",
  "partner-needed": "a Partner tournament is played in teams: name your partner",
  "partner-taken": "your partner is in another team already",
  "tournament-full": "this tournament has as many entrants as it may",
  "too-many-tournaments": "you have made as many tournaments as you may: let one finish first",
  "tournaments-full": "the server runs as many tournaments as it can just now: try again later",
  "bad-tournament": "that tournament cannot be made",
  "duplicate-table":
    "this table plays a duplicate round's deals, which other tables are still playing: it is not watched",
  "time-up": "the round's time is up: bots finish this game",
};

/** A refusal of the server's own, with its English message. */
export function serverRefusal(code: ServerRefusalCode, params: Record<string, unknown> = {}): WireRefusal {
  return { ...params, code, message: SERVER_MESSAGES[code] };
}

/** Reads a client frame: the message, or the refusal to send back. */
export function readClientMessage(
  text: string,
): { ok: true; message: ClientMessage } | { ok: false; refusal: WireRefusal } {
  // Bytes, not characters: a character takes up to 3 bytes in UTF-8.
  if (text.length > MAX_CLIENT_FRAME || (text.length * 3 > MAX_CLIENT_FRAME && utf8Length(text) > MAX_CLIENT_FRAME)) {
    return { ok: false, refusal: serverRefusal("too-large") };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, refusal: serverRefusal("bad-message") };
  }
  const parsed = clientMessage.safeParse(json);
  if (!parsed.success) return { ok: false, refusal: serverRefusal("bad-message", { issue: firstIssue(parsed.error) }) };
  return { ok: true, message: parsed.data };
}

/** Reads a server frame (clients): the message, or why it is not one. */
export function readServerMessage(text: string): { ok: true; message: ServerMessage } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: "not JSON" };
  }
  const parsed = serverMessage.safeParse(json);
  return parsed.success
    ? { ok: true, message: parsed.data as ServerMessage }
    : { ok: false, reason: firstIssue(parsed.error) };
}

/** The first problem zod found, as "path: message", short. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid";
  const path = issue.path.map(String).join(".").slice(0, 60);
  return `${path || "message"}: ${issue.message}`.slice(0, 120);
}

/** Bytes of `text` in UTF-8 (a surrogate pair, two code units, is 4 bytes). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : c >= 0xdc00 && c <= 0xdfff ? 0 : 3;
  }
  return bytes;
}
