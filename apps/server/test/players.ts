/**
 * Scripted people for the online tests: a raw connection that hands every frame (its text and
 * the parsed message) to its owner and paces what it sends under the server's rate limit, and a
 * random player that picks a legal action from its own seat's view (sometimes a pass that costs
 * points, sometimes an illegal play at a strict table, sometimes a target left for the server to
 * choose).
 */

import type { Action } from "@crossbones/engine";
import { PROTOCOL, type WireView } from "@crossbones/protocol";
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
 * One socket, hello'd. Every frame goes to `onFrame` (raw text and parsed JSON). Sends are paced
 * below the server's limit (20 a second, bursts of 40) so a fast table is never rate-limited.
 */
export class Wire {
  onFrame: (text: string, message: Frame) => void = () => {};
  onClose: (code: number) => void = () => {};
  private tokens = 30;
  private last = Date.now();
  private queue: string[] = [];
  private timer: NodeJS.Timeout | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const text = data.toString();
      this.onFrame(text, JSON.parse(text));
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
 * and then a held bone that does not fit. Null when the only move is a free pass (the server
 * makes it) unless `forcedToo`.
 */
export function randomChoice(
  view: WireView,
  rnd: () => number,
  options: { illegal?: boolean; forcedToo?: boolean } = {},
): Choice | null {
  const you = view.you;
  if (!you || view.turn !== view.seat || you.legalMoves.length === 0) return null;
  const plays = you.legalMoves.filter((m) => m !== "pass");
  if (plays.length === 0)
    return options.forcedToo || you.passCost > 0 ? { action: { type: "pass" }, illegal: false } : null;
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
