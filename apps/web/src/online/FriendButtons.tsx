/**
 * *Add friend* (then *Friends ✓* and *Remove*) and *Block* (then *Unblock*) on
 * another player's profile, as the player this device plays as. Nothing shows on one's own
 * profile, nor on a device that plays as nobody yet (or only watched, without a name).
 */

import type { T } from "../i18n";
import { type Guest, isWatcher, savedGuest } from "./api";
import { AttemptNotice, useAttempt } from "./attempt";
import { standing } from "./friends";
import { useFriends } from "./useFriends";
import "./friends.css";

export function FriendButtons({ t, id, name }: { t: T; id: string; name: string }) {
  const guest = savedGuest();
  if (guest === null || isWatcher(guest) || guest.player.id === id) return null;
  return <Buttons t={t} guest={guest} id={id} name={name} />;
}

function Buttons({ t, guest, id, name }: { t: T; guest: Guest; id: string; name: string }) {
  const friends = useFriends(guest);
  const { busy, outcome, attempt } = useAttempt(t, guest.player.name);
  if (friends.list === null) return null;
  const now = standing(friends.list, id);
  const toggleBlock = () =>
    now === "blocked"
      ? attempt(() => friends.unblock(id), t("friends.unblocked", { name }))
      : attempt(() => friends.block(id), t("friends.blockedDone", { name }));
  return (
    <div class="friend-buttons" data-testid="friend-buttons">
      <div class="buttons">
        {now === "none" && (
          <button
            type="button"
            class="primary"
            disabled={busy}
            onClick={() => void attempt(() => friends.add(id), t("friends.added", { name }))}
            data-testid="add-friend"
          >
            {t("friends.add")}
          </button>
        )}
        {now === "friend" && (
          <>
            <span class="friend-tag" data-testid="is-friend">
              {t("friends.isFriend")}
            </span>
            <button
              type="button"
              disabled={busy}
              onClick={() => void attempt(() => friends.remove(id), t("friends.removed", { name }))}
              aria-label={t("friends.removeName", { name })}
              data-testid="remove-friend"
            >
              {t("friends.remove")}
            </button>
          </>
        )}
        <button
          type="button"
          class={now === "blocked" ? undefined : "danger"}
          disabled={busy}
          onClick={() => void toggleBlock()}
          data-testid="block"
        >
          {t(now === "blocked" ? "friends.unblock" : "friends.block")}
        </button>
      </div>
      <AttemptNotice outcome={outcome} testId="friend" />
    </div>
  );
}
