/**
 * `npm run bench:ratings`: do ratings tell the bots apart? A server (SQLite, fast tables) and bot
 * accounts of three levels, each a `crossbones online play --quick` command over real sockets,
 * playing rated quick matches of Cut Throat for two in a row; then every account's rating from
 * `GET /api/players/ID`. Prints one JSON object: per level the accounts' shown ratings (median,
 * lowest, highest) and mu, the games played and rated, and whether the medians order
 * hard > medium > easy.
 *
 * Options: --accounts N per level (default 4), --games K per account (default 12), --wait MS (the
 * quick-match wait before bots fill a table; default 3000), --verbose (the commands' progress on
 * standard error).
 */

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { playerAnswer } from "@crossbones/protocol";
import { buildServer } from "../src/app.js";
import { post } from "./http.js";

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const ACCOUNTS = option("accounts", 4);
const GAMES = option("games", 12);
const WAIT = option("wait", 3000);
const QUIET = process.argv.includes("--verbose") ? [] : ["--quiet"];
const LEVELS = ["easy", "medium", "hard"] as const;
const CLI = fileURLToPath(new URL("../../../packages/cli/bin/crossbones.js", import.meta.url));
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One account's games: the command's exit status and its result lines. */
function play(url: string, token: string, level: string): Promise<{ status: number; lines: string[] }> {
  return new Promise((resolve) => {
    const args = ["online", "play", "--server", url, "--quick", "cutthroat", "--players", "2"];
    const child = spawn(process.execPath, [CLI, ...args, "--games", String(GAMES), "--bot", level, ...QUIET], {
      env: { ...process.env, CROSSBONES_TOKEN: token },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("close", (status) => resolve({ status: status ?? 1, lines: out.trim().split("\n").filter(Boolean) }));
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "crossbones-ratings-bench-"));
  const server = await buildServer({
    root: false,
    http: { connectionsPerAddress: 1_000_000 },
    online: {
      dataDir,
      timing: { botDelay: 0, handPause: 0, forcedPass: 0, seedWait: 0 },
      quickWait: WAIT,
      // Every account connects from this machine.
      quickOnePerDevice: false,
      socketsPerAddress: 1_000_000,
      requestsPerMinute: 1_000_000,
      tablesPerAddress: 1_000_000,
    },
  });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const address = server.app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const started = Date.now();
  try {
    const accounts: { level: (typeof LEVELS)[number]; id: string; token: string }[] = [];
    for (const level of LEVELS)
      for (let i = 1; i <= ACCOUNTS; i++) {
        const made = (await post(url, "/api/guests", { name: `${level}${i}` })) as {
          token: string;
          player: { id: string };
        };
        accounts.push({ level, id: made.player.id, token: made.token });
      }
    const runs = await Promise.all(accounts.map((a) => play(url, a.token, a.level)));
    const failed = runs.filter((r) => r.status !== 0).length;
    const byLevel = Object.fromEntries(
      await Promise.all(
        LEVELS.map(async (level) => {
          const mine = accounts.filter((a) => a.level === level);
          const profiles = await Promise.all(
            mine.map(async (a) => playerAnswer.parse(await (await fetch(`${url}/api/players/${a.id}`)).json())),
          );
          const ratings = profiles.map((p) => p.ratings.find((r) => r.kind === "cutthroat"));
          const shown = ratings.map((r) => r?.rating ?? 700);
          const results = runs.filter((_, i) => accounts[i].level === level).flatMap((r) => r.lines);
          return [
            level,
            {
              median: median(shown),
              lowest: Math.min(...shown),
              highest: Math.max(...shown),
              ratings: shown,
              games: results.length,
              rated: ratings.reduce((n, r) => n + (r?.games ?? 0), 0),
              won: results.filter((l) => JSON.parse(l).won).length,
            },
          ];
        }),
      ),
    );
    const m = (level: string) => byLevel[level].median as number;
    process.stdout.write(
      `${JSON.stringify({
        accounts: ACCOUNTS,
        games: GAMES,
        seconds: Math.round((Date.now() - started) / 1000),
        failedCommands: failed,
        levels: byLevel,
        ordered: m("hard") > m("medium") && m("medium") > m("easy"),
      })}\n`,
    );
  } finally {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
