/**
 * A software authenticator for the passkey tests: one ES256 passkey, made and used as a browser's
 * authenticator would (attestation "none", user present and verified), answering the server's
 * options with the JSON @simplewebauthn/browser sends. Its counter and origin are the test's to
 * set, so that a copied authenticator or another site can be played.
 */

import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64 = (data: Uint8Array) => Buffer.from(data).toString("base64url");

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftAuthenticator {
  readonly id = randomBytes(16);
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  /** The signature counter it says at its next use (0 every time: an authenticator without one). */
  counter = 1;
  /** The user handle it was given with its passkey. */
  private userHandle = "";

  constructor(
    /** The page's origin the browser puts in the client data. */
    public origin: string,
  ) {}

  get credentialId(): string {
    return b64(this.id);
  }

  /** The browser's answer to `navigator.credentials.create` with `options`. */
  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? "", "base64url")],
      [-3, Buffer.from(jwk.y ?? "", "base64url")],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.id, isoCBOR.encode(cose)]);
    const authData = Buffer.concat([this.authData(options.rp.id ?? "", UP | UV | AT), attested]);
    const attestation = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, never>()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      response: {
        clientDataJSON: this.clientData("webauthn.create", options.challenge),
        attestationObject: b64(attestation),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      type: "public-key",
    };
  }

  /** The browser's answer to `navigator.credentials.get` with `options`. */
  signIn(options: PublicKeyCredentialRequestOptionsJSON): AuthenticationResponseJSON {
    const authData = this.authData(options.rpId ?? "", UP | UV);
    const clientData = this.clientData("webauthn.get", options.challenge);
    const signature = sign("sha256", Buffer.concat([authData, sha256(Buffer.from(clientData, "base64url"))]), {
      key: this.keys.privateKey,
    });
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      response: {
        clientDataJSON: clientData,
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      type: "public-key",
    };
  }

  private authData(rpId: string, flags: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    if (this.counter > 0) this.counter++;
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter]);
  }

  private clientData(type: string, challenge: string): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })).toString(
      "base64url",
    );
  }
}
