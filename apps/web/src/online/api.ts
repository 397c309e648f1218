/**
 * The online HTTP routes (docs/protocol.md) and the guest identity kept on this device: a display
 * name and the token that makes this browser that player (any tab, after any reload).
 */

import { type Guest, guestAnswer, type TableSetup, type WireRefusal } from "@crossbones/protocol";

export type { Guest };

import { GUEST_KEY as KEY, WATCHER_KEY } from "./guestKey";

/** The guest this device plays as, if one was made here. */
export function savedGuest(): Guest | null {
  try {
    const value = guestAnswer.safeParse(JSON.parse(localStorage.getItem(KEY) ?? "null"));
    return value.success ? value.data : null;
  } catch {
    return null;
  }
}

/**
 * Forgets this device's guest of `token` (the server no longer takes it), unless another tab has
 * kept a newer one meanwhile (its *Sign out other devices*).
 */
export function forgetGuest(token: string): void {
  try {
    if (savedGuest()?.token === token) localStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Calls `listener` when another tab of this device keeps a guest (a new one, or a new key); returns the way to stop. */
export function onGuestKept(listener: (guest: Guest) => void): () => void {
  const onStorage = (e: StorageEvent) => {
    const guest = e.key === KEY ? savedGuest() : null;
    if (guest) listener(guest);
  };
  addEventListener("storage", onStorage);
  return () => removeEventListener("storage", onStorage);
}

/** Keeps `guest` as the one this device plays as (`watcher`: made only to watch). */
export function saveGuest(guest: Guest, watcher = false): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(guest));
    if (watcher) localStorage.setItem(WATCHER_KEY, guest.token);
    else localStorage.removeItem(WATCHER_KEY);
  } catch {
    // Private mode: the name lasts as long as the page.
  }
}

/** This device's guest was made only to watch: nobody has seen its name, and it has none of its own. */
export function isWatcher(guest: Guest): boolean {
  try {
    return localStorage.getItem(WATCHER_KEY) === guest.token;
  } catch {
    return false;
  }
}

/** A failed request: the server's refusal, or a network failure (`offline`). */
export class ApiError extends Error {
  constructor(readonly refusal: WireRefusal | null) {
    super(refusal?.message ?? "offline");
  }
}

/** A request to the server's API as `token` (none: nobody); its JSON answer (null for none), or an ApiError. */
export async function call<T>(path: string, init: RequestInit = {}, token?: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: {
        ...(init.body ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw new ApiError(null);
  }
  const body = (await response.json().catch(() => null)) as { error?: WireRefusal } | null;
  if (!response.ok) throw new ApiError(body?.error ?? null);
  return body as T;
}

/**
 * The guest another device plays as, from its key (that device's token, copied by the player):
 * the server says whose it is; kept on this device too.
 */
export async function guestFromKey(key: string): Promise<Guest> {
  const token = key.trim();
  const { player } = await call<{ player: Guest["player"] }>("/api/me", {}, token);
  const guest = { token, player };
  saveGuest(guest);
  return guest;
}

/**
 * A new guest with this name; kept on this device. A `watcher` is made to watch a table without
 * choosing a name (the server speaks only to guests); it chooses one before it takes a seat.
 */
export async function newGuest(name: string, watcher = false): Promise<Guest> {
  const guest = await call<Guest>("/api/guests", { method: "POST", body: JSON.stringify({ name }) });
  saveGuest(guest, watcher);
  return guest;
}

/**
 * *Sign out other devices*: a new key for this guest (`POST /api/me/key`); every older key is
 * refused from now on, and the server closes the sockets that said hello with one. Kept here.
 */
export async function newKey(guest: Guest): Promise<Guest> {
  const next = await call<Guest>("/api/me/key", { method: "POST" }, guest.token);
  saveGuest(next);
  return next;
}

export function createTable(guest: Guest, setup: TableSetup): Promise<{ code: string }> {
  return call("/api/tables", { method: "POST", body: JSON.stringify({ setup }) }, guest.token);
}

export function myTables(guest: Guest): Promise<{ tables: { code: string; status: string; created: number }[] }> {
  return call("/api/me/tables", {}, guest.token);
}

export interface FinishedGame {
  /** Its unguessable id (the link to its record). */
  readonly id: string;
  readonly code: string;
  readonly finished: number;
  readonly kind: string;
  readonly players: number;
  readonly names: readonly string[];
}

export function myGames(guest: Guest): Promise<{ games: FinishedGame[] }> {
  return call("/api/me/games", {}, guest.token);
}

/** A finished game's record, as text (to download or watch). */
export async function gameRecord(id: string): Promise<string> {
  return JSON.stringify(await call<unknown>(`/api/games/${id}`), null, 2);
}
