/**
 * Random numbers. The engine never calls Math.random: every deal comes from an Rng that the caller
 * owns. Two kinds:
 * - `createRng(seed)`: seeded, so a seed reproduces the same deals in Node, in a browser and on the
 *   server (tests, the arena, lessons, bots' own choices). The generator is sfc32 (Chris
 *   Doty-Humphrey's small fast chaotic generator): 128 bits of state, passes PractRand, a handful
 *   of 32-bit operations per number. A player who sees their own bones could search a 32-bit seed
 *   for the deal, so seeded deals are never used for play.
 * - `entropyRng(fill)`: every number drawn from a cryptographic source the caller injects
 *   (`crypto.getRandomValues`), 256 bits at a time, with no state to search: the deals of games
 *   people play.
 */

export interface Rng {
  /** A uniform integer in [0, 2^32). */
  nextU32(): number;
  /** A uniform integer in [0, n), n ≤ 2^32. */
  nextInt(n: number): number;
  /** A uniform float in [0, 1). */
  next(): number;
}

class Sfc32 implements Rng {
  constructor(
    private a: number,
    private b: number,
    private c: number,
    private d: number,
  ) {}

  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  nextInt(n: number): number {
    // Multiply-shift (Lemire) without the rejection step: the bias is below n / 2^32, which is
    // invisible for the small ranges a game uses (at most 28).
    return Math.floor((this.nextU32() * n) / 4294967296);
  }

  next(): number {
    return this.nextU32() / 4294967296;
  }
}

/** 32-bit hash of a string (FNV-1a followed by a murmur finaliser). */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** A generator seeded from a number or a string: same seed, same sequence, everywhere. */
export function createRng(seed: number | string): Rng {
  const s = typeof seed === "string" ? hashString(seed) : seed >>> 0;
  // splitmix32 spreads one 32-bit seed over the four state words.
  let x = s ^ 0x9e3779b9;
  const mix = (): number => {
    x = (x + 0x9e3779b9) | 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
  const rng = new Sfc32(mix(), mix(), mix(), mix());
  for (let i = 0; i < 12; i++) rng.nextU32();
  return rng;
}

/**
 * A generator drawing from `fill`, which must fill its array with cryptographically random
 * words (in a browser or Node: `(words) => crypto.getRandomValues(words)`). `nextInt` rejects the
 * few values that would make `% n` favour small results, so every deal is exactly uniform.
 */
export function entropyRng(fill: (words: Uint32Array<ArrayBuffer>) => void): Rng {
  const words = new Uint32Array(8);
  let used = words.length;
  const nextU32 = (): number => {
    if (used === words.length) {
      fill(words);
      used = 0;
    }
    return words[used++];
  };
  return {
    nextU32,
    nextInt(n: number): number {
      const limit = 4294967296 - (4294967296 % n);
      for (;;) {
        const x = nextU32();
        if (x < limit) return x % n;
      }
    },
    next: () => nextU32() / 4294967296,
  };
}
