/** The record a command reads: `crossbones replay|verify FILE`, or `-` for standard input. */

import { readFileSync } from "node:fs";

/**
 * The text of the one file argument, or the exit status after saying what was wrong: the usage
 * (2), or `{"error": {...}}` on standard output when the file cannot be read (2).
 */
export function readRecordArgument(
  command: string,
  args: readonly string[],
  readStdin: () => string,
): { text: string } | { status: number } {
  if (args.length !== 1) {
    process.stderr.write(`usage: crossbones ${command} FILE (or - for standard input)\n`);
    return { status: 2 };
  }
  try {
    return { text: args[0] === "-" ? readStdin() : readFileSync(args[0], "utf8") };
  } catch (e) {
    const message = `cannot read ${args[0]}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`;
    const error = command === "replay" ? { hand: null, move: null, message } : { hand: null, message };
    process.stdout.write(`${JSON.stringify({ error })}\n`);
    return { status: 2 };
  }
}
