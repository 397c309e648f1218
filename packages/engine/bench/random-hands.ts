/**
 * Random playouts: deal, then uniformly random bone plays (a pass only when no play is legal),
 * then scoring. The speed of this loop bounds how much a search-based bot can look ahead.
 */

import {
  createRng,
  dealInto,
  defaultRules,
  emptyScoreParts,
  frenchScore,
  type GameKind,
  HandState,
  handConfig,
  PASS,
  type Rules,
} from "../src/index.js";

export interface PlayoutStats {
  readonly hands: number;
  readonly seconds: number;
  readonly handsPerSecond: number;
  /** Sum of all scores: printed so the work cannot be optimised away, and as a sanity check. */
  readonly checksum: number;
}

/** Plays random hands of `game` for about `seconds`. */
export function randomHands(game: GameKind, players: number, seconds: number, seed = 1): PlayoutStats {
  const rules: Rules = game === "french" ? defaultRules("french") : defaultRules(game, players);
  const config = handConfig(rules);
  const rng = createRng(seed);
  const deal = new Int32Array(4);
  const moves = new Int32Array(64);
  const parts = emptyScoreParts();
  const six = 1 << 27;
  const blank = 1;
  const poseBone = game === "french" ? blank : six;
  const state = new HandState(config);
  let hands = 0;
  let checksum = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let now = start;
  while (now < deadline) {
    for (let k = 0; k < 1000; k++) {
      dealInto(config, rng, deal);
      let poser = 0;
      while ((deal[poser] & poseBone) === 0) poser++;
      state.reset(deal, poser, poseBone);
      while (!state.over) {
        const n = state.legalPlays(moves);
        state.apply(n === 0 ? PASS : moves[rng.nextInt(n)]);
      }
      if (rules.game === "french") {
        for (let s = 0; s < 4; s++) checksum += frenchScore(state, rules.options, s, parts) + state.penalties(s);
      } else {
        checksum += state.winner;
      }
      hands++;
    }
    now = performance.now();
  }
  const secs = (now - start) / 1000;
  return { hands, seconds: secs, handsPerSecond: hands / secs, checksum };
}

/**
 * Mean time of one `legalMoves` call in microseconds, over the positions of random hands
 * (positions are collected first, so only the call itself is timed).
 */
export function legalMovesMicros(game: GameKind, positions = 2000, repeats = 200): number {
  const rules: Rules = game === "french" ? defaultRules("french") : defaultRules(game, 4);
  const config = handConfig(rules);
  const rng = createRng(7);
  const deal = new Int32Array(4);
  const moves = new Int32Array(64);
  const poseBone = game === "french" ? 1 : 1 << 27;
  const states: HandState[] = [];
  while (states.length < positions) {
    dealInto(config, rng, deal);
    let poser = 0;
    while ((deal[poser] & poseBone) === 0) poser++;
    const state = HandState.deal(config, deal, poser, poseBone);
    while (!state.over && states.length < positions) {
      states.push(state.clone());
      const n = state.legalPlays(moves);
      state.apply(n === 0 ? PASS : moves[rng.nextInt(n)]);
    }
  }
  let sink = 0;
  const start = performance.now();
  for (let r = 0; r < repeats; r++) for (const s of states) sink += s.legalMoves(moves);
  const micros = ((performance.now() - start) * 1000) / (positions * repeats);
  if (sink < 0) throw new Error("unreachable");
  return micros;
}
