/**
 * `crossbones verify FILE|-`: checks every hand of a game record against its proof of a fair deal
 * (docs/fairness.md): the secret matches the commitment, and the deal the proof gives is the
 * record's. The record is read as `crossbones replay` reads it first, so its moves are checked too.
 */

import { parseRecord } from "@crossbones/engine";
import { checkHand, faultMessage, readProof } from "@crossbones/fair";
import { readRecordArgument } from "./input.js";

/** Where a record fails (the hand 0-based, as `crossbones replay` says it) and why. */
export interface VerifyError {
  readonly hand: number | null;
  readonly message: string;
}

export interface VerifyOutput {
  /** Exit status: 0 when every hand's deal is proven. */
  readonly status: number;
  readonly output:
    | { readonly verified: true; readonly hands: readonly { hand: number; table: string; commitment: string }[] }
    | { readonly error: VerifyError };
}

const failed = (hand: number | null, message: string): VerifyOutput => ({
  status: 1,
  output: { error: { hand, message } },
});

/** Verifies record text; what the command prints, as data. */
export async function verifyText(text: string): Promise<VerifyOutput> {
  const replayed = parseRecord(text);
  if (!replayed.ok) return failed(replayed.error.hand, replayed.error.message);
  const { game } = replayed.value;
  // The proofs are a record extension the engine's reader skips: read them from the text.
  const raw = JSON.parse(text) as { hands: { fair?: unknown }[] };
  if (game.hands.length === 0) return failed(null, "the record has no hands to verify");
  const hands = [];
  for (const [i, hand] of game.hands.entries()) {
    const n = i + 1;
    const fair = raw.hands[i].fair;
    if (fair === undefined) {
      return failed(i, `hand ${n} carries no proof of a fair deal (only deals made at an online table do)`);
    }
    const proof = readProof(fair, game.config.players);
    if (typeof proof === "string") return failed(i, `hand ${n}: the proof cannot be read: ${proof}`);
    if (proof.hand !== n) return failed(i, `hand ${n}: its proof is for hand ${proof.hand}`);
    const fault = await checkHand(game.config, proof, hand.deal);
    if (fault) return failed(i, `hand ${n}: ${faultMessage(fault)}`);
    hands.push({ hand: i, table: proof.table, commitment: proof.commitment });
  }
  return { status: 0, output: { verified: true, hands } };
}

export async function runVerify(args: readonly string[], readStdin: () => string): Promise<number> {
  const input = readRecordArgument("verify", args, readStdin);
  if ("status" in input) return input.status;
  const { status, output } = await verifyText(input.text);
  process.stdout.write(`${JSON.stringify(output)}\n`);
  return status;
}
