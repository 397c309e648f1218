/**
 * `crossbones online`: a headless client of a Crossbones server (docs/protocol.md). Make a guest,
 * make a table and print its invite code, take a seat and play it with a bot or a program of your
 * own until the game ends, print a table's record.
 */

import type { BotLevel } from "@crossbones/bots";
import { type GameKind, isGameKind, PLAYER_COUNTS, parseRules } from "@crossbones/engine";
import { BOT_LEVELS, type TableSetup, tableSetup } from "@crossbones/protocol";
import {
  CliError,
  intOption,
  type Parsed,
  parseOptions,
  serverUrl,
  socketUrl,
  splitCommand,
  tableCodeOf,
  tokenOf,
  UsageError,
} from "./args.js";
import { BotDecider, type Decider, ProgramDecider } from "./deciders.js";
import { createTable, newGuest, playerProfile, tableRecord, tournament, tournamentExport, whoAmI } from "./http.js";
import { playOnline } from "./play.js";
import { makeTournament, playTournament, standingsOf, tournamentIdOf } from "./tournament.js";

export const ONLINE_HELP = `crossbones online: play at a Crossbones server's tables from the command line

Usage:
  crossbones online create --server URL [--game partner] [--players N] [--options JSON]
                           [--seats human,bot:hard,human,human] [--clock MOVE,BANK|off]
                           [--private|--public] [--rated] [--name NAME] [--token-file FILE] [--json]
      Makes a table and prints its invite code and link (URL/t/CODE). You sit at its first
      seat for a person (play it with the same token). Defaults: French, the game's players
      (4; Cut Throat 2–4), you and bots of medium, a clock of 20 s a move and 60 s of bank,
      private. --rated: its games change the people's ratings (every seat must be human).
      Without a token a guest NAME is made, and its token printed on standard error.
  crossbones online play --server URL --table CODE (--bot easy|medium|hard | --program "CMD ARGS")
                         [--name NAME] [--token-file FILE] [--seat N] [--seed S] [--dump-frames FILE]
                         [--quiet]
      Takes a free seat (or yours) and plays it until the game ends, then prints the result as
      one JSON line. --bot plays with one of the bots; --program runs CMD, which receives one
      JSON line per decision and answers each with a move like 3-4@N or pass (the line
      protocol: docs/protocol.md, "A program as a player"). A dropped connection is made again
      by itself. --dump-frames writes every frame received, one JSON per line.
  crossbones online play --server URL --quick GAME [--players N] [--games K]
                         (--bot LEVEL | --program "CMD ARGS") [--name NAME] [--token-file FILE] [--quiet]
      Plays K quick-match games in a row (default 1) of GAME for N players (default: the most
      the game has), each at the table quick match finds (rated; bot accounts are seated only with
      people who allow them), and prints one JSON line per game, with the rating after it.
  crossbones online play --server URL --tournament ID (--bot LEVEL | --program "CMD ARGS")
                         [--partner ID] [--name NAME] [--token-file FILE] [--quiet]
      Signs up for tournament ID (Partner: naming your partner's player id, who signs up naming
      you), checks in when check-in opens (10 minutes before the start) and plays each round's
      game at the table the server seats you at, until the tournament ends: one JSON line per
      game, then one with the final standings.
  crossbones online tournament create --server URL [--game cutthroat|partner|french] [--players N]
                         [--format swiss|knockout|duplicate] [--rounds R] [--hands H]
                         [--round-minutes M] [--start-in 30s|10m|2h] [--options JSON]
                         [--title NAME] [--private] [--rated] [--token-file FILE] [--json]
      Makes a tournament and prints its id (docs/tournaments.md). Defaults: Cut Throat, Swiss,
      3 rounds, starting in 60 s, listed. Duplicate is French (every table of a round plays the
      same deals): --hands, each round's, 4 by default. --options: every table's rules
      ('{"match":"straight"}'); --rated: its games change the players' ratings; --round-minutes
      (5-240): a round's length, after which bots finish the games still on.
  crossbones online tournament standings --server URL --id ID [--json]
      Prints the standings, every round's pairings (duplicate: its tables, each hand's points by
      seat) and the codes of their tables.
  crossbones online tournament export --server URL --id ID > tournament.json
      Prints the whole tournament as one file: settings, players, rounds, standings and every
      game's record (each replays with crossbones replay).
  crossbones online record --server URL --table CODE [--token-file FILE]
      Prints the record of the table's current game (docs/record-format.md). A duplicate
      tournament's table gives it to its own players only: pass your token.
  crossbones online player --server URL --id ID
      Prints a player's ratings as one JSON object: name, and per game kind the shown rating,
      rated games, whether it is still provisional, and its history (docs/ratings.md).
  crossbones online guest --server URL --name NAME [--json]
      Makes a guest and prints its token: keep it in a file only you can read
      (crossbones online guest ... > ~/.crossbones-token; chmod 600) and pass --token-file.

A token is the player: whoever has it plays as them. Give it in a file (--token-file FILE, its
first line) or in CROSSBONES_TOKEN, not on the command line (--token TOKEN still works, but every
user of the machine can read a command line). The server may also come from CROSSBONES_SERVER. Seats are
numbered from 0, as the protocol numbers them. Exit status: 0 done, 1 refused or failed (the
reason is printed), 2 a wrong command line, 3 the server could not be reached.
`;

export interface OnlineIO {
  out(text: string): void;
  err(text: string): void;
  readonly env: NodeJS.ProcessEnv;
}

const processIO: OnlineIO = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
};

/** Runs `crossbones online ...args`; the exit status. */
export async function runOnline(args: readonly string[], io: OnlineIO = processIO): Promise<number> {
  const [sub, ...rest] = args;
  try {
    switch (sub) {
      case "create":
        return await create(rest, io);
      case "play":
        return await play(rest, io);
      case "record":
        return await record(rest, io);
      case "guest":
        return await guest(rest, io);
      case "player":
        return await player(rest, io);
      case "tournament":
        return await tournamentCommand(rest, io);
      case undefined:
        io.err(ONLINE_HELP);
        return 2;
      case "help":
      case "--help":
      case "-h":
        io.out(ONLINE_HELP);
        return 0;
      default:
        throw new UsageError(`unknown command online ${JSON.stringify(sub)}`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`crossbones online: ${e.message}\n(crossbones online --help tells how)\n`);
      return 2;
    }
    if (e instanceof CliError) {
      io.err(`crossbones: ${e.message}\n`);
      return e.status;
    }
    // A fault of the command's own: said in a line too, never as a stack trace.
    io.err(`crossbones: unexpected error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

function wantsHelp(args: readonly string[], io: OnlineIO): boolean {
  if (!args.includes("--help") && !args.includes("-h")) return false;
  io.out(ONLINE_HELP);
  return true;
}

/** The token to use: given, or a new guest's (whose token is said on standard error). */
async function tokenFor(parsed: Parsed, io: OnlineIO, server: string, quiet = false): Promise<string> {
  const given = tokenOf(parsed, io.env);
  if (given) return given;
  const made = await newGuest(server, parsed.values.get("name") ?? "Guest");
  if (!quiet)
    io.err(
      `crossbones: you are the new guest ${made.player.name}; to come back as them, keep this token in a file ` +
        `only you can read and pass --token-file FILE (or set CROSSBONES_TOKEN): ${made.token}\n`,
    );
  return made.token;
}

// ---- create

/** The setup `crossbones online create` asks for, from its options. */
export function setupFrom(parsed: Parsed): TableSetup {
  const game = parsed.values.get("game") ?? "french";
  if (!isGameKind(game))
    throw new UsageError(`unknown game ${JSON.stringify(game)}: choose french, cutthroat or partner`);
  const seatsText = parsed.values.get("seats");
  const seatList = seatsText === undefined ? null : seatsText.split(",").map((s) => s.trim());
  const counts = PLAYER_COUNTS[game as GameKind];
  const players = intOption(parsed, "players", seatList?.length ?? counts[counts.length - 1], 2, 4);
  if (!counts.includes(players)) throw new UsageError(`${game} is not played by ${players} players`);
  const seats = (seatList ?? ["human", ...Array.from({ length: players - 1 }, () => "bot:medium")]).map((s) =>
    (BOT_LEVELS as readonly string[]).includes(s) ? `bot:${s}` : s === "bot" ? "bot:medium" : s,
  );
  if (seats.length !== players) throw new UsageError(`--seats names ${seats.length} seats for ${players} players`);
  for (const s of seats) {
    if (s !== "human" && !BOT_LEVELS.some((l) => s === `bot:${l}`))
      throw new UsageError(`--seats: ${JSON.stringify(s)} is not human, bot:easy, bot:medium or bot:hard`);
  }
  if (!seats.includes("human")) throw new UsageError("--seats needs at least one human seat (yours)");
  let options: Record<string, unknown> = {};
  const optionsText = parsed.values.get("options");
  if (optionsText !== undefined) {
    try {
      options = JSON.parse(optionsText);
    } catch {
      throw new UsageError(`--options must be a JSON object, like '{"target": 50}'`);
    }
    if (typeof options !== "object" || options === null || Array.isArray(options))
      throw new UsageError(`--options must be a JSON object, like '{"target": 50}'`);
  }
  const rules = parseRules(game, players, options);
  if (!rules.ok) throw new UsageError(`--options: ${rules.error.message}`);
  const isPrivate = !parsed.flags.has("public");
  if (parsed.flags.has("public") && parsed.flags.has("private"))
    throw new UsageError("--private or --public, not both");
  const clockText = parsed.values.get("clock") ?? "20,60";
  let clock: TableSetup["clock"];
  if (clockText === "off") {
    if (!isPrivate) throw new UsageError("--clock off: a public table keeps a turn clock");
    clock = null;
  } else {
    const m = /^(\d+),(\d+)$/.exec(clockText);
    if (!m) throw new UsageError("--clock is MOVE,BANK in seconds (like 20,60) or off");
    clock = { move: Number(m[1]), bank: Number(m[2]) };
  }
  if (parsed.flags.has("rated") && seats.some((s) => s !== "human"))
    throw new UsageError("--rated: a rated table seats people only (--seats human,human,…)");
  const setup = {
    game,
    players,
    options,
    seats,
    clock,
    private: isPrivate,
    ...(parsed.flags.has("rated") ? { rated: true } : {}),
  };
  const checked = tableSetup.safeParse(setup);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue?.path.join(".") ?? "";
    throw new UsageError(
      where.startsWith("clock")
        ? "--clock: a move takes 5 to 300 seconds and the bank 0 to 3600"
        : `the table's setup is not valid: ${where} ${issue?.message ?? ""}`,
    );
  }
  return checked.data;
}

/** The options `crossbones online create` takes (with a value, and flags). */
export const CREATE_OPTIONS = {
  valued: ["server", "game", "players", "options", "seats", "clock", "name", "token", "token-file"],
  flags: ["private", "public", "rated", "json"],
} as const;

async function create(args: readonly string[], io: OnlineIO): Promise<number> {
  if (wantsHelp(args, io)) return 0;
  const parsed = parseOptions(args, CREATE_OPTIONS.valued, CREATE_OPTIONS.flags);
  const server = serverUrl(parsed, io.env);
  const setup = setupFrom(parsed);
  const json = parsed.flags.has("json");
  const token = await tokenFor(parsed, io, server, json);
  const code = await createTable(server, token, setup);
  const link = `${server}/t/${code}`;
  if (json) io.out(`${JSON.stringify({ code, link, token, setup })}\n`);
  else io.out(`${code}\n${link}\n`);
  return 0;
}

// ---- play

async function play(args: readonly string[], io: OnlineIO): Promise<number> {
  if (wantsHelp(args, io)) return 0;
  const parsed = parseOptions(
    args,
    [
      ...["server", "table", "name", "token", "token-file", "bot", "program", "seat", "seed", "dump-frames"],
      ...["quick", "players", "games", "tournament", "partner"],
    ],
    ["quiet"],
  );
  const server = serverUrl(parsed, io.env);
  const inTournament = parsed.values.has("tournament") ? tournamentIdOf(parsed, "tournament") : null;
  if (inTournament && (parsed.values.has("table") || parsed.values.has("quick")))
    throw new UsageError("play a --tournament, a --table or a --quick match: one of them");
  if (parsed.values.has("partner") && !inTournament) throw new UsageError("--partner goes with --tournament");
  const quick = quickOf(parsed);
  const table = inTournament ?? quick ?? tableCodeOf(parsed);
  const games = quick ? intOption(parsed, "games", 1, 1, 10_000) : 1;
  const bot = parsed.values.get("bot");
  const program = parsed.values.get("program");
  if ((bot === undefined) === (program === undefined))
    throw new UsageError("play with --bot LEVEL or --program CMD (one of them)");
  if (bot !== undefined && !(BOT_LEVELS as readonly string[]).includes(bot))
    throw new UsageError(`--bot ${JSON.stringify(bot)}: choose easy, medium or hard`);
  if (program !== undefined && splitCommand(program).length === 0) throw new UsageError("--program needs a command");
  const seat = parsed.values.has("seat") ? intOption(parsed, "seat", 0, 0, 3) : undefined;
  const seed = parsed.values.has("seed") ? intOption(parsed, "seed", 0, 0, 2 ** 32 - 1) : undefined;
  const quiet = parsed.flags.has("quiet");
  const log = (text: string) => {
    if (!quiet) io.err(`crossbones: ${text}\n`);
  };
  const token = await tokenFor(parsed, io, server, quiet);
  const playAt = (at: typeof table) =>
    playOnline(
      {
        url: socketUrl(server),
        token,
        table: at,
        seat,
        decider: ({ fail, warn }): Decider =>
          bot !== undefined ? new BotDecider(bot as BotLevel, seed) : new ProgramDecider(program as string, fail, warn),
        dumpFrames: parsed.values.get("dump-frames"),
      },
      { out: io.out, log, error: (text) => io.err(`crossbones: ${text}\n`) },
    );
  if (inTournament) {
    const me = (await whoAmI(server, token)).id;
    const t = await playTournament(server, token, me, inTournament, parsed.values.get("partner"), playAt, log);
    io.out(`${JSON.stringify(standingsOf(t))}\n`);
    return t.status === "finished" ? 0 : 1;
  }
  for (let game = 0; game < games; game++) {
    const status = await playAt(table);
    if (status !== 0) return status;
  }
  return 0;
}

/** `--quick GAME [--players N]`: the quick match to play (null without --quick; not with --table). */
function quickOf(parsed: Parsed): { game: GameKind; players: number } | null {
  const game = parsed.values.get("quick");
  if (game === undefined) {
    if (parsed.values.has("games")) throw new UsageError("--games goes with --quick");
    return null;
  }
  if (parsed.values.has("table")) throw new UsageError("play a --table or a --quick match, not both");
  if (!isGameKind(game)) throw new UsageError(`--quick ${JSON.stringify(game)}: choose french, cutthroat or partner`);
  const counts = PLAYER_COUNTS[game];
  const players = intOption(parsed, "players", counts[counts.length - 1], 2, 4);
  if (!counts.includes(players)) throw new UsageError(`${game} is not played by ${players} players`);
  return { game, players };
}

// ---- record, guest and player

async function record(args: readonly string[], io: OnlineIO): Promise<number> {
  if (wantsHelp(args, io)) return 0;
  const parsed = parseOptions(args, ["server", "table", "token", "token-file"], []);
  const server = serverUrl(parsed, io.env);
  const code = tableCodeOf(parsed);
  io.out(`${JSON.stringify(await tableRecord(server, code, tokenOf(parsed, io.env)), null, 2)}\n`);
  return 0;
}

async function guest(args: readonly string[], io: OnlineIO): Promise<number> {
  if (wantsHelp(args, io)) return 0;
  const parsed = parseOptions(args, ["server", "name"], ["json"]);
  const server = serverUrl(parsed, io.env);
  const name = parsed.values.get("name");
  if (name === undefined) throw new UsageError("--name NAME is needed");
  const made = await newGuest(server, name);
  io.out(parsed.flags.has("json") ? `${JSON.stringify(made)}\n` : `${made.token}\n`);
  return 0;
}

async function player(args: readonly string[], io: OnlineIO): Promise<number> {
  if (wantsHelp(args, io)) return 0;
  const parsed = parseOptions(args, ["server", "id"], []);
  const server = serverUrl(parsed, io.env);
  const id = parsed.values.get("id");
  if (id === undefined || !/^[A-Za-z0-9_-]{22}$/.test(id))
    throw new UsageError("--id ID is needed: a player's id (22 letters, digits, - and _; GET /api/me says yours)");
  const profile = await playerProfile(server, id);
  io.out(`${JSON.stringify({ ...profile.player, ratings: profile.ratings })}\n`);
  return 0;
}

// ---- tournaments

async function tournamentCommand(args: readonly string[], io: OnlineIO): Promise<number> {
  const [what, ...rest] = args;
  if (wantsHelp(rest, io)) return 0;
  if (what === "create") {
    const parsed = parseOptions(
      rest,
      [
        "server",
        "game",
        "players",
        "format",
        "rounds",
        "hands",
        "round-minutes",
        "start-in",
        "options",
        "title",
        "name",
        "token",
        "token-file",
      ],
      ["private", "rated", "json"],
    );
    const server = serverUrl(parsed, io.env);
    const token = await tokenFor(parsed, io, server, parsed.flags.has("json"));
    const id = await makeTournament(server, token, parsed);
    io.out(parsed.flags.has("json") ? `${JSON.stringify({ id })}\n` : `${id}\n`);
    return 0;
  }
  if (what === "standings") {
    const parsed = parseOptions(rest, ["server", "id"], ["json"]);
    const server = serverUrl(parsed, io.env);
    const t = await tournament(server, tournamentIdOf(parsed));
    if (parsed.flags.has("json")) io.out(`${JSON.stringify(standingsOf(t))}\n`);
    else {
      io.out(`${t.settings.name}: ${t.status}\n`);
      for (const s of t.standings) io.out(`${s.place}. ${s.names.join(" & ")}  ${s.points}\n`);
    }
    return 0;
  }
  if (what === "export") {
    const parsed = parseOptions(rest, ["server", "id"], []);
    const server = serverUrl(parsed, io.env);
    io.out(`${JSON.stringify(await tournamentExport(server, tournamentIdOf(parsed)), null, 2)}\n`);
    return 0;
  }
  throw new UsageError("online tournament create, standings or export");
}
