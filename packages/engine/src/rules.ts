/**
 * The games and their rule options (RULES.md). One table describes every option: its game, type,
 * default and a one-line explanation, so validation, records, docs and the settings screen all
 * read the same facts.
 */

import { cap, quote, type Refusal, refusal } from "./refusal.js";
import { ok, type Result } from "./result.js";

export type GameKind = "french" | "cutthroat" | "partner";
export const GAME_KINDS: readonly GameKind[] = ["french", "cutthroat", "partner"];

export type HeldDoubles = "once" | "each" | "pips";
export type MatchMode = "sixLove" | "straight";

/** French options (F5–F10). */
export interface FrenchOptions {
  /** A set ends after a hand that leaves any total at or above this (F10). */
  readonly target: number;
  /**
   * A set of this many hands instead (0: none, the target decides): it ends after hand `hands`,
   * or the first hand after it that leaves one lowest total alone; the target plays no part (F10,
   * docs/rules.md; a duplicate tournament's rounds).
   */
  readonly hands: number;
  /** What 0-0 counts in a hand (F9). */
  readonly doubleBlankValue: number;
  /** How held doubles multiply a score (F9a). */
  readonly heldDoubles: HeldDoubles;
  /** Whether a held double and the winner's double multiply together (F9c). */
  readonly stackDoubles: boolean;
  /** Whether a player who can play may pass anyway, at a cost (F5). */
  readonly penaltyPass: boolean;
  /** Cost of such a pass (F5). */
  readonly passWhenAblePenalty: number;
  /** Cost of an attempted illegal play; 0 refuses it without charge (F5). */
  readonly illegalPlayPenalty: number;
  /** Cost of a third consecutive pass (F6). */
  readonly passStreakPenalty: number;
  /** Cost to each player passed by a board pass (F7). */
  readonly boardPassPenalty: number;
}

/** Cut Throat and Partner options (C7, C8). */
export interface LineOptions {
  readonly match: MatchMode;
  readonly oneAllPlayTwo: boolean;
}

export type Rules =
  | { readonly game: "french"; readonly players: 4; readonly options: FrenchOptions }
  | {
      readonly game: "cutthroat" | "partner";
      readonly players: number;
      readonly options: LineOptions;
    };

export interface OptionSpec {
  readonly name: string;
  readonly games: readonly GameKind[];
  readonly kind: "int" | "bool" | "enum";
  readonly default: number | boolean | string;
  readonly values?: readonly string[];
  readonly min?: number;
  readonly max?: number;
  /** The rule of RULES.md that the option belongs to. */
  readonly rule: string;
  readonly summary: string;
}

const FRENCH: readonly GameKind[] = ["french"];
const LINE: readonly GameKind[] = ["cutthroat", "partner"];

export const OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: "target",
    games: FRENCH,
    kind: "int",
    default: 100,
    min: 1,
    max: 10000,
    rule: "F10",
    summary: "The set ends once a total reaches this; lowest total wins.",
  },
  {
    name: "hands",
    games: FRENCH,
    kind: "int",
    default: 0,
    min: 0,
    max: 100,
    rule: "F10",
    summary: "A set of this many hands instead of to the target (0: to the target); lowest total wins.",
  },
  {
    name: "doubleBlankValue",
    games: FRENCH,
    kind: "int",
    default: 0,
    min: 0,
    max: 100,
    rule: "F9",
    summary: "What 0-0 counts when it is left in a hand.",
  },
  {
    name: "heldDoubles",
    games: FRENCH,
    kind: "enum",
    default: "once",
    values: ["once", "each", "pips"],
    rule: "F9a",
    summary: "Held doubles: double the score once, once per double, or count their pips twice.",
  },
  {
    name: "stackDoubles",
    games: FRENCH,
    kind: "bool",
    default: true,
    rule: "F9c",
    summary: "A held double and the winner's last double multiply together.",
  },
  {
    name: "penaltyPass",
    games: FRENCH,
    kind: "bool",
    default: true,
    rule: "F5",
    summary: "A player who could play may pass anyway, for a penalty.",
  },
  {
    name: "passWhenAblePenalty",
    games: FRENCH,
    kind: "int",
    default: 10,
    min: 0,
    max: 1000,
    rule: "F5",
    summary: "Points charged for passing when able to play.",
  },
  {
    name: "illegalPlayPenalty",
    games: FRENCH,
    kind: "int",
    default: 0,
    min: 0,
    max: 1000,
    rule: "F5",
    summary: "Points charged for an attempted illegal play (0: refused, no charge).",
  },
  {
    name: "passStreakPenalty",
    games: FRENCH,
    kind: "int",
    default: 10,
    min: 0,
    max: 1000,
    rule: "F6",
    summary: "Points charged on a player's third pass in a row.",
  },
  {
    name: "boardPassPenalty",
    games: FRENCH,
    kind: "int",
    default: 10,
    min: 0,
    max: 1000,
    rule: "F7",
    summary: "Points charged to each player passed by a board pass.",
  },
  {
    name: "match",
    games: LINE,
    kind: "enum",
    default: "sixLove",
    values: ["sixLove", "straight"],
    rule: "C7",
    summary: "Six-love (scores bruk when everyone has a point) or straight to six.",
  },
  {
    name: "oneAllPlayTwo",
    games: LINE,
    kind: "bool",
    default: true,
    rule: "C8",
    summary: "When everyone stands on one, a 6-6 hand sends its winner to two and the rest to love.",
  },
];

/** Players each game allows. */
export const PLAYER_COUNTS: Readonly<Record<GameKind, readonly number[]>> = {
  french: [4],
  cutthroat: [2, 3, 4],
  partner: [4],
};

export function isGameKind(value: unknown): value is GameKind {
  return typeof value === "string" && (GAME_KINDS as readonly string[]).includes(value);
}

/**
 * Validates a game, a player count and a partial set of options, filling in the defaults.
 * An option that belongs to another game is refused rather than ignored: a record that sets
 * `target` for Cut Throat was written for some other game than the one it claims.
 */
export function parseRules(game: unknown, players: unknown, options: unknown = {}): Result<Rules> {
  const fail = (error: Refusal) => ({ ok: false as const, error });
  if (!isGameKind(game)) return fail(refusal("unknown-game", { game: quote(game) }));
  if (typeof players !== "number" || !PLAYER_COUNTS[game].includes(players)) {
    return fail(refusal("bad-players", { game, players: quote(players) }));
  }
  if (options === null || typeof options !== "object" || Array.isArray(options)) return fail(refusal("bad-rules", {}));
  const resolved: Record<string, unknown> = {};
  for (const spec of OPTION_SPECS) if (spec.games.includes(game)) resolved[spec.name] = spec.default;
  for (const [name, value] of Object.entries(options)) {
    const spec = OPTION_SPECS.find((s) => s.name === name);
    if (!spec) return fail(refusal("unknown-option", { option: cap(name) }));
    if (!spec.games.includes(game)) return fail(refusal("option-not-for-game", { option: name, game }));
    if (!validValue(spec, value)) {
      const { kind, values = [], min = 0, max = 0 } = spec;
      return fail(refusal("bad-option-value", { option: name, kind, values, min, max }));
    }
    resolved[name] = value;
  }
  if (game === "french") return ok({ game, players: 4, options: resolved as unknown as FrenchOptions });
  return ok({ game, players, options: resolved as unknown as LineOptions });
}

function validValue(spec: OptionSpec, value: unknown): boolean {
  switch (spec.kind) {
    case "bool":
      return typeof value === "boolean";
    case "enum":
      return typeof value === "string" && (spec.values ?? []).includes(value);
    case "int":
      return Number.isInteger(value) && (value as number) >= (spec.min ?? 0) && (value as number) <= (spec.max ?? 0);
  }
}

/** Rules with every default, for a game and player count that are known to be valid. */
export function defaultRules(game: GameKind, players = 4): Rules {
  const r = parseRules(game, players);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Line games (Cut Throat, Partner): the points that win a match (C6, P1). */
export const LINE_TARGET = 6;

/** Number of scoring sides: two teams in Partner, else one per seat. */
export function sideCount(rules: Rules): number {
  return rules.game === "partner" ? 2 : rules.players;
}

/** The side a seat scores for: its team in Partner (seats 0 and 2 are team 0), else the seat. */
export function sideOf(rules: Rules, seat: number): number {
  return rules.game === "partner" ? seat % 2 : seat;
}

/** The seats that score for `side`: the two partners in Partner (0 and 2, 1 and 3), else the one seat. */
export function seatsOf(rules: Rules, side: number): number[] {
  return rules.game === "partner" ? [side, side + 2] : [side];
}
