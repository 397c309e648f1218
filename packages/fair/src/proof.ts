/**
 * A hand's proof (the commitment and what it commits to) and its check. The same check runs in
 * the web app after every online hand, in `crossbones verify` over a whole record and in tests.
 */

import { type BoneMask, bonesOf, type HandConfig, makeBone } from "@crossbones/engine";
import { HEX32 } from "./crypto.js";
import { commitmentOf, type DealInputs, dealOf } from "./deal.js";

/** What is revealed when a hand is over: the deal's inputs and the commitment sent before it. */
export interface DealProof extends DealInputs {
  /** SHA-256 of the secret, sent to every seat before the seeds were asked for. */
  readonly commitment: string;
}

/** What one seat saw for itself before the deal (each part optional: a late joiner saw less). */
export interface Witness {
  readonly seat: number;
  /** The commitment this seat was sent before the deal. */
  readonly commitment?: string;
  /** The seed this seat sent for the deal. */
  readonly seed?: string;
  /** The bones this seat was dealt, as it saw them. */
  readonly hand?: BoneMask;
}

/** Why a hand fails its check. */
export type FairFault =
  | { readonly code: "bad-proof"; readonly why: string }
  | { readonly code: "commitment-changed" }
  | { readonly code: "commitment" }
  | { readonly code: "seed-missing"; readonly seat: number }
  | { readonly code: "own-hand"; readonly seat: number }
  | { readonly code: "deal"; readonly seat: number };

/** A fault in English (the web app says it in the player's language). */
export function faultMessage(fault: FairFault): string {
  switch (fault.code) {
    case "bad-proof":
      return `the proof cannot be read: ${fault.why}`;
    case "commitment-changed":
      return "the commitment revealed is not the one sent before the deal";
    case "commitment":
      return "the secret revealed does not match the commitment sent before the deal";
    case "seed-missing":
      return `seat ${fault.seat + 1}'s seed was left out of the deal`;
    case "own-hand":
      return `seat ${fault.seat + 1} was dealt other bones than the proof gives`;
    case "deal":
      return `seat ${fault.seat + 1}'s bones are not the ones the proof gives`;
  }
}

/** The proof in `value`, or why it is not one (for `players` seats). */
export function readProof(value: unknown, players: number): DealProof | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "it is not an object";
  const p = value as Record<string, unknown>;
  if (typeof p.table !== "string" || p.table.length === 0 || p.table.length > 64) return "no table id";
  if (!Number.isInteger(p.hand) || (p.hand as number) < 1) return "no hand number";
  if (typeof p.secret !== "string" || !HEX32.test(p.secret)) return "the secret is not 64 hex digits";
  if (typeof p.commitment !== "string" || !HEX32.test(p.commitment)) return "the commitment is not 64 hex digits";
  if (!Array.isArray(p.seeds) || p.seeds.length !== players) return `it needs one seed (or null) per seat`;
  for (const s of p.seeds)
    if (s !== null && (typeof s !== "string" || !HEX32.test(s))) return "a seed is not 64 hex digits";
  return {
    table: p.table,
    hand: p.hand as number,
    secret: p.secret,
    commitment: p.commitment,
    seeds: p.seeds as (string | null)[],
  };
}

/**
 * Checks a hand: the secret matches the commitment (the one the witness was sent, if any), the
 * witness's seed went into the deal, and the deal the proof gives is `deal` (every seat's bones,
 * as the finished hand showed them) and the witness's own. Null when all holds.
 */
export async function checkHand(
  config: HandConfig,
  proof: DealProof,
  deal: readonly BoneMask[],
  witness?: Witness,
): Promise<FairFault | null> {
  const read = readProof(proof, config.players);
  if (typeof read === "string") return { code: "bad-proof", why: read };
  if (witness?.commitment !== undefined && witness.commitment !== proof.commitment) {
    return { code: "commitment-changed" };
  }
  if ((await commitmentOf(proof.secret)) !== proof.commitment) return { code: "commitment" };
  if (witness?.seed !== undefined && proof.seeds[witness.seat] !== witness.seed) {
    return { code: "seed-missing", seat: witness.seat };
  }
  const fair = await dealOf(config, proof);
  if (witness?.hand !== undefined && fair[witness.seat] !== witness.hand)
    return { code: "own-hand", seat: witness.seat };
  const seat = fair.findIndex((mask, s) => mask !== deal[s]);
  return seat >= 0 ? { code: "deal", seat } : null;
}

/** A deal in record notation (one list of bones per seat, in bone order). */
export function dealText(deal: readonly BoneMask[]): string[][] {
  return deal.map((mask) => bonesOf(mask).map(makeBone));
}
