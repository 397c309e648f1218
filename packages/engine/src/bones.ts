/**
 * Bones of the double-six set as integers 0..27, and sets of bones as 28-bit masks.
 *
 * Index order is 0-0, 0-1, …, 0-6, 1-1, 1-2, …, 6-6 (low end first), so a mask fits a small
 * integer and every set operation the rules need is one or two bitwise instructions.
 */

/** A bone of the double-six set, 0..27. */
export type Bone = number;
/** A set of bones: bit i set means bone i is in the set. */
export type BoneMask = number;

export const BONE_COUNT = 28;
export const ALL_BONES: BoneMask = (1 << BONE_COUNT) - 1;

const low = new Int8Array(BONE_COUNT);
const high = new Int8Array(BONE_COUNT);
const indexOf = new Int8Array(49);
{
  let i = 0;
  for (let a = 0; a <= 6; a++) {
    for (let b = a; b <= 6; b++) {
      low[i] = a;
      high[i] = b;
      indexOf[a * 7 + b] = i;
      indexOf[b * 7 + a] = i;
      i++;
    }
  }
}

/** The bone with ends a and b (in either order). */
export function boneOf(a: number, b: number): Bone {
  return indexOf[a * 7 + b];
}
/** The lower end of a bone. */
export function boneLow(bone: Bone): number {
  return low[bone];
}
/** The higher end of a bone. */
export function boneHigh(bone: Bone): number {
  return high[bone];
}
export function isDouble(bone: Bone): boolean {
  return low[bone] === high[bone];
}
/** The end of `bone` that is not `end` (for a double, `end` itself). */
export function otherEnd(bone: Bone, end: number): number {
  return low[bone] === end ? high[bone] : low[bone];
}

/** DOUBLE[n] is the mask of the double n-n. */
export const DOUBLE: readonly BoneMask[] = [0, 1, 2, 3, 4, 5, 6].map((n) => 1 << boneOf(n, n));
/** All seven doubles. */
export const DOUBLES: BoneMask = DOUBLE.reduce((m, d) => m | d, 0);
/** SUIT[n] is the mask of every bone with an n end (the double included). */
export const SUIT: readonly BoneMask[] = [0, 1, 2, 3, 4, 5, 6].map((n) => {
  let m = 0;
  for (let x = 0; x <= 6; x++) m |= 1 << boneOf(n, x);
  return m;
});

/** Number of bones in a mask. */
export function popcount(mask: BoneMask): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The lowest bone of a non-empty mask. */
export function lowestBone(mask: BoneMask): Bone {
  return 31 - Math.clz32(mask & -mask);
}

/** The bones of a mask in index order. */
export function bonesOf(mask: BoneMask): Bone[] {
  const out: Bone[] = [];
  for (let m = mask; m !== 0; m &= m - 1) out.push(lowestBone(m));
  return out;
}

export function maskOf(bones: Iterable<Bone>): BoneMask {
  let m = 0;
  for (const b of bones) m |= 1 << b;
  return m;
}

/** Pip total of the bones of a mask, counting 0-0 as `doubleBlankValue`. */
export function pipCount(mask: BoneMask, doubleBlankValue = 0): number {
  let total = 0;
  for (let m = mask; m !== 0; m &= m - 1) {
    const b = lowestBone(m);
    total += b === 0 ? doubleBlankValue : low[b] + high[b];
  }
  return total;
}

/** Every bone's name, made once: views name bones thousands of times a second on a server. */
const NAMES: readonly string[] = Array.from({ length: BONE_COUNT }, (_, b) => `${low[b]}-${high[b]}`);

/** "a-b" with the low end first, e.g. "2-5". */
export function makeBone(bone: Bone): string {
  return NAMES[bone];
}

/** Reads "a-b" (either order, ends 0..6); undefined when it is not a bone. */
export function parseBone(text: string): Bone | undefined {
  const m = /^([0-6])-([0-6])$/.exec(text);
  if (!m) return undefined;
  return boneOf(Number(m[1]), Number(m[2]));
}
