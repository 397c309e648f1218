/**
 * The lobby's *Friends* panel (docs/online.md, *Friends*): the people I added, each online or not
 * (said in words beside the dot) and, when they sit at a public table, *Watch* or *Join* it; remove
 * or block each; and the players I blocked, with *Unblock*. Asked again every FRIENDS_REFRESH_MS
 * while the lobby shows.
 */

import type { T } from "../i18n";
import { PlayerLink } from "../ratings/PlayerLink";
import type { Guest } from "./api";
import { AttemptNotice, useAttempt } from "./attempt";
import { type Blocked, FRIENDS_REFRESH_MS, type Friend, friendName, shownOrder } from "./friends";
import { useFriends } from "./useFriends";
import "./friends.css";

export function Friends({
  t,
  guest,
  onJoin,
  onWatch,
  onProfile,
}: {
  t: T;
  guest: Guest;
  /** Opens a table to sit at it (its open seats offered, as for a code). */
  onJoin: (code: string) => void;
  /** Opens a table to watch it. */
  onWatch: (code: string) => void;
  onProfile: (id: string) => void;
}) {
  const friends = useFriends(guest, FRIENDS_REFRESH_MS);
  const { busy, outcome, attempt } = useAttempt(t, guest.player.name);

  const remove = (f: Friend) => attempt(() => friends.remove(f.id), t("friends.removed", { name: f.name }));
  const block = (f: Friend) => attempt(() => friends.block(f.id), t("friends.blockedDone", { name: f.name }));
  const unblock = (b: Blocked) => attempt(() => friends.unblock(b.id), t("friends.unblocked", { name: b.name }));
  const { list, failed } = friends;

  return (
    <section class="card online-friends" aria-labelledby="friends-title" data-testid="friends">
      <h2 id="friends-title">{t("friends.title")}</h2>
      {list === null && !failed && <p class="loading">{t("loading")}</p>}
      {failed && (
        <p class="error" role="alert">
          {t("online.offlineError")}
        </p>
      )}
      {list !== null && list.friends.length === 0 && <p>{t("friends.none")}</p>}
      {list !== null && list.friends.length > 0 && (
        <ul class="friends-list">
          {shownOrder(list.friends).map((f) => (
            <li key={f.id} data-testid="friend" data-friend={f.id}>
              <span class="friend-who">
                <span class={`friend-dot ${f.online ? "on" : ""}`} aria-hidden="true" />
                <PlayerLink id={f.id} onOpen={onProfile}>
                  {friendName(t, f)}
                </PlayerLink>{" "}
                <span class="friend-state" data-testid="friend-state">
                  {t(f.online ? "friends.online" : "online.offline")}
                </span>
              </span>
              {f.table !== null && (
                <span class="friend-table" data-testid="friend-table">
                  {t("friends.atTable", { code: f.table })}{" "}
                  <button
                    type="button"
                    class="small"
                    onClick={() => onWatch(f.table as string)}
                    aria-label={t("friends.watchName", { name: f.name })}
                  >
                    {t("friends.watch")}
                  </button>{" "}
                  <button
                    type="button"
                    class="small primary"
                    onClick={() => onJoin(f.table as string)}
                    aria-label={t("friends.joinName", { name: f.name })}
                  >
                    {t("friends.join")}
                  </button>
                </span>
              )}
              <span class="friend-actions">
                <button
                  type="button"
                  class="small"
                  disabled={busy}
                  onClick={() => void remove(f)}
                  aria-label={t("friends.removeName", { name: f.name })}
                >
                  {t("friends.remove")}
                </button>{" "}
                <button
                  type="button"
                  class="small danger"
                  disabled={busy}
                  onClick={() => void block(f)}
                  aria-label={t("friends.blockName", { name: f.name })}
                >
                  {t("friends.block")}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {list !== null && list.blocked.length > 0 && (
        <>
          <h3 id="blocked-title">{t("friends.blocked")}</h3>
          <ul class="friends-list" aria-labelledby="blocked-title">
            {list.blocked.map((b) => (
              <li key={b.id} data-testid="blocked" data-blocked={b.id}>
                <span>{b.name}</span>
                <button
                  type="button"
                  class="small"
                  disabled={busy}
                  onClick={() => void unblock(b)}
                  aria-label={t("friends.unblockName", { name: b.name })}
                >
                  {t("friends.unblock")}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <AttemptNotice outcome={outcome} testId="friends" />
    </section>
  );
}
