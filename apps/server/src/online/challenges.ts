/**
 * A passkey ceremony's challenge, kept by nobody: the challenge is itself a sealed note (tokens.ts,
 * `seal`) of what it is for (adding a passkey, or signing in), whose it is (the player adding one;
 * none to sign in) and until when it holds, with a random nonce. The ceremony's second request
 * brings it back inside the authenticator's signed client data, and any process of a cluster, or
 * the same one after a restart, reads it again without a session or a table of challenges.
 *
 * What it gives up: a challenge can be answered again until it expires (CHALLENGE_MS). An answer
 * is signed by the authenticator for this site's origin only, so only whoever already holds it
 * (the player's own browser) could send it twice; a passkey whose authenticator keeps a counter is
 * refused when it does not go up (passkeys.ts).
 */

import { randomBytes } from "node:crypto";
import type { Tokens } from "./tokens.js";

/** How long a ceremony may take, from its options to its answer (the browser's own timeout is 60 s). */
export const CHALLENGE_MS = 5 * 60_000;

/** What a challenge is for: adding a passkey to a player, or signing in with one. */
export type Purpose = "add" | "sign-in";

/** Its first field: a version, should the note's form ever change. */
const V1 = "c1";

export class Challenges {
  constructor(
    private readonly tokens: Tokens,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new challenge for `purpose` by `player` (null: signing in, nobody yet), as the text the browser signs. */
  make(purpose: Purpose, player: string | null): string {
    const nonce = randomBytes(16).toString("base64url");
    return this.tokens.seal(`${V1}.${purpose}.${player ?? "-"}.${this.now() + CHALLENGE_MS}.${nonce}`);
  }

  /** Whether `challenge` is one this server made for `purpose` by `player`, and has not expired. */
  holds(challenge: string, purpose: Purpose, player: string | null): boolean {
    const text = this.tokens.unseal(challenge);
    const fields = text?.split(".") ?? [];
    if (fields.length !== 5 || fields[0] !== V1) return false;
    const [, what, whose, until] = fields;
    return what === purpose && whose === (player ?? "-") && /^[0-9]{1,15}$/.test(until) && Number(until) > this.now();
  }
}
