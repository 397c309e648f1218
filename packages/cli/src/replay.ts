/** `crossbones replay FILE|-`: replays a game record and prints its result (RECORD.md). */

import { parseRecord, type RecordError, type ReplaySummary, summarize } from "@crossbones/engine";
import { readRecordArgument } from "./input.js";

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
  const input = readRecordArgument("replay", args, readStdin);
  if ("status" in input) return input.status;
  const { status, output } = replayText(input.text);
  process.stdout.write(`${JSON.stringify(output)}\n`);
  return status;
}
