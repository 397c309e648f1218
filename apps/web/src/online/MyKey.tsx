/**
 * This device's player key, to play as the same player on another device, and *Sign out other
 * devices*: a new key that every older one is refused for (docs/protocol.md, *Guests*). Asked
 * first, saying what it does; this device plays on with the new key.
 */

import { useState } from "preact/hooks";
import type { T } from "../i18n";
import { Modal } from "../ui/Modal";
import { ApiError, type Guest } from "./api";
import { onlineRefusalText } from "./refusal";

export function MyKey({
  t,
  guest,
  changed,
  onSignOutOthers,
}: {
  t: T;
  guest: Guest;
  /** The key was just changed here: open, saying so. */
  changed: boolean;
  /** Changes the key; rejects (with an ApiError) when it could not. */
  onSignOutOthers: () => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const name = guest.player.name;
  const signOut = async () => {
    setBusy(true);
    setError("");
    try {
      await onSignOutOthers();
    } catch (err) {
      const refusal = err instanceof ApiError ? err.refusal : null;
      setError(refusal ? onlineRefusalText(t, refusal, () => name) : t("online.offlineError"));
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <details class="online-key" open={changed}>
      <summary>{t("online.otherDevice", { name })}</summary>
      <p>{t("online.keyText")}</p>
      <input
        readOnly
        value={guest.token}
        aria-label={t("online.keyLabel")}
        onFocus={(e) => (e.target as HTMLInputElement).select()}
        data-testid="my-key"
      />
      <button type="button" onClick={() => void navigator.clipboard?.writeText(guest.token)} data-testid="copy-key">
        {t("online.copyKey")}
      </button>
      {changed && (
        <p role="status" data-testid="key-changed">
          {t("online.othersSignedOut")}
        </p>
      )}
      <p>
        <button type="button" onClick={() => setAsking(true)} data-testid="sign-out-others">
          {t("online.signOutOthers")}
        </button>
      </p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {asking && (
        <Modal title={t("online.signOutTitle")} onClose={() => setAsking(false)} id="confirm-sign-out">
          <p>{t("online.signOutText", { name })}</p>
          <div class="buttons">
            <button type="button" onClick={() => setAsking(false)} autofocus>
              {t("cancel")}
            </button>
            <button
              type="button"
              class="danger"
              disabled={busy}
              onClick={() => void signOut()}
              data-testid="sign-out-confirm"
            >
              {t("online.signOutOthers")}
            </button>
          </div>
        </Modal>
      )}
    </details>
  );
}
