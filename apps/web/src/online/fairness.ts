/**
 * Fair deals at an online table (docs/fairness.md), the player's side: send a seed for each
 * coming deal once its commitment is in, remember what this seat saw before the deal (the
 * commitment, its seed, its bones), and check each hand when its proof is revealed.
 */

import { dealtHands, handConfig } from "@crossbones/engine";
import { canCheck, checkHand, type DealProof, type FairFault, randomHex32, type Witness } from "@crossbones/fair";
import { fromWire } from "@crossbones/protocol";
import { useEffect, useState } from "preact/hooks";
import type { OnlineClient } from "./client";

/** A hand's check: its proof, what this seat witnessed, and the fault found (null: verified). */
export interface DealCheck {
  readonly game: number;
  readonly proof: DealProof;
  readonly witness: Omit<Witness, "seat">;
  readonly fault: FairFault | null;
}

/** The latest hand's check: a result, "unavailable" (a page that cannot hash: plain http), or null. */
export type DealMarkState = DealCheck | "unavailable" | null;

/** A seed is sent again when the table still shows it missing this long after (a lost frame). */
const RESEND_MS = 1500;

/**
 * Follows the table's frames as they arrive (not as they render: two frames may render as one)
 * and gives the latest hand's check.
 */
export function useDealChecks(client: OnlineClient, code: string): DealMarkState {
  const [check, setCheck] = useState<DealMarkState>(null);

  useEffect(() => {
    /** What this seat saw before each deal, by "game:hand". */
    const seen = new Map<
      string,
      { commitment?: string; seed?: string; sent?: number; taken?: boolean; hand?: number }
    >();
    const checked = new Set<string>();
    const witnessOf = (game: number, hand: number) => {
      const key = `${game}:${hand}`;
      let w = seen.get(key);
      if (!w) {
        w = {};
        seen.set(key, w);
        // Only the last few hands matter; a long session keeps no more.
        if (seen.size > 8) seen.delete(seen.keys().next().value as string);
      }
      return w;
    };
    return client.on((m) => {
      if (m.t !== "table" || m.table.code !== code) return;
      const { table } = m;
      const you = table.you;
      const fair = table.fair;
      if (fair) {
        const w = witnessOf(table.game, fair.hand);
        // A seed counts as ours once the table shows it in (a seed sent too late is refused).
        if (you !== null && fair.seeded.includes(you) && w.seed !== undefined) w.taken = true;
      }
      if (fair && !fair.dealt) {
        const w = witnessOf(table.game, fair.hand);
        w.commitment ??= fair.commitment;
        if (you !== null && !fair.seeded.includes(you) && (w.sent === undefined || Date.now() - w.sent > RESEND_MS)) {
          w.seed ??= randomHex32();
          w.sent = Date.now();
          client.send({ t: "seed", table: code, commitment: fair.commitment, seed: w.seed });
        }
      }
      const view = fromWire(m.view);
      // The bones this seat was dealt, as it first saw them (before any move of the hand).
      if (fair?.dealt && "hand" in view && view.history.length === 0 && view.handIndex + 1 === fair.hand) {
        witnessOf(table.game, fair.hand).hand ??= view.hand;
      }
      const proof = table.proof;
      if (!proof || view.handIndex + 1 !== proof.hand || checked.has(`${table.game}:${proof.hand}`)) return;
      const deal = dealtHands(view);
      if (!deal) return;
      checked.add(`${table.game}:${proof.hand}`);
      if (!canCheck()) {
        setCheck("unavailable");
        return;
      }
      const w = witnessOf(table.game, proof.hand);
      const witness = { commitment: w.commitment, seed: w.taken ? w.seed : undefined, hand: w.hand };
      const game = table.game;
      checkHand(handConfig(view.rules), proof, deal, you === null ? undefined : { seat: you, ...witness }).then(
        (fault) => setCheck({ game, proof, witness, fault }),
        (e: unknown) => setCheck({ game, proof, witness, fault: { code: "bad-proof", why: String(e) } }),
      );
    });
  }, [client, code]);

  return check;
}
