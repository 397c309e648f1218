/**
 * A refusal from the server in the player's language: the server's own codes (a table that does
 * not exist, a seat taken, a restart) by their text here, the engine's through `refusalText`.
 */

import type { Refusal } from "@crossbones/engine";
import { SERVER_REFUSAL_CODES, type ServerRefusalCode, type WireRefusal } from "@crossbones/protocol";
import type { Key, T } from "../i18n";
import { refusalText } from "../view/refusalText";

const SERVER_TEXTS: Readonly<Record<ServerRefusalCode, Key>> = {
  "bad-message": "online.refusal.bad-message",
  "too-large": "online.refusal.too-large",
  "rate-limited": "online.refusal.rate-limited",
  "bad-protocol": "online.refusal.bad-protocol",
  "bad-token": "online.refusal.bad-token",
  "not-hello": "online.refusal.not-hello",
  "unknown-table": "online.refusal.unknown-table",
  "not-seated": "online.refusal.not-seated",
  "seat-taken": "online.refusal.seat-taken",
  "table-full": "online.refusal.table-full",
  "not-finished": "online.refusal.not-finished",
  "deal-made": "online.refusal.deal-made",
  "seed-given": "online.refusal.seed-given",
  "bad-setup": "online.refusal.bad-setup",
  "bad-origin": "online.refusal.bad-origin",
  "going-away": "online.refusal.going-away",
  "not-found": "online.refusal.not-found",
  "server-error": "online.refusal.server-error",
  "table-unavailable": "online.refusal.table-unavailable",
  "table-closed": "online.refusal.table-closed",
  "too-many-tables": "online.refusal.too-many-tables",
  "not-maker": "online.refusal.not-maker",
  "game-started": "online.refusal.game-started",
  "seat-empty": "online.refusal.seat-empty",
  removed: "online.refusal.removed",
  "no-table-talk": "online.refusal.no-table-talk",
  "already-hello": "online.refusal.already-hello",
  "watching-too-many": "online.refusal.watching-too-many",
  "table-crowded": "online.refusal.table-crowded",
  "name-too-like": "online.refusal.name-too-like",
  "passkey-failed": "online.refusal.passkey-failed",
  "unknown-passkey": "online.refusal.unknown-passkey",
  "too-many-passkeys": "online.refusal.too-many-passkeys",
  "game-in-play": "online.refusal.game-in-play",
  "too-many-friends": "online.refusal.too-many-friends",
  "too-many-blocks": "online.refusal.too-many-blocks",
  "signup-closed": "online.refusal.signup-closed",
  "signed-up": "online.refusal.signed-up",
  "not-signed-up": "online.refusal.not-signed-up",
  "check-in-closed": "online.refusal.check-in-closed",
  "partner-needed": "online.refusal.partner-needed",
  "partner-taken": "online.refusal.partner-taken",
  "tournament-full": "online.refusal.tournament-full",
  "too-many-tournaments": "online.refusal.too-many-tournaments",
  "tournaments-full": "online.refusal.tournaments-full",
  "bad-tournament": "online.refusal.bad-tournament",
  "duplicate-table": "online.refusal.duplicate-table",
  "time-up": "online.refusal.time-up",
  blocked: "online.refusal.blocked",
};

function isServerCode(code: string): code is ServerRefusalCode {
  return (SERVER_REFUSAL_CODES as readonly string[]).includes(code);
}

/** `refusal` in words; `name` names a seat. A guest's name or a country the server would not take says so. */
export function onlineRefusalText(t: T, refusal: WireRefusal, name: (seat: number) => string): string {
  if (refusal.code === "bad-message" && refusal.field === "name") return t("online.refusal.bad-name");
  if (refusal.code === "bad-message" && refusal.field === "country") return t("profile.badCountry");
  if (isServerCode(refusal.code)) return t(SERVER_TEXTS[refusal.code]);
  // The server's engine refusals carry the engine's parameters (the protocol checks the code).
  return refusalText(t, refusal as unknown as Refusal, name);
}
