/**
 * A game against bots as the app keeps it: the setup chosen on the home screen and the engine's
 * Game value. Every change goes through the engine's boundary (`applyAction` for what a seat does,
 * `startHand` for a deal), exactly as a remote table's will; screens get seat views, never the
 * Game. Saved as a game record (RECORD.md), so a saved game is also an exportable one.
 */

import {
  type Action,
  type ActionResult,
  applyAction,
  createGame,
  createRng,
  entropyRng,
  type Game,
  type GameKind,
  makeRecord,
  needsDeal,
  PASS,
  parseRules,
  type Refusal,
  type Rng,
  randomDeal,
  replayRecord,
  type SeatView,
  startHand,
  viewFor,
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
  /** Seeds the bots' choices (not the deals): the same seed and position, the same bot move. */
  readonly seed: number;
  /**
   * Deal from `seed` instead of from the browser's cryptographic generator: only for tests and
   * bug reports (the page's `?seed=`), as a seeded deal can be guessed from one's own bones.
   */
  readonly seededDeals?: boolean;
  /** Practice: show every hand whatever the setting ("Try it" after the lessons). */
  readonly showHands?: boolean;
  /** Practice: show the hint on every turn of the human's. */
  readonly hints?: boolean;
}

export interface Session {
  readonly setup: Setup;
  readonly game: Game;
}

export const BOT_NAMES = ["", "Ruby", "Kofi", "Ines"] as const;

/** The generator of hand `hand`'s deal: the browser's cryptographic one, or the test seed. */
function dealRng(setup: Setup, hand: number): Rng {
  if (setup.seededDeals) return createRng(`${setup.seed}:${hand}`);
  return entropyRng((words) => crypto.getRandomValues(words));
}

function deal(setup: Setup, game: Game): Game {
  if (!needsDeal(game)) return game;
  const started = startHand(game, randomDeal(game.config, dealRng(setup, game.hands.length)));
  return started.ok ? started.value : game;
}

/** A new game with its first hand dealt, or why the setup is refused. */
export function newSession(setup: Setup): Session | Refusal {
  const rules = parseRules(setup.game, setup.players, setup.options);
  if (!rules.ok) return rules.error;
  return { setup, game: deal(setup, createGame(rules.value)) };
}

/**
 * The setup of a rematch ("Play again" at Game over): the same game, players, bots and rules, with
 * a new seed for the bots' choices. Seeded deals (tests, bug reports) move to the next seed, so a
 * rematch is never the same game dealt again.
 */
export function rematchSetup(setup: Setup): Setup {
  const seed = setup.seededDeals ? setup.seed + 1 : crypto.getRandomValues(new Uint32Array(1))[0];
  return { ...setup, seed };
}

/** Deals the next hand when the last one is over (and the game is not). */
export function dealNext(session: Session): Session {
  return { ...session, game: deal(session.setup, session.game) };
}

/** A seat's action against the version it saw (see the engine's applyAction). */
export function act(session: Session, seat: number, action: Action, version?: number): ActionResult {
  return applyAction(session.game, seat, action, version);
}

/** What the human sees: their seat's view, every hand face up in a practice game that asks for it. */
export function humanView(session: Session, showHands: boolean): SeatView {
  const reveal = session.setup.practice && (showHands || session.setup.showHands === true);
  return viewFor(session.game, HUMAN, { reveal });
}

/**
 * Practice undo: the version just before the human's last choice of the current hand (the bots'
 * moves after it go too), or null when there is nothing to take back. A forced pass (no bone
 * fitted) was no choice, so undo goes back past it to the move before: going back to it would
 * only pass again.
 */
export function undoTarget(session: Session): number | null {
  const view = viewFor(session.game, HUMAN);
  if (view.phase !== "play" && view.phase !== "pose") return null;
  let record: ReturnType<typeof makeRecord> | null = null;
  for (let i = view.history.length - 1; i >= 0; i--) {
    if (view.history[i].seat !== HUMAN) continue;
    // The hand's moves are the last actions: move i was applied at version (version - length + i).
    const version = view.version - view.history.length + i;
    if (view.history[i].move !== PASS) return version;
    record ??= makeRecord(session.game);
    const replayed = replayRecord(record, { upTo: version });
    if (!replayed.ok) return null;
    if (viewFor(replayed.value.game, HUMAN).plays.length > 0) return version;
  }
  return null;
}

/** The game as it was at `version`, replayed by the engine from its own record. */
export function backTo(session: Session, version: number): Session | null {
  const replayed = replayRecord(makeRecord(session.game), { upTo: version });
  return replayed.ok ? { ...session, game: replayed.value.game } : null;
}

/** Deterministic bot seed for a decision: same game seed and position, same bot move. */
export function botSeed(session: Session): number {
  return (Math.imul(session.setup.seed ^ 0x5bd1e995, 31) + session.game.version * 7919) >>> 0;
}

// ---------------------------------------------------------------------------------------------
// Saving: the setup and the game's record.

export interface SavedSession {
  readonly version: 2;
  readonly setup: Setup;
  readonly record: unknown;
}

export function saveSession(session: Session): SavedSession {
  return { version: 2, setup: session.setup, record: makeRecord(session.game, seatNames(session.setup.players)) };
}

/**
 * A saved game, or null when it cannot be read. Version 1 (which also kept the deal generator's
 * state) is read too: its record holds the whole game, and later deals come from the new source.
 */
export function loadSession(saved: unknown): Session | null {
  if (!saved || typeof saved !== "object") return null;
  const s = saved as { version?: unknown; setup?: unknown; record?: unknown; resigned?: unknown };
  if ((s.version !== 1 && s.version !== 2) || !s.setup || typeof s.setup !== "object") return null;
  const replayed = replayRecord(s.record);
  if (!replayed.ok) return null;
  let game = replayed.value.game;
  // Version 1 kept a resignation beside the record.
  if (s.version === 1 && s.resigned === true) {
    const r = applyAction(game, HUMAN, { type: "resign" });
    if (r.ok) game = r.value;
  }
  return { setup: s.setup as Setup, game };
}

/** Names written into records: "You" and the bots. */
export function seatNames(players: number): string[] {
  return Array.from({ length: players }, (_, i) => (i === HUMAN ? "You" : BOT_NAMES[i]));
}
