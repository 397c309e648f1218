/**
 * The mark of the last hand's deal check (docs/fairness.md): small when the deal is verified, with
 * the proof one tap away; loud when it fails.
 */

import type { FairFault } from "@crossbones/fair";
import type { T } from "../i18n";
import type { DealMarkState } from "./fairness";

export interface DealMarkProps {
  check: DealMarkState;
  t: T;
  /** A seat's name. */
  name: (seat: number) => string;
  onFairness: () => void;
}

export function DealMark({ check, t, name, onFairness }: DealMarkProps) {
  if (check === null) return null;
  if (check === "unavailable") {
    return (
      <span class="deal-mark" data-testid="deal-unchecked">
        {t("fair.unavailable")}
      </span>
    );
  }
  const { proof, witness, fault } = check;
  const how = (
    <button type="button" class="link" onClick={onFairness} data-testid="fairness-link">
      {t("fair.howLink")}
    </button>
  );
  if (fault) {
    return (
      <div class="deal-failed" role="alert" data-testid="deal-failed">
        <strong>{t("fair.failed", { n: proof.hand })}</strong> {faultText(t, fault, name)} {t("fair.failedAdvice")}{" "}
        {how}
      </div>
    );
  }
  const checks = [
    witness.commitment ? t("fair.checkCommitment") : t("fair.checkCommitmentLate"),
    ...(witness.seed ? [t("fair.checkSeed")] : []),
    ...(witness.hand !== undefined ? [t("fair.checkHand")] : []),
    t("fair.checkAll"),
  ];
  return (
    <details class="deal-mark deal-ok" data-testid="deal-verified">
      <summary>
        <span aria-hidden="true">✓ </span>
        {t("fair.verified", { n: proof.hand })}
      </summary>
      <div class="deal-proof">
        <ul>
          {checks.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <dl>
          <dt>{t("fair.tableHand")}</dt>
          <dd>
            <code>{proof.table}</code> · {proof.hand}
          </dd>
          <dt>{t("fair.commitment")}</dt>
          <dd>
            <code>{proof.commitment}</code>
          </dd>
          <dt>{t("fair.secret")}</dt>
          <dd>
            <code>{proof.secret}</code>
          </dd>
          {proof.seeds.map((seed, seat) => (
            <div key={seat}>
              <dt>{t("fair.seedOf", { name: name(seat) })}</dt>
              <dd>{seed ? <code>{seed}</code> : t("fair.noSeed")}</dd>
            </div>
          ))}
        </dl>
        {how}
      </div>
    </details>
  );
}

function faultText(t: T, fault: FairFault, name: (seat: number) => string): string {
  switch (fault.code) {
    case "bad-proof":
      return t("fair.fault.bad-proof");
    case "commitment-changed":
      return t("fair.fault.commitment-changed");
    case "commitment":
      return t("fair.fault.commitment");
    case "seed-missing":
      return t("fair.fault.seed-missing");
    case "own-hand":
      return t("fair.fault.own-hand");
    case "deal":
      return t("fair.fault.deal", { name: name(fault.seat) });
  }
}
