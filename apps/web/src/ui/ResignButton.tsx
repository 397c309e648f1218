/** "Resign", asked twice: a resignation ends the game at once and cannot be taken back. */

import { useState } from "preact/hooks";
import type { T } from "../i18n";
import { Modal } from "./Modal";

export function ResignButton({ t, onResign }: { t: T; onResign: () => void }) {
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setConfirm(true)} data-testid="resign">
        {t("resign")}
      </button>
      {confirm && (
        <Modal title={t("resign")} onClose={() => setConfirm(false)} id="confirm-resign">
          <p>{t("resignConfirm")}</p>
          <div class="buttons">
            <button type="button" onClick={() => setConfirm(false)} autofocus>
              {t("cancel")}
            </button>
            <button
              type="button"
              class="danger"
              onClick={() => {
                setConfirm(false);
                onResign();
              }}
              data-testid="resign-confirm"
            >
              {t("resign")}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
