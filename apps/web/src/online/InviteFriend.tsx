/**
 * *Invite a friend*, in the waiting room of a table the player sits at: the friends online now
 * (asked for when the list is opened, so it is fresh), each with *Invite*, which sends `invite`;
 * the invitation shows on every screen they have open. A refusal comes back as any refusal of
 * the table does, and the table says it.
 */

import { useState } from "preact/hooks";
import type { T } from "../i18n";
import type { Guest } from "./api";
import type { OnlineClient } from "./client";
import { friendName, invitable } from "./friends";
import { useFriends } from "./useFriends";
import "./friends.css";

interface InviteProps {
  readonly t: T;
  readonly guest: Guest;
  readonly client: OnlineClient;
  readonly code: string;
  /** The player ids seated at the table (no use inviting them). */
  readonly seated: readonly string[];
}

export function InviteFriend(props: InviteProps) {
  const [open, setOpen] = useState(false);
  return (
    <div class="invite-friend">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="invite-friend">
        {props.t("friends.invite")}
      </button>
      {open && <OnlineFriends {...props} />}
    </div>
  );
}

function OnlineFriends({ t, guest, client, code, seated }: InviteProps) {
  const { list, failed } = useFriends(guest);
  const [sent, setSent] = useState<string | null>(null);
  if (failed)
    return (
      <p class="error" role="alert">
        {t("online.offlineError")}
      </p>
    );
  if (list === null) return <p class="loading">{t("loading")}</p>;
  const friends = invitable(list.friends, seated);
  return (
    <>
      {friends.length === 0 ? (
        <p>{t("friends.noneOnline")}</p>
      ) : (
        <ul class="friends-list" data-testid="invite-list">
          {friends.map((f) => (
            <li key={f.id}>
              <span>{friendName(t, f)}</span>
              <button
                type="button"
                class="small primary"
                onClick={() => {
                  client.invite(code, f.id);
                  setSent(f.name);
                }}
                aria-label={t("friends.inviteName", { name: f.name })}
                data-testid={`invite-${f.id}`}
              >
                {t("friends.inviteButton")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" data-testid="invite-sent">
        {sent === null ? "" : t("friends.inviteSent", { name: sent })}
      </p>
    </>
  );
}
