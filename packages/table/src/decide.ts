/**
 * `decide`: what a command does to a table, as the changes to apply and a refusal if there is one.
 * It never changes the table itself (`apply` does) and reads time only from `now`, so the same
 * table and command always give the same answer: live play, tests with a fake clock and a rebuild
 * all run through it and `apply`.
 */

import { type Action, applyAction, bonesOf, makeBone, viewFor } from "@crossbones/engine";
import { checkpointOf, withNextGame } from "./apply.js";
import { bankLeft, due } from "./due.js";
import {
  beforeFirstDeal,
  betweenHands,
  closing,
  openSeats,
  peopleSeats,
  reactionsSilenced,
  seatOf,
  tableId,
} from "./facts.js";
import { fallbackAction } from "./pace.js";
import type { Change, Command, Decision, Refusal, TableRefusal, TableState } from "./types.js";

/** Least time between two reactions of one seat (ms). */
export const REACTION_GAP = 3000;

const none: Decision = { changes: [], refusal: null, charged: false };
const refuse = (refusal: Refusal, changes: readonly Change[] = []): Decision => ({ changes, refusal, charged: false });
const changes = (...list: Change[]): Decision => ({ changes: list, refusal: null, charged: false });
const table = (code: TableRefusal["code"], seat?: number): TableRefusal =>
  seat === undefined ? { code } : { code, seat };

/** The changes `command` makes to `s` at `now`, or why it is refused (nothing then changes). */
export function decide(s: TableState, command: Command, now: number): Decision {
  if (s.status === "closed" && command.c !== "present") return refuse(table("table-closed"));
  switch (command.c) {
    case "sit":
      return sit(s, command, now);
    case "leave": {
      const seat = seatOf(s, command.player);
      return seat < 0 ? refuse(table("not-seated")) : changes({ k: "leave", seat, at: now });
    }
    case "remove": {
      if (command.player !== s.maker) return refuse(table("not-maker"));
      if (!beforeFirstDeal(s)) return refuse(table("game-started"));
      if (s.seats[command.seat]?.kind !== "human") return refuse(table("seat-empty", command.seat));
      return changes({ k: "remove", seat: command.seat, at: now });
    }
    case "act":
      return act(s, command.player, command.id, command.version, command.action, now);
    case "rematch":
      return rematch(s, command.player, now);
    case "next":
      return next(s, command.player, now);
    case "seed":
      return seed(s, command.player, command.commitment, command.seed, now);
    case "react":
      return react(s, command.player, command.reaction, now);
    case "present": {
      const players = [...new Set(command.players)].sort();
      const same = players.length === s.online.length && players.every((p, i) => p === s.online[i]);
      return same ? none : changes({ k: "present", players, at: now });
    }
    case "tick":
      return tick(s, now);
    case "time-up":
      // Only a game still on has time to run out; said twice, it is up once.
      return s.status === "playing" && !s.game.finished && !s.timeUp ? changes({ k: "time-up", at: now }) : none;
    case "commit": {
      if (due(s, now)?.kind !== "draw") return none;
      const { secret, commitment } = command;
      return changes({ k: "commit", hand: s.game.hands.length + 1, secret, commitment, at: now });
    }
    case "deal": {
      const p = s.pending;
      // The game may have ended (a resignation) while the deal was being made.
      if (!p?.sealed || !betweenHands(s)) return none;
      const hands = command.hands.map((mask) => bonesOf(mask).map(makeBone));
      return changes({
        k: "deal",
        hands,
        fair: { table: tableId(s), secret: p.secret, commitment: p.commitment, seeds: p.seeds },
        at: now,
      });
    }
    case "thinking": {
      const d = due(s, now);
      return d?.kind === "think" ? changes({ k: "thinking", version: s.game.version, at: now }) : none;
    }
    case "thought": {
      const hand = s.game.state;
      // An answer for a position the table has left behind is dropped.
      if (s.thinking?.version !== command.version || s.game.version !== command.version || !hand) return none;
      const action = command.action ?? firstLegal(s, hand.turn);
      return changes({ k: "thought", seat: hand.turn, version: command.version, action, at: now });
    }
  }
}

function sit(s: TableState, command: Extract<Command, { c: "sit" }>, now: number): Decision {
  const { player, name, seat: wanted } = command;
  const held = seatOf(s, player);
  if (held >= 0) return { ...none, seat: held };
  if (s.removed.includes(player)) return refuse(table("removed"));
  const open = openSeats(s);
  // A seat asked for by name is taken or not, whether or not another is open.
  if (wanted !== undefined && !open.includes(wanted)) return refuse(table("seat-taken", wanted));
  if (open.length === 0) return refuse(table("table-full"));
  const seat = wanted ?? open[0];
  const program = command.program ? { program: true as const } : {};
  return { ...changes({ k: "sit", seat, player, name, ...program, at: now }), seat };
}

function act(s: TableState, player: string, id: string, version: number, action: Action, now: number): Decision {
  const seat = seatOf(s, player);
  if (seat < 0) return refuse(table("not-seated"));
  // Sent again after a reconnect: it was applied once, and that is all.
  if (s.ids[seat].includes(id)) return none;
  if (s.timeUp) return refuse(table("time-up"));
  const r = applyAction(s.game, seat, action, version);
  if (!r.ok) {
    // A player who acts is back at the table, whatever became of the action: a refused one says so
    // in the log (an accepted one says it itself).
    return refuse(r.error, s.away[seat] ? [{ k: "back", seat, at: now }] : []);
  }
  // The bank goes with the action, so that a restart gives nobody their spent time back.
  const bank = s.table.clock && s.game.state?.turn === seat ? { bank: bankLeft(s, seat, now) } : {};
  const entry = withNextGame({ k: "act", seat, id, action, ...bank, at: now } as const, s.game, r.value);
  return r.charged ? { changes: [entry], refusal: r.charged, charged: true } : changes(entry);
}

/**
 * A fixed reaction, at most one every `REACTION_GAP` per seat, and none during a hand of Partner:
 * six fixed reactions are still a way for partners to signal (P4, no table talk).
 */
function react(s: TableState, player: string, reaction: string, now: number): Decision {
  const seat = seatOf(s, player);
  if (seat < 0) return refuse(table("not-seated"));
  const hand = s.game.state;
  if (reactionsSilenced(s.table.rules.game, hand !== null && !hand.over && !s.game.finished))
    return refuse(table("no-table-talk"));
  const wait = s.reacted[seat] + REACTION_GAP - now;
  if (s.reacted[seat] > 0 && wait > 0) return refuse({ code: "rate-limited", retryAfter: wait });
  return changes({ k: "react", seat, reaction, at: now });
}

function rematch(s: TableState, player: string, now: number): Decision {
  const seat = seatOf(s, player);
  if (seat < 0) return refuse(table("not-seated"));
  if (s.status !== "finished") return refuse(table("not-finished"));
  if (s.asked.includes(seat)) return none;
  // The last person to ask starts the game; an earlier ask is kept (a restart remembers it).
  const all = peopleSeats(s).every((i) => i === seat || s.asked.includes(i));
  return changes(all ? { k: "rematch", checkpoint: checkpointOf(s), at: now } : { k: "ask", seat, at: now });
}

/** Ready for the next hand; an away player saying so is back at the table (a paused table goes on). */
function next(s: TableState, player: string, now: number): Decision {
  const seat = seatOf(s, player);
  if (seat < 0) return refuse(table("not-seated"));
  if (!betweenHands(s) || s.pending?.sealed) return none;
  const list: Change[] = [];
  if (s.away[seat]) list.push({ k: "back", seat, at: now });
  if (!s.ready.includes(seat)) list.push({ k: "ready", seat, at: now });
  return changes(...list);
}

function seed(s: TableState, player: string, commitment: string, value: string, now: number): Decision {
  const seat = seatOf(s, player);
  if (seat < 0) return refuse(table("not-seated"));
  const p = s.pending;
  // A duplicate table's deal takes no seed: it is made as soon as it is due.
  if (!p || p.sealed || p.commitment !== commitment || s.table.duplicate !== undefined)
    return refuse(table("deal-made"));
  if (p.seeds[seat] !== null) return p.seeds[seat] === value ? none : refuse(table("seed-given"));
  return changes({ k: "seed", seat, seed: value, at: now });
}

/** What is due by `now` and the table does alone: one effect (the shell ticks again while more is due). */
function tick(s: TableState, now: number): Decision {
  const d = due(s, now);
  if (d?.kind !== "tick" || d.at > now) return none;
  switch (d.why) {
    case "close":
      return changes({ k: "close", reason: (closing(s) as NonNullable<ReturnType<typeof closing>>).reason, at: now });
    case "seal":
      return changes({ k: "seal", at: now });
    case "away":
      // Out of time: the seat is away and a bot plays for it until the player acts again.
      return changes({ k: "away", seat: (s.game.state as { turn: number }).turn, at: now });
    case "pass":
      // Nothing fits: the pass is made for the player.
      return tableMove(s, { type: "pass" }, now);
    case "play":
      return tableMove(s, (s.thought as { action: Action }).action, now);
  }
}

/** A move the table makes for the seat to act (a bot's, a forced pass); its first legal one if refused. */
function tableMove(s: TableState, action: Action, now: number): Decision {
  const seat = (s.game.state as { turn: number }).turn;
  let chosen = action;
  let r = applyAction(s.game, seat, chosen);
  if (!r.ok) {
    // A bot's move is legal by construction; should one ever not be, the first legal move.
    chosen = firstLegal(s, seat);
    r = applyAction(s.game, seat, chosen);
    if (!r.ok) return none;
  }
  return changes(withNextGame({ k: "act", seat, id: null, action: chosen, at: now } as const, s.game, r.value));
}

function firstLegal(s: TableState, seat: number): Action {
  return fallbackAction(viewFor(s.game, seat));
}
