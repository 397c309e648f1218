/**
 * What a connection asks of a table, as plain data: the same request whether the table lives in
 * this process or another one owns it (it then travels over Redis, cluster.ts). Each answer is
 * given once the change is in the store; `moved` says the table is no longer here (another
 * process took it over), and the hub asks again wherever it is now.
 */

import type { Action, GameKind } from "@crossbones/engine";
import { type Reaction, serverRefusal, type WireRefusal } from "@crossbones/protocol";
import type { Player } from "./hub.js";
import type { ActResult, LiveTable } from "./table.js";

export type TableOp =
  | {
      readonly m: "sit";
      readonly player: string;
      readonly name: string;
      readonly seat?: number;
      /** The player is a bot account. */
      readonly program?: boolean;
    }
  | {
      readonly m: "act";
      readonly player: string;
      readonly id: string;
      readonly version: number;
      readonly action: Action;
    }
  | { readonly m: "react"; readonly player: string; readonly reaction: Reaction }
  | { readonly m: "next"; readonly player: string }
  | { readonly m: "seed"; readonly player: string; readonly commitment: string; readonly seed: string }
  | { readonly m: "rematch"; readonly player: string }
  | { readonly m: "leave"; readonly player: string }
  | { readonly m: "remove"; readonly player: string; readonly seat: number }
  /** The game's time is up (a tournament round's length): bots finish it. */
  | { readonly m: "time-up" }
  /** The current game's record, as `player` (null: anyone) may have it. */
  | { readonly m: "record"; readonly player: string | null }
  /** Whether `player` sits at the table, and its game (an invitation names it). */
  | { readonly m: "about"; readonly player: string };

/** `player` asks for a seat (`seat`, or the first free one for a person). */
export function sitOp(player: Player, seat?: number): TableOp {
  return { m: "sit", player: player.id, name: player.name, seat, ...(player.bot ? { program: true } : {}) };
}

export type OpResult =
  | { readonly m: "sit"; readonly ok: true; readonly seat: number }
  | { readonly m: "sit"; readonly ok: false; readonly refusal: WireRefusal }
  | ({ readonly m: "act" } & ActResult)
  | { readonly m: "done"; readonly refusal: WireRefusal | null }
  /** `record` null: a duplicate round's table, whose record only its players may have. */
  | { readonly m: "record"; readonly record: unknown }
  | { readonly m: "about"; readonly seated: boolean; readonly game: GameKind; readonly players: number }
  | { readonly m: "moved" };

/**
 * Carries out `op` at a table this process owns; answers once the store has what it changed, or
 * `moved` when the table stopped here meanwhile (it is asked for again wherever it is now).
 */
export async function runOp(table: LiveTable, op: TableOp): Promise<OpResult> {
  let result: OpResult;
  switch (op.m) {
    case "sit":
      result = (await table.shutOut(op.player))
        ? { m: "sit", ok: false, refusal: serverRefusal("blocked") }
        : { m: "sit", ...table.sit(op) };
      break;
    case "act":
      result = { m: "act", ...table.act(op.player, op.id, op.version, op.action) };
      break;
    case "react":
      result = { m: "done", refusal: table.react(op.player, op.reaction) };
      break;
    case "next":
      result = { m: "done", refusal: table.next(op.player) };
      break;
    case "seed":
      result = { m: "done", refusal: table.seed(op.player, op.commitment, op.seed) };
      break;
    case "rematch":
      result = { m: "done", refusal: table.askRematch(op.player) };
      break;
    case "leave":
      result = { m: "done", refusal: table.leave(op.player) };
      break;
    case "remove":
      result = { m: "done", refusal: table.remove(op.player, op.seat) };
      break;
    case "record":
      return { m: "record", record: table.record(op.player) };
    case "time-up":
      result = { m: "done", refusal: table.timeUp() };
      break;
    case "about":
      return { m: "about", seated: table.seatOf(op.player) >= 0, game: table.setup.game, players: table.setup.players };
  }
  await table.durable();
  // The store refused a write: whatever was asked may not have happened here; ask the new owner.
  return table.stopped ? { m: "moved" } : result;
}
