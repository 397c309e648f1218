/**
 * The life of a tournament as a pure value (docs/tournaments.md, *Life of a tournament*), in the
 * table core's shape: `decideTournament` says what a command changes (as log entries) or why it is
 * refused, `applyTournament` folds one entry into the state, `tournamentDue` says when it next
 * acts by itself. Time comes only from `now`, so a fake clock drives every test and a restart
 * rebuilds the same tournament from its log.
 *
 * Sign-up is open until the start; check-in opens `CHECK_IN_MS` before it, and only entrants whose
 * every player checked in are paired. At the start a field too small for the format cancels the
 * tournament; otherwise round 1 is paired at once, and each later round as soon as the last result
 * of the one before is in. The server makes each round's tables (`table-made`) and reports each
 * game's result (`result`, or a duplicate table's `hands`).
 */

import { type DuplicateTable, duplicateSeating, duplicateStandings } from "./duplicate.js";
import { knockoutGames, knockoutStandings, nextKnockoutRound, type Slots, seedBracket, seeds } from "./knockout.js";
import { swissStandings } from "./standings.js";
import { maxSwissRounds, pairSwiss } from "./swiss.js";
import type { Entrant, Game, PlayedRound, Standing } from "./types.js";

export type Format = "swiss" | "knockout" | "duplicate";
export type TournamentGame = "cutthroat" | "partner" | "french";

/** Which game each format is played in: duplicate is French; Swiss and knockout are one against one. */
export const FORMATS: Readonly<Record<Format, readonly TournamentGame[]>> = {
  swiss: ["cutthroat", "partner"],
  knockout: ["cutthroat", "partner"],
  duplicate: ["french"],
};

/** The fewest entrants a format starts with (duplicate: two tables, so every hand is compared). */
export const MIN_ENTRANTS: Readonly<Record<Format, number>> = { swiss: 4, knockout: 4, duplicate: 5 };
/** The most rounds a tournament may ask for, and hands a duplicate round may have. */
export const MAX_ROUNDS = 12;
export const MAX_HANDS = 12;
/** The most entrants a tournament takes (players, or Partner teams). */
export const MAX_ENTRANTS = 256;
/** How long before the start check-in opens (ms). */
export const CHECK_IN_MS = 10 * 60_000;
/** The shortest and longest round a maker may set (minutes). */
export const ROUND_MINUTES = { min: 5, max: 240 } as const;

export interface TournamentSettings {
  readonly name: string;
  readonly game: TournamentGame;
  readonly format: Format;
  /** Rounds asked for (Swiss: cut to what the field allows; knockout: as many as the bracket has). */
  readonly rounds: number;
  /** Duplicate: the hands every table plays each round. */
  readonly hands: number;
  readonly startAt: number;
  readonly maker: string;
  /** The rule options of every table (the game's own rules where absent): the shell checks them. */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Its games change the players' ratings (docs/ratings.md). */
  readonly rated?: boolean;
  /**
   * A round's length in minutes (absent: none): when it runs out, bots finish every game still on
   * (`roundDeadline`; the server tells each table its time is up).
   */
  readonly roundMinutes?: number;
}

export type TournamentStatus = "open" | "running" | "finished" | "cancelled";

/** A signed-up entrant: one player, or a Partner team of two (`players` in sign-up order). */
export interface Signed {
  readonly id: string;
  readonly players: readonly string[];
  readonly rating: number;
}

export interface TournamentRound {
  /** When it was paired (null in logs from before rounds had a length). */
  readonly at: number | null;
  /** Swiss and knockout: the games (higher-ranked first), the bye; knockout: the bracket's slots too. */
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
  readonly slots: Slots | null;
  /** Duplicate: who sits where at each table (null: a bot). */
  readonly seating: readonly (readonly (string | null)[])[] | null;
  /** Each game's (or duplicate table's) table code, once the server made it. */
  readonly codes: readonly (string | null)[];
  readonly games: readonly (Game | null)[];
  readonly tables: readonly (DuplicateTable | null)[];
}

export interface TournamentState {
  readonly settings: TournamentSettings;
  readonly status: TournamentStatus;
  readonly signed: readonly Signed[];
  /** Partner: a player who named a partner who has not named them back yet, and whom they named. */
  readonly asked: ReadonlyMap<string, { readonly partner: string; readonly rating: number }>;
  readonly checkedIn: ReadonlySet<string>;
  /** Fixed at the start: the entrants paired, and the rounds they will play. */
  readonly entrants: readonly Entrant[];
  readonly roundCount: number;
  readonly rounds: readonly TournamentRound[];
}

export type TournamentEntry =
  | { readonly k: "signup"; readonly player: string; readonly rating: number; readonly partner?: string }
  | { readonly k: "leave"; readonly player: string }
  | { readonly k: "checkin"; readonly player: string }
  | { readonly k: "start"; readonly entrants: readonly Entrant[]; readonly rounds: number }
  | { readonly k: "cancel"; readonly why: "too-few" }
  | {
      readonly k: "round";
      /** When it was paired (absent from older logs). */
      readonly at?: number;
      readonly pairs: readonly (readonly [string, string])[];
      readonly bye: string | null;
      readonly slots: Slots | null;
      readonly seating: readonly (readonly (string | null)[])[] | null;
    }
  | { readonly k: "table-made"; readonly round: number; readonly index: number; readonly code: string }
  | { readonly k: "result"; readonly round: number; readonly index: number; readonly game: Game }
  | { readonly k: "hands"; readonly round: number; readonly index: number; readonly result: TableHands }
  | { readonly k: "finish" };

/** A duplicate table's round: each hand's points per seat, and the players who never came. */
export interface TableHands {
  readonly hands: readonly (readonly number[])[];
  readonly absent: readonly string[];
  /** The table's game record, by the server's id for it, when it was kept. */
  readonly record?: string;
}

export type TournamentCommand =
  | { readonly c: "signup"; readonly player: string; readonly rating: number; readonly partner?: string }
  | { readonly c: "leave"; readonly player: string }
  | { readonly c: "checkin"; readonly player: string }
  | { readonly c: "tick" }
  | { readonly c: "table-made"; readonly round: number; readonly index: number; readonly code: string }
  | { readonly c: "result"; readonly round: number; readonly index: number; readonly game: Game }
  | { readonly c: "hands"; readonly round: number; readonly index: number; readonly result: TableHands };

export type TournamentRefusal =
  | "started"
  | "signed-up"
  | "not-signed-up"
  | "not-check-in-time"
  | "partner-needed"
  | "not-running"
  | "no-such-game"
  | "already-in"
  | "full";

export interface TournamentDecision {
  readonly entries: readonly TournamentEntry[];
  readonly refusal: TournamentRefusal | null;
}

const ok = (...entries: TournamentEntry[]): TournamentDecision => ({ entries, refusal: null });
const no = (refusal: TournamentRefusal): TournamentDecision => ({ entries: [], refusal });

/** A team's entrant id: its two players, in order, so either can name it. */
export const teamId = (a: string, b: string): string => (a < b ? `${a}+${b}` : `${b}+${a}`);

/** What is wrong with `settings` for a new tournament, in words, or null. */
export function settingsProblem(settings: TournamentSettings): string | null {
  if (!FORMATS[settings.format]?.includes(settings.game))
    return `${settings.format} is played in ${FORMATS[settings.format]?.join(" or ") ?? "no game"}`;
  if (!Number.isInteger(settings.rounds) || settings.rounds < 1 || settings.rounds > MAX_ROUNDS)
    return `rounds must be 1 to ${MAX_ROUNDS}`;
  if (
    settings.format === "duplicate" &&
    (!Number.isInteger(settings.hands) || settings.hands < 1 || settings.hands > MAX_HANDS)
  )
    return `hands must be 1 to ${MAX_HANDS}`;
  const minutes = settings.roundMinutes;
  if (
    minutes !== undefined &&
    (!Number.isInteger(minutes) || minutes < ROUND_MINUTES.min || minutes > ROUND_MINUTES.max)
  )
    return `a round lasts ${ROUND_MINUTES.min} to ${ROUND_MINUTES.max} minutes`;
  return null;
}

export function newTournament(settings: TournamentSettings): TournamentState {
  return {
    settings,
    status: "open",
    signed: [],
    asked: new Map(),
    checkedIn: new Set(),
    entrants: [],
    roundCount: 0,
    rounds: [],
  };
}

/** The entrant `player` is part of (signed up), if any. */
export function signedOf(s: TournamentState, player: string): Signed | undefined {
  return s.signed.find((e) => e.players.includes(player));
}

/** What `command` does at `now`: the entries to log, or a refusal (nothing changes then). */
export function decideTournament(s: TournamentState, command: TournamentCommand, now: number): TournamentDecision {
  const { settings } = s;
  switch (command.c) {
    case "signup": {
      if (s.status !== "open") return no("started");
      if (signedOf(s, command.player) || s.asked.has(command.player)) return no("signed-up");
      if (s.signed.length >= MAX_ENTRANTS) return no("full");
      if (settings.game === "partner") {
        if (command.partner === undefined || command.partner === command.player) return no("partner-needed");
        if (signedOf(s, command.partner)) return no("already-in");
      }
      const { player, rating, partner } = command;
      return ok(
        settings.game === "partner" ? { k: "signup", player, rating, partner } : { k: "signup", player, rating },
      );
    }
    case "leave":
      if (s.status !== "open") return no("started");
      return signedOf(s, command.player) || s.asked.has(command.player)
        ? ok({ k: "leave", player: command.player })
        : no("not-signed-up");
    case "checkin":
      if (s.status !== "open") return no("started");
      if (!signedOf(s, command.player)) return no("not-signed-up");
      if (now < settings.startAt - CHECK_IN_MS) return no("not-check-in-time");
      return s.checkedIn.has(command.player) ? ok() : ok({ k: "checkin", player: command.player });
    case "tick":
      return s.status === "open" && now >= settings.startAt ? start(s, now) : ok();
    case "table-made": {
      const round = s.rounds[command.round];
      if (s.status !== "running" || !round) return no("not-running");
      if (command.index < 0 || command.index >= round.codes.length) return no("no-such-game");
      return round.codes[command.index] === null ? ok({ k: "table-made", ...withoutC(command) }) : ok();
    }
    case "result":
    case "hands": {
      const round = s.rounds[command.round];
      if (s.status !== "running" || !round || command.round !== s.rounds.length - 1) return no("not-running");
      const slots = command.c === "result" ? round.games : round.tables;
      if (command.index < 0 || command.index >= slots.length) return no("no-such-game");
      if (command.c === "result") {
        const [a, b] = round.pairs[command.index];
        if (command.game.a !== a || command.game.b !== b) return no("no-such-game");
      }
      if (slots[command.index] !== null) return ok();
      const entry: TournamentEntry =
        command.c === "result" ? { k: "result", ...withoutC(command) } : { k: "hands", ...withoutC(command) };
      const after = applyTournament(s, entry);
      return ok(entry, ...afterRound(after, now));
    }
  }
}

function withoutC<T extends { c: string }>(command: T): Omit<T, "c"> {
  const { c: _, ...rest } = command;
  return rest;
}

/** The start: the checked-in field, fixed; too few cancel; else the rounds and round 1. */
function start(s: TournamentState, now: number): TournamentDecision {
  const { format } = s.settings;
  const entrants: Entrant[] = s.signed
    .filter((e) => e.players.every((p) => s.checkedIn.has(p)))
    .map((e) => ({ id: e.id, rating: e.rating }));
  if (entrants.length < MIN_ENTRANTS[format]) return ok({ k: "cancel", why: "too-few" });
  let rounds = s.settings.rounds;
  if (format === "swiss") rounds = Math.min(rounds, maxSwissRounds(entrants.length));
  if (format === "knockout") rounds = Math.log2(seedBracket(entrants).length);
  const started = applyTournament(s, { k: "start", entrants, rounds });
  return ok({ k: "start", entrants, rounds }, nextRound(started, now));
}

/** The next round's pairing (or seating). */
function nextRound(s: TournamentState, at: number): TournamentEntry {
  const { format } = s.settings;
  if (format === "duplicate")
    return {
      k: "round",
      at,
      pairs: [],
      bye: null,
      slots: null,
      seating: duplicateSeating(s.entrants, s.rounds.length),
    };
  if (format === "knockout") {
    const last = s.rounds[s.rounds.length - 1];
    const slots = last?.slots
      ? nextKnockoutRound(last.slots, last.games as Game[], seeds(s.entrants))
      : seedBracket(s.entrants);
    return { k: "round", at, pairs: knockoutGames(slots), bye: null, slots, seating: null };
  }
  const { pairs, bye } = pairSwiss(s.entrants, played(s));
  return { k: "round", at, pairs, bye, slots: null, seating: null };
}

/** After a result: when it was the round's last, the next round, or the end. */
function afterRound(s: TournamentState, now: number): TournamentEntry[] {
  const round = s.rounds[s.rounds.length - 1];
  const complete =
    s.settings.format === "duplicate" ? round.tables.every((t) => t !== null) : round.games.every((g) => g !== null);
  if (!complete) return [];
  return s.rounds.length >= s.roundCount ? [{ k: "finish" }] : [nextRound(s, now)];
}

/** The Swiss rounds as the pairing and standings take them (results in). */
export function played(s: TournamentState): PlayedRound[] {
  return s.rounds.map((r) => ({ games: r.games.filter((g): g is Game => g !== null), bye: r.bye }));
}

/** Folds one log entry into the state. */
export function applyTournament(s: TournamentState, e: TournamentEntry): TournamentState {
  switch (e.k) {
    case "signup": {
      if (e.partner === undefined)
        return { ...s, signed: [...s.signed, { id: e.player, players: [e.player], rating: e.rating }] };
      const theirs = s.asked.get(e.partner);
      const asked = new Map(s.asked);
      if (theirs?.partner !== e.player)
        return { ...s, asked: asked.set(e.player, { partner: e.partner, rating: e.rating }) };
      asked.delete(e.partner);
      const team: Signed = {
        id: teamId(e.partner, e.player),
        players: [e.partner, e.player],
        rating: Math.round((theirs.rating + e.rating) / 2),
      };
      return { ...s, asked, signed: [...s.signed, team] };
    }
    case "leave": {
      const asked = new Map(s.asked);
      asked.delete(e.player);
      // A team goes whole: its other player is asked again (their word stands until they leave too).
      const team = signedOf(s, e.player);
      const other = team?.players.find((p) => p !== e.player);
      if (team && other !== undefined) asked.set(other, { partner: e.player, rating: team.rating });
      const checkedIn = new Set(s.checkedIn);
      checkedIn.delete(e.player);
      return { ...s, asked, checkedIn, signed: s.signed.filter((x) => x !== team) };
    }
    case "checkin":
      return { ...s, checkedIn: new Set(s.checkedIn).add(e.player) };
    case "start":
      return { ...s, status: "running", entrants: e.entrants, roundCount: e.rounds };
    case "cancel":
      return { ...s, status: "cancelled" };
    case "round": {
      const size = e.seating ? e.seating.length : e.pairs.length;
      const round: TournamentRound = {
        at: e.at ?? null,
        pairs: e.pairs,
        bye: e.bye,
        slots: e.slots,
        seating: e.seating,
        codes: Array(size).fill(null),
        games: Array(e.seating ? 0 : size).fill(null),
        tables: Array(e.seating ? size : 0).fill(null),
      };
      return { ...s, rounds: [...s.rounds, round] };
    }
    case "table-made":
      return replaceRound(s, e.round, (r) => ({ ...r, codes: r.codes.map((c, i) => (i === e.index ? e.code : c)) }));
    case "result":
      return replaceRound(s, e.round, (r) => ({ ...r, games: r.games.map((g, i) => (i === e.index ? e.game : g)) }));
    case "hands":
      return replaceRound(s, e.round, (r) => {
        const table: DuplicateTable = { seats: r.seating?.[e.index] ?? [], ...e.result };
        return { ...r, tables: r.tables.map((t, i) => (i === e.index ? table : t)) };
      });
    case "finish":
      return { ...s, status: "finished" };
  }
}

function replaceRound(s: TournamentState, index: number, f: (r: TournamentRound) => TournamentRound): TournamentState {
  return { ...s, rounds: s.rounds.map((r, i) => (i === index ? f(r) : r)) };
}

/** When the tournament next acts by itself (its start), or null. */
export function tournamentDue(s: TournamentState): number | null {
  return s.status === "open" ? s.settings.startAt : null;
}

/**
 * When the round being played runs out of time (its pairing plus the round's length), or null:
 * no length, or no round on. The server then has bots finish its games (their results end it as
 * any result does); nothing is logged for it.
 */
export function roundDeadline(s: TournamentState): number | null {
  const minutes = s.settings.roundMinutes;
  const at = s.rounds[s.rounds.length - 1]?.at ?? null;
  return s.status === "running" && minutes !== undefined && at !== null ? at + minutes * 60_000 : null;
}

/** The standings so far, by the format's own rules. */
export function tournamentStandings(s: TournamentState): Standing[] {
  switch (s.settings.format) {
    case "swiss":
      return swissStandings(s.entrants, played(s));
    case "knockout": {
      const rounds = s.rounds.map((r) => r.slots as Slots);
      const last = s.rounds[s.rounds.length - 1];
      if (s.status === "finished" && last?.slots)
        rounds.push(nextKnockoutRound(last.slots, last.games as Game[], seeds(s.entrants)));
      return knockoutStandings(s.entrants, rounds);
    }
    case "duplicate":
      return duplicateStandings(
        s.entrants,
        s.rounds.map((r) => r.tables.filter((t): t is DuplicateTable => t !== null)),
      );
  }
}
