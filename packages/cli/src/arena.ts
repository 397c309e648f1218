/**
 * `crossbones arena`: bots against bots on duplicate deals. Each deal sequence is played once per
 * rotation of the seat list (every bot sits in every seat on the same deals, which cancels most
 * of the luck of the deal), the games are spread over worker threads, and the result is one row
 * per bot: hands, points per hand (French) or hands won (line games), sets or matches won with a
 * 95% confidence interval, and decision times.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { MEASURING_LEVELS } from "@crossbones/bots";
import { isGameKind, PLAYER_COUNTS } from "@crossbones/engine";
import { type ArenaJob, type ArenaResult, type ArenaSetup, runJob } from "./arena-game.js";
import { type Cluster, differenceHalfWidth, ratioHalfWidth } from "./arena-stats.js";

export const ARENA_HELP = `crossbones arena: bots against bots on duplicate deals

Usage:
  crossbones arena --game french --seats hard,medium,medium,medium --sets 400 --seed 1

Options:
  --game G        french (default), cutthroat or partner
  --seats LIST    one bot per seat, in seat order: ${MEASURING_LEVELS.join(", ")}
                  (random, pimc and omniscient are baselines for measuring). A bot may take
                  options: hard:iterations=2000 (also timeMs, exploration, epsilon, noise, relative)
  --players N     cutthroat: 2, 3 or 4 players (default: the number of seats)
  --sets N        sets or matches in all (default 100), rounded up to whole rotations
  --seed S        seed of the deals and the bots (default 1)
  --workers N     worker threads (default: the number of cores, at most 2; 0 = in process)
  --save DIR      write every game as a record (names = each seat's bot)
  --json          print the results as JSON
  --quiet         no progress bar
`;

export interface ArenaOptions extends ArenaSetup {
  readonly sets: number;
  readonly workers: number;
  readonly saveDir: string | null;
  readonly json: boolean;
  readonly quiet: boolean;
}

export interface BotRow {
  readonly bot: string;
  /** Positions of the seat list this bot holds. */
  readonly seats: number;
  readonly games: number;
  readonly hands: number;
  /** French: points per hand (penalties included); null in the line games. */
  readonly pointsPerHand: number | null;
  readonly handsWon: number;
  readonly handsWonRate: number;
  /**
   * Half the 95% interval of the per-hand figure (points per hand in French, hands won in the line
   * games), counting each deal sequence as one sample (`arena-stats.ts`).
   */
  readonly perHand95: number;
  readonly wins: number;
  readonly winRate: number;
  readonly winRate95: readonly [number, number];
  readonly decisions: number;
  readonly forcedDecisions: number;
  readonly avgMs: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly maxMs: number;
}

/** The first bot against another, on the same deal sequences (`differenceHalfWidth`). */
export interface Comparison {
  readonly bot: string;
  readonly other: string;
  /** The first bot's per-hand figure less the other's, and half its 95% interval. */
  readonly difference: number;
  readonly difference95: number;
}

export interface ArenaReport {
  readonly game: string;
  readonly players: number;
  readonly seats: readonly string[];
  readonly seed: number;
  readonly games: number;
  readonly dealSequences: number;
  readonly seconds: number;
  readonly bots: readonly BotRow[];
  readonly comparisons: readonly Comparison[];
}

export function parseArenaArgs(args: readonly string[]): ArenaOptions | string {
  const values: Record<string, string> = {};
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--json" || a === "--quiet") flags.add(a);
    else if (a.startsWith("--") && i + 1 < args.length) values[a] = args[++i];
    else return `unexpected argument ${JSON.stringify(a)}`;
  }
  for (const key of Object.keys(values)) {
    if (!["--game", "--seats", "--players", "--sets", "--seed", "--workers", "--save"].includes(key)) {
      return `unknown option ${key}`;
    }
  }
  const game = values["--game"] ?? "french";
  if (!isGameKind(game)) return `unknown game ${JSON.stringify(game)}`;
  const seats = (values["--seats"] ?? "hard,medium,medium,medium").split(",").filter((s) => s !== "");
  const players = values["--players"] === undefined ? seats.length : Number(values["--players"]);
  if (!PLAYER_COUNTS[game].includes(players)) return `${game} is not played by ${players} players`;
  if (seats.length !== players) return `--seats names ${seats.length} bots for ${players} seats`;
  const int = (key: string, fallback: number, min: number): number | string => {
    const v = values[key] === undefined ? fallback : Number(values[key]);
    return Number.isInteger(v) && v >= min ? v : `${key} must be a whole number of at least ${min}`;
  };
  const sets = int("--sets", 100, 1);
  const seed = int("--seed", 1, 0);
  const workers = int("--workers", Math.min(2, availableParallelism()), 0);
  for (const v of [sets, seed, workers]) if (typeof v === "string") return v;
  return {
    game,
    players,
    seats,
    seed: seed as number,
    sets: sets as number,
    workers: workers as number,
    save: values["--save"] !== undefined,
    saveDir: values["--save"] ?? null,
    json: flags.has("--json"),
    quiet: flags.has("--quiet"),
  };
}

/** Wilson score interval for k successes in n trials. */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The per-bot table from all the games played. */
export function summarizeArena(options: ArenaOptions, results: readonly ArenaResult[], seconds: number): ArenaReport {
  const names = [...new Set(options.seats)];
  const teams = options.game === "partner";
  const french = options.game === "french";
  /** Per bot: its per-hand sums on each deal sequence. */
  const clusters = names.map(() => new Map<number, Cluster>());
  const bots = names.map((bot, i): BotRow => {
    let games = 0;
    let hands = 0;
    let points = 0;
    let handsWon = 0;
    let wins = 0;
    let forced = 0;
    const times: number[] = [];
    for (const r of results) {
      r.bots.forEach((b, seat) => {
        if (options.seats[b] !== bot) return;
        games++;
        hands += r.hands;
        points += r.points[seat];
        handsWon += r.handsWon[seat];
        forced += r.forced[seat];
        if (r.winner !== null && r.winner === (teams ? seat % 2 : seat)) wins++;
        for (const t of r.times[seat]) times.push(t);
        const c = clusters[i].get(r.deals) ?? { y: 0, h: 0 };
        c.y += french ? r.points[seat] : r.handsWon[seat];
        c.h += r.hands;
        clusters[i].set(r.deals, c);
      });
    }
    const sorted = Float64Array.from(times).sort();
    const sum = times.reduce((a, b) => a + b, 0);
    return {
      bot,
      seats: options.seats.filter((s) => s === bot).length,
      games,
      hands,
      pointsPerHand: french ? points / Math.max(1, hands) : null,
      handsWon,
      handsWonRate: handsWon / Math.max(1, hands),
      perHand95: ratioHalfWidth(clusters[i]),
      wins,
      winRate: wins / Math.max(1, games),
      winRate95: wilson(wins, games),
      decisions: times.length,
      forcedDecisions: forced,
      avgMs: sum / Math.max(1, times.length),
      medianMs: quantile(sorted, 0.5),
      p95Ms: quantile(sorted, 0.95),
      maxMs: sorted.length > 0 ? sorted[sorted.length - 1] : 0,
    };
  });
  const perHand = (b: BotRow) => b.pointsPerHand ?? b.handsWonRate;
  const comparisons = bots.slice(1).map(
    (other, i): Comparison => ({
      bot: bots[0].bot,
      other: other.bot,
      difference: perHand(bots[0]) - perHand(other),
      difference95: differenceHalfWidth(clusters[0], clusters[i + 1]),
    }),
  );
  return {
    game: options.game,
    players: options.players,
    seats: options.seats,
    seed: options.seed,
    games: results.length,
    dealSequences: Math.ceil(results.length / options.players),
    seconds,
    bots,
    comparisons,
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const ms = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

export function formatArena(report: ArenaReport): string {
  const french = report.game === "french";
  const unit = french ? "sets" : "matches";
  const lines = [
    `${report.game}, ${report.players} players, seats ${report.seats.join(",")}: ${report.games} ${unit} ` +
      `(${report.dealSequences} deal sequences x ${report.players} seatings), seed ${report.seed}, ` +
      `${report.seconds.toFixed(0)} s`,
    "",
  ];
  const header = [
    "bot",
    "seats",
    "hands",
    french ? "points/hand" : "hands won",
    `${unit} won`,
    "95% CI",
    "decisions",
    "avg ms",
    "p50 ms",
    "p95 ms",
    "max ms",
  ];
  const rows = report.bots.map((b) => [
    b.bot,
    String(b.seats),
    String(b.hands),
    french
      ? `${(b.pointsPerHand ?? 0).toFixed(2)} ±${b.perHand95.toFixed(2)}`
      : `${pct(b.handsWonRate)} ±${(100 * b.perHand95).toFixed(1)}`,
    `${pct(b.winRate)} (${b.wins}/${b.games})`,
    `${pct(b.winRate95[0])}-${pct(b.winRate95[1])}`,
    String(b.decisions),
    ms(b.avgMs),
    ms(b.medianMs),
    ms(b.p95Ms),
    ms(b.maxMs),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  lines.push(fmt(header), ...rows.map(fmt));
  if (report.comparisons.length > 0) lines.push("");
  for (const c of report.comparisons) {
    if (french) {
      const b = report.bots.find((x) => x.bot === c.other)?.pointsPerHand ?? 0;
      const diff = b > 0 ? (-100 * c.difference) / b : 0;
      lines.push(
        `${c.bot} averages ${Math.abs(diff).toFixed(1)}% ${diff >= 0 ? "fewer" : "more"} points per hand than ` +
          `${c.other} (difference ${c.difference.toFixed(2)} ±${c.difference95.toFixed(2)})`,
      );
    } else {
      lines.push(
        `${c.bot} wins ${(100 * Math.abs(c.difference)).toFixed(1)} percentage points ` +
          `${c.difference >= 0 ? "more" : "fewer"} of its hands than ${c.other} (±${(100 * c.difference95).toFixed(1)})`,
      );
    }
  }
  lines.push(
    "",
    "± is half a 95% interval, each deal sequence counted as one sample; a difference is taken on the same sequences.",
    "",
    "Decision times exclude forced moves (a single legal move); p50/p95 over all other decisions.",
  );
  return `${lines.join("\n")}\n`;
}

function progress(done: number, total: number, started: number): string {
  const width = 30;
  const filled = Math.round((width * done) / total);
  const elapsed = (performance.now() - started) / 1000;
  const eta = done > 0 ? (elapsed * (total - done)) / done : 0;
  const time = (s: number) => `${Math.floor(s / 60)}m${String(Math.floor(s % 60)).padStart(2, "0")}s`;
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} games ${time(elapsed)} eta ${time(eta)}`;
}

/** Plays every job, on worker threads or in process; results are indexed by job. */
export async function playArena(
  options: ArenaOptions,
  onResult: (result: ArenaResult, done: number, total: number) => void,
): Promise<ArenaResult[]> {
  const n = options.players;
  const sequences = Math.ceil(options.sets / n);
  const jobs: ArenaJob[] = [];
  for (let d = 0; d < sequences; d++)
    for (let r = 0; r < n; r++) jobs.push({ index: d * n + r, deals: d, rotation: r });
  const setup: ArenaSetup = {
    game: options.game,
    players: options.players,
    seats: options.seats,
    seed: options.seed,
    save: options.save,
  };
  const results: ArenaResult[] = new Array(jobs.length);
  let done = 0;
  if (options.workers === 0) {
    for (const job of jobs) {
      results[job.index] = runJob(setup, job);
      onResult(results[job.index], ++done, jobs.length);
    }
    return results;
  }
  let next = 0;
  const count = Math.min(options.workers, jobs.length);
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(new URL("./arena-worker.js", import.meta.url), { workerData: setup });
          const feed = () => worker.postMessage(next < jobs.length ? jobs[next++] : null);
          worker.on("message", (m: { ok: true; result: ArenaResult } | { ok: false; error: string }) => {
            if (!m.ok) {
              reject(new Error(m.error));
              void worker.terminate();
              return;
            }
            results[m.result.index] = m.result;
            onResult(m.result, ++done, jobs.length);
            feed();
          });
          worker.on("error", reject);
          worker.on("exit", () => resolve());
          feed();
        }),
    ),
  );
  return results;
}

export async function runArena(args: readonly string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(ARENA_HELP);
    return 0;
  }
  const options = parseArenaArgs(args);
  if (typeof options === "string") {
    process.stderr.write(`crossbones arena: ${options}\n\n${ARENA_HELP}`);
    return 2;
  }
  if (options.saveDir) mkdirSync(options.saveDir, { recursive: true });
  const started = performance.now();
  const tty = process.stderr.isTTY === true;
  let lastTenth = -1;
  const results = await playArena(options, (result, done, total) => {
    if (options.saveDir && result.record) {
      const file = join(options.saveDir, `game-${String(result.index + 1).padStart(5, "0")}.json`);
      writeFileSync(file, `${JSON.stringify(result.record)}\n`);
    }
    if (options.quiet) return;
    if (tty) process.stderr.write(`\r${progress(done, total, started)}${done === total ? "\n" : ""}`);
    else if (Math.floor((10 * done) / total) !== lastTenth) {
      lastTenth = Math.floor((10 * done) / total);
      process.stderr.write(`${progress(done, total, started)}\n`);
    }
  });
  const report = summarizeArena(options, results, (performance.now() - started) / 1000);
  process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatArena(report));
  return 0;
}
