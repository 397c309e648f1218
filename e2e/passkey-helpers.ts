/**
 * Passkeys in Chromium's virtual authenticator (CDP `WebAuthn`), for the tests that make an
 * account and sign in with it elsewhere (passkeys.spec.ts, friends.spec.ts).
 */

import type { BrowserContext, Page } from "@playwright/test";
import { expect } from "./fixtures";
import type { Guest } from "./online-api";

/** A platform authenticator that holds discoverable passkeys and verifies its user (a fingerprint, say). */
export async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

export type VirtualAuthenticator = Awaited<ReturnType<typeof virtualAuthenticator>>;

/**
 * Gives `to` a copy of the one passkey `from` holds, as a synced passkey reaches another device;
 * the passkey is returned for a test to look at.
 */
export async function copyPasskey(from: VirtualAuthenticator, to: VirtualAuthenticator) {
  const { credentials } = await from.cdp.send("WebAuthn.getCredentials", { authenticatorId: from.authenticatorId });
  expect(credentials).toHaveLength(1);
  await to.cdp.send("WebAuthn.addCredential", { authenticatorId: to.authenticatorId, credential: credentials[0] });
  return credentials[0];
}

/** The guest a page keeps (crossbones/guest). */
export async function kept(page: Page): Promise<Guest | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("crossbones/guest") ?? "null"));
}
