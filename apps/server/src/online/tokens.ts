/**
 * Guest identities: a player is a random id and a display name; their token is the id and its
 * key generation signed with the server's secret (HMAC-SHA256), so a token cannot be forged or
 * guessed, and any tab or device holding it is that player until they sign out other devices: the
 * store's key generation then goes up and every token of an older one is refused. The secret is
 * made on first start and kept by the store (a file beside SQLite's, or a row in PostgreSQL that
 * every process of a cluster reads). Tokens of generation 0 made before generations existed
 * (`g1.ID.SIG`) stay valid until their player first signs out other devices.
 */

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Tokens before key generations (generation 0), and with them. */
const V1 = "g1";
const V2 = "g2";

export class Tokens {
  private readonly secret: Buffer;

  /** `secret`: at least 32 random bytes, in hex. */
  constructor(secret: string) {
    this.secret = Buffer.from(secret, "hex");
    if (this.secret.length < 32) throw new Error("the token secret must be at least 32 random bytes in hex");
  }

  private sign(text: string): string {
    return createHmac("sha256", this.secret).update(text).digest("base64url");
  }

  /** A new player id and its token. */
  issue(): { id: string; token: string } {
    const id = randomBytes(16).toString("base64url");
    return { id, token: this.tokenFor(id, 0) };
  }

  /** Player `id`'s token of key generation `key`. */
  tokenFor(id: string, key: number): string {
    return `${V2}.${id}.${key}.${this.sign(`${V2}.${id}.${key}`)}`;
  }

  /** The player id and key generation a token proves, or null for anything else. */
  verify(token: string): { id: string; key: number } | null {
    const parts = token.split(".");
    const id = parts[1] ?? "";
    if (!/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
    if (parts.length === 3 && parts[0] === V1) return this.same(parts[2], `${V1}.${id}`) ? { id, key: 0 } : null;
    if (parts.length !== 4 || parts[0] !== V2 || !/^(0|[1-9][0-9]{0,8})$/.test(parts[2])) return null;
    return this.same(parts[3], `${V2}.${id}.${parts[2]}`) ? { id, key: Number(parts[2]) } : null;
  }

  /** Whether `signature` is `text`'s, in constant time. */
  private same(signature: string, text: string): boolean {
    const expected = Buffer.from(this.sign(text));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * `text` with the server's signature: a value only this server (or another process of its
   * cluster) can have made, that it takes back without keeping anything (a passkey's challenge).
   * Signed under a prefix of its own, so that no sealed value is ever a token or a deal's id.
   */
  seal(text: string): string {
    return `${text}.${this.sign(`seal.${text}`)}`;
  }

  /** The text of a value `seal` made, or null for anything else. */
  unseal(value: string): string | null {
    const dot = value.lastIndexOf(".");
    if (dot < 0) return null;
    const text = value.slice(0, dot);
    return this.same(value.slice(dot + 1), `seal.${text}`) ? text : null;
  }

  /**
   * A table's name in its deals' proofs: an HMAC of its code (the same on every process of a
   * cluster), from which the code, the key to a private table, cannot be read back.
   */
  dealId(code: string): string {
    return this.sign(`table.${code}`).slice(0, 16);
  }

  /**
   * The secret of hand `hand` of the duplicate deals `table` (a tournament round's, docs/fairness.md,
   * *Duplicate tables*): 32 bytes in hex, the same at every table of the round and after a restart,
   * drawn from nothing a player can see; one revealed tells nothing of another hand's.
   */
  duplicateSecret(table: string, hand: number): string {
    return createHmac("sha256", this.secret).update(`duplicate.${table}.${hand}`).digest("hex");
  }
}

/** A finished game's id to the world: 16 random bytes (a link to its record is the right to read it). */
export function gameRef(): string {
  return randomBytes(16).toString("base64url");
}

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** Letters of a public table's code (found by quick match, shown to its watchers) and a private one's. */
export const CODE_LENGTH = { public: 6, private: 10 } as const;

/**
 * A table code of `length` of 31 letters and digits without look-alikes (no 0/O, 1/I/L), drawn
 * uniformly (bytes of 248 and above are redrawn, so no letter is likelier). Six letters are 887
 * million codes; a private table's ten are 8.2 × 10^14, which no one finds by trying, whatever the
 * limits on trying (connection.ts) let through.
 */
export function tableCode(length: number = CODE_LENGTH.public): string {
  let code = "";
  while (code.length < length) {
    for (const b of randomBytes(16)) if (b < 248 && code.length < length) code += ALPHABET[b % ALPHABET.length];
  }
  return code;
}
