/**
 * What can be done with another person at a table: add them as a friend, open their profile. In
 * the seat list (the waiting room, a table seen from outside) their name is a button that opens a
 * small menu, in the page only while open (Escape closes it and gives the focus back to the name);
 * during a game the same two are in the table's menu. Only people whose player id the table says
 * (not bots, not oneself), and only for a device that plays as someone.
 */

import type { SeatInfo, TableInfo } from "@crossbones/protocol";
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { T } from "../i18n";
import { PlayerLink } from "../ratings/PlayerLink";
import { AttemptNotice, useAttempt } from "./attempt";
import { standing } from "./friends";
import { nameOf } from "./Seats";
import type { Friends } from "./useFriends";
import "./friends.css";

/** The other people at a table whose player id is known, with it. */
function others(info: TableInfo): (SeatInfo & { player: string })[] {
  return info.seats.filter(
    (s): s is SeatInfo & { player: string } => s.kind === "human" && s.seat !== info.you && s.player !== undefined,
  );
}

/** Whether `id` is my friend; null when that is not known (or they are blocked): nothing offered. */
function friendOf(friends: Friends, id: string): boolean | null {
  if (friends.list === null) return null;
  const now = standing(friends.list, id);
  return now === "blocked" ? null : now === "friend";
}

/** A seat list's `person`: another person's name as a PlayerMenu, when the table says who they are. */
export function seatPerson(
  t: T,
  info: TableInfo,
  friends: Friends,
  onProfile: (id: string) => void,
): (seat: SeatInfo) => ComponentChildren | null {
  return (seat) => {
    const s = others(info).find((o) => o.seat === seat.seat);
    if (s === undefined || friends.list === null) return null;
    return (
      <PlayerMenu
        t={t}
        id={s.player}
        name={s.name}
        shown={nameOf(info, s.seat, t)}
        friend={friendOf(friends, s.player)}
        onAdd={() => friends.add(s.player)}
        onProfile={onProfile}
      />
    );
  };
}

/**
 * The same, for the table's menu during a game: per other person, *Add Ben as a friend* (until he
 * is one) and *Ben's profile*. A refusal goes to `onFailed`, for the table to say as it says its own.
 */
export function PeopleEntries({
  t,
  info,
  friends,
  onProfile,
  onFailed,
}: {
  t: T;
  info: TableInfo;
  friends: Friends;
  onProfile: (id: string) => void;
  onFailed: (err: unknown) => void;
}) {
  if (friends.list === null) return null;
  return (
    <>
      {others(info).map((s) => (
        <span key={s.seat} class="people-entry">
          {friendOf(friends, s.player) === false && (
            <button
              type="button"
              onClick={() => friends.add(s.player).catch(onFailed)}
              data-testid={`add-friend-${s.seat}`}
            >
              {t("friends.addName", { name: s.name })}
            </button>
          )}
          <PlayerLink id={s.player} onOpen={onProfile}>
            {t("friends.profileOf", { name: s.name })}
          </PlayerLink>
        </span>
      ))}
    </>
  );
}

function PlayerMenu({
  t,
  id,
  name,
  shown,
  friend,
  onAdd,
  onProfile,
}: {
  t: T;
  id: string;
  /** The player's name, for the menu's words. */
  name: string;
  /** The name as the seat shows it. */
  shown: string;
  /** Already my friend (null: not known, so not offered). */
  friend: boolean | null;
  onAdd: () => Promise<void>;
  onProfile: (id: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { busy, outcome, attempt } = useAttempt(t, name);
  const menuId = `player-menu-${id}`;
  // Open, it closes on Escape (the focus back on the name) and on a click anywhere else.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onClick = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [open]);
  return (
    <span class="player-menu" ref={box}>
      <button
        ref={toggle}
        type="button"
        class="player-name"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        data-testid="player-menu"
      >
        {shown}
      </button>
      {open && (
        <span class="player-menu-list" id={menuId}>
          {friend === true && <span class="friend-tag">{t("friends.isFriend")}</span>}
          {friend === false && (
            <button
              type="button"
              class="small primary"
              disabled={busy}
              onClick={() => void attempt(onAdd, t("friends.added", { name }))}
              data-testid="player-add-friend"
            >
              {t("friends.add")}
            </button>
          )}
          <PlayerLink id={id} onOpen={onProfile}>
            <span aria-hidden="true">{t("friends.profile")}</span>
            <span class="visually-hidden">{t("friends.profileOf", { name })}</span>
          </PlayerLink>
          <AttemptNotice outcome={outcome} testId="player" inline />
        </span>
      )}
    </span>
  );
}
