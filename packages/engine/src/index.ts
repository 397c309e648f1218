/**
 * @crossbones/engine: the rules of French, Cut Throat and Partner dominoes, game records and
 * per-seat views. Pure and dependency-free: no DOM, no Node APIs, no clock, no Math.random.
 */

export { type BoardLayout, boardOf, type PlacedBone } from "./board.js";
export {
  ALL_BONES,
  BONE_COUNT,
  type Bone,
  type BoneMask,
  boneHigh,
  boneLow,
  boneOf,
  bonesOf,
  DOUBLE,
  DOUBLES,
  isDouble,
  lowestBone,
  makeBone,
  maskOf,
  otherEnd,
  parseBone,
  pipCount,
  popcount,
  SUIT,
} from "./bones.js";
export {
  applyMove,
  attemptIllegalPlay,
  checkDeal,
  createGame,
  currentHand,
  dealInto,
  type Game,
  type GameEvent,
  type HandLog,
  type HandResult,
  type LineOutcome,
  legalMoves,
  type NextHand,
  needsDeal,
  type PoseRule,
  poseFor,
  randomDeal,
  refuseMove,
  startHand,
} from "./game.js";
export {
  ATTEMPT,
  CROSS,
  CROSS_TARGETS,
  END_BLOCKED,
  END_DOMINO,
  END_NONE,
  type HandConfig,
  HandState,
  handConfig,
  type Layout,
  LINE,
  LINE_TARGETS,
  type Move,
  moveBone,
  moveTarget,
  OVER,
  PASS,
  PENALTY_KINDS,
  type PenaltyKind,
  PLAYING,
  POSE,
  type PublicTable,
  playMove,
} from "./hand.js";
export { makeMove, type ParsedMove, parseMove } from "./notation.js";
export {
  type GameRecord,
  type HandSummary,
  makeRecord,
  parseRecord,
  RECORD_FORMAT,
  type RecordError,
  type RecordResult,
  type Replayed,
  type ReplaySummary,
  replayRecord,
  summarize,
} from "./record.js";
export { type EngineError, type ErrorCode, err, ok, type Result } from "./result.js";
export { createRng, type Rng, rngFromState, shuffle } from "./rng.js";
export {
  defaultRules,
  type FrenchOptions,
  GAME_KINDS,
  type GameKind,
  type HeldDoubles,
  isGameKind,
  type LineOptions,
  type MatchMode,
  OPTION_SPECS,
  type OptionSpec,
  PLAYER_COUNTS,
  parseRules,
  type Rules,
  sideCount,
  sideOf,
} from "./rules.js";
export { emptyScoreParts, type FrenchScore, frenchScore, type ScoreParts, scoreFrenchHand } from "./scoring.js";
export { type SeatMove, type SeatView, viewFor } from "./view.js";
