/**
 * `crossbones online tournament` and `crossbones online play --tournament` (docs/tournaments.md):
 * make a tournament, print its standings, and play one through with a bot or a program: sign up,
 * check in once check-in opens, then each round's game at the table the server seats us at, until
 * the tournament ends. One JSON line per game played (as `play` prints), then the standings.
 */

import { currentTournamentTable, TOURNAMENT_ID, type TournamentAnswer } from "@crossbones/protocol";
import { CliError, intOption, type Parsed, UNREACHABLE, UsageError } from "./args.js";
import { createTournament, tournament, tournamentAction } from "./http.js";

/** How often the tournament is looked at while waiting for its start or the next round (ms). */
const POLL_MS = 1000;
/** How long a server that cannot be reached is looked for again before giving up (a restart; ms). */
const AWAY_MS = 120_000;
/** How long to wait when the server says we look too often (ms). */
const SLOW_DOWN_MS = 5000;
/** How many times a round's table is tried before the command gives up on it. */
const TABLE_TRIES = 3;

/** The body of `POST /api/tournaments` from `tournament create`'s options. */
export function tournamentFrom(parsed: Parsed): Record<string, unknown> {
  const format = parsed.values.get("format") ?? "swiss";
  // Duplicate is played in French only: it needs no --game.
  const game = parsed.values.get("game") ?? (format === "duplicate" ? "french" : "cutthroat");
  if (!["cutthroat", "partner", "french"].includes(game))
    throw new UsageError(`unknown game ${JSON.stringify(game)}: choose cutthroat, partner or french`);
  if (!["swiss", "knockout", "duplicate"].includes(format))
    throw new UsageError(`--format ${JSON.stringify(format)}: choose swiss, knockout or duplicate`);
  const players = parsed.values.has("players") ? intOption(parsed, "players", 2, 2, 4) : null;
  if (players !== null && players !== (game === "partner" ? 4 : game === "french" ? 4 : 2))
    throw new UsageError(`a ${format} tournament of ${game} is played by ${game === "cutthroat" ? 2 : 4} at a table`);
  const startText = parsed.values.get("start-in") ?? "60s";
  const start = /^(\d+)(s|m|h)?$/.exec(startText);
  if (!start) throw new UsageError("--start-in is a time like 30s, 10m or 2h");
  const startIn = Number(start[1]) * ({ s: 1, m: 60, h: 3600 }[start[2] ?? "s"] as number);
  let options: unknown;
  const optionsText = parsed.values.get("options");
  if (optionsText !== undefined) {
    try {
      options = JSON.parse(optionsText);
    } catch {
      throw new UsageError(`--options must be a JSON object, like '{"match": "straight"}'`);
    }
  }
  return {
    name: parsed.values.get("title") ?? `${game} ${format}`,
    game,
    format,
    rounds: intOption(parsed, "rounds", 3, 1, 12),
    ...(format === "duplicate" ? { hands: intOption(parsed, "hands", 4, 1, 12) } : {}),
    ...(parsed.values.has("round-minutes") ? { roundMinutes: intOption(parsed, "round-minutes", 30, 5, 240) } : {}),
    startIn,
    public: !parsed.flags.has("private"),
    ...(parsed.flags.has("rated") ? { rated: true } : {}),
    ...(options === undefined ? {} : { options }),
  };
}

export async function makeTournament(server: string, token: string, parsed: Parsed): Promise<string> {
  return createTournament(server, token, tournamentFrom(parsed));
}

export function tournamentIdOf(parsed: Parsed, option = "id"): string {
  const id = parsed.values.get(option);
  if (id === undefined || !TOURNAMENT_ID.test(id))
    throw new UsageError(`--${option} ID is needed: a tournament's id (22 letters, digits, - and _)`);
  return id;
}

/** What `tournament standings` prints: the standings, and each round's pairings with the codes of their tables. */
export function standingsOf(t: TournamentAnswer): unknown {
  return {
    id: t.id,
    name: t.settings.name,
    status: t.status,
    standings: t.standings,
    rounds: t.rounds.map((r, i) => ({
      round: i + 1,
      bye: r.bye,
      games: r.games.map((g) => ({ a: g.a, b: g.b, table: g.table, aScore: g.result?.aScore ?? null })),
      // Duplicate: the round's tables, its players by seat (null: a bot), each hand's points by seat.
      ...(r.tables
        ? { tables: r.tables.map((x) => ({ seats: x.seats, table: x.table, hands: x.result?.hands ?? null })) }
        : {}),
    })),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays tournament `id` as the token's player to its end: `playTable` plays one table's game (its
 * exit status). Signs up (naming `partner` in Partner), checks in once check-in opens, then plays
 * each round's game; returns the final tournament.
 */
export async function playTournament(
  server: string,
  token: string,
  me: string,
  id: string,
  partner: string | undefined,
  playTable: (code: string) => Promise<number>,
  log: (text: string) => void,
): Promise<TournamentAnswer> {
  // Signed up already (a command started again): it plays on.
  const entry = (await tournament(server, id)).signed.find((e) => e.players.some((p) => p.id === me));
  if (!entry)
    try {
      await tournamentAction(server, token, id, "signup", partner ? { partner } : {});
      log(`signed up for tournament ${id}`);
    } catch (e) {
      if (!(e instanceof CliError && e.code === "signed-up")) throw e;
    }
  const played = new Set<string>();
  const failures = new Map<string, number>();
  let checkedIn = entry?.checkedIn === true;
  let awaySince: number | null = null;
  for (;;) {
    let t: TournamentAnswer;
    try {
      t = await tournament(server, id);
      awaySince = null;
    } catch (e) {
      // Looking too often for the server's liking (many players behind one address): slow down.
      if (e instanceof CliError && e.code === "rate-limited") {
        await sleep(SLOW_DOWN_MS);
        continue;
      }
      // A server restarting between rounds: the tournament carries on from its log, so do we.
      if (!(e instanceof CliError && e.status === UNREACHABLE)) throw e;
      if (awaySince === null) {
        awaySince = Date.now();
        log(`${e.message}: looking again`);
      } else if (Date.now() - awaySince > AWAY_MS) throw e;
      await sleep(POLL_MS);
      continue;
    }
    if (t.status === "finished" || t.status === "cancelled") return t;
    if (t.status === "open" && !checkedIn) {
      try {
        await tournamentAction(server, token, id, "checkin");
        checkedIn = true;
        log("checked in");
      } catch (e) {
        if (!(e instanceof CliError && e.code === "check-in-closed")) throw e;
      }
    }
    const mine = currentTournamentTable(t, me);
    if (mine && !played.has(mine)) {
      played.add(mine);
      log(`round ${t.rounds.length}: table ${mine}`);
      const status = await playTable(mine);
      if (status !== 0) {
        // The table could not be reached (a server restarting as the round began): while it is
        // still ours, it is played again at the next look, a few times.
        const failed = (failures.get(mine) ?? 0) + 1;
        failures.set(mine, failed);
        if (failed >= TABLE_TRIES) throw new CliError(`the game at table ${mine} failed`, status);
        played.delete(mine);
        await sleep(POLL_MS);
      }
      continue;
    }
    await sleep(POLL_MS);
  }
}
