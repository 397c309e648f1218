/**
 * The built `crossbones` command, as the CLI tests run it: a process per call, standard input
 * given, its exit status and both outputs collected. The tests read what a user's shell would.
 */

import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const bin = fileURLToPath(new URL("../bin/crossbones.js", import.meta.url));
const dist = fileURLToPath(new URL("../dist/main.js", import.meta.url));

export interface Run {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Throws unless the command has been built (`npx tsc -b`), so a missing build is not a failed test. */
export function requireBuilt(): void {
  if (!existsSync(dist)) throw new Error(`${dist} is missing: build the project with \`npx tsc -b\` first`);
}

/** Runs `crossbones ...args` with `stdin` on its standard input. */
export function runBinary(args: readonly string[], stdin: string | Buffer = ""): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { encoding: "utf8", maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ status, stdout, stderr });
      },
    );
    child.stdin?.end(stdin);
  });
}

/** Seat 0 holds every blank: after the pose 0-0 nobody else can play. */
export const BLANKS_DEAL = [
  ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
  ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-3"],
  ["2-2", "2-4", "2-5", "2-6", "3-4", "3-5", "3-6"],
  ["3-3", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"],
];
