/**
 * Friends and blocks (docs/protocol.md, *Friends and blocks*): the routes of the player's own list,
 * and the few decisions the screens share about it. Friends are one-way (the people I added);
 * blocking someone also ends the friendship both ways, and the server keeps them from my tables,
 * my quick matches and my reactions.
 */

import type { BlockedPlayer as Blocked, Friend, FriendsAnswer as FriendList } from "@crossbones/protocol";
import type { T } from "../i18n";
import { call, type Guest } from "./api";

/** The shapes are the protocol's (one definition, the server's answers checked against it). */
export type { BlockedPlayer as Blocked, Friend, FriendsAnswer as FriendList } from "@crossbones/protocol";

/**
 * How often an open Friends list asks again who is online and where (ms): a friend sitting down
 * shows within this, and a lobby left open all day costs the server three requests a minute.
 */
export const FRIENDS_REFRESH_MS = 20_000;

export function friendsOf(guest: Guest): Promise<FriendList> {
  return call("/api/me/friends", {}, guest.token);
}

export async function addFriend(guest: Guest, id: string): Promise<Friend> {
  const body = JSON.stringify({ id });
  return (await call<{ friend: Friend }>("/api/me/friends", { method: "POST", body }, guest.token)).friend;
}

export async function removeFriend(guest: Guest, id: string): Promise<void> {
  await call(`/api/me/friends/${encodeURIComponent(id)}`, { method: "DELETE" }, guest.token);
}

export async function blockPlayer(guest: Guest, id: string): Promise<Blocked> {
  const body = JSON.stringify({ id });
  return (await call<{ blocked: Blocked }>("/api/me/blocks", { method: "POST", body }, guest.token)).blocked;
}

export async function unblockPlayer(guest: Guest, id: string): Promise<void> {
  await call(`/api/me/blocks/${encodeURIComponent(id)}`, { method: "DELETE" }, guest.token);
}

/** A friend's name as shown: a bot account's marked as a bot, as at a table. */
export function friendName(t: T, f: Pick<Friend, "name" | "bot">): string {
  return f.bot ? t("online.botName", { name: f.name }) : f.name;
}

/** Where player `id` stands with me: a friend, blocked, or neither. */
export function standing(list: FriendList, id: string): "friend" | "blocked" | "none" {
  if (list.friends.some((f) => f.id === id)) return "friend";
  return list.blocked.some((b) => b.id === id) ? "blocked" : "none";
}

/**
 * The friends I can invite to a table now: online (an invitation reaches only open sockets), and
 * not already seated there (`seated`: the player ids at the table), by name.
 */
export function invitable(friends: readonly Friend[], seated: readonly string[]): Friend[] {
  return friends
    .filter((f) => f.online && !seated.includes(f.id))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The Friends list in the order shown: online first (those at a table before them), then by name. */
export function shownOrder(friends: readonly Friend[]): Friend[] {
  const rank = (f: Friend) => (f.table !== null ? 0 : f.online ? 1 : 2);
  return [...friends].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

// What a change answered, put into the list on screen at once (the next refresh agrees with it).

export function withFriend(list: FriendList, friend: Friend): FriendList {
  return { friends: [...list.friends.filter((f) => f.id !== friend.id), friend], blocked: list.blocked };
}

export function withoutFriend(list: FriendList, id: string): FriendList {
  return { friends: list.friends.filter((f) => f.id !== id), blocked: list.blocked };
}

/** Blocking someone ends my friendship with them too (the server ends theirs with me). */
export function withBlocked(list: FriendList, blocked: Blocked): FriendList {
  return {
    friends: list.friends.filter((f) => f.id !== blocked.id),
    blocked: [...list.blocked.filter((b) => b.id !== blocked.id), blocked],
  };
}

export function withoutBlocked(list: FriendList, id: string): FriendList {
  return { friends: list.friends, blocked: list.blocked.filter((b) => b.id !== id) };
}
