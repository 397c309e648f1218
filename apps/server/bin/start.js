#!/usr/bin/env node
// `npm start`: builds what is missing or out of date, then starts the server.
// - TypeScript packages and the server: `tsc -b` (incremental, quick when nothing changed).
// - The web app: `vite build` when apps/web/dist is missing or older than any source it bundles.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const bin = (name) => join(root, "node_modules", ".bin", name);

function run(command, args, cwd = root) {
  const r = spawnSync(command, args, { cwd, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let t = s.mtimeMs;
  for (const name of readdirSync(path))
    if (name !== "node_modules" && name !== "dist") t = Math.max(t, newest(join(path, name)));
  return t;
}

run(bin("tsc"), ["-b"]);
const web = join(root, "apps/web");
const built = join(web, "dist/index.html");
const sources = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/compress.ts",
  "packages/engine/src",
  "packages/bots/src",
  "packages/protocol/src",
  "packages/fair/src",
];
const stale = !existsSync(built) || sources.some((p) => newest(join(root, p)) > statSync(built).mtimeMs);
if (stale) run(bin("vite"), ["build", "--logLevel", "warn"], web);
await import("./server.js");
