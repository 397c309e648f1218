/**
 * The little of Web Crypto a deal needs (SHA-256, HMAC-SHA256, random bytes), typed here so the
 * package builds without the DOM's or Node's type libraries: browsers, Node ≥ 20 and the CLI all
 * have `globalThis.crypto`. Browsers give `crypto.subtle` only to secure pages (https, localhost).
 */

interface Subtle {
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
  importKey(
    format: "raw",
    key: Uint8Array,
    algorithm: { name: "HMAC"; hash: "SHA-256" },
    extractable: false,
    usages: ["sign"],
  ): Promise<unknown>;
  sign(algorithm: "HMAC", key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}

interface WebCrypto {
  readonly subtle?: Subtle;
  getRandomValues<T extends Uint8Array>(array: T): T;
}

function webCrypto(): WebCrypto {
  const c = (globalThis as { crypto?: WebCrypto }).crypto;
  if (!c) throw new Error("this environment has no Web Crypto");
  return c;
}

/** Web Crypto's digests, or an error saying why they are missing. */
function subtle(): Subtle {
  const s = webCrypto().subtle;
  if (!s) throw new Error("deals can only be checked on a secure page (https or localhost)");
  return s;
}

/** Whether deals can be checked here (a browser on a plain http page cannot). */
export function canCheck(): boolean {
  return (globalThis as { crypto?: WebCrypto }).crypto?.subtle !== undefined;
}

/** 32 bytes as 64 lowercase hex digits: a secret, a seed, a commitment. */
export const HEX32 = /^[0-9a-f]{64}$/;

export function toHex(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}

export function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** 32 fresh random bytes in hex: a server's secret or a player's seed. */
export function randomHex32(): string {
  return toHex(webCrypto().getRandomValues(new Uint8Array(32)));
}

export async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest("SHA-256", data));
}

/** HMAC-SHA256 of each message under one key. */
export async function hmacSha256(key: Uint8Array, messages: readonly Uint8Array[]): Promise<Uint8Array[]> {
  const s = subtle();
  const k = await s.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return Promise.all(messages.map(async (m) => new Uint8Array(await s.sign("HMAC", k, m))));
}
