/**
 * Trains the opponent model the hard bot weighs sampled deals with (`src/model.ts`,
 * `src/features.ts`): a conditional logit (a softmax over a seat's legal plays of a weighted sum
 * of each play's features) plus a uniform mix, one per game, fitted to the plays made in self-play
 * games between easy, medium and hard bots. Seeded and deterministic: the same seed and sizes give
 * the same weights, byte for byte.
 *
 *   npx tsx packages/bots/train/opponent-model.ts [--seed 16] [--scale 1] [--write]
 *
 * `--write` rewrites `src/model-weights.ts`; without it the weights and the held-out figures are
 * only printed. Every fifth round of tables is held out and scores the fitted models against the
 * hand-set one.
 */

import { writeFileSync } from "node:fs";
import {
  createRng,
  defaultRules,
  type Game,
  type GameKind,
  handConfig,
  parseRules,
  type Rules,
  randomDeal,
} from "@crossbones/engine";
import { FEATURES } from "../src/features.js";
import { createMeasuringBot, mixSeed, type Player, playGame } from "../src/index.js";
import { ChoiceReplay, type LearnedModel, learnedLikelihood, mixLogs, type OpponentModel } from "../src/model.js";

/** One real choice: the features of every legal play and the index of the play made. */
export interface Choice {
  readonly n: number;
  readonly chosen: number;
  readonly values: Float64Array;
  /** The level of the bot that chose. */
  readonly level: string;
  /** Held out from the fit. */
  readonly heldOut: boolean;
  /** The same number for every choice of one seat in one hand. */
  readonly group: number;
}

/** The kinds of player the model tells apart, in the order of `OpponentModel.kinds`. */
export const LEVELS = ["easy", "medium", "hard"] as const;

/** The tables the games are played at, in turn: every level plays, hard and medium most. */
export const TABLES: readonly (readonly string[])[] = [
  ["hard", "medium", "medium", "medium"],
  ["hard", "easy", "medium", "hard"],
  ["medium", "hard", "easy", "medium"],
  ["easy", "medium", "hard", "medium"],
  ["hard", "medium", "hard", "medium"],
];

function rulesOf(game: GameKind): Rules {
  if (game !== "cutthroat") return defaultRules(game, 4);
  const r = parseRules("cutthroat", 4, {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * Plays `games` games of `game` (at most `maxHands` hands each) at the `TABLES` in turn, with hard
 * at `hardIterations` playouts (an iteration budget: no clock, so the games are reproducible),
 * and returns every real choice made in them.
 */
export function collectChoices(
  game: GameKind,
  games: number,
  seed: number,
  options: { readonly maxHands?: number; readonly hardIterations?: number; readonly tables?: typeof TABLES } = {},
): Choice[] {
  const rules = rulesOf(game);
  const config = handConfig(rules);
  const tables = options.tables ?? TABLES;
  const replay = new ChoiceReplay(config);
  const choices: Choice[] = [];
  for (let g = 0; g < games; g++) {
    const table = tables[g % tables.length].slice(0, rules.players);
    const players: Player[] = table.map((level, s) =>
      createMeasuringBot(
        level === "hard" ? `hard:iterations=${options.hardIterations ?? 3000}` : level,
        mixSeed(seed, g, s),
      ),
    );
    const played: Game = playGame(rules, players, {
      deal: (h) => randomDeal(config, createRng(mixSeed(seed, g, h, 0x16))),
      maxHands: options.maxHands ?? 8,
    });
    // Every fifth round of the tables is held out (every table is in it).
    const heldOut = Math.floor(g / tables.length) % 5 === 4;
    for (const [h, hand] of played.hands.entries()) {
      const moves = hand.moves.map((move, i) => ({ seat: hand.seats[i], move }));
      replay.replay(hand.deal, hand.poser, config.inPlay, moves, (1 << rules.players) - 1, (seat, n, chosen) => {
        const group = (g * 1000 + h) * 4 + seat;
        choices.push({ n, chosen, values: replay.values.slice(0, n * FEATURES), level: table[seat], heldOut, group });
        return true;
      });
    }
  }
  return choices;
}

/** Mean log-likelihood per choice of `model` over `choices`. */
export function meanLogLikelihood(model: LearnedModel, choices: readonly Choice[]): number {
  let sum = 0;
  for (const c of choices) sum += Math.log(learnedLikelihood(model, c.values, c.n, c.chosen));
  return choices.length > 0 ? sum / choices.length : 0;
}

/**
 * Fits the weights by full-batch Adam on the log-likelihood of the model with its uniform mix
 * (a little L2), from zero (deterministic: no random start), for each mix of a small grid, and keeps
 * the best fit. The mix is fitted with the weights: fitted without one, a rare surprising play
 * would keep the weights soft.
 */
export function fit(choices: readonly Choice[], steps = 1500, l2 = 1e-5): LearnedModel {
  let best: LearnedModel = { weights: new Array<number>(FEATURES).fill(0), mix: 0 };
  let bestLog = -Infinity;
  for (const mix of [0.01, 0.03, 0.1, 0.3]) {
    const weights = fitWeights(choices, mix, steps, l2);
    const log = meanLogLikelihood({ weights, mix }, choices);
    if (log > bestLog) {
      bestLog = log;
      best = { weights, mix };
    }
  }
  return best;
}

function fitWeights(choices: readonly Choice[], mix: number, steps: number, l2: number): number[] {
  const w = new Float64Array(FEATURES);
  const m = new Float64Array(FEATURES);
  const v = new Float64Array(FEATURES);
  const grad = new Float64Array(FEATURES);
  const p = new Float64Array(64);
  const lr = 0.1;
  for (let t = 1; t <= steps; t++) {
    grad.fill(0);
    for (const c of choices) {
      let top = -Infinity;
      for (let i = 0; i < c.n; i++) {
        let z = 0;
        for (let k = 0; k < FEATURES; k++) z += w[k] * c.values[i * FEATURES + k];
        p[i] = z;
        if (z > top) top = z;
      }
      let sum = 0;
      for (let i = 0; i < c.n; i++) sum += p[i] = Math.exp(p[i] - top);
      for (let i = 0; i < c.n; i++) p[i] /= sum;
      // d log((1 - mix) p_c + mix / n) / d z_i = r (δ_ic − p_i), r the softmax's share of the likelihood.
      const soft = (1 - mix) * p[c.chosen];
      const r = soft / (soft + mix / c.n);
      for (let i = 0; i < c.n; i++) {
        const coef = r * ((i === c.chosen ? 1 : 0) - p[i]);
        for (let k = 0; k < FEATURES; k++) grad[k] += coef * c.values[i * FEATURES + k];
      }
    }
    for (let k = 0; k < FEATURES; k++) {
      const g = -grad[k] / choices.length + l2 * w[k];
      m[k] = 0.9 * m[k] + 0.1 * g;
      v[k] = 0.999 * v[k] + 0.001 * g * g;
      const mh = m[k] / (1 - 0.9 ** t);
      const vh = v[k] / (1 - 0.999 ** t);
      w[k] -= (lr * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  return Array.from(w, (x) => Math.round(x * 1e4) / 1e4);
}

/**
 * Mean log-likelihood per choice of an opponent model over `choices`: each seat's plays in a hand
 * scored together, as the search weighs a deal (the prior-weighted mean over the kinds).
 */
export function mixtureLogLikelihood(model: OpponentModel, choices: readonly Choice[]): number {
  const kinds = model.kinds.length;
  const groups = new Map<number, Float64Array>();
  for (const c of choices) {
    let logs = groups.get(c.group);
    if (!logs) {
      logs = new Float64Array(kinds);
      groups.set(c.group, logs);
    }
    for (let k = 0; k < kinds; k++) logs[k] += Math.log(learnedLikelihood(model.kinds[k], c.values, c.n, c.chosen));
  }
  let sum = 0;
  for (const logs of groups.values()) sum += mixLogs(model, logs, 0);
  return choices.length > 0 ? sum / choices.length : 0;
}

/** Fits one model per level (`LEVELS`) on that level's choices, with a uniform prior. */
export function fitKinds(choices: readonly Choice[], steps = 1500): OpponentModel {
  const kinds = LEVELS.map((level) =>
    fit(
      choices.filter((c) => c.level === level),
      steps,
    ),
  );
  return { kinds, prior: LEVELS.map(() => Math.round(1e4 / LEVELS.length) / 1e4) };
}

/** The hand-set model as a learned one: a softmax of medium's score at its temperature. */
export function handSetModel(game: GameKind): LearnedModel {
  const weights = new Array<number>(FEATURES).fill(0);
  // Feature 0 is medium's score / 10: a temperature T is a weight of 10 / T.
  weights[0] = game === "french" ? 10 / 1 : 10 / 0.5;
  return { weights, mix: game === "french" ? 0.2 : 0.05 };
}

const SIZES: Record<GameKind, number> = { french: 100, cutthroat: 60, partner: 60 };

function main(argv: string[]): void {
  const arg = (name: string, fallback: number) => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const seed = arg("--seed", 16);
  const scale = arg("--scale", 1);
  const started = performance.now();
  const models: Record<string, OpponentModel> = {};
  const notes: string[] = [];
  for (const game of ["french", "cutthroat", "partner"] as const) {
    const t0 = performance.now();
    const all = collectChoices(game, Math.max(5, Math.round(SIZES[game] * scale)), seed);
    const train = all.filter((c) => !c.heldOut);
    const test = all.filter((c) => c.heldOut);
    const model = fitKinds(train);
    models[game] = model;
    const generic: OpponentModel = { kinds: [fit(train)], prior: [1] };
    const handSet: OpponentModel = { kinds: [handSetModel(game)], prior: [1] };
    const uniform: OpponentModel = { kinds: [{ weights: new Array<number>(FEATURES).fill(0), mix: 0 }], prior: [1] };
    const score = (m: OpponentModel, level?: string) =>
      mixtureLogLikelihood(m, level ? test.filter((c) => c.level === level) : test).toFixed(3);
    const line =
      `${game}: ${train.length} choices fitted, ${test.length} held out; ` +
      `held-out log-likelihood per choice, all / easy / medium / hard seats: ` +
      `by kind ${["", ...LEVELS].map((l) => score(model, l || undefined)).join(" / ")}; ` +
      `one model ${["", ...LEVELS].map((l) => score(generic, l || undefined)).join(" / ")}; ` +
      `hand-set ${["", ...LEVELS].map((l) => score(handSet, l || undefined)).join(" / ")}; ` +
      `uniform ${score(uniform)}`;
    console.log(`${line} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    console.log(`  ${JSON.stringify(model)}`);
    notes.push(line);
  }
  console.log(`seed ${seed}, scale ${scale}: ${((performance.now() - started) / 1000).toFixed(0)} s in all`);
  if (!argv.includes("--write")) return;
  const body = (m: OpponentModel) =>
    `{\n    kinds: [\n${m.kinds.map((k) => `      { weights: [${k.weights.join(", ")}], mix: ${k.mix} },`).join("\n")}\n    ],\n    prior: [${m.prior.join(", ")}],\n  }`;
  const text = `/**
 * The learned opponent model: per game, one model per kind of player (${LEVELS.join(", ")}; features in
 * \`features.ts\`) and a prior over the kinds. Written by
 * \`npx tsx packages/bots/train/opponent-model.ts --seed ${seed} --scale ${scale} --write\`; do not edit by hand.
${notes.map((n) => ` * ${n}`).join("\n")}
 */

export const OPPONENT_MODEL = {
  french: ${body(models.french)},
  cutthroat: ${body(models.cutthroat)},
  partner: ${body(models.partner)},
} as const;
`;
  writeFileSync(new URL("../src/model-weights.ts", import.meta.url), text);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/.*\//, ""))) main(process.argv.slice(2));
