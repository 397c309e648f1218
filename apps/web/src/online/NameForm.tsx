/**
 * How this device gets the guest it plays as: a new name, an account's passkey, or another
 * device's player key. Asked
 * before the lobby, when someone who was only watching takes a seat, and when the server no
 * longer takes this device's key (it was changed on another device: *Sign out other devices*).
 */

import { useState } from "preact/hooks";
import type { T } from "../i18n";
import { ApiError, type Guest, guestFromKey, newGuest } from "./api";
import { passkeysWork, signInWithPasskey } from "./passkeys";
import { onlineRefusalText } from "./refusal";

/** Why a name is asked for: the lobby, a seat chosen while watching, or this device was signed out. */
export type NameReason =
  | { readonly why: "lobby" }
  | { readonly why: "sit"; readonly onBack: () => void }
  | { readonly why: "signed-out"; readonly name: string };

export function NameForm({ t, reason, onGuest }: { t: T; reason: NameReason; onGuest: (g: Guest) => void }) {
  const signedOut = reason.why === "signed-out";
  return (
    <main class="online card">
      <h1>{t("online.title")}</h1>
      {signedOut ? (
        <p class="error" role="alert" data-testid="signed-out">
          {t("online.signedOut", { name: reason.name })}
        </p>
      ) : (
        <p>{t(reason.why === "sit" ? "online.nameToSit" : "online.nameIntro")}</p>
      )}
      <GuestForm t={t} field="name" onGuest={onGuest} />
      {passkeysWork() && <PasskeySignIn t={t} onGuest={onGuest} />}
      {/* Signed out, the new key is the likelier answer: its field is open. */}
      <details class="online-key online-key-card" open={signedOut}>
        <summary>{t("online.haveKey")}</summary>
        <GuestForm t={t} field="key" onGuest={onGuest} />
      </details>
      {reason.why === "sit" && (
        <div class="buttons">
          <button type="button" class="ghost" onClick={reason.onBack} data-testid="name-back">
            {t("back")}
          </button>
        </div>
      )}
    </main>
  );
}

/** The two ways to the guest this device plays as: a new name, or another device's key. */
const GUEST_FIELDS = {
  name: {
    id: "guest-name",
    go: "guest-go",
    label: "online.yourName",
    submit: "online.continue",
    button: "primary",
    input: { maxLength: 24, required: true, autoComplete: "nickname" },
    get: (value: string) => newGuest(value.trim()),
  },
  key: {
    id: "guest-key",
    go: "guest-key-go",
    label: "online.keyLabel",
    submit: "online.useKey",
    button: undefined,
    input: { autoComplete: "off", spellcheck: false },
    get: guestFromKey,
  },
} as const;

/**
 * One field that gets the guest this device plays as: a new one from a name, or another device's
 * from its key ("Played on another device?").
 */
function GuestForm({ t, field, onGuest }: { t: T; field: keyof typeof GUEST_FIELDS; onGuest: (g: Guest) => void }) {
  const [value, setValue] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const f = GUEST_FIELDS[field];
  return (
    <>
      <form
        class={field === "name" ? "online-name" : undefined}
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError("");
          try {
            onGuest(await f.get(value));
          } catch (err) {
            const refusal = err instanceof ApiError ? err.refusal : null;
            // A key the server does not know is refused as a bad token: say it in the key's words.
            if (refusal === null) setError(t("online.offlineError"));
            else setError(field === "name" ? onlineRefusalText(t, refusal, () => value) : t("online.badKey"));
          } finally {
            setBusy(false);
          }
        }}
      >
        <label for={f.id}>{t(f.label)}</label>
        <input
          id={f.id}
          value={value}
          {...f.input}
          onInput={(e) => setValue((e.target as HTMLInputElement).value)}
          data-testid={f.id}
        />
        <button type="submit" class={f.button} disabled={busy || value.trim() === ""} data-testid={f.go}>
          {t(f.submit)}
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** An account's way onto this device: its passkey (held here, or on a phone nearby). */
function PasskeySignIn({ t, onGuest }: { t: T; onGuest: (g: Guest) => void }) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  return (
    <div class="online-passkey">
      <p>{t("account.haveAccount")}</p>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError("");
          try {
            onGuest(await signInWithPasskey());
          } catch (err) {
            if (!(err instanceof ApiError)) setError(t("account.passkeyNotUsed"));
            else setError(err.refusal ? onlineRefusalText(t, err.refusal, () => "") : t("online.offlineError"));
          } finally {
            setBusy(false);
          }
        }}
        data-testid="passkey-sign-in"
      >
        {t("account.signIn")}
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
