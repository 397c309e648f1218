/**
 * The deal of an online hand as a published function of its inputs (docs/fairness.md):
 *
 *   block i = HMAC-SHA256(key = the server's secret,
 *                         "crossbones-deal/1\n" + table + "\n" + hand + "\n" + seeds + "\n" + i)
 *
 * read as 32-bit big-endian words, drives the engine's Fisher–Yates deal (`dealInto`), each draw
 * in [0, n) taken by rejection, so no deal is more likely than another. The server commits to
 * SHA-256(secret) before the players send their seeds; neither side alone decides the deal.
 */

import { type BoneMask, dealInto, entropyRng, type HandConfig } from "@crossbones/engine";
import { fromHex, hmacSha256, sha256, toHex } from "./crypto.js";

/** The scheme's name, the first line of every message it signs. */
export const DEAL_SCHEME = "crossbones-deal/1";

/** Everything a deal is made from. */
export interface DealInputs {
  /** The table's id: its code and the game's number there, e.g. "K7QX2M-1". */
  readonly table: string;
  /** The hand's number in its game, from 1. */
  readonly hand: number;
  /** The server's secret for this hand: 32 bytes in lowercase hex. */
  readonly secret: string;
  /** One per seat: the seed the seat's player sent (32 bytes, hex), or null (a bot, nobody sent one). */
  readonly seeds: readonly (string | null)[];
}

/** The message signed for block `i` of the stream. */
export function blockMessage(inputs: Omit<DealInputs, "secret">, i: number): string {
  const seeds = inputs.seeds.map((s) => s ?? "").join(",");
  return `${DEAL_SCHEME}\n${inputs.table}\n${inputs.hand}\n${seeds}\n${i}`;
}

/** Thrown by the word source when the blocks computed so far are used up. */
const MORE = Symbol("more blocks");

/** The deal the blocks give, or null when the shuffle needs more of them. */
function dealFromBlocks(config: HandConfig, blocks: readonly Uint8Array[]): BoneMask[] | null {
  let next = 0;
  const rng = entropyRng((words) => {
    if (next === blocks.length) throw MORE;
    const view = new DataView(blocks[next].buffer, blocks[next].byteOffset, 32);
    for (let w = 0; w < 8; w++) words[w] = view.getUint32(4 * w, false);
    next++;
  });
  const out = new Int32Array(config.players);
  try {
    dealInto(config, rng, out);
  } catch (e) {
    if (e === MORE) return null;
    throw e;
  }
  return Array.from(out);
}

/**
 * The deal (one bone mask per seat) that `inputs` give at a table of `config`. A deal of 28 bones
 * takes 27 draws: four blocks hold 32 words, so a fifth is needed only after five rejections, each
 * less likely than one in 150 million.
 */
export async function dealOf(config: HandConfig, inputs: DealInputs): Promise<BoneMask[]> {
  const encoder = new (
    globalThis as unknown as { TextEncoder: new () => { encode(text: string): Uint8Array } }
  ).TextEncoder();
  const key = fromHex(inputs.secret);
  for (let count = 4; ; count *= 2) {
    const messages = Array.from({ length: count }, (_, i) => encoder.encode(blockMessage(inputs, i)));
    const deal = dealFromBlocks(config, await hmacSha256(key, messages));
    if (deal) return deal;
  }
}

/** The commitment to a secret: SHA-256 of its 32 bytes, in hex. */
export async function commitmentOf(secret: string): Promise<string> {
  return toHex(await sha256(fromHex(secret)));
}
