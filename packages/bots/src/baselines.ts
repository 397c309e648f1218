/**
 * Bots for measuring only, never offered to players: `random`, `pimc` and `omniscient` (see
 * `hard.ts`), and a parser for the arena's seat specs such as `hard` or `hard:iterations=500`.
 */

import { createRng, type Move, PASS, type SeatView } from "@crossbones/engine";
import type { BotOptions } from "./bot.js";
import { createEasyBot } from "./easy.js";
import { createSearchBot, type MeasuredBot } from "./hard.js";
import { createMediumBot } from "./medium.js";
import { MEDIUM_WEIGHTS, type PolicyWeights } from "./policy.js";
import { decisionSeed } from "./position.js";
import { DEFAULT_SEARCH, type SearchParams } from "./search.js";

export const MEASURING_LEVELS = ["easy", "medium", "hard", "random", "pimc", "omniscient"] as const;

/** Random: a uniformly random legal play; passes only when it must. */
function createRandomBot(options: BotOptions = {}): MeasuredBot {
  return {
    level: "random",
    omniscient: false,
    chooseMove(view: SeatView): Move {
      const plays = view.legalMoves.filter((m) => m !== PASS);
      if (plays.length === 0) return PASS;
      const rng = createRng(decisionSeed(options.seed ?? 1, view));
      return plays[rng.nextInt(plays.length)];
    },
  };
}

const SPEC_KEYS = ["iterations", "timeMs", ...Object.keys(DEFAULT_SEARCH)];

/**
 * A bot from a seat spec `level[:key=value]...`, e.g. `hard:iterations=800`. Keys: iterations,
 * timeMs, and the search parameters exploration, epsilon, noise, relative.
 */
export function createMeasuringBot(spec: string, seed: number): MeasuredBot {
  const [level, ...pairs] = spec.split(":");
  const params: Record<string, number> = {};
  for (const pair of pairs) {
    const [key, value] = pair.split("=");
    const n = Number(value);
    if (!(SPEC_KEYS.includes(key) || key in MEDIUM_WEIGHTS) || !Number.isFinite(n)) {
      throw new Error(`bad bot option ${JSON.stringify(pair)} in ${JSON.stringify(spec)}`);
    }
    params[key] = n;
  }
  const { iterations, timeMs, ...rest } = params;
  const search: Record<string, number> = {};
  const weights: Record<string, number> = {};
  for (const [k, v] of Object.entries(rest)) (k in MEDIUM_WEIGHTS ? weights : search)[k] = v;
  const options = { seed, iterations, timeMs, params: search as Partial<SearchParams> };
  switch (level) {
    case "easy":
      return { ...createEasyBot(options), omniscient: false };
    case "medium":
      return { ...createMediumBot(weights as Partial<PolicyWeights>), omniscient: false };
    case "random":
      return createRandomBot(options);
    case "hard":
    case "pimc":
    case "omniscient":
      return createSearchBot(level, options);
    default:
      throw new Error(`unknown bot ${JSON.stringify(level)}: choose one of ${MEASURING_LEVELS.join(", ")}`);
  }
}
