/**
 * Record replay speed: `parseRecord` + `summarize`, what `crossbones replay` does with a record.
 *
 * - Long hands: one legal French hand of N passes (the pose 0-0, then everyone passes forever,
 *   paying F5–F7 penalties; passes never end a hand). Replay must be linear in the moves, so the
 *   time per move must not grow with N (it was quadratic before record.ts appended moves in place).
 * - Ordinary records: complete random French sets (random legal plays, a pass only when no play
 *   is legal), as JSON text, replayed back to back.
 *
 * Run alone with `npx tsx packages/engine/bench/replay.ts`; `npm run bench` prints the same lines.
 */

import {
  applyMove,
  createGame,
  createRng,
  defaultRules,
  type Game,
  legalMoves,
  makeRecord,
  needsDeal,
  PASS,
  parseRecord,
  RECORD_FORMAT,
  randomDeal,
  startHand,
  summarize,
} from "../src/index.js";

type Line = (name: string, value: number, unit: string) => void;

/** Seat 0 holds every blank: after the pose 0-0 nobody else can ever play, and nobody has to. */
const BLANKS_DEAL = [
  ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
  ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-3"],
  ["2-2", "2-4", "2-5", "2-6", "3-4", "3-5", "3-6"],
  ["3-3", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"],
];

/** A legal French record of one hand: the pose 0-0, then `passes` passes. */
export function passingRecord(passes: number): string {
  return JSON.stringify({
    format: RECORD_FORMAT,
    game: "french",
    players: 4,
    hands: [{ deal: BLANKS_DEAL, moves: ["0-0", ...new Array(passes).fill("pass")] }],
  });
}

/** Record texts of `count` complete French sets (default rules), random from `seed`. */
export function randomSetRecords(count: number, seed = 1): { texts: string[]; moves: number } {
  const rng = createRng(seed);
  const texts: string[] = [];
  let moves = 0;
  for (let i = 0; i < count; i++) {
    let game: Game = createGame(defaultRules("french"));
    while (!game.finished) {
      const next = needsDeal(game)
        ? startHand(game, randomDeal(game.config, rng))
        : applyMove(game, randomPlay(legalMoves(game), rng.nextInt(64)));
      if (!next.ok) throw new Error(next.error.message);
      game = next.value;
    }
    for (const hand of game.hands) moves += hand.moves.length;
    texts.push(JSON.stringify(makeRecord(game)));
  }
  return { texts, moves };
}

/** A play chosen by `pick` (a pass only when there is no play). */
function randomPlay(moves: number[], pick: number): number {
  const plays = moves.filter((m) => m !== PASS);
  return plays.length === 0 ? PASS : plays[pick % plays.length];
}

/** Replays one record text as the CLI does; throws if the record is refused. */
function replay(text: string): number {
  const r = parseRecord(text);
  if (!r.ok) throw new Error(r.error.message);
  return summarize(r.value.game).hands.length;
}

/** Milliseconds of one replay of `text`. */
export function replayMillis(text: string): number {
  const start = performance.now();
  replay(text);
  return performance.now() - start;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Records replayed per second over `texts`, back to back, for about `seconds`. */
export function recordsPerSecond(texts: readonly string[], seconds: number): number {
  let done = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let now = start;
  while (now < deadline) {
    for (const text of texts) replay(text);
    done += texts.length;
    now = performance.now();
  }
  return done / ((now - start) / 1000);
}

export interface ReplayBenchOptions {
  /** Passes per long hand. */
  readonly sizes?: readonly number[];
  /** Runs per long hand (the median is printed). */
  readonly runs?: number;
}

/**
 * Prints records/s over complete random French sets (median of 5 runs of 1 s); per long hand,
 * the median replay time and moves/s; and the growth of the time per move from the shortest to
 * the longest hand (1 is linear; quadratic replay grows with the length).
 */
export function replayBench(line: Line, options: ReplayBenchOptions = {}): void {
  const sizes = options.sizes ?? [1_000, 5_000, 20_000, 50_000];
  const runs = options.runs ?? 7;
  // Warm-up: the JIT sees ordinary records and a long hand before anything is timed. Ordinary
  // records are timed first, before the long hands fill the heap.
  const sets = randomSetRecords(200, 1);
  recordsPerSecond(sets.texts, 0.5);
  for (let i = 0; i < 3; i++) replay(passingRecord(sizes[0]));

  const rates = Array.from({ length: 5 }, () => recordsPerSecond(sets.texts, 1));
  const rate = median(rates);
  const movesPerRecord = sets.moves / sets.texts.length;
  line("replay french sets", Math.round(rate), "records/s");
  line(
    "replay french sets rate",
    Math.round(rate * movesPerRecord),
    `moves/s (${Math.round(movesPerRecord)} moves a set)`,
  );

  const perMove: number[] = [];
  for (const passes of sizes) {
    const text = passingRecord(passes);
    const ms = median(Array.from({ length: runs }, () => replayMillis(text)));
    const moves = passes + 1;
    perMove.push(ms / moves);
    line(`replay ${passes}-pass hand`, ms, "ms");
    line(`replay ${passes}-pass hand rate`, Math.round((moves / ms) * 1000), "moves/s");
  }
  const growth = perMove[perMove.length - 1] / perMove[0];
  const verdict = growth < 2 ? "linear" : "NOT linear";
  line(`replay time per move, ${sizes[sizes.length - 1]} vs ${sizes[0]} passes`, growth, `x (${verdict})`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  replayBench((name, value, unit) => process.stdout.write(`${name}: ${Math.round(value * 100) / 100} ${unit}\n`));
}
