/**
 * Fair deals at an online table (docs/fairness.md): the client is the table's witness (it sends
 * the seat's seeds and checks each hand, `ProtocolClient`); the screen shows the latest hand's check.
 */

import type { DealCheck } from "@crossbones/protocol";
import { useEffect, useState } from "preact/hooks";
import type { OnlineClient } from "./client";

/** The latest hand's check: a result, "unavailable" (a page that cannot hash: plain http), or null. */
export type DealMarkState = DealCheck | null;

export function useDealChecks(client: OnlineClient, code: string): DealMarkState {
  const [check, setCheck] = useState<DealMarkState>(() => client.dealCheck(code) ?? null);
  useEffect(() => {
    setCheck(client.dealCheck(code) ?? null);
    return client.onDealCheck((table, c) => {
      if (table === code) setCheck(c);
    });
  }, [client, code]);
  return check;
}
