/**
 * Random games for property tests (and, later, bot tests): random rules across the three games
 * and every player count, random deals from a seed, and random actions that a table could see:
 * legal plays on any of their equivalent targets, free passes, penalty passes (F5) and charged
 * illegal attempts (F5, `illegalPlayPenalty` > 0). Everything comes from the engine's seeded
 * generator, so a seed reproduces a game exactly.
 */

import {
  applyMove,
  attemptIllegalPlay,
  type Bone,
  bonesOf,
  createGame,
  createRng,
  type Game,
  type GameKind,
  type HandState,
  legalMoves,
  type Move,
  moveBone,
  needsDeal,
  OPTION_SPECS,
  PASS,
  PLAYING,
  parseRules,
  playMove,
  type Result,
  type Rng,
  type Rules,
  randomDeal,
  startHand,
} from "@crossbones/engine";
import fc from "fast-check";

/** One thing that happens at a table: a deal, a move, or a refused and charged attempt. */
export type RandomAction =
  | { readonly kind: "deal"; readonly deal: readonly number[] }
  | { readonly kind: "move"; readonly move: Move }
  | { readonly kind: "attempt"; readonly bone: Bone; readonly target: number };

export interface RandomPlayOptions {
  /** Chance that a seat able to play passes anyway where F5 allows it (a penalty pass). */
  readonly penaltyPassRate?: number;
  /** Chance per turn of a charged illegal attempt, where the table charges them. */
  readonly illegalRate?: number;
  /** Stop after this many actions (deals included), finished or not. */
  readonly maxActions?: number;
  /** Called after every action with the game before and after it. */
  readonly onStep?: (step: RandomStep) => void;
  /**
   * A player for the seat to act (a bot under test, say): its move, or undefined to leave this
   * turn to chance. Deals stay random.
   */
  readonly choose?: (game: Game) => Move | undefined;
}

export interface RandomStep {
  readonly index: number;
  readonly before: Game;
  readonly action: RandomAction;
  readonly after: Game;
}

export interface RandomGame {
  readonly game: Game;
  readonly actions: readonly RandomAction[];
  /** The game just before each hand was dealt: `handStarts[h]` plus hand h's deal starts hand h. */
  readonly handStarts: readonly Game[];
  /** The set or match did not end before `maxActions`. */
  readonly capped: boolean;
}

const DEFAULTS = { penaltyPassRate: 0.08, illegalRate: 0.1, maxActions: 1500 };

/** Values tried for integer options: small targets keep sets short, 0 turns a penalty off. */
const INT_CHOICES: Readonly<Record<string, readonly number[]>> = {
  target: [1, 30, 60, 100, 150],
  doubleBlankValue: [0, 10],
  passWhenAblePenalty: [0, 10, 25],
  illegalPlayPenalty: [0, 5, 10],
  passStreakPenalty: [0, 10],
  boardPassPenalty: [0, 10],
};

/** Game and player count pairs: every table the rules allow. */
export const TABLES: readonly (readonly [GameKind, number])[] = [
  ["french", 4],
  ["cutthroat", 2],
  ["cutthroat", 3],
  ["cutthroat", 4],
  ["partner", 4],
];

function optionValues(name: string): readonly (number | boolean | string)[] {
  const spec = OPTION_SPECS.find((s) => s.name === name);
  if (!spec) throw new Error(`no option ${name}`);
  if (spec.kind === "bool") return [true, false];
  if (spec.kind === "enum") return spec.values ?? [];
  return INT_CHOICES[name] ?? [spec.default as number];
}

function rulesOrThrow(game: GameKind, players: number, options: Record<string, unknown>): Rules {
  const r = parseRules(game, players, options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Random valid rules from `rng`: any game and player count, each option set or left default. */
export function randomRules(rng: Rng): Rules {
  const [game, players] = TABLES[rng.nextInt(TABLES.length)];
  const options: Record<string, unknown> = {};
  for (const spec of OPTION_SPECS) {
    if (!spec.games.includes(game) || rng.nextInt(2) === 0) continue;
    const values = optionValues(spec.name);
    options[spec.name] = values[rng.nextInt(values.length)];
  }
  return rulesOrThrow(game, players, options);
}

/** The same space of rules as a fast-check arbitrary (shrinks towards French with defaults). */
export function rulesArbitrary(): fc.Arbitrary<Rules> {
  return fc.integer({ min: 0, max: TABLES.length - 1 }).chain((t) => {
    const [game, players] = TABLES[t];
    const fields: Record<string, fc.Arbitrary<unknown>> = {};
    for (const spec of OPTION_SPECS) {
      if (spec.games.includes(game)) fields[spec.name] = fc.constantFrom(...optionValues(spec.name));
    }
    return fc
      .record(fields, { requiredKeys: [] })
      .map((options) => rulesOrThrow(game, players, options as Record<string, unknown>));
  });
}

/** A play of `bone` on a random one of the targets it may take (equivalent targets included). */
function randomTarget(state: HandState, bone: Bone, rng: Rng): Move {
  const targets = state.targetsFor(bone);
  if (targets.length === 0) throw new Error("legalMoves offered a bone that targetsFor refuses");
  return playMove(bone, targets[rng.nextInt(targets.length)]);
}

/** Illegal plays the seat to act could attempt: held bones on targets that refuse them. */
export function illegalAttempts(state: HandState): { bone: Bone; target: number }[] {
  const out: { bone: Bone; target: number }[] = [];
  if (state.phase !== PLAYING) return out;
  for (const bone of bonesOf(state.hands[state.turn])) {
    for (let t = 0; t < state.targets; t++) if (state.refusePlay(bone, t) !== undefined) out.push({ bone, target: t });
  }
  return out;
}

/** A random action for the game as it stands (a deal when one is due); undefined when it is over. */
export function randomAction(game: Game, rng: Rng, options: RandomPlayOptions = {}): RandomAction | undefined {
  if (game.finished) return undefined;
  if (needsDeal(game)) return { kind: "deal", deal: randomDeal(game.config, rng) };
  const chosen = options.choose?.(game);
  if (chosen !== undefined) return { kind: "move", move: chosen };
  const state = game.state as HandState;
  const penaltyPassRate = options.penaltyPassRate ?? DEFAULTS.penaltyPassRate;
  const illegalRate = options.illegalRate ?? DEFAULTS.illegalRate;
  if (game.config.illegalPlayPenalty > 0 && rng.next() < illegalRate) {
    const attempts = illegalAttempts(state);
    if (attempts.length > 0) return { kind: "attempt", ...attempts[rng.nextInt(attempts.length)] };
  }
  const moves = legalMoves(game);
  const plays = moves.filter((m) => m !== PASS);
  if (plays.length === 0 || (moves.includes(PASS) && rng.next() < penaltyPassRate)) {
    return { kind: "move", move: PASS };
  }
  return { kind: "move", move: randomTarget(state, moveBone(plays[rng.nextInt(plays.length)]), rng) };
}

export function applyAction(game: Game, action: RandomAction): Result<Game> {
  switch (action.kind) {
    case "deal":
      return startHand(game, action.deal);
    case "move":
      return applyMove(game, action.move);
    case "attempt":
      return attemptIllegalPlay(game, action.bone, action.target);
  }
}

/** Plays a random game of `rules` from `seed` until the set or match ends or `maxActions`. */
export function playRandomGame(rules: Rules, seed: number | string, options: RandomPlayOptions = {}): RandomGame {
  const rng = createRng(seed);
  const maxActions = options.maxActions ?? DEFAULTS.maxActions;
  let game = createGame(rules);
  const actions: RandomAction[] = [];
  const handStarts: Game[] = [];
  while (actions.length < maxActions) {
    const action = randomAction(game, rng, options);
    if (!action) break;
    if (action.kind === "deal") handStarts.push(game);
    const next = applyAction(game, action);
    if (!next.ok) throw new Error(`random action ${JSON.stringify(action)} refused: ${next.error.message}`);
    options.onStep?.({ index: actions.length, before: game, action, after: next.value });
    actions.push(action);
    game = next.value;
  }
  return { game, actions, handStarts, capped: !game.finished };
}

/** Replays a list of actions from a fresh game of `rules`; the first refusal throws. */
export function replayActions(rules: Rules, actions: readonly RandomAction[]): Game {
  let game = createGame(rules);
  for (const action of actions) {
    const next = applyAction(game, action);
    if (!next.ok) throw new Error(`action ${JSON.stringify(action)} refused: ${next.error.message}`);
    game = next.value;
  }
  return game;
}
