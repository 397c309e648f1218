/**
 * `apply`: the one way a table changes, live and when it is rebuilt from its log. An entry read
 * back from the log goes through exactly the code the live table ran when it was made, so a
 * rebuilt table is the table that was (its notes — who is connected, a bot thinking — start
 * afresh: `resume`).
 */

import { applyAction, createGame, type Game, parseBone, startHand } from "@crossbones/engine";
import { beforeFirstDeal, betweenHands, isHere } from "./facts.js";
import type { Change, Checkpoint, LogEntry, Seat, TableRules, TableState, Timing } from "./types.js";
import { isCheckpoint, isLogged } from "./types.js";

/** Bots are named by their seat. */
export const BOT_NAMES: readonly string[] = ["Ruby", "Kofi", "Ines", "Dell"];

/**
 * Action ids remembered per seat, to answer a resent action once. A client resends only what is
 * still unanswered (one action); anything older would be refused as stale by its version anyway.
 */
const REMEMBERED_IDS = 32;

/** A log entry that does not apply to the table it was logged for (a corrupt or foreign log). */
export class ReplayError extends Error {
  constructor(
    readonly seq: number,
    readonly entry: string,
    problem: string,
  ) {
    super(`log entry ${seq} (${entry}) does not replay: ${problem}`);
    this.name = "ReplayError";
  }
}

export interface NewTable {
  readonly code: string;
  /** The table's name in its deals (default: the code; the server gives one the code cannot be read from). */
  readonly dealId?: string;
  readonly maker: string;
  readonly table: TableRules;
  readonly timing: Timing;
}

/** A table as it is made: bots in their seats, the others open, nobody connected. */
export function newTable({ code, dealId, maker, table, timing }: NewTable): TableState {
  const n = table.rules.players;
  return {
    code,
    dealId: dealId ?? code,
    maker,
    table,
    timing,
    seats: table.seats.map(
      (p, i): Seat =>
        p.kind === "bot" ? { kind: "bot", level: p.level, name: BOT_NAMES[i % BOT_NAMES.length] } : { kind: "open" },
    ),
    game: createGame(table.rules),
    gameIndex: 0,
    status: "waiting",
    closed: null,
    seq: 0,
    away: new Array(n).fill(false),
    banks: new Array(n).fill(table.clock?.bank ?? 0),
    ids: Array.from({ length: n }, () => []),
    asked: [],
    removed: [],
    left: new Array(n).fill(null),
    acted: new Array(n).fill(false),
    timeUp: false,
    pending: null,
    proofs: [],
    turn: null,
    ready: [],
    online: [],
    idleSince: null,
    thinking: null,
    thought: null,
    reacted: new Array(n).fill(0),
  };
}

/**
 * The game an action entry leads to, when `decide` already computed it (checking the action is
 * applying it): `apply` takes it instead of applying the action a second time, as long as the table
 * is still at the game it was computed from. A rebuilt entry has none and is applied afresh.
 */
const computed = new WeakMap<Change, { readonly from: Game; readonly next: Game }>();

export function withNextGame<T extends Change>(change: T, from: Game, next: Game): T {
  computed.set(change, { from, next });
  return change;
}

/** `state` after `change`. Throws ReplayError when a log entry does not apply (never for `decide`'s). */
export function apply(state: TableState, change: Change): TableState {
  const at = change.at ?? 0;
  let s = applyChange(state, change, at);
  if (isLogged(change)) s = { ...s, seq: s.seq + 1 };
  return settle(s, at);
}

/** The turn clock and idleness after any change (the game or who is here may have moved). */
function settle(s: TableState, at: number): TableState {
  const hand = s.game.state;
  const live = s.status === "playing" && hand !== null && !hand.over && !s.game.finished;
  const turn = !live ? null : s.turn?.version === s.game.version ? s.turn : { version: s.game.version, since: at };
  const here = s.seats.some((seat) => isHere(s, seat));
  const idleSince = here ? null : (s.idleSince ?? at);
  return turn === s.turn && idleSince === s.idleSince ? s : { ...s, turn, idleSince };
}

function fail(state: TableState, change: Change, problem: string): never {
  throw new ReplayError(state.seq, change.k, problem);
}

function set<T>(list: readonly T[], i: number, value: T): T[] {
  const copy = [...list];
  copy[i] = value;
  return copy;
}

function applyChange(s: TableState, change: Change, at: number): TableState {
  switch (change.k) {
    case "sit": {
      if (s.seats[change.seat]?.kind !== "open") fail(s, change, `seat ${change.seat} is not open`);
      const program = change.program ? { program: true as const } : {};
      const seats = set(s.seats, change.seat, { kind: "human", player: change.player, name: change.name, ...program });
      const full = seats.every((seat) => seat.kind !== "open");
      return { ...s, seats, status: s.status === "waiting" && full ? "playing" : s.status };
    }
    case "leave":
    case "remove": {
      const seat = s.seats[change.seat];
      if (seat?.kind !== "human") fail(s, change, `seat ${change.seat} holds no person`);
      const removed = change.k === "remove" ? [...s.removed, seat.player] : s.removed;
      if (beforeFirstDeal(s)) {
        // Nothing was dealt: the seat is free for anyone, and the table waits for someone to take it.
        const status = s.status === "playing" ? "waiting" : s.status;
        return { ...s, removed, seats: set(s.seats, change.seat, { kind: "open" }), status, pending: null, ready: [] };
      }
      // A bot plays the seat to the end of the game, under the leaver's name.
      const bot: Seat = { kind: "bot", level: "medium", name: seat.name };
      return {
        ...s,
        removed,
        seats: set(s.seats, change.seat, bot),
        away: set(s.away, change.seat, false),
        left: set(s.left, change.seat, seat.player),
      };
    }
    case "commit":
      return {
        ...s,
        pending: {
          hand: change.hand,
          secret: change.secret,
          commitment: change.commitment,
          seeds: new Array(s.table.rules.players).fill(null),
          at,
          sealed: false,
        },
      };
    case "seed": {
      const p = s.pending;
      if (!p) fail(s, change, "no deal is pending");
      return { ...s, pending: { ...p, seeds: set(p.seeds, change.seat, change.seed) } };
    }
    case "deal": {
      const masks = change.hands.map((hand) => hand.reduce((m, b) => m | (1 << (parseBone(b) ?? 0)), 0));
      const r = startHand(s.game, masks);
      if (!r.ok) fail(s, change, r.error.message);
      const hand = s.game.hands.length + 1;
      const fair = change.fair;
      // A deal logged before the id was logged with it was dealt under the code.
      const table = fair?.table ?? `${s.code}-${s.gameIndex + 1}`;
      const proof = fair ? { table, hand, secret: fair.secret, commitment: fair.commitment, seeds: fair.seeds } : null;
      return {
        ...s,
        game: r.value,
        proofs: set(s.proofs, hand - 1, proof),
        pending: null,
        ready: [],
        thinking: null,
        thought: null,
      };
    }
    case "act": {
      const known = computed.get(change);
      let game: Game;
      if (known && known.from === s.game) game = known.next;
      else {
        const r = applyAction(s.game, change.seat, change.action);
        if (!r.ok) fail(s, change, r.error.message);
        game = r.value;
      }
      let { away, ids, banks, acted } = s;
      if (change.bank !== undefined) banks = set(banks, change.seat, change.bank);
      if (change.id !== null) {
        // A person's own action: they are at the table.
        away = set(away, change.seat, false);
        ids = set(ids, change.seat, [...ids[change.seat], change.id].slice(-REMEMBERED_IDS));
        if (!acted[change.seat]) acted = set(acted, change.seat, true);
      }
      if (game.finished) {
        // The game is over (a resignation may end it between hands): no deal is coming.
        return {
          ...s,
          game,
          away,
          ids,
          banks,
          acted,
          status: "finished",
          pending: null,
          ready: [],
          thinking: null,
          thought: null,
        };
      }
      return { ...s, game, away, ids, banks, acted, thinking: null, thought: null };
    }
    case "away":
      return { ...s, banks: set(s.banks, change.seat, 0), away: set(s.away, change.seat, true) };
    case "time-up":
      return { ...s, timeUp: true, ready: [], thinking: null, thought: null };
    case "back": {
      const s2 = { ...s, away: set(s.away, change.seat, false), thinking: null, thought: null };
      // Back in their own turn: the bot playing for them stops and their clock runs again from now.
      const hand = s.game.state;
      const theirs = hand !== null && !hand.over && hand.turn === change.seat && s.turn !== null;
      return theirs ? { ...s2, turn: { version: s.game.version, since: at } } : s2;
    }
    case "ask":
      return s.asked.includes(change.seat) ? s : { ...s, asked: [...s.asked, change.seat].sort() };
    case "rematch":
      return rematch(s, change.checkpoint);
    case "close":
      return { ...s, status: "closed", closed: change.reason, pending: null, ready: [], thinking: null, thought: null };
    case "present":
      return { ...s, online: [...change.players] };
    case "ready":
      return s.ready.includes(change.seat) ? s : { ...s, ready: [...s.ready, change.seat].sort() };
    case "seal":
      return s.pending ? { ...s, pending: { ...s.pending, sealed: true } } : s;
    case "thinking":
      return { ...s, thinking: { version: change.version, at } };
    case "thought":
      return { ...s, thought: { seat: change.seat, version: change.version, action: change.action } };
    case "react":
      return { ...s, reacted: set(s.reacted, change.seat, at) };
  }
}

/** A new game at the same table: the same seats, fresh banks, everyone at the table. */
function rematch(s: TableState, checkpoint: Checkpoint | undefined): TableState {
  const n = s.table.rules.players;
  let { seats, ids, gameIndex } = s;
  if (checkpoint) {
    // The same as the table has when it is live; the first entry when it is rebuilt from here.
    if (checkpoint.seats.length !== n || checkpoint.ids.length !== n)
      throw new ReplayError(s.seq, "rematch", `a checkpoint for ${checkpoint.seats.length} seats at a table of ${n}`);
    seats = [...checkpoint.seats];
    ids = checkpoint.ids.map((list) => [...list]);
    gameIndex = checkpoint.game;
  } else {
    gameIndex++;
  }
  return {
    ...s,
    seats,
    ids,
    gameIndex,
    game: createGame(s.table.rules),
    status: "playing",
    closed: null,
    proofs: [],
    pending: null,
    ready: [],
    asked: [],
    left: new Array(n).fill(null),
    acted: new Array(n).fill(false),
    timeUp: false,
    banks: new Array(n).fill(s.table.clock?.bank ?? 0),
    // Every person asked for this game: they are all at the table.
    away: new Array(n).fill(false),
    thinking: null,
    thought: null,
  };
}

/** What the table carries into its next game. */
export function checkpointOf(s: TableState): Checkpoint {
  return { game: s.gameIndex + 1, seats: [...s.seats], ids: s.ids.map((list) => [...list]) };
}

/** The part of a table's log a rebuild replays: `entries` are those from seq `from` on. */
export interface LogTail {
  readonly from: number;
  readonly entries: readonly LogEntry[];
}

/**
 * A table from its log (which may start at a checkpoint), ready to run from `now`: see `resume`.
 * Throws ReplayError naming the first entry that does not apply.
 */
export function rebuild(init: NewTable, log: LogTail, now: number, idleSince: number | null = null): TableState {
  let s: TableState = { ...newTable(init), seq: log.from };
  if (log.from > 0 && !(log.entries[0] && isCheckpoint(log.entries[0])))
    throw new ReplayError(
      log.from,
      log.entries[0]?.k ?? "none",
      "a log read from a later entry starts at a checkpoint",
    );
  for (const entry of log.entries) s = apply(s, entry);
  return resume(s, now, idleSince);
}

/**
 * A rebuilt table starts its moment afresh at `now`: the seat to act starts its turn again (with
 * its bank as logged, so an outage never costs a player time), a pending deal waits for seeds
 * again from now, and nobody is connected yet (`idleSince`: since when nobody was, if known).
 */
export function resume(s: TableState, now: number, idleSince: number | null): TableState {
  const turn = s.turn ? { version: s.turn.version, since: now } : null;
  const pending = s.pending ? { ...s.pending, at: now, sealed: false } : null;
  const ready = betweenHands(s) ? s.ready : [];
  return {
    ...s,
    turn,
    pending,
    ready,
    online: [],
    idleSince: idleSince ?? now,
    thinking: null,
    thought: null,
    reacted: s.reacted.map(() => 0),
  };
}
