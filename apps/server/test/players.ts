/**
 * Scripted people for the online tests: a raw connection that hands every frame (its text and
 * the parsed message) to its owner and paces what it sends under the server's rate limit, and a
 * random player that picks a legal action from its own seat's view (sometimes a pass that costs
 * points, sometimes an illegal play at a strict table, sometimes a target left for the server to
 * choose).
 */

import { randomBytes } from "node:crypto";
import { type Action, freePass } from "@crossbones/engine";
import {
  type ClientMessage,
  fromWire,
  PROTOCOL,
  ProtocolClient,
  type SocketLike,
  TableCopies,
  type WireView,
} from "@crossbones/protocol";
import WebSocket from "ws";

/** A small seeded generator (mulberry32): a failing run can be repeated from its seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)];
}

// biome-ignore lint/suspicious/noExplicitAny: frames are read as plain JSON by the tests
export type Frame = any;

/**
 * One socket, hello'd. Every frame goes to `onFrame` (raw text and parsed JSON; a patch as the
 * whole table it makes, as every client keeps its tables: `TableCopies`, which asks again for a
 * table whose frame was missed). Sends are paced below the server's limit (20 a second, bursts of
 * 40) so a fast table is never rate-limited.
 */
export class Wire {
  onFrame: (text: string, message: Frame) => void = () => {};
  onClose: (code: number) => void = () => {};
  private tokens = 30;
  private last = Date.now();
  private queue: string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly copies = new TableCopies();

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const text = data.toString();
      const parsed = JSON.parse(text);
      const { message, resync } = this.copies.receive(parsed);
      if (resync !== null) this.send({ t: "watch", table: resync });
      this.onFrame(text, message ?? parsed);
    });
    socket.on("close", (code) => this.onClose(code));
    socket.on("error", () => {});
  }

  /** Opens a socket and says hello with `token`; resolves once welcomed. */
  static async open(url: string, token: string): Promise<Wire> {
    const socket = new WebSocket(`${url.replace("http", "ws")}/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    const wire = new Wire(socket);
    await new Promise<void>((resolve, reject) => {
      wire.onFrame = (_text, m) => (m.t === "welcome" ? resolve() : reject(new Error(`hello: ${_text}`)));
      wire.socket.send(JSON.stringify({ t: "hello", protocol: PROTOCOL, token }));
    });
    return wire;
  }

  send(message: unknown): void {
    this.queue.push(JSON.stringify(message));
    this.pump();
  }

  private pump(): void {
    if (this.timer) return;
    while (this.queue.length > 0) {
      const now = Date.now();
      this.tokens = Math.min(30, this.tokens + ((now - this.last) / 1000) * 18);
      this.last = now;
      if (this.tokens < 1) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pump();
        }, 60);
        return;
      }
      this.tokens--;
      const text = this.queue.shift() as string;
      if (this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.socket.close();
  }
}

/**
 * The seed a scripted person sends for the coming deal (docs/fairness.md), as the web app does:
 * one per commitment, kept in `seeds` (commitment → seed) so that a test can find it in the proof.
 */
export function seedFor(m: Frame, seat: number, seeds: Map<string, string>): Frame | null {
  const fair = m.t === "table" ? m.table.fair : null;
  if (!fair || fair.dealt || fair.seeded.includes(seat) || seeds.has(fair.commitment)) return null;
  const seed = randomBytes(32).toString("hex");
  seeds.set(fair.commitment, seed);
  return { t: "seed", table: m.table.code, commitment: fair.commitment, seed };
}

/** An action from a move in record notation ("3-4@N", "3-4", "pass"). */
export function actionOf(move: string): Action {
  if (move === "pass") return { type: "pass" };
  const [bone, target] = move.split("@");
  return target ? { type: "play", bone, target } : { type: "play", bone };
}

export interface Choice {
  readonly action: Action;
  /** An illegal play tried on purpose (a strict table charges it). */
  readonly illegal: boolean;
}

/**
 * A random action of the seat to act, from its own view: a legal play (its target sometimes left
 * out when the rules pick it), a pass that costs points now and then, or at a strict table now
 * and then a held bone that does not fit. Null when the only move is a pass the table makes (the
 * engine's `freePass`) unless `forcedToo`.
 */
export function randomChoice(
  view: WireView,
  rnd: () => number,
  options: { illegal?: boolean; forcedToo?: boolean } = {},
): Choice | null {
  const you = view.you;
  if (!you || view.turn !== view.seat || you.legalMoves.length === 0) return null;
  const plays = you.legalMoves.filter((m) => m !== "pass");
  if (plays.length === 0) {
    // The table makes a pass that cannot cost a point; one that costs points, or may, is ours.
    const seen = fromWire(view);
    const free = "hand" in seen && freePass(seen);
    return options.forcedToo || !free ? { action: { type: "pass" }, illegal: false } : null;
  }
  const strict =
    view.rules.game === "french" && (view.rules.options as { illegalPlayPenalty?: number }).illegalPlayPenalty;
  if (options.illegal !== false && strict && view.phase === "play" && rnd() < 0.06) {
    const fits = new Set(you.plays.map((p) => p.bone));
    const misfits = you.hand.filter((b) => !fits.has(b));
    if (misfits.length > 0) {
      const bone = pick(rnd, misfits);
      const action: Action =
        rnd() < 0.5 ? { type: "play", bone } : { type: "play", bone, target: pick(rnd, ["N", "E", "S", "W"]) };
      return { action, illegal: true };
    }
  }
  if (you.canPass && rnd() < 0.08) return { action: { type: "pass" }, illegal: false };
  const move = pick(rnd, plays);
  const action = actionOf(move);
  // A bone whose targets all lead to the same position needs none: let the server pick now and then.
  if (action.type === "play" && action.target !== undefined && rnd() < 0.3) {
    const play = you.plays.find((p) => p.bone === action.bone);
    if (play && !play.choose) return { action: { type: "play", bone: action.bone }, illegal: false };
  }
  return { action, illegal: false };
}

/** What a reconnecting seat did, for the checks after the game. */
export interface SeatLog {
  /** Action ids the server acknowledged (or refused and charged: applied too), with the version given. */
  readonly accepted: Map<string, number>;
  /** Every `table` frame's view, as received (version, hand and that hand's moves). */
  readonly seen: {
    game: number;
    version: number;
    handIndex: number;
    history: string[];
    phase: string;
    connection: number;
  }[];
  /** Connections opened (1 + reconnects). */
  connections: number;
  /** Unanswered actions sent again after a reconnect, and how the server answered them. */
  resent: number;
  resentAcked: number;
  resentStale: number;
}

/**
 * A seat played by a person on the protocol's one client (`ProtocolClient`, as the web app and the
 * command line): on a closed socket it reconnects with backoff, says hello, follows the table again
 * and sends again an action whose answer never came, with the same id and version. It plays random
 * legal actions from its own view until the game is over.
 */
export class ReconnectingSeat {
  readonly log: SeatLog = {
    accepted: new Map(),
    seen: [],
    connections: 0,
    resent: 0,
    resentAcked: 0,
    resentStale: 0,
  };
  /** Called right after an action is written to the socket (a test may kill the server then). */
  static onAct: (() => void) | null = null;
  private readonly client: ProtocolClient;
  private pending: { id: string; version: number; action: Action; resent: boolean } | null = null;
  private acted = -1;
  private ids = 0;
  private left = false;
  private finishedResolve: (() => void) | null = null;
  /** Resolves when the seat has seen the game finished. */
  readonly finished: Promise<void>;
  latest: Frame | null = null;
  /** Why the client gave up, if it did. */
  failure: string | null = null;
  /** The seeds this seat sent, by the commitment of their deal. */
  readonly seeds = new Map<string, string>();
  /**
   * The first commitment this seat was shown for each deal ("game:hand"), as a page keeps it: the
   * proof must reveal that one, or the page would raise a false alarm.
   */
  readonly commitments = new Map<string, string>();

  constructor(
    url: () => string,
    token: string,
    readonly code: string,
    readonly seat: number,
    private readonly rnd: () => number,
    sitFirst: boolean,
    /** Games to play after the first (every seated person asks for each rematch). */
    private readonly rematches = 0,
    /** Give the seat up (`leave`) after this many actions, then only watch. */
    private readonly leaveAfter = Infinity,
  ) {
    this.finished = new Promise((resolve) => {
      this.finishedResolve = resolve;
    });
    this.client = new ProtocolClient(
      {
        url: "",
        token,
        // Each connection to whichever process the fleet names now.
        open: () => new WebSocket(`${url().replace("http", "ws")}/ws`) as unknown as SocketLike,
        backoff: { first: 25, max: 1000 },
        // Stay under the server's rate (20 a second, bursts of 40): a seat acts far less than that.
        pace: { perSecond: 18, burst: 30 },
        strict: true,
      },
      {
        welcome: () => this.welcomed(),
        message: (m) => this.receive(m),
        // The server closed the socket for good (it never should here): the game shows unfinished.
        fatal: (reason) => {
          this.failure = reason;
          this.finishedResolve?.();
        },
      },
    );
    if (sitFirst) this.client.sit(code, seat);
    else this.client.watch(code);
    this.client.start();
  }

  private welcomed(): void {
    this.log.connections++;
    // The client sent the action whose answer never came again, same id, same version.
    const p = this.pending;
    if (p && this.log.connections > 1) {
      p.resent = true;
      this.log.resent++;
    }
  }

  private write(message: ClientMessage): boolean {
    return this.client.send(message);
  }

  private receive(m: Frame): void {
    if (m.t === "ack") {
      const p = this.pending;
      if (p && p.id === m.id) {
        if (p.resent) this.log.resentAcked++;
        this.log.accepted.set(m.id, m.version);
        this.pending = null;
        // The table message of this action came first (and was held back by the pending action).
        if (this.latest) this.consider(this.latest);
      }
      return;
    }
    if (m.t === "refused") {
      const p = this.pending;
      if (m.id !== null && p && p.id === m.id) {
        if (m.charged) this.log.accepted.set(m.id, -1);
        else if (p.resent && m.refusal.code === "stale") this.log.resentStale++;
        this.pending = null;
        // Stale: the table message that follows says what to do. Charged: the table message
        // came first. Anything else: choose again.
        if (m.refusal.code !== "stale" && this.latest) {
          if (!m.charged) this.acted = -1;
          this.consider(this.latest);
        }
      }
      return;
    }
    if (m.t !== "table" || m.table.code !== this.code) return;
    this.latest = m;
    const fair = m.table.fair;
    if (fair && !fair.dealt && !this.commitments.has(`${m.table.game}:${fair.hand}`))
      this.commitments.set(`${m.table.game}:${fair.hand}`, fair.commitment);
    const seed = seedFor(m, this.seat, this.seeds);
    if (seed) this.write(seed);
    const view = m.view;
    this.log.seen.push({
      game: m.table.game,
      version: view.version,
      handIndex: view.handIndex,
      history: view.history.map((h: { move: string }) => h.move),
      phase: view.phase,
      connection: this.log.connections,
    });
    if (view.finished) {
      if (m.table.game >= this.rematches || this.left) this.finishedResolve?.();
      else if (!m.table.rematch.includes(this.seat)) this.write({ t: "rematch", table: this.code });
      return;
    }
    this.consider(m);
  }

  private consider(m: Frame): void {
    const view = m.view;
    // A leave lost with a connection (the seat is still ours): say it again.
    if (this.left && m.table.you === this.seat && !view.finished) this.write({ t: "leave", table: this.code });
    if (this.left) return;
    if (this.ids >= this.leaveAfter && !this.pending) {
      this.left = true;
      this.write({ t: "leave", table: this.code });
      return;
    }
    if (this.pending || view.turn !== this.seat || this.acted === view.version) return;
    if (view.phase !== "pose" && view.phase !== "play") return;
    const choice = randomChoice(view, this.rnd, { forcedToo: this.rnd() < 0.5 });
    if (!choice) return;
    this.acted = view.version;
    const id = `${this.code}.${this.seat}.${this.ids++}`;
    this.pending = { id, version: view.version, action: choice.action, resent: false };
    this.client.act(this.code, view.version, choice.action, id);
    if (this.client.ready) ReconnectingSeat.onAct?.();
  }

  stop(): void {
    this.client.close();
  }
}
