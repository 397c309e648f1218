/**
 * The server's shell around @crossbones/tournament (docs/tournaments.md): each open or running
 * tournament lives here as its pure state and the length of its log. A command is decided by the
 * core, its entries appended to the store before the state changes (so a restart rebuilds exactly
 * what anyone was told), and the effects follow: at the start and after each round's last result,
 * the round's tables are made and seated (their codes logged), and each player is told their
 * table (`matched`, as quick match does). A tournament table's finished game is its result; a
 * table that closes with no finished game (nobody came) is a game neither side came to.
 *
 * Commands of one tournament run one at a time (a promise chain), so two results that end a round
 * together pair the next round once. Its one timer is its start.
 */

import { defaultRules, replayRecord, seatsOf } from "@crossbones/engine";
import type { ServerMessage, TableSetup, TournamentAnswer } from "@crossbones/protocol";
import type { TableState } from "@crossbones/table";
import {
  applyTournament,
  CHECK_IN_MS,
  decideTournament,
  type Game,
  newTournament,
  type Signed,
  settingsProblem,
  type TournamentCommand,
  type TournamentEntry,
  type TournamentRefusal,
  type TournamentSettings,
  type TournamentState,
  tournamentDue,
  tournamentStandings,
} from "@crossbones/tournament";
import type { Player } from "./hub.js";
import { checkSetup } from "./setup.js";
import type { Store, StoredTournament } from "./store.js";
import type { Timers } from "./table.js";
import { gameRef } from "./tokens.js";

/**
 * Open or running tournaments a server holds at once (each lives in memory with its state and
 * timer): a new one past this is refused until one ends.
 */
export const MAX_LIVE_TOURNAMENTS = 500;

/** What a tournament's tables are played with, besides the game's usual rules. */
export const TOURNAMENT_CLOCK = { move: 30, bank: 120 } as const;

export interface RunnerDeps {
  readonly store: Store;
  readonly now: () => number;
  readonly timers: Timers;
  /** The turn clock of every tournament table (a player who does not come is played after it). */
  readonly clock: { readonly move: number; readonly bank: number };
  /** Open or running tournaments at most (MAX_LIVE_TOURNAMENTS). */
  readonly maxLive: number;
  /** Makes a table with `setup` and seats `players` at it, each at their seat; its code, or null. */
  makeTable(setup: TableSetup, players: readonly (Player | null)[]): Promise<string | null>;
  /** Tells every socket of `player`. */
  tell(player: string, message: ServerMessage): void;
}

/** What a maker may set (`settings` less the maker; `public`: listed, else reached by its link). */
export interface NewTournament extends Omit<TournamentSettings, "maker"> {
  readonly public: boolean;
}

interface Live {
  state: TournamentState;
  seq: number;
  timer: unknown;
  chain: Promise<unknown>;
  /**
   * Its players' names, looked up once each: a page that looks every few seconds costs no store
   * reads. A deleted account's is forgotten at once (`forgetName`).
   */
  names: Map<string, string>;
}

/** Where a tournament table's result goes. */
interface TableOf {
  readonly id: string;
  readonly round: number;
  readonly index: number;
}

export class TournamentRunner {
  private readonly live = new Map<string, Live>();
  private readonly tables = new Map<string, TableOf>();
  private closed = false;

  constructor(private readonly deps: RunnerDeps) {}

  /** Takes up every open or running tournament from the store (at the server's start). */
  async resume(): Promise<void> {
    for (const row of await this.deps.store.tournaments(["open", "running"], 10_000, true)) await this.load(row.id);
  }

  private async load(id: string): Promise<Live | null> {
    const had = this.live.get(id);
    if (had) return had;
    const stored = await this.deps.store.tournament(id);
    if (!stored || (stored.status !== "open" && stored.status !== "running")) return null;
    const state = rebuilt(stored);
    // Another request may have loaded it meanwhile: one live copy.
    const raced = this.live.get(id);
    if (raced) return raced;
    const live: Live = { state, seq: stored.log.length, timer: null, chain: Promise.resolve(), names: new Map() };
    this.live.set(id, live);
    this.index(id, state);
    this.schedule(id, live);
    // What a stop came between: tables paired but not made are made, and games that ended (or
    // tables that closed) while nobody listened give their results.
    if (state.status === "running") this.later(id, () => this.catchUp(id));
    return live;
  }

  /** A new tournament by `maker`; its id, or what is wrong with the settings. */
  async create(
    maker: string,
    t: NewTournament,
  ): Promise<{ ok: true; id: string } | { ok: false; reason: string } | { ok: false; full: true }> {
    if (this.live.size >= this.deps.maxLive) return { ok: false, full: true };
    const { public: isPublic, ...rest } = t;
    const settings: TournamentSettings = { ...rest, maker };
    const problem = settingsProblem(settings);
    if (problem) return { ok: false, reason: problem };
    const table = checkSetup(tableSetupOf(settings, this.deps.clock));
    if (!table.ok) return { ok: false, reason: table.reason ?? "its tables cannot be made" };
    if (settings.startAt < this.deps.now()) return { ok: false, reason: "the start is in the past" };
    let id = gameRef();
    while (
      !(await this.deps.store.addTournament(
        { id, settings, maker, created: this.deps.now(), public: isPublic },
        settings.startAt,
      ))
    )
      id = gameRef();
    await this.load(id);
    return { ok: true, id };
  }

  /** A player's sign-up, leaving or check-in; the core's refusal, or null. */
  async command(id: string, command: TournamentCommand): Promise<TournamentRefusal | "unknown" | null> {
    const live = await this.load(id);
    if (live) return this.run(id, () => this.decide(id, command));
    // Over (finished or cancelled): its refusal, and nothing is kept.
    const state = await this.stored(id);
    return state ? (decideTournament(state, command, this.deps.now()).refusal ?? "started") : "unknown";
  }

  /** A tournament's settings, or null (no names looked up, as `view` does). */
  async settingsOf(id: string): Promise<TournamentSettings | null> {
    return (this.live.get(id)?.state ?? (await this.stored(id)))?.settings ?? null;
  }

  /** The tournament as its page shows it, or null. */
  async view(id: string): Promise<TournamentAnswer | null> {
    const live = this.live.get(id);
    const state = live?.state ?? (await this.stored(id));
    if (!state) return null;
    const names = live?.names ?? new Map<string, string>();
    const ids = new Set(state.signed.flatMap((e) => e.players));
    for (const e of state.entrants) for (const p of e.id.split("+")) ids.add(p);
    for (const p of ids) if (!names.has(p)) names.set(p, (await this.deps.store.player(p))?.name ?? "?");
    return viewOf(id, state, names);
  }

  /** A tournament rebuilt from the store, or null. */
  private async stored(id: string): Promise<TournamentState | null> {
    const stored = await this.deps.store.tournament(id);
    return stored ? rebuilt(stored) : null;
  }

  /**
   * A tournament table's game finished (its record kept): its result. Queued at once, so a close
   * of the same table heard after it comes after it too.
   */
  gameOver(code: string, table: TableState): void {
    const of = this.tables.get(code);
    if (!of) return;
    // Who made no move of their own (a bot played their seat from first to last) never came.
    const came = new Set(
      table.seats.flatMap((seat, i) => {
        const player = seat.kind === "human" ? seat.player : table.left[i];
        return player && table.acted[i] ? [player] : [];
      }),
    );
    this.later(of.id, () => this.report(of, code, table.gameIndex, table.game.winner, (p) => came.has(p)));
  }

  /** A tournament table closed: with no result yet, nobody came to it (both sides forfeit). */
  tableClosed(code: string): void {
    const of = this.tables.get(code);
    if (of) this.later(of.id, () => this.report(of, code, null, null, () => false));
  }

  /**
   * The result of game `of` (a game given again changes nothing): `winner` the winning side of
   * the table's game `gameIndex` (null: none, or no game), `came` who made a move of their own (a
   * team is absent when one of its two did not).
   */
  private async report(
    of: TableOf,
    code: string,
    gameIndex: number | null,
    winner: number | null,
    came: (player: string) => boolean,
  ): Promise<void> {
    const pair = this.live.get(of.id)?.state.rounds[of.round]?.pairs[of.index];
    if (!pair) return;
    const absent = pair.filter((entrant) => entrant.split("+").some((p) => !came(p)));
    const record = gameIndex === null ? undefined : (await this.deps.store.tableGame(code, gameIndex))?.id;
    const game: Game = {
      a: pair[0],
      b: pair[1],
      aScore: gameIndex === null ? 0.5 : winner === 0 ? 1 : winner === 1 ? 0 : 0.5,
      ...(absent.length > 0 ? { absent } : {}),
      ...(record ? { record } : {}),
    };
    await this.decide(of.id, { c: "result", round: of.round, index: of.index, game });
  }

  /**
   * After a restart: the current round's tables not made yet are made; a table whose game was
   * kept (or that closed) while no result came from it gives its result now, from its record
   * (everyone counted as having come: who moved is not in a record).
   */
  private async catchUp(id: string): Promise<void> {
    const live = this.live.get(id);
    if (live?.state.status !== "running") return;
    const r = live.state.rounds.length - 1;
    for (const [index, code] of live.state.rounds[r].codes.entries()) {
      if (code === null || live.state.rounds[r].games[index] !== null) continue;
      const of = { id, round: r, index };
      const kept = await this.deps.store.tableGame(code, 0);
      if (kept) {
        const replayed = replayRecord(JSON.parse(kept.record));
        const winner = replayed.ok ? replayed.value.game.winner : null;
        await this.report(of, code, 0, winner, () => true);
      } else if ((await this.deps.store.table(code))?.status === "closed")
        await this.report(of, code, null, null, () => false);
    }
    await this.makeTables(id);
  }

  /** A player's account is gone: their name is looked up again (the store's neutral one now). */
  forgetName(player: string): void {
    for (const live of this.live.values()) live.names.delete(player);
  }

  /** The time tournaments start by (a start is this plus the maker's `startIn`). */
  now(): number {
    return this.deps.now();
  }

  /** Open or running tournaments this server holds at most. */
  get maxLive(): number {
    return this.deps.maxLive;
  }

  /** How many open or running tournaments `maker` made. */
  openBy(maker: string): number {
    let n = 0;
    for (const live of this.live.values()) if (live.state.settings.maker === maker) n++;
    return n;
  }

  close(): void {
    this.closed = true;
    for (const live of this.live.values()) if (live.timer !== null) this.deps.timers.clear(live.timer);
    this.live.clear();
  }

  /** Runs `f` after the tournament's earlier commands. */
  private run<T>(id: string, f: () => Promise<T>): Promise<T> {
    const live = this.live.get(id) as Live;
    const next = live.chain.then(f);
    live.chain = next.catch(() => {});
    return next;
  }

  /**
   * Runs `f` in turn, nobody waiting for it: a failure (the store away) is its own, never the
   * process's; the tournament carries on at its next event (and catches up at the next start).
   */
  private later(id: string, f: () => Promise<void>): void {
    if (this.live.has(id)) this.run(id, f).catch(() => {});
  }

  private async decide(id: string, command: TournamentCommand): Promise<TournamentRefusal | null> {
    const live = this.live.get(id);
    if (!live || this.closed) return null;
    const { entries, refusal } = decideTournament(live.state, command, this.deps.now());
    if (refusal || entries.length === 0) return refusal;
    let state = live.state;
    for (const e of entries) state = applyTournament(state, e);
    // The end: each player's place is kept with the entries that end it (profiles list them).
    const results =
      state.status === "finished"
        ? {
            at: this.deps.now(),
            places: tournamentStandings(state).flatMap((st, _, all) =>
              st.id.split("+").map((player) => ({ player, place: st.place, entrants: all.length })),
            ),
          }
        : undefined;
    await this.deps.store.appendTournament(id, live.seq, entries, state.status, state.signed.length, results);
    live.state = state;
    live.seq += entries.length;
    this.schedule(id, live);
    if (entries.some((e) => e.k === "round")) await this.makeTables(id);
    if (state.status === "finished" || state.status === "cancelled") this.forget(id);
    return null;
  }

  /** The current round's tables not made yet are made, seated and logged; each player is told. */
  private async makeTables(id: string): Promise<void> {
    const live = this.live.get(id);
    if (live?.state.status !== "running") return;
    const r = live.state.rounds.length - 1;
    const pairs = live.state.rounds[r]?.pairs ?? [];
    for (const [index, pair] of pairs.entries()) {
      // Read afresh each time: a forfeit below may have ended the round (and paired the next).
      const round = live.state.rounds[r];
      if (live.state.status !== "running" || round.codes[index] !== null || round.games[index] !== null) continue;
      const seats = await this.seatsFor(live.state, pair);
      // A player who is no more (an account deleted) cannot be seated: their side forfeits.
      const gone = pair.filter((entrant) => entrant.split("+").some((p) => !seats.some((x) => x?.id === p)));
      const code =
        gone.length > 0 ? null : await this.deps.makeTable(tableSetupOf(live.state.settings, this.deps.clock), seats);
      if (code === null) {
        // No table could be made: the game is scored as nobody (or only the side still here) came.
        const absent = gone.length > 0 ? gone : [...pair];
        const aScore = absent.length === 2 ? 0.5 : absent.includes(pair[0]) ? 0 : 1;
        await this.decide(id, { c: "result", round: r, index, game: { a: pair[0], b: pair[1], aScore, absent } });
        continue;
      }
      await this.decide(id, { c: "table-made", round: r, index, code });
      this.tables.set(code, { id, round: r, index });
      for (const p of seats) if (p) this.deps.tell(p.id, { t: "matched", table: code });
    }
  }

  /** The players of a game in seat order: Cut Throat a then b; Partner a's team at one side's seats. */
  private async seatsFor(state: TournamentState, pair: readonly [string, string]): Promise<(Player | null)[]> {
    const player = async (id: string): Promise<Player | null> => {
      const p = await this.deps.store.player(id);
      return p ? { id, name: p.name } : null;
    };
    if (state.settings.game !== "partner") return [await player(pair[0]), await player(pair[1])];
    const teams = pair.map((id) => state.signed.find((s: Signed) => s.id === id)?.players ?? id.split("+"));
    const seats: (Player | null)[] = Array(4).fill(null);
    for (const side of [0, 1]) {
      const at = seatsOf(defaultRules("partner"), side);
      for (const [i, seat] of at.entries()) seats[seat] = await player(teams[side][i]);
    }
    return seats;
  }

  private index(id: string, state: TournamentState): void {
    state.rounds.forEach((round, r) => {
      round.codes.forEach((code, index) => {
        if (code !== null) this.tables.set(code, { id, round: r, index });
      });
    });
  }

  private schedule(id: string, live: Live): void {
    if (live.timer !== null) this.deps.timers.clear(live.timer);
    live.timer = null;
    const at = tournamentDue(live.state);
    if (at === null) return;
    live.timer = this.deps.timers.set(
      () =>
        this.later(id, async () => {
          await this.decide(id, { c: "tick" });
        }),
      Math.max(0, at - this.deps.now()),
    );
  }

  private forget(id: string): void {
    const live = this.live.get(id);
    if (live?.timer != null) this.deps.timers.clear(live.timer);
    this.live.delete(id);
    for (const [code, of] of this.tables) if (of.id === id) this.tables.delete(code);
  }
}

/** A stored tournament's state: its log replayed (the entries were the core's own when written). */
function rebuilt(stored: StoredTournament): TournamentState {
  let state = newTournament(stored.settings as TournamentSettings);
  for (const e of stored.log) state = applyTournament(state, e as TournamentEntry);
  return state;
}

/** The setup of every table of a tournament: its game for two sides, its options, its clock. */
export function tableSetupOf(settings: TournamentSettings, clock: { move: number; bank: number }): TableSetup {
  const partner = settings.game === "partner";
  return {
    game: partner ? "partner" : "cutthroat",
    players: partner ? 4 : 2,
    options: { ...settings.options } as TableSetup["options"],
    seats: Array(partner ? 4 : 2).fill("human"),
    clock: { ...clock },
    private: true,
    ...(settings.rated ? { rated: true } : {}),
  };
}

function viewOf(id: string, s: TournamentState, names: Map<string, string>): TournamentAnswer {
  const named = (entrant: string) => entrant.split("+").map((p) => names.get(p) ?? "?");
  return {
    id,
    settings: { ...s.settings },
    status: s.status,
    checkInAt: s.settings.startAt - CHECK_IN_MS,
    signed: s.signed.map((e) => ({
      id: e.id,
      players: e.players.map((p) => ({ id: p, name: names.get(p) ?? "?" })),
      rating: e.rating,
      checkedIn: e.players.every((p) => s.checkedIn.has(p)),
    })),
    rounds: s.rounds.map((r) => ({
      games: r.pairs.map(([a, b], i) => {
        const result = r.games[i];
        return {
          a,
          b,
          table: r.codes[i],
          result: result ? { ...result, absent: result.absent && [...result.absent] } : null,
        };
      }),
      bye: r.bye,
      slots: r.slots ? [...r.slots] : null,
    })),
    roundCount: s.roundCount,
    standings:
      s.status === "open" || s.status === "cancelled"
        ? []
        : tournamentStandings(s).map((x) => ({ ...x, tieBreaks: [...x.tieBreaks], names: named(x.id) })),
  };
}
