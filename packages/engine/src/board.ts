/**
 * The board as a player sees it: the pose and, for each arm (cross) or end (line), the bones laid
 * outward in order with the number each one shows to the outside. The hot HandState keeps only
 * the open ends; drawing and describing the table needs the whole chain, rebuilt from the moves.
 */

import { type Bone, boneHigh, boneLow, otherEnd } from "./bones.js";
import { ATTEMPT, CROSS, type Layout, PASS } from "./hand.js";

export interface PlacedBone {
  readonly bone: Bone;
  /** The number touching the previous bone (or the pose). */
  readonly inner: number;
  /** The number facing outward: the end's value while this bone is last. */
  readonly outer: number;
  /** Index of the move that placed it in the hand. */
  readonly move: number;
}

export interface BoardLayout {
  readonly layout: Layout;
  readonly pose: Bone | null;
  /** Chains outward from the pose: arms N, E, S, W, or ends L, R. */
  readonly chains: readonly (readonly PlacedBone[])[];
}

/** Lays out a hand's moves (as kept in HandLog.moves). */
export function boardOf(layout: Layout, moves: readonly number[]): BoardLayout {
  const chains: PlacedBone[][] = layout === CROSS ? [[], [], [], []] : [[], []];
  let pose: Bone | null = null;
  moves.forEach((move, i) => {
    if (move === PASS || (move & ATTEMPT) !== 0) return;
    const bone = move >> 2;
    if (pose === null) {
      pose = bone;
      return;
    }
    const chain = chains[move & 3];
    const last = chain[chain.length - 1];
    // The first bone of a chain joins the pose: on the cross, at the double's number; on the
    // line, the left end shows the pose's low number and the right end its high number.
    const inner = last
      ? last.outer
      : layout === CROSS
        ? boneLow(pose)
        : (move & 3) === 0
          ? boneLow(pose)
          : boneHigh(pose);
    chain.push({ bone, inner, outer: otherEnd(bone, inner), move: i });
  });
  return { layout, pose, chains };
}
