/**
 * Random positions of every game for the bot tests: random rules (every game and player count,
 * French options that change what a pass reveals), random deals, and random table actions
 * (plays on any equivalent target, free passes, penalty passes and charged illegal attempts),
 * mixed with medium play so that positions look like real games too.
 */

import { createMediumBot } from "@crossbones/bots";
import {
  applyMove,
  attemptIllegalPlay,
  createGame,
  createRng,
  type Game,
  legalMoves,
  type Move,
  needsDeal,
  PASS,
  PLAYING,
  parseRules,
  type Rng,
  type Rules,
  randomDeal,
  replayRecord,
  startHand,
  viewFor,
} from "@crossbones/engine";

export interface Position {
  /** The game just before the current hand was dealt. */
  readonly before: Game;
  readonly game: Game;
}

export function randomRules(rng: Rng): Rules {
  const kind = rng.nextInt(5);
  const pick = <T>(xs: readonly T[]): T => xs[rng.nextInt(xs.length)];
  const r =
    kind <= 1
      ? parseRules("french", 4, {
          target: pick([30, 100]),
          penaltyPass: rng.nextInt(4) !== 0,
          passWhenAblePenalty: pick([0, 10, 10]),
          boardPassPenalty: pick([0, 10, 10]),
          passStreakPenalty: pick([0, 10]),
          illegalPlayPenalty: pick([0, 5]),
          heldDoubles: pick(["once", "each", "pips"]),
          doubleBlankValue: pick([0, 10]),
          stackDoubles: rng.nextInt(2) === 0,
        })
      : kind === 2
        ? parseRules("partner", 4, { match: pick(["sixLove", "straight"]) })
        : parseRules("cutthroat", pick([2, 3, 4]), { oneAllPlayTwo: rng.nextInt(2) === 0 });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const medium = createMediumBot();

/** One random action for the seat to act (the game must have a hand in progress). */
function step(game: Game, rng: Rng, style: number): Game {
  const state = game.state;
  if (!state) throw new Error("no hand");
  const legal = legalMoves(game);
  const r = rng.next();
  // A charged illegal attempt (F5) now and then, where the table charges them.
  if (game.config.illegalPlayPenalty > 0 && state.phase === PLAYING && r < 0.05) {
    const hand = state.hands[state.turn];
    for (let b = 0; b < 28; b++) {
      if ((hand & (1 << b)) === 0) continue;
      for (let t = 0; t < state.targets; t++) {
        if (state.refusePlay(b, t) !== undefined) {
          const next = attemptIllegalPlay(game, b, t);
          if (next.ok) return next.value;
        }
      }
    }
  }
  let move: Move;
  if (legal.includes(PASS) && r < 0.12) move = PASS;
  else if (style === 0) move = medium.chooseMove(viewFor(game, state.turn));
  else {
    const plays = legal.filter((m) => m !== PASS);
    const choices = plays.length > 0 ? plays : legal;
    move = choices[rng.nextInt(choices.length)];
    // Any equivalent target is accepted: try another one sometimes.
    const targets = move === PASS || state.phase !== PLAYING ? [] : state.targetsFor(move >> 2);
    if (targets.length > 1 && rng.nextInt(2) === 0) move = ((move >> 2) << 2) | targets[rng.nextInt(targets.length)];
  }
  const next = applyMove(game, move);
  if (!next.ok) throw new Error(next.error.message);
  return next.value;
}

/**
 * `count` positions with a seat to act, from random games seeded by `seed`. Each game stops at a
 * random point, so early, middle and late positions all appear, in later hands too.
 */
export function randomPositions(count: number, seed: number): Position[] {
  const rng = createRng(seed);
  const out: Position[] = [];
  while (out.length < count) {
    const rules = randomRules(rng);
    let game = createGame(rules);
    let before = game;
    const style = rng.nextInt(3);
    const stopAt = rng.nextInt(rules.game === "french" ? 200 : 120);
    for (let i = 0; !game.finished && out.length < count; i++) {
      if (needsDeal(game)) {
        before = game;
        const started = startHand(game, randomDeal(game.config, rng));
        if (!started.ok) throw new Error(started.error.message);
        game = started.value;
        continue;
      }
      if (i >= stopAt || rng.nextInt(12) === 0) out.push({ before, game });
      if (i >= stopAt) break;
      game = step(game, rng, style);
    }
  }
  return out;
}

/**
 * Issue 17's position (default French rules, hand 0, seat 3 to act): seat 2's pass at move 2 was
 * charged `passWhenAble`, so seat 2 held 0-1 or 0-3; of the 140 deals the voids allow, 12 fit.
 */
const ISSUE_17_RECORD = {
  format: "crossbones-record/1",
  game: "french",
  players: 4,
  hands: [
    {
      deal: [
        "0-0 0-4 0-5 1-1 1-3 3-6 4-5",
        "0-1 0-2 1-2 1-4 2-4 2-6 4-4",
        "0-3 1-5 1-6 2-2 3-5 5-5 6-6",
        "0-6 2-3 2-5 3-3 3-4 4-6 5-6",
      ].map((hand) => hand.split(" ")),
      moves: (
        "0-0, 0-2@N, pass, 0-6@E, 0-5@S, pass, pass, pass, 0-4@W, 4-4@W, 5-5@S, 3-4@W, 4-5@S, 2-4@S, " +
        "2-2@N, 2-5@N, pass, 2-6@S, pass, 5-6@N, pass, pass, pass, 3-3@W, 1-3@W, pass, 6-6@E, 4-6@N, " +
        "pass, pass, 1-6@E"
      ).split(", "),
    },
  ],
};

/** Issue 17's position, as the game before the hand and the game at seat 3's turn. */
export function issue17Position(): Position {
  const replayed = replayRecord(ISSUE_17_RECORD);
  if (!replayed.ok) throw new Error(replayed.error.message);
  return { before: createGame(replayed.value.game.rules), game: replayed.value.game };
}
