/**
 * The invitations showing on this device (pure): each `invited` message the socket brings, until
 * the player joins or says no. A second invitation to the same table replaces the first, and only
 * the latest few stay, so a friend who taps *Invite* again cannot fill the screen.
 */

import type { ServerMessage } from "@crossbones/protocol";

export type Invitation = Extract<ServerMessage, { t: "invited" }>;

/** The most invitations shown at once (the oldest goes first). */
export const MAX_INVITATIONS = 3;

export function received(shown: readonly Invitation[], invitation: Invitation): Invitation[] {
  return [...shown.filter((i) => i.table !== invitation.table), invitation].slice(-MAX_INVITATIONS);
}

export function dismissed(shown: readonly Invitation[], table: string): Invitation[] {
  return shown.filter((i) => i.table !== table);
}
