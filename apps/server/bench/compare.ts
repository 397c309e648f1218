/**
 * `npm run bench:compare -- --against REV [--pairs N] [bench:server options]`: this checkout's
 * server against another commit's, measured in turns in one sitting. This machine's speed moves
 * by more than most changes do (the same code has measured 0.43 and 0.67 ms an action hours
 * apart), so a before and after taken at different times says little; runs taken in turns, in
 * pairs, each pair's order alternating, say what the change did.
 *
 * REV is checked out into a temporary git worktree that borrows this checkout's node_modules
 * (its own workspace packages stay its own) and is built there; so is this checkout. Each run is
 * `bench:server --json` with the options given, from its own tree (the measuring side is each
 * commit's own). Printed: every run's figures, then for each figure the median of each side, the
 * median of the pairs' differences (this checkout minus REV), and in how many pairs this checkout
 * was lower. `--json`: the summary as one JSON object instead.
 */

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

type Figures = Record<string, number | null>;

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

function args(argv: readonly string[]): { against: string; pairs: number; json: boolean; bench: string[] } {
  const bench: string[] = [];
  let against = "";
  let pairs = 3;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--against") against = argv[++i] ?? "";
    else if (argv[i] === "--pairs") pairs = Number(argv[++i]);
    else bench.push(argv[i]);
  }
  if (!against) throw new Error("--against REV: the commit to measure this checkout against");
  if (!Number.isInteger(pairs) || pairs < 1) throw new Error("--pairs N: a whole number of pairs, at least 1");
  const json = bench.includes("--json");
  return { against, pairs, json, bench: bench.filter((a) => a !== "--json") };
}

/**
 * `rev` in a worktree of its own, with this checkout's installed packages: every entry of
 * node_modules is linked but the workspace's own (`@crossbones/*`), which are linked as npm links
 * them (relative, so into the worktree's packages).
 */
function checkout(rev: string): string {
  const dir = mkdtempSync(join(tmpdir(), "crossbones-compare-"));
  execFileSync("git", ["worktree", "add", "--detach", dir, rev], { cwd: HERE, stdio: "ignore" });
  const modules = join(HERE, "node_modules");
  mkdirSync(join(dir, "node_modules", "@crossbones"), { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (entry !== "@crossbones") symlinkSync(join(modules, entry), join(dir, "node_modules", entry));
  }
  for (const entry of readdirSync(join(modules, "@crossbones")))
    symlinkSync(readlinkSync(join(modules, "@crossbones", entry)), join(dir, "node_modules", "@crossbones", entry));
  // A workspace's own node_modules (versions that differ from the root's) hold no workspace links.
  for (const parent of ["apps", "packages"])
    for (const ws of readdirSync(join(HERE, parent))) {
      const own = join(HERE, parent, ws, "node_modules");
      try {
        symlinkSync(own, join(dir, parent, ws, "node_modules"));
      } catch {
        // None here, or the workspace is not in that commit.
      }
    }
  return dir;
}

function build(dir: string): void {
  execFileSync(join(HERE, "node_modules/.bin/tsc"), ["-b"], { cwd: dir, stdio: "inherit" });
}

/** One `bench:server --json` run from `dir`: its figures. */
function run(dir: string, bench: readonly string[]): Figures {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", join(dir, "apps/server/bench/tables.ts"), ...bench, "--json"],
    { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 1 << 24 },
  );
  const last = out.trim().split("\n").at(-1) ?? "{}";
  return JSON.parse(last) as Figures;
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

function main(): void {
  const o = args(process.argv.slice(2));
  const say = (text: string) => {
    if (!o.json) process.stdout.write(`${text}\n`);
  };
  const dir = checkout(o.against);
  try {
    build(HERE);
    build(dir);
    const sides = { against: [] as Figures[], here: [] as Figures[] };
    for (let pair = 0; pair < o.pairs; pair++) {
      // Alternating which goes first: a machine slowing down or warming up favours neither.
      const order = pair % 2 === 0 ? (["against", "here"] as const) : (["here", "against"] as const);
      for (const side of order) {
        const figures = run(side === "here" ? HERE : dir, o.bench);
        sides[side].push(figures);
        say(`pair ${pair + 1} ${side === "here" ? "this checkout" : o.against}: ${JSON.stringify(figures)}`);
      }
    }
    const summary: Record<string, unknown> = { against: o.against, pairs: o.pairs };
    for (const key of Object.keys(sides.here[0])) {
      const pairs = sides.here.flatMap((h, i) => {
        const a = sides.against[i][key];
        const b = h[key];
        return typeof a === "number" && typeof b === "number" ? [[a, b] as const] : [];
      });
      if (pairs.length === 0) continue;
      const figure = {
        against: round(median(pairs.map(([a]) => a))),
        here: round(median(pairs.map(([, b]) => b))),
        difference: round(median(pairs.map(([a, b]) => b - a))),
        lowerHere: pairs.filter(([a, b]) => b < a).length,
      };
      summary[key] = figure;
      say(
        `${key}: ${figure.here} here, ${figure.against} at ${o.against}; difference ${figure.difference} (median of ${pairs.length} pairs), lower here in ${figure.lowerHere} of ${pairs.length}`,
      );
    }
    if (o.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  } finally {
    execFileSync("git", ["worktree", "remove", "--force", dir], { cwd: HERE, stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
