/**
 * The player's friends and blocks as a screen holds them: loaded when it opens, asked again every
 * `refreshMs` while it shows (none: once), and changed at once by what an add, remove, block or
 * unblock answered, so the screen never waits for the next refresh to show what the player did.
 */

import { useEffect, useState } from "preact/hooks";
import { ApiError, type Guest } from "./api";
import {
  addFriend,
  blockPlayer,
  type FriendList,
  friendsOf,
  removeFriend,
  unblockPlayer,
  withBlocked,
  withFriend,
  withoutBlocked,
  withoutFriend,
} from "./friends";

export interface Friends {
  /** Null until the first answer. */
  readonly list: FriendList | null;
  /** The last request for the list failed. */
  readonly failed: boolean;
  /** Each change rejects with an ApiError when the server refused it (or could not be reached). */
  readonly add: (id: string) => Promise<void>;
  readonly remove: (id: string) => Promise<void>;
  readonly block: (id: string) => Promise<void>;
  readonly unblock: (id: string) => Promise<void>;
}

/** `guest` null: nobody to ask for (a device that only watches); the list stays null. */
export function useFriends(guest: Guest | null, refreshMs: number | null = null): Friends {
  const [list, setList] = useState<FriendList | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (guest === null) return;
    let live = true;
    const load = () =>
      friendsOf(guest).then(
        (l) => {
          if (!live) return;
          setList(l);
          setFailed(false);
        },
        () => live && setFailed(true),
      );
    void load();
    // A hidden tab asks nothing: the next tick that finds it shown asks.
    const timer =
      refreshMs === null ? undefined : setInterval(() => document.visibilityState === "visible" && load(), refreshMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [guest?.token, refreshMs]);
  const change = (update: (l: FriendList) => FriendList) => setList((l) => l && update(l));
  /** A change made as the player (with nobody to make it as, refused as a request would be). */
  const as = (work: (g: Guest) => Promise<void>) => (guest === null ? Promise.reject(new ApiError(null)) : work(guest));
  return {
    list,
    failed,
    add: (id) =>
      as(async (g) => {
        const friend = await addFriend(g, id);
        change((l) => withFriend(l, friend));
      }),
    remove: (id) =>
      as(async (g) => {
        await removeFriend(g, id);
        change((l) => withoutFriend(l, id));
      }),
    block: (id) =>
      as(async (g) => {
        const blocked = await blockPlayer(g, id);
        change((l) => withBlocked(l, blocked));
      }),
    unblock: (id) =>
      as(async (g) => {
        await unblockPlayer(g, id);
        change((l) => withoutBlocked(l, id));
      }),
  };
}
