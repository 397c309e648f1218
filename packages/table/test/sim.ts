/**
 * A table driven by a fake clock, for the core's tests: what the server's shell does (apply what
 * `decide` says, log the entries, keep one timer for `due`), with the clock moved by hand and the
 * shell's own work (a secret, a deal, a bot's move) done at once and deterministically.
 */

import {
  type Action,
  createRng,
  defaultRules,
  type GameKind,
  parseRules,
  type Rng,
  type Rules,
  randomDeal,
  viewFor,
} from "@crossbones/engine";
import {
  apply,
  botAction,
  type ClockSettings,
  type Command,
  DEFAULT_TIMING,
  type Decision,
  type Due,
  dealInputs,
  decide,
  due,
  isLogged,
  type LogEntry,
  newTable,
  type SeatPlan,
  type TableState,
  type Timing,
} from "../src/index.js";

/** The server's own pacing: what players see. */
export const TIMING: Timing = DEFAULT_TIMING;

export const T0 = 1_700_000_000_000;

export interface SimOptions {
  readonly game?: GameKind;
  readonly players?: number;
  readonly options?: Record<string, unknown>;
  /** "human" or a bot level per seat. */
  readonly seats?: readonly ("human" | "easy" | "medium" | "hard")[];
  readonly clock?: ClockSettings | null;
  readonly rated?: boolean;
  /** A duplicate round's table: the name of its deals. */
  readonly duplicate?: string;
  readonly timing?: Partial<Timing>;
  readonly seed?: string;
  /** Whether bots answer as soon as they are asked (else `answer` is called by the test). */
  readonly autoBots?: boolean;
}

export class Sim {
  state: TableState;
  now = T0;
  readonly log: LogEntry[] = [];
  readonly rules: Rules;
  private readonly rng: Rng;
  private readonly autoBots: boolean;
  /** Every timed effect handled, in order (what the shell's one timer did). */
  readonly effects: Due[] = [];

  constructor(options: SimOptions = {}) {
    const game = options.game ?? "cutthroat";
    const seats = options.seats ?? ["human", "easy"];
    const players = options.players ?? seats.length;
    const parsed = parseRules(game, players, options.options ?? {});
    this.rules = parsed.ok ? parsed.value : defaultRules(game, players);
    this.rng = createRng(options.seed ?? "sim");
    this.autoBots = options.autoBots ?? true;
    const plan = seats.map((s): SeatPlan => (s === "human" ? { kind: "human" } : { kind: "bot", level: s }));
    this.state = newTable({
      code: "K7QX2M",
      maker: "p0",
      table: {
        rules: this.rules,
        seats: plan,
        clock: options.clock ?? null,
        rated: options.rated ?? false,
        ...(options.duplicate ? { duplicate: options.duplicate } : {}),
      },
      timing: { ...TIMING, ...options.timing },
    });
  }

  /** Decides `command` now and applies what it says; the log keeps the entries. */
  do(command: Command): Decision {
    const d = decide(this.state, command, this.now);
    for (const change of d.changes) {
      this.state = apply(this.state, change);
      if (isLogged(change)) this.log.push(change);
    }
    return d;
  }

  /** People `players` are connected (and nobody else). */
  connect(...players: string[]): void {
    this.do({ c: "present", players });
  }

  /** `player` sits (named after themselves) and is connected. */
  seat(player: string, seat?: number): Decision {
    const d = this.do({ c: "sit", player, name: player.toUpperCase(), seat });
    this.connect(...new Set([...this.state.online, player]));
    return d;
  }

  /** Moves the clock on by `ms`, doing everything that falls due on the way, in order. */
  run(ms: number): void {
    const end = this.now + ms;
    for (let guard = 0; guard < 100_000; guard++) {
      const d = due(this.state, this.now);
      if (!d || d.at > end) break;
      this.now = Math.max(this.now, d.at);
      this.effects.push(d);
      if (!this.handle(d)) break;
    }
    this.now = end;
  }

  /** One timed effect, as the shell does it; false when it waits for the test (a bot not answering). */
  private handle(d: Due): boolean {
    switch (d.kind) {
      case "tick":
        this.do({ c: "tick" });
        return true;
      case "draw": {
        const hex = (n: number) => n.toString(16).padStart(64, "0");
        const hand = this.state.game.hands.length + 1;
        this.do({ c: "commit", secret: hex(hand), commitment: hex(1000 + hand) });
        return true;
      }
      case "deal": {
        if (!dealInputs(this.state)) throw new Error("a deal is due but none is sealed");
        this.do({ c: "deal", hands: randomDeal(this.state.game.config, this.rng) });
        return true;
      }
      case "think":
        this.do({ c: "thinking" });
        if (!this.autoBots) return false;
        this.answer();
        return true;
    }
  }

  /** The bot asked for the seat to act answers with a random legal move (or `action`). */
  answer(action?: Action | null): void {
    const turn = this.state.game.state?.turn ?? 0;
    const view = viewFor(this.state.game, turn);
    const move = view.legalMoves[this.rng.nextInt(view.legalMoves.length)];
    const chosen = action === undefined ? botAction(view, move) : action;
    this.do({ c: "thought", version: this.state.game.version, action: chosen });
  }

  /** The seat to act (null between hands). */
  get turn(): number | null {
    const hand = this.state.game.state;
    return hand && !hand.over && !this.state.game.finished ? hand.turn : null;
  }

  /** A legal action for `seat` now (a play when there is one). */
  legal(seat: number): Action {
    const view = viewFor(this.state.game, seat);
    const play = view.legalMoves.find((m) => botAction(view, m).type === "play");
    return botAction(view, play ?? view.legalMoves[0]);
  }
}
