/**
 * What a seat (or a watcher) sees of a game, as it goes on the wire: the one definition. The
 * TypeScript types of the wire view are inferred from these schemas (`wire.ts` turns the engine's
 * views into them and back); docs/protocol.md describes them field by field. Values are named for
 * readers, not for the engine's search: `phase: "play"`, `end: "blocked"`, a winner that is a seat
 * or null, penalties as `{seat, kind, points}`, bones as in records ("3-4").
 */

import { CROSS_TARGETS, LINE_TARGETS, PENALTY_KINDS, parseRules, type Rules } from "@crossbones/engine";
import { z } from "zod";
import { bone, seat, values } from "./parts.js";

const numbers = z.array(z.int());
/** A target's letter: the cross's arms and the line's ends, as the engine names them. */
const target = z.enum(values([...CROSS_TARGETS, ...LINE_TARGETS]));
const penaltyKind = z.enum(PENALTY_KINDS);
const handEnd = z.enum(["domino", "blocked"]);

/** One thing that happened in the hand, in order (`move`: the move's index in the hand). */
export const wireEvent = z.union([
  z.strictObject({ type: z.literal("pose"), move: z.int(), seat, bone }),
  z.strictObject({ type: z.enum(["play", "illegalAttempt"]), move: z.int(), seat, bone, target }),
  z.strictObject({ type: z.literal("pass"), move: z.int(), seat }),
  z.strictObject({ type: z.literal("penalty"), move: z.int(), seat, kind: penaltyKind, points: z.int() }),
  z.strictObject({ type: z.literal("handEnd"), move: z.int(), end: handEnd, winner: seat.nullable() }),
  z.strictObject({ type: z.enum(["bruk", "oneAllPlayTwo"]), move: z.int() }),
  z.strictObject({ type: z.literal("resign"), move: z.int(), seat }),
  z.strictObject({ type: z.literal("gameEnd"), move: z.int(), winner: z.int(), sixLove: z.boolean() }),
]);

/** Per penalty kind (every kind named). */
const penaltyRecord = z.record(penaltyKind, z.int());

/** A French seat's score for a hand, every part of it. */
export const wireFrenchScore = z.strictObject({
  seat,
  bones: z.array(bone),
  count: z.int(),
  heldDoubles: z.array(bone),
  heldFactor: z.int(),
  heldPips: z.int(),
  winnerDoubleFactor: z.int(),
  winnerDoubleOverridden: z.boolean(),
  score: z.int(),
  penalties: penaltyRecord,
  penaltyTimes: penaltyRecord,
  penaltyTotal: z.int(),
});

/** A Cut Throat or Partner hand's outcome in the match. */
export const wireLineOutcome = z.strictObject({
  side: z.int().nullable(),
  worth: z.int(),
  draw: z.boolean(),
  oneAllPlayTwo: z.boolean(),
  bruk: z.boolean(),
  matchWon: z.boolean(),
  sixLove: z.boolean(),
});

/** A finished hand's result. */
export const wireResult = z.strictObject({
  end: handEnd,
  winner: seat.nullable(),
  counts: numbers,
  score: numbers,
  penalties: numbers,
  points: numbers.nullable(),
  french: z.array(wireFrenchScore).nullable(),
  line: wireLineOutcome.nullable(),
  winningDouble: bone.nullable(),
  before: numbers,
  after: numbers,
});

/** A penalty charged this hand: to whom, of which kind, how many points in all. */
export const wirePenalty = z.strictObject({ seat, kind: penaltyKind, points: z.int() });

/** The hand as everyone may see it. */
export const wireTable = z.strictObject({
  /** Bones each seat holds. */
  handSizes: numbers,
  /** Bones on the board. */
  played: z.array(bone),
  /** What each target shows, in target order (N E S W, or L R); null for an arm not yet started. */
  ends: z.array(z.int().nullable()),
  /** Arms of the cross not yet started (0 on a line). */
  emptyArms: z.int(),
  /** The posed double's number (the cross), else null. */
  poseValue: z.int().nullable(),
  /** "pose" (waiting for the first bone), "play" or "over". */
  phase: z.enum(["pose", "play", "over"]),
  /** The seat to act while the hand is on (left as it was once the hand is over: see `lastPlayer`). */
  turn: seat,
  /** The bones the rules allow as the pose. */
  poseBones: z.array(bone),
  /** Passes in a row per seat (F6). */
  streak: numbers,
  /** Penalties charged this hand, by seat and kind (only those charged). */
  penalties: z.array(wirePenalty),
  /** Seats still to be charged a board pass (F7), once the first has been charged. */
  boardPassPending: z.array(seat),
  /** Who moved last and what they played (null before anyone did; a pass leaves the bone). */
  lastPlayer: seat.nullable(),
  lastBone: bone.nullable(),
  moveCount: z.int(),
  /** How the hand ended, or null while it is on. */
  end: handEnd.nullable(),
  /** The hand's winner, or null (on, or blocked with a tie). */
  winner: seat.nullable(),
});

/** The board as laid: the pose and each arm's or end's chain outward, in target order. */
export const wireBoard = z.strictObject({
  pose: bone.nullable(),
  chains: z.array(z.array(z.strictObject({ bone, inner: z.int(), outer: z.int(), move: z.int() }))),
});

/** Who poses this hand and why. */
export const wirePose = z.strictObject({
  seat,
  reason: z.enum(["first", "no-winner", "draw", "one-all-play-two", "winner", "next-with-double"]),
  bone: bone.nullable(),
  double: z.boolean(),
  winner: seat.nullable(),
});

/** What the next hand will be: who poses it (the holder of a bone, or a seat) and what it is worth. */
export const wireNext = z.strictObject({
  pose: z.union([
    z.strictObject({ kind: z.literal("holder"), bone }),
    z.strictObject({ kind: z.literal("winner"), seat }),
  ]),
  worth: z.int(),
  oneAllPlayTwo: z.boolean(),
});

/** A bone the seat may play and where (`choose`: the targets show different numbers). */
export const wirePlay = z.strictObject({ bone, targets: z.array(z.string()), choose: z.boolean() });

/** A seat's own part: what it holds and may do. */
export const wireYou = z.strictObject({
  hand: z.array(bone),
  /** Every legal move in record notation ("3-4@N", "pass"), in the engine's order. */
  legalMoves: z.array(z.string()),
  plays: z.array(wirePlay),
  canPass: z.boolean(),
  passCost: z.int(),
});

/** A seat view or the spectators' view on the wire. */
export const wireView = z.strictObject({
  version: z.int().min(0),
  seat: seat.nullable(),
  // The rules are whatever the engine accepts as rules (every option filled in).
  rules: z.custom<Rules>((v) => {
    if (typeof v !== "object" || v === null) return false;
    const r = v as { game?: unknown; players?: unknown; options?: unknown };
    return parseRules(r.game, r.players, r.options).ok;
  }),
  layout: z.enum(["cross", "line"]),
  players: z.int().min(2).max(4),
  phase: z.enum(["deal", "pose", "play", "hand-over", "finished"]),
  turn: seat.nullable(),
  handIndex: z.int().min(-1),
  pose: wirePose.nullable(),
  poser: seat.nullable(),
  table: wireTable.nullable(),
  board: wireBoard.nullable(),
  handSizes: numbers,
  hands: z.array(z.array(bone).nullable()),
  penalties: numbers,
  history: z.array(z.strictObject({ seat, move: z.string() })),
  events: z.array(wireEvent),
  results: z.array(wireResult.nullable()),
  totals: numbers,
  next: wireNext,
  finished: z.boolean(),
  winner: z.int().nullable(),
  sixLove: z.boolean(),
  resigned: seat.nullable(),
  you: wireYou.nullable(),
});

/** A wire value as received: nothing in it is changed in place (the engine's views are read-only too). */
export type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
type Wire<S extends z.ZodType> = DeepReadonly<z.infer<S>>;

export type WireBone = z.infer<typeof bone>;
export type WireTarget = z.infer<typeof target>;
export type WireEvent = Wire<typeof wireEvent>;
export type WireFrenchScore = Wire<typeof wireFrenchScore>;
export type WireResult = Wire<typeof wireResult>;
export type WirePenalty = Wire<typeof wirePenalty>;
export type WireTable = Wire<typeof wireTable>;
export type WireBoard = Wire<typeof wireBoard>;
export type WirePose = Wire<typeof wirePose>;
export type WireNext = Wire<typeof wireNext>;
export type WirePlay = Wire<typeof wirePlay>;
export type WireYou = Wire<typeof wireYou>;
export type WireView = Wire<typeof wireView>;
