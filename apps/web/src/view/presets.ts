/** Named sets of rule options offered on the home screen. */

import type { GameKind } from "@crossbones/engine";
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
