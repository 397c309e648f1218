/** Named sets of rule options offered on the home screen. */

import { type GameKind, OPTION_SPECS, type OptionSpec } from "@crossbones/engine";
import type { Key } from "../i18n";

export interface Preset {
  readonly id: string;
  readonly name: Key;
  readonly desc: Key;
  readonly games: readonly GameKind[];
  readonly options: Readonly<Record<string, unknown>>;
}

export const PRESETS: readonly Preset[] = [
  { id: "standard", name: "presetStandard", desc: "presetStandardDesc", games: ["french"], options: {} },
  { id: "long", name: "presetLong", desc: "presetLongDesc", games: ["french"], options: { target: 150 } },
  {
    id: "strict",
    name: "presetStrict",
    desc: "presetStrictDesc",
    games: ["french"],
    options: { doubleBlankValue: 10, heldDoubles: "each", illegalPlayPenalty: 10 },
  },
  {
    id: "friendly",
    name: "presetFriendly",
    desc: "presetFriendlyDesc",
    games: ["french"],
    options: { penaltyPass: false, heldDoubles: "pips" },
  },
  { id: "sixLove", name: "presetSixLove", desc: "presetSixLoveDesc", games: ["cutthroat", "partner"], options: {} },
  {
    id: "straight",
    name: "presetStraight",
    desc: "presetStraightDesc",
    games: ["cutthroat", "partner"],
    options: { match: "straight" },
  },
];

/** Every rule option of `game` at its default (the engine's `OPTION_SPECS`). */
export function defaultOptions(game: GameKind): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of OPTION_SPECS) if (spec.games.includes(game)) out[spec.name] = spec.default;
  return out;
}

/** The preset that `options` (every option of `game`, defaults filled in) are exactly, if any. */
export function presetOf(game: GameKind, options: Readonly<Record<string, unknown>>): Preset | undefined {
  const specs = OPTION_SPECS.filter((s) => s.games.includes(game));
  return PRESETS.find((p) => {
    if (!p.games.includes(game)) return false;
    const want = { ...defaultOptions(game), ...p.options };
    return specs.every((s) => want[s.name] === options[s.name]);
  });
}

/** The options of `game` whose value in `options` is not the default, in the engine's order. */
export function changedOptions(
  game: GameKind,
  options: Readonly<Record<string, unknown>>,
): { readonly spec: OptionSpec; readonly value: unknown }[] {
  return OPTION_SPECS.filter((s) => s.games.includes(game) && options[s.name] !== s.default).map((spec) => ({
    spec,
    value: options[spec.name],
  }));
}
