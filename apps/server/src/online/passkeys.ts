/**
 * Passkeys (WebAuthn, @simplewebauthn/server): a player adds one to become an account, and signs
 * in with it on any device. Discoverable credentials (`residentKey: "required"`): signing in names
 * nobody first, the authenticator offers the passkeys it holds for this site and says whose the
 * chosen one is. User verification is asked for, not required (`preferred`): a security key
 * without a PIN still proves the player holds it. Challenges are sealed notes (challenges.ts), so
 * any process answers any step. The bodies' shapes are the browser's JSON (@simplewebauthn/browser).
 */

import type { WireRefusal } from "@crossbones/protocol";
import { serverRefusal } from "@crossbones/protocol";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { z } from "zod";
import { Challenges, type Purpose } from "./challenges.js";
import type { Player } from "./hub.js";
import type { PasskeyInfo, Store } from "./store.js";
import type { Tokens } from "./tokens.js";

/** Passkeys one account may hold: enough for every device a person has, not a store to fill. */
export const MAX_PASSKEYS = 10;

/** Who the passkeys are for: the site's host name (`id`) and the origin the browser signs (`origin`). */
export interface RelyingParty {
  readonly id: string;
  readonly origin: string;
}

/**
 * The relying party of a request: `publicOrigin` (PUBLIC_ORIGIN) when set, else the origin the
 * request was made to (its scheme, as a trusted proxy says, and its Host). A browser makes and uses
 * a passkey only for the page's own host, so an origin from the Host header can only be the page's.
 */
export function relyingParty(publicOrigin: string | undefined, req: { protocol: string; host: string }): RelyingParty {
  const origin = publicOrigin ?? `${req.protocol}://${req.host}`;
  return { id: new URL(origin).hostname, origin };
}

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);
/** A credential id: at most 1,023 bytes (WebAuthn), in base64url. */
const credentialId = base64url(1364);
/** What the browser adds of extensions (credProps for a new passkey); kept by nobody. */
const extensionResults = z.record(z.string().max(32), z.unknown());
const attachment = z.enum(["platform", "cross-platform"]);

export const registrationResponse = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  response: z.strictObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(8192),
    authenticatorData: base64url(4096).optional(),
    transports: z.array(z.string().max(16)).max(8).optional(),
    publicKeyAlgorithm: z.int().optional(),
    publicKey: base64url(2048).optional(),
  }),
  authenticatorAttachment: attachment.optional(),
  clientExtensionResults: extensionResults,
  type: z.literal("public-key"),
});

export const authenticationResponse = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  response: z.strictObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: attachment.optional(),
  clientExtensionResults: extensionResults,
  type: z.literal("public-key"),
});

/** An outcome a route sends as it is: the value, or a refusal with its HTTP status. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; refusal: WireRefusal };

const failed = (reason: string): Outcome<never> => ({
  ok: false,
  status: 400,
  refusal: serverRefusal("passkey-failed", { reason }),
});

/**
 * The text of bytes the browser sends in base64url: a challenge (the note, as the bytes it was
 * given) or a user handle (the player's id).
 */
const textOf = (base64: string) => Buffer.from(base64, "base64url").toString("utf8");

export class Passkeys {
  private readonly challenges: Challenges;

  constructor(
    private readonly store: Store,
    private readonly tokens: Tokens,
    private readonly now: () => number = Date.now,
  ) {
    this.challenges = new Challenges(tokens, now);
  }

  /** What the browser needs to make a passkey for `player` (not again on an authenticator that holds one). */
  async addOptions(player: Player, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const held = await this.store.passkeysOf(player.id);
    return generateRegistrationOptions({
      rpName: "Crossbones",
      rpID: rp.id,
      userName: player.name,
      userDisplayName: player.name,
      // The user handle an authenticator gives back at each sign-in: the player's id.
      userID: new TextEncoder().encode(player.id),
      challenge: this.challenges.make("add", player.id),
      attestationType: "none",
      excludeCredentials: held.map((p) => ({ id: p.id })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
  }

  /** Checks a new passkey of `player`'s and keeps it (the first makes them an account). */
  async add(
    player: Player,
    response: RegistrationResponseJSON,
    name: string,
    rp: RelyingParty,
  ): Promise<Outcome<PasskeyInfo>> {
    if ((await this.store.passkeysOf(player.id)).length >= MAX_PASSKEYS) {
      return { ok: false, status: 409, refusal: serverRefusal("too-many-passkeys", { limit: MAX_PASSKEYS }) };
    }
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: this.expects("add", player.id),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
    } catch {
      return failed("not-verified");
    }
    if (!verified.verified) return failed("not-verified");
    const { credential } = verified.registrationInfo;
    if ((await this.store.passkey(credential.id)) !== null) return failed("known");
    const now = this.now();
    await this.store.addPasskey(
      {
        id: credential.id,
        player: player.id,
        name,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
      },
      now,
    );
    return { ok: true, value: { id: credential.id, name, created: now, used: null } };
  }

  /** What the browser needs to sign in: no passkeys named (the authenticator offers those it holds). */
  signInOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return generateAuthenticationOptions({
      rpID: rp.id,
      challenge: this.challenges.make("sign-in", null),
      userVerification: "preferred",
    });
  }

  /** The player a passkey's answer proves, with their current token (as their key would give). */
  async signIn(
    response: AuthenticationResponseJSON,
    rp: RelyingParty,
  ): Promise<Outcome<{ token: string; player: Player }>> {
    const passkey = await this.store.passkey(response.id);
    if (passkey === null) return { ok: false, status: 401, refusal: serverRefusal("unknown-passkey") };
    const handle = response.response.userHandle;
    if (handle !== undefined && textOf(handle) !== passkey.player) return failed("not-verified");
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: this.expects("sign-in", null),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        // The counter is checked by the store, in the same statement that keeps the new one.
        credential: { id: passkey.id, publicKey: passkey.publicKey, counter: 0, transports: [...passkey.transports] },
        requireUserVerification: false,
      });
    } catch {
      return failed("not-verified");
    }
    if (!verified.verified) return failed("not-verified");
    if (!(await this.store.usePasskey(passkey.id, verified.authenticationInfo.newCounter, this.now()))) {
      return failed("counter");
    }
    const player = await this.store.player(passkey.player);
    if (player === null) return { ok: false, status: 401, refusal: serverRefusal("unknown-passkey") };
    return {
      ok: true,
      value: {
        token: this.tokens.tokenFor(passkey.player, player.key),
        player: { id: passkey.player, name: player.name },
      },
    };
  }

  /** The check of a ceremony's challenge, as the verifier calls it with the challenge the browser signed. */
  private expects(purpose: Purpose, player: string | null): (challenge: string) => boolean {
    return (challenge) => this.challenges.holds(textOf(challenge), purpose, player);
  }
}
