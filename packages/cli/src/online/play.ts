/**
 * `crossbones online play`: takes a seat at a table and plays it until the game is over, with a
 * bot or a program deciding. The seat belongs to the token: when the connection drops the link
 * connects again, the command watches the table again (its whole state comes back) and sends
 * again an action whose `ack` never came, with the same id and version, which the server applies
 * at most once.
 */

import { randomBytes } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";
import type { Action, GameKind } from "@crossbones/engine";
import { freePass, sideOf } from "@crossbones/engine";
import { faultMessage } from "@crossbones/fair";
import { type DealCheck, fromWire, type ServerMessage, type WireRefusal } from "@crossbones/protocol";
import { CliError } from "./args.js";
import { type Decider, describeAction, type GameResult, type TableMessage } from "./deciders.js";
import { describeRefusal } from "./http.js";
import { Link, type LinkOptions } from "./link.js";

export interface PlayOptions {
  /** The socket's URL. */
  readonly url: string;
  readonly token: string;
  /** The table to sit at, or a quick match to wait for (the table it finds is played). */
  readonly table: string | { readonly game: GameKind; readonly players: number };
  /** The seat to take (the first open one when not given). */
  readonly seat?: number;
  /** Makes who decides; `fail` ends the game with an error (a program that stopped). */
  readonly decider: (hooks: { fail(error: CliError): void; warn(text: string): void }) => Decider;
  /** File that receives every raw frame, one per line. */
  readonly dumpFrames?: string;
  readonly link?: Omit<LinkOptions, "url" | "token" | "dump">;
}

export interface PlayIO {
  /** The result line (standard output). */
  out(text: string): void;
  /** Progress and warnings (standard error; nothing when quiet). */
  log(text: string): void;
  /** Why the command fails (standard error, always). */
  error(text: string): void;
}

/** Refused answers in a row at one version before the command gives up. */
const MAX_REFUSALS = 10;
/** Wait before sending again an action the server could not take (`rate-limited`, `server-error`). */
const RESEND_MS = 1000;
/** How long the end of a rated game waits for its ratings (they are kept just after its last move). */
const RATED_WAIT_MS = 10_000;

type Rated = Extract<ServerMessage, { t: "rated" }>;

interface Pending {
  readonly id: string;
  readonly version: number;
  readonly action: Action;
}

/** Plays the table to its end; the exit status. */
export function playOnline(options: PlayOptions, io: PlayIO): Promise<number> {
  return new Session(options, io).run();
}

class Session {
  private readonly link: Link;
  private readonly decider: Decider;
  private readonly idPrefix = randomBytes(4).toString("hex");
  private nextId = 1;
  private latest: TableMessage | null = null;
  private seat: number | null = null;
  private player: { id: string; name: string } | null = null;
  private pending: Pending | null = null;
  private deciding = false;
  /** The version last decided at; a view of the same version is not decided again (unless refused). */
  private decidedAt = -1;
  private refusals = 0;
  private refusedAt = -1;
  private loggedStatus = "";
  private loggedHands = -1;
  private dumpFd: number | null = null;
  private done = false;
  private resendTimer: NodeJS.Timeout | null = null;
  /** The hand ("game:hand") after which we said we are ready for the next. */
  private ready = "";
  private finish: (status: number) => void = () => {};
  /** The table played: given, or found by quick match (null until it is). */
  private table: string | null;
  /** The table's last rated game's message, and who waits for it at the end. */
  private rated: Rated | null = null;
  private ratedWaiter: (() => void) | null = null;

  constructor(
    private readonly options: PlayOptions,
    private readonly io: PlayIO,
  ) {
    if (options.dumpFrames !== undefined) {
      try {
        this.dumpFd = openSync(options.dumpFrames, "w");
      } catch (e) {
        throw new CliError(`cannot write ${options.dumpFrames}: ${(e as NodeJS.ErrnoException).code ?? e}`);
      }
    }
    this.table = typeof options.table === "string" ? options.table : null;
    this.decider = options.decider({ fail: (error) => this.fail(error), warn: (text) => this.io.log(text) });
    const fd = this.dumpFd;
    this.link = new Link(
      {
        ...options.link,
        url: options.url,
        token: options.token,
        // One frame per line: a frame is JSON, whose strings hold no raw line breaks.
        dump: fd === null ? undefined : (text) => writeSync(fd, `${text.replace(/[\r\n]+/g, " ")}\n`),
      },
      {
        welcome: (player, again) => this.welcomed(player, again),
        message: (message) => this.receive(message),
        fatal: (error) => this.fail(error),
        log: (text) => this.io.log(text),
        // The link sends our seeds for the deals and checks each hand (docs/fairness.md).
        dealCheck: (table, check) => {
          if (table === this.table) this.dealChecked(check);
        },
      },
    );
  }

  run(): Promise<number> {
    return new Promise((resolve) => {
      this.finish = resolve;
      this.link.start();
    });
  }

  // ---- the connection

  private welcomed(player: { id: string; name: string }, again: boolean): void {
    this.player = player;
    // The table is followed again after a reconnect by the link itself (a lost `sit` shows as a
    // table without our seat: `onTable` sits then). A quick match lost with the connection is asked again.
    if (this.table === null && typeof this.options.table !== "string") {
      const { game, players } = this.options.table;
      this.link.send({ t: "queue", game, players });
      if (!again) this.io.log(`waiting for a quick match of ${game} for ${players}`);
    } else if (!again && this.table !== null) this.link.sit(this.table, this.options.seat);
    if (again) this.io.log(`connected again as ${player.name}`);
    const pending = this.pending;
    if (pending) {
      this.io.log(`sending again ${describeAction(pending.action)} (action ${pending.id}, version ${pending.version})`);
      this.sendAct(pending);
    }
  }

  private sendAct(p: Pending): void {
    if (this.table === null) return;
    this.link.send({ t: "act", table: this.table, id: p.id, version: p.version, action: p.action });
  }

  private receive(m: ServerMessage): void {
    // The ratings of the game just over may come after its end (which waits for them).
    if (m.t === "rated") {
      if (m.table === this.table && m.game === this.latest?.table.game) {
        this.rated = m;
        this.ratedWaiter?.();
      }
      return;
    }
    if (this.done) return;
    switch (m.t) {
      case "table":
        if (m.table.code === this.table) this.onTable(m);
        return;
      case "matched":
        // Quick match sat us there already; following it brings the table.
        if (this.table === null) {
          this.table = m.table;
          this.link.sit(m.table);
        }
        return;
      case "ack":
        if (this.pending && m.id === this.pending.id) {
          this.pending = null;
          this.refusals = 0;
          this.consider();
        }
        return;
      case "refused":
        this.onRefused(m.id, m.table, m.refusal, m.charged);
        return;
      default:
        // Reactions, how many wait for a quick match: nothing a player program needs.
        return;
    }
  }

  private onTable(m: TableMessage): void {
    this.latest = m;
    if (m.table.you === null) {
      if (this.seat !== null) {
        this.fail(new CliError(`you no longer sit at table ${m.table.code} (the seat was left)`));
        return;
      }
      // Watching without a seat (a `sit` lost in a reconnection): sit now.
      this.link.send({
        t: "sit",
        table: m.table.code,
        ...(this.options.seat === undefined ? {} : { seat: this.options.seat }),
      });
      return;
    }
    if (this.seat === null) {
      this.seat = m.table.you;
      const name = m.table.seats[this.seat]?.name ?? "";
      this.io.log(
        `${name} sits at table ${m.table.code}, seat ${this.seat} of ${m.table.seats.length} (${m.table.setup.game}), played by ${this.decider.name}`,
      );
      this.decider.seated({ table: m.table.code, seat: this.seat, player: this.player ?? { id: "", name } });
    }
    this.logProgress(m);
    // Between hands a bot or a program has no score sheet to read: ready for the next at once.
    const ready = `${m.table.game}:${m.view.handIndex}`;
    if (m.view.phase === "hand-over" && !m.table.ready.includes(this.seat as number) && this.ready !== ready) {
      this.ready = ready;
      this.link.send({ t: "next", table: m.table.code });
    }
    if (m.view.finished) {
      void this.end(m);
      return;
    }
    this.consider();
  }

  /** A hand's deal checked against its proof: said on standard error, loudly when it fails. */
  private dealChecked(check: DealCheck): void {
    if (check === "unavailable") return;
    const hand = check.proof.hand;
    if (check.fault) this.io.error(`hand ${hand}: the deal FAILED its check: ${faultMessage(check.fault)}`);
    else this.io.log(`hand ${hand}: deal verified (docs/fairness.md)`);
  }

  private logProgress(m: TableMessage): void {
    if (m.table.status !== this.loggedStatus) {
      this.loggedStatus = m.table.status;
      if (m.table.status === "waiting") {
        const open = m.table.seats.filter((s) => s.kind === "open").length;
        this.io.log(`waiting for ${open} more ${open === 1 ? "person" : "people"} to sit`);
      } else if (m.table.status === "playing") {
        this.io.log(
          `playing: ${m.table.seats.map((s) => `${s.name || "?"}${s.kind === "bot" ? ` (${s.level} bot)` : ""}`).join(", ")}`,
        );
      }
    }
    const results = m.view.results;
    for (let i = this.loggedHands + 1; i < results.length; i++) {
      const r = results[i];
      if (!r) break;
      this.loggedHands = i;
      const who = r.winner === null ? "nobody" : m.table.seats[r.winner]?.name || `seat ${r.winner}`;
      this.io.log(
        `hand ${i + 1}: ${r.end === "domino" ? `${who} went out` : `blocked, ${who} wins`}; totals ${r.after.join(" ")}`,
      );
    }
  }

  private onRefused(id: string | null, table: string | null, refusal: WireRefusal, charged: boolean): void {
    const pending = this.pending;
    if (pending && id === pending.id) {
      this.pending = null;
      const answer = describeAction(pending.action);
      this.decider.refused(answer, refusal, charged);
      if (refusal.code === "stale") {
        // The table moved on (a clock, a forced pass): the table as it is now follows, and the
        // next decision is made on it, not again on the version that was too old.
        this.io.log(`${answer} came too late: ${refusal.message}`);
      } else {
        this.io.log(`${answer} was refused${charged ? " and charged" : ""}: ${describeRefusal(refusal)}`);
        if (!charged) this.countRefusal(pending.version);
        this.decidedAt = -1;
      }
      this.consider();
      return;
    }
    if (id === null && (refusal.code === "rate-limited" || refusal.code === "server-error") && pending) {
      // The server could not take a message (which, it does not say): send the action again shortly.
      this.io.log(`the server refused a message (${refusal.message}); sending the action again`);
      if (this.resendTimer) clearTimeout(this.resendTimer);
      this.resendTimer = setTimeout(() => {
        this.resendTimer = null;
        if (this.pending === pending && this.link.ready) this.sendAct(pending);
      }, RESEND_MS);
      return;
    }
    if (refusal.code === "deal-made" || refusal.code === "seed-given") {
      // Our seed came after the deal was made: the deal stands without it.
      this.io.log(`our seed for the deal was not taken: ${refusal.message}`);
      return;
    }
    if (id === null && table !== null && table === this.table) {
      // `sit` or `watch` refused: no seat to play.
      this.fail(new CliError(`table ${this.table}: ${describeRefusal(refusal)}`));
      return;
    }
    if (id === null && table === null && this.table === null) {
      // `queue` refused: no game to play.
      this.fail(new CliError(`quick match: ${describeRefusal(refusal)}`));
      return;
    }
    this.io.log(`the server refused a message: ${describeRefusal(refusal)}`);
  }

  private countRefusal(version: number): void {
    if (version !== this.refusedAt) {
      this.refusedAt = version;
      this.refusals = 0;
    }
    if (++this.refusals >= MAX_REFUSALS)
      this.fail(new CliError(`${this.decider.name} was refused ${MAX_REFUSALS} times in a row; giving up`));
  }

  // ---- deciding

  /** If the seat is to act and nothing is on its way, decides and acts. */
  private consider(): void {
    const m = this.latest;
    if (this.done || this.deciding || this.pending || !m || this.seat === null) return;
    const view = m.view;
    const you = view.you;
    if (view.finished || view.turn !== this.seat || !you || you.legalMoves.length === 0) return;
    if (this.decidedAt === view.version) return;
    this.decidedAt = view.version;
    if (you.plays.length === 0) {
      // Nothing fits. A pass that cannot cost a point the table makes itself, after a moment
      // everyone sees; one that costs points, or may, is the player's own: the only move there is.
      const seen = fromWire(view);
      if (!("hand" in seen) || !freePass(seen)) this.act({ type: "pass" }, view.version);
      return;
    }
    this.deciding = true;
    this.decider.decide(m).then(
      (decision) => {
        this.deciding = false;
        if (this.done) return;
        if ("refusal" in decision) {
          this.io.log(
            `${this.decider.name} answered something that is not a move: ${describeRefusal(decision.refusal)}`,
          );
          this.decider.refused(decision.answer, decision.refusal, false);
          this.countRefusal(view.version);
          this.decidedAt = -1;
          this.consider();
          return;
        }
        this.act(decision.action, view.version);
      },
      (error: unknown) => {
        this.deciding = false;
        this.fail(error instanceof CliError ? error : new CliError(`${this.decider.name} failed: ${String(error)}`));
      },
    );
  }

  private act(action: Action, version: number): void {
    const pending: Pending = { id: `${this.idPrefix}-${this.nextId++}`, version, action };
    this.pending = pending;
    // Not connected right now: it goes out once the link is welcomed again.
    if (this.link.ready) this.sendAct(pending);
  }

  // ---- the end

  private async end(m: TableMessage): Promise<void> {
    if (this.done) return;
    this.done = true;
    if (m.table.setup.rated && this.rated?.game !== m.table.game) await this.ratings();
    this.link.stop();
    this.cleanup();
    const seat = this.seat ?? 0;
    const view = m.view;
    const mine = this.rated?.game === m.table.game ? this.rated.ratings.find((r) => r.seat === seat) : undefined;
    const result: GameResult = {
      table: m.table.code,
      game: m.table.setup.game,
      players: m.table.setup.players,
      seat,
      names: m.table.seats.map((s) => s.name),
      winner: view.winner,
      won: view.winner !== null && view.winner === sideOf(view.rules, seat),
      totals: view.totals,
      sixLove: view.sixLove,
      resigned: view.resigned,
      version: view.version,
      ...(mine
        ? { rating: { before: mine.before, after: mine.after, games: mine.games, provisional: mine.provisional } }
        : {}),
    };
    try {
      await this.decider.end(m, result);
    } catch {
      // The game is over either way.
    }
    this.io.log(`the game is over: ${result.won ? "you won" : "you lost"} (totals ${result.totals.join(" ")})`);
    this.io.out(`${JSON.stringify(result)}\n`);
    this.finish(0);
  }

  /** Waits (a while) for the ratings of the rated game just over. */
  private ratings(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.ratedWaiter?.(), RATED_WAIT_MS);
      this.ratedWaiter = () => {
        clearTimeout(timer);
        this.ratedWaiter = null;
        resolve();
      };
    });
  }

  private fail(error: CliError): void {
    if (this.done) return;
    this.done = true;
    this.link.stop();
    this.cleanup();
    this.decider.kill();
    this.io.error(error.message);
    this.finish(error.status);
  }

  private cleanup(): void {
    if (this.resendTimer) clearTimeout(this.resendTimer);
    if (this.dumpFd !== null) closeSync(this.dumpFd);
    this.dumpFd = null;
  }
}
