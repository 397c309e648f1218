/**
 * Who makes a seat's decisions for `crossbones online play`: one of the bots, on the engine's view
 * of the wire view (`fromWire`), or a program of the user's on its standard input and output (the
 * line protocol of docs/protocol.md, *A program as a player*).
 */

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { type BotLevel, createBot } from "@crossbones/bots";
import { type Action, actionText, parseAction, refusal } from "@crossbones/engine";
import { action as actionSchema, fromWire, PROTOCOL, type TableMessage, type WireRefusal } from "@crossbones/protocol";
import { botAction, fallbackAction } from "@crossbones/table";
import { CliError, splitCommand, UsageError } from "./args.js";

export type { TableMessage };

/** The version of the line protocol between the command and a program. */
export const PROGRAM_PROTOCOL = "crossbones-program/1";

/** What the command prints at the end of a game (and a program receives in `end`). */
export interface GameResult {
  readonly table: string;
  readonly game: string;
  readonly players: number;
  readonly seat: number;
  readonly names: readonly string[];
  /** The set or match winner: a seat, or a team (0: seats 0 and 2) in Partner. */
  readonly winner: number | null;
  readonly won: boolean;
  readonly totals: readonly number[];
  readonly sixLove: boolean;
  readonly resigned: number | null;
  readonly version: number;
  /** A rated game: the seat's shown rating before and after it (docs/ratings.md). */
  readonly rating?: {
    readonly before: number;
    readonly after: number;
    readonly games: number;
    readonly provisional: boolean;
  };
}

/** A decision: an action, or why the answer could not be one (reported back like a server's refusal). */
export type Decision = { readonly action: Action } | { readonly refusal: WireRefusal; readonly answer: string };

export interface Decider {
  readonly name: string;
  /** Once seated. */
  seated(info: { table: string; seat: number; player: { id: string; name: string } }): void;
  /** The action for the table as it stands in `message` (whose view is the seat's, to act). */
  decide(message: TableMessage): Promise<Decision>;
  /** The last decision was refused (by the server, or because it could not be read). */
  refused(answer: string, refusal: WireRefusal, charged: boolean): void;
  /** The game is over. */
  end(message: TableMessage, result: GameResult): Promise<void>;
  /** Stop at once (the command is failing). */
  kill(): void;
}

/** A bot of the bots package, thinking in this process. */
export class BotDecider implements Decider {
  readonly name: string;
  private readonly bot;
  private fallback = false;

  constructor(level: BotLevel, seed?: number) {
    this.name = `the ${level} bot`;
    this.bot = createBot(level, seed === undefined ? {} : { seed });
  }

  seated(): void {}

  async decide(message: TableMessage): Promise<Decision> {
    const view = fromWire(message.view);
    if (!("hand" in view)) throw new CliError("the server sent a spectator's view to a seated player");
    // A bot's move is legal by construction; should one ever be refused, the first legal move
    // (as every table plays it for a bot: @crossbones/table's pace.ts).
    const action = this.fallback ? fallbackAction(view) : botAction(view, this.bot.chooseMove(view));
    this.fallback = false;
    return { action };
  }

  refused(): void {
    this.fallback = true;
  }

  async end(): Promise<void> {}

  kill(): void {}
}

/** Reads a program's answer: record notation (`3-4@N`, `3-4`, `pass`, `resign`) or an action as JSON. */
export function readAnswer(line: string): Decision {
  const text = line.trim();
  if (text.startsWith("{")) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { refusal: refusal("bad-json", {}), answer: text };
    }
    const parsed = actionSchema.safeParse(json);
    if (!parsed.success) {
      return {
        refusal: {
          code: "bad-action",
          message:
            'an action is {"type": "play", "bone": "3-5", "target": "N"} (target only when needed), {"type": "pass"} or {"type": "resign"}',
        },
        answer: text,
      };
    }
    return { action: parsed.data };
  }
  const parsed = parseAction(text);
  return parsed.ok ? { action: parsed.value } : { refusal: { ...parsed.error }, answer: text };
}

/**
 * A program on standard input and output: one JSON object per line to it; one line back for each
 * `decide`. Its standard error passes through to the command's.
 */
export class ProgramDecider implements Decider {
  readonly name: string;
  private readonly child;
  private waiting: ((line: string) => void) | null = null;
  private exited: Promise<void>;
  private ending = false;

  /** `fail` is told when the program cannot run or stops before the game ends. */
  constructor(
    command: string,
    private readonly fail: (error: CliError) => void,
    private readonly warn: (text: string) => void,
  ) {
    const words = splitCommand(command);
    if (words.length === 0) throw new UsageError("--program needs a command");
    this.name = `the program ${JSON.stringify(command.length > 60 ? `${command.slice(0, 57)}...` : command)}`;
    this.child = spawn(words[0], words.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
    this.exited = new Promise((resolve) => {
      this.child.once("error", (error: NodeJS.ErrnoException) => {
        resolve();
        if (!this.ending) this.fail(new CliError(`cannot run ${words[0]}: ${error.code ?? error.message}`));
      });
      this.child.once("exit", (code, signal) => {
        resolve();
        if (!this.ending)
          this.fail(new CliError(`${this.name} stopped (${signal ?? `exit status ${code}`}) before the game was over`));
      });
    });
    // A program that has stopped reading: its exit is reported, the write error is not news.
    this.child.stdin.on("error", () => {});
    createInterface({ input: this.child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
      const waiting = this.waiting;
      if (waiting) {
        if (line.trim() === "") return;
        this.waiting = null;
        waiting(line);
      } else if (line.trim() !== "") {
        this.warn(`${this.name} wrote a line when nothing was asked (ignored): ${line.slice(0, 80)}`);
      }
    });
  }

  private write(message: unknown): void {
    if (this.child.stdin.writable) this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  seated(info: { table: string; seat: number; player: { id: string; name: string } }): void {
    // `wire`: the server's protocol, whose views `decide` and `end` carry as they are.
    this.write({ t: "start", protocol: PROGRAM_PROTOCOL, wire: PROTOCOL, ...info });
  }

  decide(message: TableMessage): Promise<Decision> {
    return new Promise((resolve) => {
      this.waiting = (line) => resolve(readAnswer(line));
      this.write({ t: "decide", table: message.table, view: message.view });
    });
  }

  refused(answer: string, refusal: WireRefusal, charged: boolean): void {
    this.write({ t: "refused", answer, refusal, charged });
  }

  async end(message: TableMessage, result: GameResult): Promise<void> {
    this.ending = true;
    this.write({ t: "end", table: message.table, view: message.view, result });
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill("SIGTERM"), 5000);
    await this.exited;
    clearTimeout(timer);
  }

  kill(): void {
    this.ending = true;
    this.waiting = null;
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGTERM");
  }
}

/** An action as the command logs it. */
export function describeAction(action: Action): string {
  return actionText(action);
}
