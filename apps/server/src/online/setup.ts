/**
 * A table's setup as the server takes it: the protocol's shape (zod) and then the engine's own
 * check of the game, the player count and the rule options, so a setup that reaches a table is one
 * the rules can play.
 */

import { parseRules, type Refusal, type Rules } from "@crossbones/engine";
import { type TableSetup, tableSetup } from "@crossbones/protocol";
import type { BotLevel, SeatPlan } from "@crossbones/table";

export type { BotLevel, SeatPlan } from "@crossbones/table";

export interface CheckedSetup {
  readonly setup: TableSetup;
  readonly rules: Rules;
  readonly seats: readonly SeatPlan[];
}

/** The setup, validated, or why not (a refusal: the engine's, or `bad-setup` with a reason). */
export function checkSetup(
  value: unknown,
): { ok: true; value: CheckedSetup } | { ok: false; reason: string; refusal?: Refusal } {
  const parsed = tableSetup.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: issue ? `${issue.path.join(".") || "setup"}: ${issue.message}`.slice(0, 120) : "invalid",
    };
  }
  const setup = parsed.data;
  const rules = parseRules(setup.game, setup.players, setup.options ?? {});
  if (!rules.ok) return { ok: false, reason: rules.error.message, refusal: rules.error };
  if (setup.seats.length !== setup.players)
    return { ok: false, reason: `a ${setup.players}-player table has ${setup.players} seats` };
  const seats = setup.seats.map(
    (s): SeatPlan => (s === "human" ? { kind: "human" } : { kind: "bot", level: s.slice(4) as BotLevel }),
  );
  if (!seats.some((s) => s.kind === "human")) return { ok: false, reason: "a table needs at least one person" };
  if (setup.clock === null && !setup.private) return { ok: false, reason: "a public table keeps a turn clock" };
  return { ok: true, value: { setup, rules: rules.value, seats } };
}

/**
 * The setup as a table keeps it: every rule option the engine filled in, so that the table is
 * played by the rules of the day it was made, whatever later versions make the defaults.
 */
export function frozenSetup(checked: CheckedSetup): TableSetup {
  return { ...checked.setup, options: { ...checked.rules.options } as TableSetup["options"] };
}
