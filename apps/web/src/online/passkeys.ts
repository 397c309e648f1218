/**
 * Accounts (docs/protocol.md, *Accounts*): passkeys made and used by the browser's own WebAuthn
 * (@simplewebauthn/browser turns the server's options into the browser's call and its answer
 * back into JSON), the data the server keeps about a player, and deleting the account.
 */

import { browserSupportsWebAuthn, startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { call, forgetGuest, type Guest, saveGuest } from "./api";

export interface PasskeyInfo {
  readonly id: string;
  readonly name: string;
  readonly created: number;
  /** The last sign-in with it (null: none yet). */
  readonly used: number | null;
}

export interface Passkeys {
  /** Since when the player is an account (null: a guest). */
  readonly account: number | null;
  readonly passkeys: readonly PasskeyInfo[];
}

/** Whether this browser can make and use passkeys at all (an old one, or a page not served securely, cannot). */
export const passkeysWork = (): boolean => browserSupportsWebAuthn();

export function passkeysOf(guest: Guest): Promise<Passkeys> {
  return call("/api/me/passkeys", {}, guest.token);
}

/**
 * Makes a passkey for `guest` on this device (the browser asks the player) and adds it; the
 * first makes the guest an account. Rejects with an ApiError (the server's refusal) or the
 * browser's error (the player cancelled, or the device already holds one of theirs).
 */
export async function addPasskey(guest: Guest): Promise<void> {
  const optionsJSON = await call<Parameters<typeof startRegistration>[0]["optionsJSON"]>(
    "/api/me/passkeys/options",
    { method: "POST" },
    guest.token,
  );
  const response = await startRegistration({ optionsJSON });
  await call(
    "/api/me/passkeys",
    { method: "POST", body: JSON.stringify({ response, name: deviceName() }) },
    guest.token,
  );
}

export async function removePasskey(guest: Guest, id: string): Promise<void> {
  await call(`/api/me/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" }, guest.token);
}

/** The player a passkey of this device (or a phone nearby) is for, kept on this device as a key would be. */
export async function signInWithPasskey(): Promise<Guest> {
  const optionsJSON = await call<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(
    "/api/passkeys/sign-in/options",
    { method: "POST" },
  );
  const response = await startAuthentication({ optionsJSON });
  const guest = await call<Guest>("/api/passkeys/sign-in", { method: "POST", body: JSON.stringify({ response }) });
  saveGuest(guest);
  return guest;
}

/** Everything the server keeps about `guest`, as the JSON text to save. */
export async function myData(guest: Guest): Promise<string> {
  return JSON.stringify(await call<unknown>("/api/me/data", {}, guest.token), null, 2);
}

/** Deletes the account for good; this device forgets it. */
export async function deleteAccount(guest: Guest): Promise<void> {
  await call("/api/me", { method: "DELETE" }, guest.token);
  forgetGuest(guest.token);
}

/**
 * What a new passkey is called in the player's list: the kind of device it was made on, so that
 * "iPhone" and "Windows" can be told apart when one is to be removed.
 */
function deviceName(): string {
  const agent = navigator.userAgent;
  const known = ["iPhone", "iPad", "Android", "Windows", "Mac", "CrOS", "Linux"].find((d) => agent.includes(d));
  const device = known === "CrOS" ? "Chromebook" : (known ?? "Browser");
  const browser = ["Edg", "Firefox", "Chrome", "Safari"].find((b) => agent.includes(b));
  return browser ? `${device} · ${browser === "Edg" ? "Edge" : browser}` : device;
}
