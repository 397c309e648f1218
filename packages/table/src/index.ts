/**
 * @crossbones/table: an online table as a pure value (docs/online.md, *The table core*). A
 * `TableState` changes only through `apply`; `decide` turns a command (a person's, a connection's
 * or the shell's timer's) into the changes to apply or a refusal; `due` says what the table does
 * next by itself and when. No clock, no randomness, no I/O: the server's `LiveTable` is a shell
 * that logs the changes, sends the frames, keeps one timer and asks the bots.
 */

export {
  apply,
  BOT_NAMES,
  checkpointOf,
  type LogTail,
  type NewTable,
  newTable,
  ReplayError,
  rebuild,
  resume,
} from "./apply.js";
export { decide, REACTION_GAP } from "./decide.js";
export { bankLeft, dealAt, due, STAND_IN, turnDeadline } from "./due.js";
export {
  beforeFirstDeal,
  betweenHands,
  closing,
  dealInputs,
  isHere,
  isPaused,
  openSeats,
  peopleSeats,
  reactionsSilenced,
  seatOf,
  tableId,
} from "./facts.js";
export { botAction, botWait, fallbackAction } from "./pace.js";
export { type RatedResult, type RatedTeam, ratedResult } from "./rated.js";
export { recordOf, type TableRecord } from "./record.js";
export {
  type BotLevel,
  type Change,
  type Checkpoint,
  type ClockSettings,
  type CloseReason,
  type Command,
  DEFAULT_TIMING,
  type Decision,
  type Due,
  isCheckpoint,
  isLogged,
  type LogEntry,
  type Note,
  type PendingDeal,
  type Proof,
  type Refusal,
  type Seat,
  type SeatPlan,
  type TableRefusal,
  type TableRefusalCode,
  type TableRules,
  type TableState,
  type TableStatus,
  type Timing,
} from "./types.js";
