/**
 * A change the player asked of the server (add a friend, block someone…): while it runs the
 * buttons rest; then a status says what was done, or an alert says why not, in the player's words.
 */

import { useState } from "preact/hooks";
import type { T } from "../i18n";
import { ApiError } from "./api";
import { onlineRefusalText } from "./refusal";

export interface Outcome {
  readonly text: string;
  readonly failed: boolean;
}

/** Why a request failed, in words: the server's refusal (`name` names a seat it mentions), or no server. */
export function failureText(t: T, err: unknown, name: (seat: number) => string): string {
  const refusal = err instanceof ApiError ? err.refusal : null;
  return refusal ? onlineRefusalText(t, refusal, name) : t("online.offlineError");
}

export function useAttempt(t: T, name: string) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** Runs `work`; says `done` when it went well, or why not. */
  const attempt = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      await work();
      setOutcome({ text: done, failed: false });
    } catch (err) {
      setOutcome({ text: failureText(t, err, () => name), failed: true });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, attempt };
}

/**
 * What the last attempt came to: a status (always there, so that a screen reader hears it change)
 * or an alert. `inline`: inside a line of text (a span, not a paragraph).
 */
export function AttemptNotice({
  outcome,
  testId,
  inline,
}: {
  outcome: Outcome | null;
  testId: string;
  inline?: boolean;
}) {
  const Tag = inline ? "span" : "p";
  return outcome?.failed ? (
    <Tag class="error" role="alert" data-testid={`${testId}-error`}>
      {outcome.text}
    </Tag>
  ) : (
    <Tag role="status" data-testid={`${testId}-status`}>
      {outcome?.text ?? ""}
    </Tag>
  );
}
