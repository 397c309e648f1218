/**
 * The server as a child process (child-server.mjs over the built JavaScript): started on a port,
 * killed with any signal (SIGKILL: no shutdown code runs) and started again on the same port and
 * data directory, as a crashed server would be by its supervisor.
 */

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Timing } from "@crossbones/table";
import { METRICS_TOKEN } from "./harness.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../../..");

export interface ChildOptions {
  readonly dataDir?: string;
  readonly timing?: Partial<Timing>;
  readonly quickWait?: number;
  readonly botThreads?: number;
  /** PostgreSQL, Redis and the cluster's lease and key prefix (a cluster member; see services.ts). */
  readonly databaseUrl?: string;
  readonly redisUrl?: string;
  readonly redisPrefix?: string;
  readonly leaseMs?: number;
}

/** Newest modification time under `path` (files only). */
function newest(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let t = 0;
  for (const name of readdirSync(path)) t = Math.max(t, newest(join(path, name)));
  return t;
}

/**
 * The child runs apps/server/dist: when any TypeScript source of the server or the packages it
 * uses is newer than the build, `tsc -b` brings it up to date first (`npm test` has just built it).
 */
export function ensureBuilt(): void {
  const built = join(root, "apps/server/dist/app.js");
  const sources = [
    "apps/server/src",
    "packages/engine/src",
    "packages/bots/src",
    "packages/protocol/src",
    "packages/fair/src",
    "packages/table/src",
  ];
  const stale = !existsSync(built) || sources.some((p) => newest(join(root, p)) > statSync(built).mtimeMs);
  if (!stale) return;
  const r = spawnSync(join(root, "node_modules/.bin/tsc"), ["-b", "apps/server"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) throw new Error("tsc -b failed: the server cannot be run as a process");
}

export class ChildServer {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  port = 0;
  /** Its id in a cluster (a new one each start), or null. */
  node: string | null = null;
  /** Everything the child wrote to stderr (a test prints it when something goes wrong). */
  stderr = "";
  starts = 0;

  private constructor(
    readonly dataDir: string,
    private readonly options: ChildOptions,
    private readonly ownDir: boolean,
  ) {}

  static async start(options: ChildOptions = {}): Promise<ChildServer> {
    ensureBuilt();
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "crossbones-child-"));
    const server = new ChildServer(dataDir, options, options.dataDir === undefined);
    await server.spawn();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process (again: on the same port and data directory) and waits until it listens. */
  async spawn(): Promise<void> {
    const config = {
      port: this.port,
      dataDir: this.dataDir,
      timing: this.options.timing,
      quickWait: this.options.quickWait,
      botThreads: this.options.botThreads,
      databaseUrl: this.options.databaseUrl,
      redisUrl: this.options.redisUrl,
      redisPrefix: this.options.redisPrefix,
      leaseMs: this.options.leaseMs,
      // One address (127.0.0.1) plays every seat: no per-address limits.
      socketsPerAddress: 1_000_000,
      requestsPerMinute: 1_000_000,
      tablesPerAddress: 1_000_000,
      guessesPerWindow: 1_000_000,
      missesPerSocket: 1_000_000,
      quickOnePerDevice: false,
      metricsToken: METRICS_TOKEN,
    };
    const child = spawn(process.execPath, [join(here, "child-server.mjs")], {
      cwd: root,
      env: { ...process.env, CROSSBONES_TEST_SERVER: JSON.stringify(config) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    this.starts++;
    child.stderr?.on("data", (d) => {
      this.stderr += d.toString();
    });
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    this.port = await new Promise<number>((resolve, reject) => {
      let out = "";
      const timer = setTimeout(() => reject(new Error(`the server did not start: ${this.stderr}`)), 20_000);
      child.stdout?.on("data", (d) => {
        out += d.toString();
        const line = out.split("\n").find((l) => l.startsWith("{"));
        if (line) {
          clearTimeout(timer);
          const ready = JSON.parse(line) as { port: number; node: string | null };
          this.node = ready.node;
          resolve(ready.port);
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}) before listening: ${this.stderr}`));
      });
    });
  }

  /** Sends `signal` to the process and waits for it to be gone. */
  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await this.exited;
    this.child = null;
  }

  /** Sends `signal` without waiting (SIGSTOP pauses the process, SIGCONT resumes it). */
  signal(signal: NodeJS.Signals): void {
    this.child?.kill(signal);
  }

  /** Stops the server for good (SIGTERM: a clean close) and removes a data directory it made. */
  async stop(): Promise<void> {
    await this.kill("SIGTERM");
    if (this.ownDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
