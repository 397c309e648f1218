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
 *
 * In a cluster each tournament is run by one process, the holder of its lease (`TournamentLease`,
 * as tables have): it keeps the start timer, makes the tables and takes over the tournament of a
 * process that died (its catch-up). Any process may add to a tournament's log: a sign-up made on
 * another, or the result of a table another owns. It appends after the last entry it read, and
 * the store refuses an entry at a seq already written (`TournamentConflict`): then it reads the
 * log again and decides afresh. Entries that pair a round or end it are told to the holder, which
 * reads the log again and makes the new round's tables.
 */

import { defaultRules, type HandLog, replayRecord, seatsOf } from "@crossbones/engine";
import type { ServerMessage, TableSetup, TournamentAnswer } from "@crossbones/protocol";
import type { TableState } from "@crossbones/table";
import {
  applyTournament,
  CHECK_IN_MS,
  decideTournament,
  type Game,
  newTournament,
  roundDeadline,
  type Signed,
  settingsProblem,
  type TournamentCommand,
  type TournamentEntry,
  type TournamentRefusal,
  type TournamentRound,
  type TournamentSettings,
  type TournamentState,
  tournamentDue,
  tournamentStandings,
} from "@crossbones/tournament";
import type { Player } from "./hub.js";
import { checkSetup } from "./setup.js";
import { type Store, type StoredTournament, TournamentConflict } from "./store.js";
import type { Timers } from "./table.js";
import { gameRef } from "./tokens.js";

/**
 * Open or running tournaments a server holds at once (each lives in memory with its state and
 * timer): a new one past this is refused until one ends.
 */
export const MAX_LIVE_TOURNAMENTS = 500;

/** What a tournament's tables are played with, besides the game's usual rules. */
export const TOURNAMENT_CLOCK = { move: 30, bank: 120 } as const;

/** A tournament's lease in a cluster (hub.ts, on the tables' leases): absent, this process runs them all. */
export interface TournamentLease {
  /** Takes tournament `id` unless a live process holds it: whether this process runs it now. */
  claim(id: string): Promise<boolean>;
  /** Gives `id` up (this process is closing): another takes it over. */
  release(id: string): Promise<void>;
  /** Lets `id` go quietly: it is over, and nobody is to take it up. */
  end(id: string): Promise<void>;
  /** Tournament `id`'s log has a new round, or its end, written here: its holder reads it again. */
  changed(id: string): void;
}

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
  /** Table `code`'s time is up (its round's length): bots finish its game. */
  timeUp(code: string): void;
  /** In a cluster: who runs which tournament. */
  readonly lease?: TournamentLease;
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
  /** The round (its index) whose time was up and whose tables were told so. */
  timedOut: number;
}

/** Where a tournament table's result goes (its setup's `tournament`). */
export interface TableOf {
  readonly id: string;
  readonly round: number;
  readonly index: number;
}

/** How a tournament table's game ended: null, it closed with none (nobody came). */
interface Ended {
  readonly gameIndex: number;
  readonly winner: number | null;
  /** Each hand's points per seat (duplicate). */
  readonly hands: readonly (readonly number[])[];
  /** Whether a player made a move of their own. */
  readonly came: (player: string) => boolean;
}

/** Tries at a command whose append another process's keeps beating (each reads the log again). */
const TRIES = 8;
/** Players' names a process remembers for tournaments it does not run (a cluster's views). */
const NAMES_KEPT = 10_000;

export class TournamentRunner {
  /** The tournaments this process runs (alone: every open or running one). */
  private readonly live = new Map<string, Live>();
  private readonly tables = new Map<string, TableOf>();
  /** Names looked up for views of tournaments run elsewhere (a cluster), a bounded few. */
  private readonly names = new Map<string, string>();
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
    // In a cluster, another live process may run it: then commands go through the store.
    if (this.deps.lease && !(await this.deps.lease.claim(id).catch(() => false))) return null;
    const state = rebuilt(stored);
    // Another request may have loaded it meanwhile: one live copy.
    const raced = this.live.get(id);
    if (raced) return raced;
    const live: Live = {
      state,
      seq: stored.log.length,
      timer: null,
      chain: Promise.resolve(),
      names: new Map(),
      timedOut: -1,
    };
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
    if ((await this.openCount()) >= this.deps.maxLive) return { ok: false, full: true };
    const { public: isPublic, ...rest } = t;
    const settings: TournamentSettings = { ...rest, maker };
    const problem = settingsProblem(settings);
    if (problem) return { ok: false, reason: problem };
    // Its tables as they will be made (a round-1 table of this id), checked now.
    let id = gameRef();
    const first = { id, round: 0, index: 0 };
    const maker1 = { id: maker, name: "" };
    const table = checkSetup(
      settings.format === "duplicate"
        ? duplicateSetupOf(settings, this.deps.clock, first, [maker1, null, null, null])
        : tableSetupOf(settings, this.deps.clock, first),
    );
    if (!table.ok) return { ok: false, reason: table.reason ?? "its tables cannot be made" };
    if (settings.startAt < this.deps.now()) return { ok: false, reason: "the start is in the past" };
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
    return this.elsewhere(id, command);
  }

  /**
   * A command of a tournament this process does not run (over, or run by another process of a
   * cluster): decided on the log as stored and appended after it, again if another wrote first.
   */
  private async elsewhere(id: string, command: TournamentCommand): Promise<TournamentRefusal | "unknown" | null> {
    for (let attempt = 1; ; attempt++) {
      const stored = await this.deps.store.tournament(id);
      if (!stored) return "unknown";
      const state = rebuilt(stored);
      const { entries, refusal } = decideTournament(state, command, this.deps.now());
      // Over (finished or cancelled): its refusal, and nothing is kept.
      if (state.status !== "open" && state.status !== "running") return refusal ?? "started";
      if (refusal || entries.length === 0) return refusal;
      try {
        await this.append(id, stored.log.length, state, entries);
      } catch (e) {
        if (e instanceof TournamentConflict && attempt < TRIES) continue;
        throw e;
      }
      if (entries.some((e) => e.k === "round" || e.k === "finish" || e.k === "cancel")) this.deps.lease?.changed(id);
      return null;
    }
  }

  /**
   * Appends what `entries` make of `state` after `seq` entries; the state after them. The end
   * keeps each player's place with the entries that end it (profiles list them).
   */
  private async append(
    id: string,
    seq: number,
    state: TournamentState,
    entries: readonly TournamentEntry[],
  ): Promise<TournamentState> {
    let after = state;
    for (const e of entries) after = applyTournament(after, e);
    const results =
      after.status === "finished"
        ? {
            at: this.deps.now(),
            places: tournamentStandings(after).flatMap((st, _, all) =>
              st.id.split("+").map((player) => ({ player, place: st.place, entrants: all.length })),
            ),
          }
        : undefined;
    await this.deps.store.appendTournament(id, seq, entries, after.status, after.signed.length, results);
    return after;
  }

  /** Open or running tournaments: this process's, or (a cluster) every process's. */
  private async openCount(): Promise<number> {
    if (!this.deps.lease) return this.live.size;
    return (await this.deps.store.tournaments(["open", "running"], this.deps.maxLive, true)).length;
  }

  /** A tournament's settings, or null (no names looked up, as `view` does). */
  async settingsOf(id: string): Promise<TournamentSettings | null> {
    return (this.live.get(id)?.state ?? (await this.stored(id)))?.settings ?? null;
  }

  /** The tournament as its page shows it, or null. */
  async view(id: string): Promise<TournamentAnswer | null> {
    const live = this.live.get(id);
    // In a cluster another process may have added to it: the store has it all.
    const state = live && !this.deps.lease ? live.state : await this.stored(id);
    if (!state) return null;
    if (this.names.size > NAMES_KEPT) this.names.clear();
    const names = live?.names ?? this.names;
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
   * of the same table heard after it comes after it too. `of`: the table's place in its tournament
   * (its setup's), for a tournament run by another process of a cluster.
   */
  gameOver(code: string, table: TableState, of: TableOf | null = null): void {
    const at = this.tables.get(code) ?? of;
    if (!at) return;
    // Who made no move of their own (a bot played their seat from first to last) never came.
    const came = new Set(
      table.seats.flatMap((seat, i) => {
        const player = seat.kind === "human" ? seat.player : table.left[i];
        return player && table.acted[i] ? [player] : [];
      }),
    );
    const ended: Ended = {
      gameIndex: table.gameIndex,
      winner: table.game.winner,
      hands: handPoints(table.game.hands),
      came: (p) => came.has(p),
    };
    this.inTurn(at.id, () => this.result(at, code, ended));
  }

  /** A tournament table closed: with no result yet, nobody came to it (both sides forfeit). */
  tableClosed(code: string, of: TableOf | null = null): void {
    const at = this.tables.get(code) ?? of;
    if (at) this.inTurn(at.id, () => this.result(at, code, null));
  }

  /** Runs `f` in the tournament's turn when this process runs it; else at once (through the store). */
  private inTurn(id: string, f: () => Promise<void>): void {
    if (this.live.has(id)) this.later(id, f);
    else void f().catch(() => {});
  }

  /** A command for tournament `id`, where it is decided: here, or through the store. */
  private async submit(id: string, command: TournamentCommand): Promise<void> {
    if (this.live.has(id)) await this.decide(id, command);
    else await this.elsewhere(id, command);
  }

  /**
   * A table's result (given again, it changes nothing): a game between two entrants, or a
   * duplicate table's hands. `ended` null: the table closed with no game (nobody came).
   */
  private async result(of: TableOf, code: string, ended: Ended | null): Promise<void> {
    const state = this.live.get(of.id)?.state ?? (await this.stored(of.id));
    const round = state?.rounds[of.round];
    if (!state || !round) return;
    const record = ended === null ? undefined : (await this.deps.store.tableGame(code, ended.gameIndex))?.id;
    const came = ended?.came ?? (() => false);
    const seats = round.seating?.[of.index];
    if (seats) {
      // A set played on past the round's hands (level after the last) is compared no further.
      const hands = (ended?.hands ?? []).slice(0, state.settings.hands);
      const absent = seats.filter((p): p is string => p !== null && !came(p));
      const result = { hands, absent, ...(record ? { record } : {}) };
      return this.submit(of.id, { c: "hands", round: of.round, index: of.index, result });
    }
    const pair = round.pairs[of.index];
    if (!pair) return;
    const absent = pair.filter((entrant) => entrant.split("+").some((p) => !came(p)));
    const winner = ended?.winner ?? null;
    const game: Game = {
      a: pair[0],
      b: pair[1],
      aScore: ended === null ? 0.5 : winner === 0 ? 1 : winner === 1 ? 0 : 0.5,
      ...(absent.length > 0 ? { absent } : {}),
      ...(record ? { record } : {}),
    };
    await this.submit(of.id, { c: "result", round: of.round, index: of.index, game });
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
    const duplicate = live.state.settings.format === "duplicate";
    for (const [index, code] of live.state.rounds[r].codes.entries()) {
      const round = live.state.rounds[r];
      if (code === null || (duplicate ? round.tables[index] : round.games[index]) !== null) continue;
      const of = { id, round: r, index };
      const kept = await this.deps.store.tableGame(code, 0);
      if (kept) {
        const replayed = replayRecord(JSON.parse(kept.record));
        const game = replayed.ok ? replayed.value.game : null;
        const hands = game ? handPoints(game.hands) : [];
        await this.result(of, code, { gameIndex: 0, winner: game?.winner ?? null, hands, came: () => true });
      } else if ((await this.deps.store.table(code))?.status === "closed") await this.result(of, code, null);
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

  /** How many open or running tournaments `maker` made (in a cluster, on every process). */
  async openBy(maker: string): Promise<number> {
    if (this.deps.lease) {
      const rows = await this.deps.store.tournaments(["open", "running"], this.deps.maxLive, true);
      return rows.filter((t) => (t.settings as { maker?: string }).maker === maker).length;
    }
    let n = 0;
    for (const live of this.live.values()) if (live.state.settings.maker === maker) n++;
    return n;
  }

  /**
   * Tournament `id` is this process's to run if nobody else does (its holder died or let it go):
   * taken from the store, with its catch-up.
   */
  async takeOver(id: string): Promise<void> {
    if (this.closed || (await this.load(id))) return;
    // Over (it ended on another process): its lease is let go, so that nobody looks at it again.
    const stored = await this.deps.store.tournament(id);
    const over = !stored || (stored.status !== "open" && stored.status !== "running");
    if (over && this.deps.lease && (await this.deps.lease.claim(id))) await this.deps.lease.end(id);
  }

  /**
   * Tournament `id`'s log grew on another process (a round paired there, or its end): read again,
   * and a new round's tables made.
   */
  changed(id: string): void {
    if (this.live.has(id))
      this.later(id, async () => {
        await this.refresh(id);
      });
    else void this.takeOver(id).catch(() => {});
  }

  /** Reads the entries other processes added; makes a new round's tables; true when some came. */
  private async refresh(id: string): Promise<boolean> {
    const live = this.live.get(id);
    const stored = live && (await this.deps.store.tournament(id));
    if (!live || !stored || stored.log.length <= live.seq) return false;
    const added = stored.log.slice(live.seq) as TournamentEntry[];
    for (const e of added) live.state = applyTournament(live.state, e);
    live.seq = stored.log.length;
    this.index(id, live.state);
    this.schedule(id, live);
    if (live.state.status === "finished" || live.state.status === "cancelled") this.forget(id);
    else if (added.some((e) => e.k === "round")) await this.makeTables(id);
    return true;
  }

  close(): void {
    this.closed = true;
    for (const [id, live] of this.live) {
      if (live.timer !== null) this.deps.timers.clear(live.timer);
      // Another process of the cluster takes it over at once.
      void this.deps.lease?.release(id).catch(() => {});
    }
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
    for (let attempt = 1; ; attempt++) {
      const live = this.live.get(id);
      if (!live || this.closed) return null;
      // In a cluster, what other processes added comes first (a sign-up there before this start).
      if (this.deps.lease && attempt === 1 && (await this.refresh(id)) && !this.live.has(id)) return null;
      const { entries, refusal } = decideTournament(live.state, command, this.deps.now());
      if (refusal || entries.length === 0) return refusal;
      let state: TournamentState;
      try {
        state = await this.append(id, live.seq, live.state, entries);
      } catch (e) {
        // Another process wrote first: read what it wrote, and decide again.
        if (!(e instanceof TournamentConflict) || attempt >= TRIES) throw e;
        await this.refresh(id);
        continue;
      }
      live.state = state;
      live.seq += entries.length;
      this.schedule(id, live);
      if (entries.some((e) => e.k === "round")) await this.makeTables(id);
      if (state.status === "finished" || state.status === "cancelled") this.forget(id);
      return null;
    }
  }

  /** The current round's tables not made yet are made, seated and logged; each player is told. */
  private async makeTables(id: string): Promise<void> {
    const live = this.live.get(id);
    if (live?.state.status !== "running") return;
    if (live.state.settings.format === "duplicate") return this.makeDuplicateTables(id, live);
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
        gone.length > 0
          ? null
          : await this.deps.makeTable(
              tableSetupOf(live.state.settings, this.deps.clock, { id, round: r, index }),
              seats,
            );
      if (code === null) {
        // No table could be made: the game is scored as nobody (or only the side still here) came.
        const absent = gone.length > 0 ? gone : [...pair];
        const aScore = absent.length === 2 ? 0.5 : absent.includes(pair[0]) ? 0 : 1;
        await this.decide(id, { c: "result", round: r, index, game: { a: pair[0], b: pair[1], aScore, absent } });
        continue;
      }
      await this.decide(id, { c: "table-made", round: r, index, code });
      this.made(id, live, code, { id, round: r, index }, seats);
    }
  }

  /** A table made for a game of the round: known, its players told; past the deadline, time up. */
  private made(id: string, live: Live, code: string, of: TableOf, seats: readonly (Player | null)[]): void {
    this.tables.set(code, of);
    for (const p of seats) if (p) this.deps.tell(p.id, { t: "matched", table: code });
    if (live.timedOut === of.round) this.deps.timeUp(code);
    this.schedule(id, live);
  }

  /**
   * A duplicate round's tables: each seats its players where the seating says (a bot in a seat
   * nobody holds) and plays the round's deals. A table whose players are all gone (accounts
   * deleted) is not made: it is a table nobody came to.
   */
  private async makeDuplicateTables(id: string, live: Live): Promise<void> {
    const r = live.state.rounds.length - 1;
    const seating = live.state.rounds[r]?.seating ?? [];
    for (const [index, players] of seating.entries()) {
      const round = live.state.rounds[r];
      if (live.state.status !== "running" || round.codes[index] !== null || round.tables[index] !== null) continue;
      const seats = await Promise.all(players.map((p) => (p === null ? null : this.playerOf(p))));
      const setup = duplicateSetupOf(live.state.settings, this.deps.clock, { id, round: r, index }, seats);
      const code = seats.some((p) => p !== null) ? await this.deps.makeTable(setup, seats) : null;
      if (code === null) {
        const absent = players.filter((p): p is string => p !== null);
        await this.decide(id, { c: "hands", round: r, index, result: { hands: [], absent } });
        continue;
      }
      await this.decide(id, { c: "table-made", round: r, index, code });
      this.made(id, live, code, { id, round: r, index }, seats);
    }
  }

  private async playerOf(id: string): Promise<Player | null> {
    const p = await this.deps.store.player(id);
    return p ? { id, name: p.name } : null;
  }

  /** The players of a game in seat order: Cut Throat a then b; Partner a's team at one side's seats. */
  private async seatsFor(state: TournamentState, pair: readonly [string, string]): Promise<(Player | null)[]> {
    const player = (id: string) => this.playerOf(id);
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

  /** The tournament's one timer: its start, or the current round's deadline (told once). */
  private schedule(id: string, live: Live): void {
    if (live.timer !== null) this.deps.timers.clear(live.timer);
    live.timer = null;
    const round = live.state.rounds.length - 1;
    const deadline = live.timedOut === round ? null : roundDeadline(live.state);
    const at = tournamentDue(live.state) ?? deadline;
    if (at === null) return;
    live.timer = this.deps.timers.set(
      () =>
        this.later(id, async () => {
          if (live.state.status === "open") await this.decide(id, { c: "tick" });
          else this.timeUp(id, live);
        }),
      Math.max(0, at - this.deps.now()),
    );
  }

  /**
   * The round's time is up: every table still playing is told (bots finish its games, whose
   * results end the round as any do). A table made after this is told as it is made.
   */
  private timeUp(id: string, live: Live): void {
    const deadline = roundDeadline(live.state);
    if (deadline === null || deadline > this.deps.now()) {
      this.schedule(id, live);
      return;
    }
    const r = live.state.rounds.length - 1;
    live.timedOut = r;
    const round = live.state.rounds[r];
    round.codes.forEach((code, i) => {
      const over = round.seating ? round.tables[i] !== null : round.games[i] !== null;
      if (code !== null && !over) this.deps.timeUp(code);
    });
  }

  private forget(id: string): void {
    const live = this.live.get(id);
    if (live?.timer != null) this.deps.timers.clear(live.timer);
    this.live.delete(id);
    void this.deps.lease?.end(id).catch(() => {});
    for (const [code, of] of this.tables) if (of.id === id) this.tables.delete(code);
  }
}

/** A stored tournament's state: its log replayed (the entries were the core's own when written). */
function rebuilt(stored: StoredTournament): TournamentState {
  let state = newTournament(stored.settings as TournamentSettings);
  for (const e of stored.log) state = applyTournament(state, e as TournamentEntry);
  return state;
}

/**
 * The setup of every table of a tournament: its game for two sides, its options, its clock, and
 * (once made) its place in the tournament.
 */
export function tableSetupOf(
  settings: TournamentSettings,
  clock: { move: number; bank: number },
  of?: TableOf,
): TableSetup {
  const partner = settings.game === "partner";
  return {
    game: partner ? "partner" : "cutthroat",
    players: partner ? 4 : 2,
    options: { ...settings.options } as TableSetup["options"],
    seats: Array(partner ? 4 : 2).fill("human"),
    clock: { ...clock },
    private: true,
    ...(settings.rated ? { rated: true } : {}),
    ...(of ? { tournament: { ...of } } : {}),
  };
}

/**
 * A duplicate round's table (docs/tournaments.md, *Duplicate*): French for four, a set of the
 * round's hands, its deals named after the round ("ID-rR", the same at every table of it), a
 * medium bot in each seat nobody holds.
 */
export function duplicateSetupOf(
  settings: TournamentSettings,
  clock: { move: number; bank: number },
  of: TableOf,
  players: readonly (Player | null)[],
): TableSetup {
  return {
    game: "french",
    players: 4,
    options: { ...settings.options, hands: settings.hands } as TableSetup["options"],
    seats: players.map((p) => (p === null ? "bot:medium" : "human")),
    clock: { ...clock },
    private: true,
    ...(settings.rated ? { rated: true } : {}),
    duplicate: { deals: `${of.id}-r${of.round + 1}` },
    tournament: { ...of },
  };
}

/** Each hand's points per seat (its score and its penalties: F9, F5–F7), of the hands that ended. */
function handPoints(hands: readonly HandLog[]): number[][] {
  return hands.flatMap((h) =>
    h.result ? [h.result.score.map((score, seat) => score + h.result!.penalties[seat])] : [],
  );
}

/**
 * A duplicate round's tables as the page shows them. Records only once the round is over: a
 * finished table's record holds deals other tables of the round may still be playing.
 */
function duplicateTables(r: TournamentRound, over: boolean): NonNullable<TournamentAnswer["rounds"][number]["tables"]> {
  return (r.seating ?? []).map((seats, i) => {
    const result = r.tables[i];
    return {
      seats: [...seats],
      table: r.codes[i],
      result: result
        ? {
            hands: result.hands.map((h) => [...h]),
            absent: [...(result.absent ?? [])],
            ...(over && result.record ? { record: result.record } : {}),
          }
        : null,
    };
  });
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
    rounds: s.rounds.map((r, i) => ({
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
      ...(r.seating ? { tables: duplicateTables(r, s.status === "finished" || i < s.rounds.length - 1) } : {}),
    })),
    roundCount: s.roundCount,
    standings:
      s.status === "open" || s.status === "cancelled"
        ? []
        : tournamentStandings(s).map((x) => ({ ...x, tieBreaks: [...x.tieBreaks], names: named(x.id) })),
  };
}
