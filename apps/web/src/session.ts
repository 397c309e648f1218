/**
 * A game against bots as the app keeps it: the setup chosen on the home screen, the engine's Game
 * value and the deal generator's state. Pure functions over immutable values (no DOM), so undo
 * and persistence are a matter of keeping or rebuilding values. Saved as a game record
 * (RECORD.md) plus the generator state, so a saved game is also an exportable one.
 */

import {
  applyMove,
  createGame,
  createRng,
  type Game,
  type GameKind,
  type Move,
  makeRecord,
  needsDeal,
  parseRules,
  randomDeal,
  replayRecord,
  rngFromState,
  startHand,
} from "@crossbones/engine";

export type BotLevel = "easy" | "medium" | "hard";
export const BOT_LEVELS: readonly BotLevel[] = ["easy", "medium", "hard"];

/** The human always sits at seat 0, at the bottom of the screen. */
export const HUMAN = 0;

export interface Setup {
  readonly game: GameKind;
  readonly players: number;
  /** Rule options that differ from the defaults (or all of them). */
  readonly options: Readonly<Record<string, unknown>>;
  /** Bot level per seat; entry 0 (the human) is ignored. */
  readonly levels: readonly BotLevel[];
  readonly practice: boolean;
  /** Seeds the deals and the bots: the same seed replays the same game. */
  readonly seed: number;
  /** Practice: show every hand whatever the setting ("Try it" after the lessons). */
  readonly showHands?: boolean;
  /** Practice: show the hint on every turn of the human's. */
  readonly hints?: boolean;
}

export interface Session {
  readonly setup: Setup;
  readonly game: Game;
  /** Deal generator state after the deals so far. */
  readonly rng: readonly number[];
  readonly resigned: boolean;
}

export const BOT_NAMES = ["", "Ruby", "Kofi", "Ines"] as const;

export function newSession(setup: Setup): Session | string {
  const rules = parseRules(setup.game, setup.players, setup.options);
  if (!rules.ok) return rules.error.message;
  const rng = createRng(setup.seed);
  const game = createGame(rules.value);
  const started = startHand(game, randomDeal(game.config, rng));
  if (!started.ok) return started.error.message;
  return { setup, game: started.value, rng: rng.state(), resigned: false };
}

/** Deals the next hand when the last one is over (and the game is not). */
export function dealNext(session: Session): Session {
  if (!needsDeal(session.game) || session.resigned) return session;
  const rng = rngFromState(session.rng);
  const started = startHand(session.game, randomDeal(session.game.config, rng));
  if (!started.ok) return session;
  return { ...session, game: started.value, rng: rng.state() };
}

export function play(session: Session, move: Move): Session | string {
  const next = applyMove(session.game, move);
  if (!next.ok) return next.error.message;
  return { ...session, game: next.value };
}

/** Seats that made each move of the current hand. */
export function moveSeats(game: Game): readonly number[] {
  return game.hands[game.hands.length - 1]?.seats ?? [];
}

/**
 * Practice undo: takes back the human's last move of the current hand and every bot move after
 * it, by replaying the hand's record without them. Null when there is nothing to take back.
 */
export function undo(session: Session): Session | null {
  const game = session.game;
  if (!session.setup.practice || !game.state || game.state.over || game.finished) return null;
  const seats = moveSeats(game);
  let cut = -1;
  for (let i = seats.length - 1; i >= 0; i--) {
    if (seats[i] === HUMAN) {
      cut = i;
      break;
    }
  }
  if (cut < 0) return null;
  const record = makeRecord(game);
  const hands = record.hands.map((h, i) =>
    i === record.hands.length - 1 ? { ...h, moves: h.moves.slice(0, cut) } : h,
  );
  const replayed = replayRecord({ ...record, hands });
  if (!replayed.ok) return null;
  return { ...session, game: replayed.value.game };
}

export function canUndo(session: Session): boolean {
  return undo(session) !== null;
}

/** Deterministic bot seed for a move: same game seed, same bot decisions. */
export function botSeed(session: Session): number {
  const g = session.game;
  const moves = g.hands[g.hands.length - 1]?.moves.length ?? 0;
  return (Math.imul(session.setup.seed ^ 0x5bd1e995, 31) + g.hands.length * 1009 + moves * 7919) >>> 0;
}

export function resign(session: Session): Session {
  return { ...session, resigned: true };
}

// ---------------------------------------------------------------------------------------------
// Saving: the record of the game plus what a record does not hold.

export interface SavedSession {
  readonly version: 1;
  readonly setup: Setup;
  readonly record: unknown;
  readonly rng: readonly number[];
  readonly resigned: boolean;
}

export function saveSession(session: Session): SavedSession {
  return {
    version: 1,
    setup: session.setup,
    record: makeRecord(session.game, seatNames(session.setup.players)),
    rng: session.rng,
    resigned: session.resigned,
  };
}

export function loadSession(saved: unknown): Session | null {
  if (!saved || typeof saved !== "object") return null;
  const s = saved as SavedSession;
  if (s.version !== 1 || !s.setup || !Array.isArray(s.rng)) return null;
  const replayed = replayRecord(s.record);
  if (!replayed.ok) return null;
  return { setup: s.setup, game: replayed.value.game, rng: s.rng, resigned: !!s.resigned };
}

/** Names written into records: "You" and the bots. */
export function seatNames(players: number): string[] {
  return Array.from({ length: players }, (_, i) => (i === HUMAN ? "You" : BOT_NAMES[i]));
}
