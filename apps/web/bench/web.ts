/**
 * The web app's section of `npm run bench`: initial JavaScript (gzip) of the production build,
 * first render of the home page and main-thread long tasks while hard bots think (measured in
 * Chromium by e2e/bench/web.bench.ts). Prints `name: value unit` lines.
 */

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const web = join(root, "apps/web");
const bin = (name: string) => join(root, "node_modules/.bin", name);

function line(name: string, value: number, unit: string): void {
  process.stdout.write(`${name}: ${Math.round(value * 10) / 10} ${unit}\n`);
}

/**
 * Gzip size of the JavaScript the home page loads before any interaction: the scripts of
 * index.html and one language's dictionary (English), which main.tsx loads before the first render.
 */
export function initialJs(dist: string): { initial: number; worker: number } {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const urls = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const main = readFileSync(join(dist, urls[0]), "utf8");
  // The dictionary is named by whichever initial chunk holds the translator (the main one, or a
  // chunk it shares with the screens loaded later).
  const scripts = urls.map((f) => readFileSync(join(dist, f), "utf8")).join("\n");
  const dictionary = /\ben-[\w-]+\.js/.exec(scripts)?.[0];
  if (dictionary) urls.push(`assets/${dictionary}`);
  const initial = urls.reduce((sum, f) => sum + gz(f), 0);
  const workerName = /worker-[\w-]+\.js/.exec(main)?.[0];
  const workerFile = workerName ? `assets/${workerName}` : undefined;
  return { initial, worker: workerFile ? gz(workerFile) : 0 };
}

export function webBench(): void {
  const build = spawnSync(bin("vite"), ["build", "--logLevel", "warn"], { cwd: web, stdio: "inherit" });
  if (build.status !== 0) throw new Error("vite build failed");
  const sizes = initialJs(join(web, "dist"));
  line("web initial JS (gzip)", sizes.initial / 1024, "KB");
  line("web bot worker JS (gzip, loaded at the table)", sizes.worker / 1024, "KB");
  const run = spawnSync(bin("playwright"), ["test", "-c", "e2e/playwright.config.ts", "--reporter=line"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, E2E_BENCH: "1" },
  });
  const file = join(root, ".bench/web-browser.json");
  if (!existsSync(file)) throw new Error("the browser benchmark wrote no results");
  const r = JSON.parse(readFileSync(file, "utf8")) as Record<string, number>;
  line("web home first render", r.homeRenderMs, "ms");
  line("web home first contentful paint", r.homeFcpMs, "ms");
  line("web hard bot think time (median)", r.hardBotThinkMedianMs, "ms");
  line("web hard bot think time (max)", r.hardBotThinkMaxMs, "ms");
  line("web long tasks while hard bots think", r.longTasksWhileThinking, "tasks");
  line("web longest main-thread task while hard bots think", r.longestMainThreadTaskMs, "ms");
  line("web longest main-thread task while hard bots think (Chromium trace)", r.longestTracedTaskMs, "ms");
  line("web main-thread tasks over 30 ms while hard bots think (Chromium trace)", r.tracedTasksOver30Ms, "tasks");
  if (run.status !== 0) process.stdout.write("web benchmark: a limit was exceeded (see above)\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) webBench();
