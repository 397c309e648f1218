/** `crossbones replay FILE|-`: replays a game record and prints its result (RECORD.md). */

import { readFileSync } from "node:fs";
import { parseRecord, type RecordError, type ReplaySummary, summarize } from "@crossbones/engine";

/** The error the command prints (RECORD.md): where, and the English message; not the code. */
export interface ReplayError {
  readonly hand: number | null;
  readonly move: number | null;
  readonly message: string;
}

export interface ReplayOutput {
  /** Exit status: 0 for a valid record, even an unfinished one. */
  readonly status: number;
  readonly output: ReplaySummary | { readonly error: ReplayError };
}

/** Replays record text; what the command prints, as data. */
export function replayText(text: string): ReplayOutput {
  const replayed = parseRecord(text);
  if (!replayed.ok) return { status: 1, output: { error: printed(replayed.error) } };
  return { status: 0, output: summarize(replayed.value.game) };
}

function printed({ hand, move, message }: RecordError): ReplayError {
  return { hand, move, message };
}

export function runReplay(args: readonly string[], readStdin: () => string): number {
  if (args.length !== 1) {
    process.stderr.write("usage: crossbones replay FILE (or - for standard input)\n");
    return 2;
  }
  let text: string;
  try {
    text = args[0] === "-" ? readStdin() : readFileSync(args[0], "utf8");
  } catch (e) {
    const message = `cannot read ${args[0]}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`;
    process.stdout.write(`${JSON.stringify({ error: { hand: null, move: null, message } })}\n`);
    return 2;
  }
  const { status, output } = replayText(text);
  process.stdout.write(`${JSON.stringify(output)}\n`);
  return status;
}
