/**
 * Hard, and the measuring baselines built on the same search: ISMCTS over deals drawn from the
 * belief (`hard`), PIMC at the same playout budget (`pimc`), and ISMCTS handed the true hands
 * (`omniscient`, arena only: the only bot that is given anything beyond a view).
 */

import { createRng, handConfig, type Move, PASS, type SeatView, sideCount } from "@crossbones/engine";
import { beliefFrom, DealSampler } from "./belief.js";
import type { Bot, BotOptions, RankedMove } from "./bot.js";
import { now } from "./clock.js";
import { matchValues } from "./match-value.js";
import { type ModelParams, WeightedDeals } from "./model.js";
import { decisionSeed, positionOf } from "./position.js";
import {
  DEFAULT_SEARCH,
  type DealSource,
  ismcts,
  LINE_SEARCH,
  type MoveStat,
  PARTNER_SEARCH,
  pimc,
  type Scoring,
  type SearchParams,
} from "./search.js";

export type SearchKind = "ismcts" | "pimc";

/** Root statistics of a search from `view` (its seat must be the one to act). */
export function analyse(
  view: SeatView,
  kind: SearchKind,
  options: BotOptions & { readonly params?: Partial<SearchParams> },
  hidden?: readonly number[],
): MoveStat[] {
  const started = now();
  const belief = beliefFrom(view);
  const config = handConfig(view.rules);
  const root = positionOf(view, [0, 0, 0, 0], config);
  // An explicit iteration budget is exact (no clock unless timeMs is given too); a time budget
  // alone runs until the clock; the default is DEFAULT_SEARCH's playouts under its safety cap.
  const params: SearchParams = {
    ...DEFAULT_SEARCH,
    ...(view.rules.game === "french" ? {} : LINE_SEARCH),
    ...(view.rules.game === "partner" ? PARTNER_SEARCH : {}),
    ...options.params,
    ...(options.iterations !== undefined
      ? { iterations: options.iterations, timeMs: options.timeMs ?? 0 }
      : options.timeMs !== undefined
        ? { iterations: 1e9, timeMs: options.timeMs }
        : {}),
  };
  const rng = createRng(decisionSeed(options.seed ?? 1, view));
  let source: DealSource;
  if (hidden) source = { fixed: Int32Array.from({ length: 4 }, (_, s) => hidden[s] ?? 0) };
  else {
    const sampler = new DealSampler(belief);
    source =
      params.modelPool > 0 && view.history.length > 0
        ? new WeightedDeals(view, config, sampler, modelOf(params), rng, deadlineOf(params, started, 0.5))
        : sampler;
  }
  const run = kind === "ismcts" ? ismcts : pimc;
  return run(root, source, belief.voids, scoringOf(view, params), params, rng, started);
}

/** The time by which a `share` of the budget is spent (Infinity without a time budget). */
function deadlineOf(params: SearchParams, started: number, share: number): number {
  return params.timeMs > 0 ? started + share * params.timeMs : Infinity;
}

function scoringOf(view: SeatView, params: SearchParams): Scoring {
  const rules = view.rules;
  if (rules.game === "french") return { french: rules.options, totals: view.totals, match: null, matchWeight: 0 };
  if (params.match === 0) return { french: null, totals: null, match: null, matchWeight: 0 };
  const values = matchValues(sideCount(rules), rules.options);
  const position = { totals: view.totals, worth: view.next.worth, oneAllPlayTwo: view.next.oneAllPlayTwo };
  return { french: null, totals: null, match: values.outcomes(position), matchWeight: Math.min(1, params.match) };
}

/** The model's pool is capped at the playouts (at least 64): a small search gets a small pool. */
function modelOf(p: SearchParams): ModelParams {
  const pool = Math.min(p.modelPool, Math.max(64, p.iterations));
  return {
    pool,
    temperature: p.modelTemp,
    mix: p.modelMix,
    learned: p.modelLearned === 1,
    publicVoids: p.modelVoids === 1,
  };
}

/** The move a search picks: most playouts (ISMCTS) or best mean (PIMC), ties to the better mean. */
export function pick(stats: readonly MoveStat[], kind: SearchKind): Move {
  let best = stats[0];
  for (const s of stats) {
    const better =
      kind === "ismcts"
        ? s.visits > best.visits || (s.visits === best.visits && s.mean > best.mean)
        : s.mean > best.mean;
    if (better) best = s;
  }
  return best.move;
}

/** Search statistics as hints: every legal move, best first. */
export function rankFromStats(view: SeatView, stats: readonly MoveStat[]): RankedMove[] {
  const french = view.rules.game === "french";
  const known = new Map(stats.filter((s) => s.visits > 0).map((s) => [s.move, s]));
  let worst = Infinity;
  const ranked: { move: Move; value: number; mean: number }[] = [];
  for (const move of view.legalMoves) {
    const s = known.get(move);
    if (!s) continue;
    const value = french ? -s.outcome : s.outcome;
    worst = Math.min(worst, value);
    ranked.push({ move, value, mean: s.mean });
  }
  // A budget smaller than the number of moves leaves some unsearched: they go last.
  for (const move of view.legalMoves) {
    if (!known.has(move)) ranked.push({ move, value: (Number.isFinite(worst) ? worst : 0) - 1, mean: -Infinity });
  }
  ranked.sort((a, b) => b.value - a.value || b.mean - a.mean);
  return ranked.map(({ move, value }) => ({ move, value }));
}

/** A bot that can be handed the true hands; only the omniscient baseline reads them. */
export interface MeasuredBot extends Bot {
  readonly omniscient: boolean;
  chooseMove(view: SeatView, hidden?: readonly number[]): Move;
}

export function createSearchBot(
  level: "hard" | "pimc" | "omniscient",
  options: BotOptions & { readonly params?: Partial<SearchParams> } = {},
): MeasuredBot {
  const kind: SearchKind = level === "pimc" ? "pimc" : "ismcts";
  const omniscient = level === "omniscient";
  return {
    level,
    omniscient,
    chooseMove(view: SeatView, hidden?: readonly number[]): Move {
      const legal = view.legalMoves;
      if (legal.length === 1) return legal[0];
      if (omniscient && !hidden) throw new Error("the omniscient baseline needs the true hands");
      const stats = analyse(view, kind, options, omniscient ? hidden : undefined);
      return stats.length > 0 ? pick(stats, kind) : (legal.find((m) => m !== PASS) ?? legal[0]);
    },
  };
}
