/**
 * The lobby's *Account* panel: a guest keeps their name by adding a passkey (then signs in with it
 * on any device); an account lists its passkeys (remove one), downloads what the server keeps
 * about it, and deletes itself, asked first (docs/online.md, *Accounts*).
 */

import { useEffect, useState } from "preact/hooks";
import type { T } from "../i18n";
import { Modal } from "../ui/Modal";
import { downloadRecord } from "../ui/Records";
import { ApiError, type Guest } from "./api";
import { addPasskey, myData, type Passkeys, passkeysOf, passkeysWork, removePasskey } from "./passkeys";
import { onlineRefusalText } from "./refusal";

export function Account({
  t,
  guest,
  onDelete,
}: {
  t: T;
  guest: Guest;
  /** Deletes the account (this device then forgets it); rejects (with an ApiError) when it could not. */
  onDelete: () => Promise<void>;
}) {
  const [list, setList] = useState<Passkeys | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [status, setStatus] = useState("");
  const [asking, setAsking] = useState(false);
  const name = guest.player.name;
  const date = (ms: number) => new Date(ms).toLocaleDateString(t.locale);

  const reload = () =>
    passkeysOf(guest).then(
      (l) => setList(l),
      () => undefined,
    );
  useEffect(() => void reload(), [guest.token]);

  /** Why `err` stopped what was asked: the server's refusal in words, or the browser's (cancelled, timed out). */
  const why = (err: unknown) => {
    if (!(err instanceof ApiError)) return t("account.passkeyNotMade");
    return err.refusal ? onlineRefusalText(t, err.refusal, () => name) : t("online.offlineError");
  };
  /** Runs `work`, saying `done` when it went well and why not when it did not. */
  const attempt = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    setError("");
    setStatus("");
    try {
      await work();
      setStatus(done);
    } catch (err) {
      setError(why(err));
    } finally {
      setBusy(false);
    }
  };
  // Gone once it worked (the lobby with it); said, with the dialog closed, when it did not.
  const deleteMine = async () => {
    setBusy(true);
    setError("");
    try {
      await onDelete();
    } catch (err) {
      setError(why(err));
      setAsking(false);
      setBusy(false);
    }
  };

  const account = list?.account ?? null;
  return (
    <section class="card online-account" aria-labelledby="account-title" data-testid="account">
      <h2 id="account-title">{t("account.title")}</h2>
      {list !== null && (
        <p data-testid="account-state">
          {account === null ? t("account.guestText", { name }) : t("account.since", { name, date: date(account) })}
        </p>
      )}
      {list !== null && list.passkeys.length > 0 && (
        <ul class="online-passkeys" aria-label={t("account.passkeys")}>
          {list.passkeys.map((p) => (
            <li key={p.id} data-testid="passkey">
              <span>
                {p.name} · {t("account.added", { date: date(p.created) })}
                {p.used !== null && ` · ${t("account.used", { date: date(p.used) })}`}
              </span>
              <button
                type="button"
                class="small"
                disabled={busy}
                aria-label={t("account.removeNamed", { name: p.name })}
                onClick={() =>
                  void attempt(
                    async () => {
                      await removePasskey(guest, p.id);
                      await reload();
                    },
                    t("account.removed", { name: p.name }),
                  )
                }
                data-testid="remove-passkey"
              >
                {t("account.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {list !== null && account !== null && list.passkeys.length === 0 && <p>{t("account.noPasskeys")}</p>}
      <div class="buttons">
        {passkeysWork() ? (
          <button
            type="button"
            class={account === null ? "primary" : undefined}
            disabled={busy}
            onClick={() =>
              void attempt(async () => {
                await addPasskey(guest);
                await reload();
              }, t("account.passkeyAdded"))
            }
            data-testid="add-passkey"
          >
            {t(account === null ? "account.keepName" : "account.addPasskey")}
          </button>
        ) : (
          <p>{t("account.noPasskeySupport")}</p>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void attempt(
              async () => downloadRecord(await myData(guest), `crossbones-data-${guest.player.id}.json`),
              t("account.downloaded"),
            )
          }
          data-testid="download-data"
        >
          {t("account.download")}
        </button>
        <button type="button" class="danger" onClick={() => setAsking(true)} data-testid="delete-account">
          {t("account.delete")}
        </button>
      </div>
      <p role="status" data-testid="account-status">
        {status}
      </p>
      {error && (
        <p class="error" role="alert" data-testid="account-error">
          {error}
        </p>
      )}
      {asking && (
        <Modal title={t("account.deleteTitle", { name })} onClose={() => setAsking(false)} id="confirm-delete">
          <p>{t("account.deleteText", { name })}</p>
          <div class="buttons">
            <button type="button" onClick={() => setAsking(false)} autofocus>
              {t("cancel")}
            </button>
            <button
              type="button"
              class="danger"
              disabled={busy}
              onClick={() => void deleteMine()}
              data-testid="delete-confirm"
            >
              {t("account.deleteConfirm")}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
