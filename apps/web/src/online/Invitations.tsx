/**
 * Invitations to a friend's table (`invited`), over whichever online screen is open (the lobby or
 * a table: the screens that hold a socket): "Ana invites you to play Cut Throat for 2", with
 * *Join* (opens the table, its open seats offered) and *No thanks*. Each is announced as it comes
 * and never takes the focus from the game.
 */

import { useEffect, useState } from "preact/hooks";
import { GAME_KEYS, type T } from "../i18n";
import type { OnlineClient } from "./client";
import { dismissed, type Invitation, received } from "./invitations";
import "./friends.css";

export function Invitations({ t, client, onJoin }: { t: T; client: OnlineClient; onJoin: (code: string) => void }) {
  const [shown, setShown] = useState<Invitation[]>([]);
  useEffect(
    () =>
      client.on((m) => {
        if (m.t === "invited") setShown((list) => received(list, m));
      }),
    [client],
  );
  if (shown.length === 0) return null;
  return (
    <aside class="invitations" aria-label={t("friends.invitations")} data-testid="invitations">
      {shown.map((i) => (
        <div key={i.table} class="invitation card" data-testid="invitation" data-table={i.table}>
          <p role="alert">
            {t("friends.invites", { name: i.from.name, game: t(GAME_KEYS[i.game].name), n: i.players })}
          </p>
          <div class="buttons">
            <button
              type="button"
              class="primary"
              onClick={() => {
                setShown((list) => dismissed(list, i.table));
                onJoin(i.table);
              }}
              data-testid="invitation-join"
            >
              {t("friends.join")}
            </button>
            <button
              type="button"
              onClick={() => setShown((list) => dismissed(list, i.table))}
              data-testid="invitation-no"
            >
              {t("friends.noThanks")}
            </button>
          </div>
        </div>
      ))}
    </aside>
  );
}
