/**
 * Fair deals at an online table (docs/fairness.md): the protocol's `DealWitness` follows the
 * table's frames as they arrive, sends the seat's seeds and checks each hand; the screen shows
 * the latest hand's check.
 */

import { DealWitness, type HandCheck } from "@crossbones/protocol";
import { useEffect, useState } from "preact/hooks";
import type { OnlineClient } from "./client";

/** The latest hand's check: a result, "unavailable" (a page that cannot hash: plain http), or null. */
export type DealMarkState = HandCheck | "unavailable" | null;

export function useDealChecks(client: OnlineClient, code: string): DealMarkState {
  const [check, setCheck] = useState<DealMarkState>(null);
  useEffect(() => {
    const witness = new DealWitness(setCheck);
    return client.on((m) => {
      // Seeds sent on a lost connection prove nothing (the witness starts afresh on a new one).
      if (m.t === "welcome") witness.connected();
      if (m.t !== "table" || m.table.code !== code) return;
      const seed = witness.frame(m);
      if (seed) client.send(seed);
    });
  }, [client, code]);
  return check;
}
