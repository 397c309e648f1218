/**
 * Fair deals, a player's side (docs/fairness.md), for any client (the web app, `crossbones online
 * play`): send a seed for each coming deal once its commitment is in, remember what the seat saw
 * before the deal (the commitment, its seed once the table shows it taken, its first bones), and
 * check each hand when its proof is revealed.
 *
 * A seed is held to be in the deal — and its absence from the proof is a fault, the deal fails its
 * check — when the table showed it taken before the deal (its receipt: the seat in `fair.seeded`),
 * or when, on the same connection, a frame still showing the deal not made came `IN_TIME_MS` or
 * more after the seed was sent (the server was taking seeds, and had had it that long). A server
 * that leaves seeds out to choose among deals is caught either way; a seed sent just before the
 * deal may truly have come too late, and proves nothing (docs/fairness.md says what a player can
 * and cannot conclude).
 */

import { dealtHands, handConfig } from "@crossbones/engine";
import { canCheck, checkHand, type DealProof, type FairFault, randomHex32, type Witness } from "@crossbones/fair";
import type { ClientMessage, ServerMessage } from "./messages.js";
import { fromWire } from "./wire.js";

/** A hand's check: its proof, what this seat witnessed, and the fault found (null: verified). */
export interface HandCheck {
  readonly game: number;
  readonly proof: DealProof;
  readonly witness: Omit<Witness, "seat">;
  readonly fault: FairFault | null;
}

/** What a hand's check reports: the check, or "unavailable" where nothing can hash (plain http). */
export type DealCheck = HandCheck | "unavailable";

/** A seed is sent again when the table still shows it missing this long after (a lost frame). */
const RESEND_MS = 1500;
/** A seed the server still had not dealt without this long after it was sent could not be late. */
export const IN_TIME_MS = 3000;

interface Seen {
  commitment?: string;
  seed?: string;
  /**
   * When the seed was first sent on this connection, and last (it is sent again while the table
   * shows it missing, and after a reconnection).
   */
  first?: number;
  sent?: number;
  /** A frame still showing the deal not made came this long after `first`. */
  waited?: number;
  /** The table showed this seat's seed in. */
  taken?: boolean;
  hand?: number;
}

export class DealWitness {
  /** What this seat saw before each deal, by "game:hand" (the last few). */
  private readonly seen = new Map<string, Seen>();
  private readonly checked = new Set<string>();

  /**
   * `onCheck`: a hand's check, or "unavailable" where nothing can hash (a browser on plain http).
   * `now`: the clock frames arrive by (a test's).
   */
  constructor(
    private readonly onCheck: (check: DealCheck) => void,
    private readonly now: () => number = Date.now,
  ) {}

  private witnessOf(game: number, hand: number): Seen {
    const key = `${game}:${hand}`;
    let w = this.seen.get(key);
    if (!w) {
      w = {};
      this.seen.set(key, w);
      if (this.seen.size > 8) this.seen.delete(this.seen.keys().next().value as string);
    }
    return w;
  }

  /**
   * A new connection (its `welcome`): seeds sent on the one before may have been lost with it, so
   * they prove nothing; a seed still missing is sent again at once.
   */
  connected(): void {
    for (const w of this.seen.values()) {
      w.first = undefined;
      w.sent = undefined;
      w.waited = undefined;
    }
  }

  /**
   * One table message, as it arrives (not as a screen renders it: two may render as one). Gives
   * the seed message to send, if one is due.
   */
  frame(m: Extract<ServerMessage, { t: "table" }>): ClientMessage | null {
    const { table } = m;
    const you = table.you;
    const fair = table.fair;
    let send: ClientMessage | null = null;
    if (fair) {
      const w = this.witnessOf(table.game, fair.hand);
      const now = this.now();
      if (you !== null && fair.seeded.includes(you) && w.seed !== undefined) w.taken = true;
      if (!fair.dealt) {
        if (w.first !== undefined) w.waited = now - w.first;
        w.commitment ??= fair.commitment;
        // A duplicate table's deal takes none (docs/fairness.md, *Duplicate tables*).
        const takes = fair.noSeeds !== true;
        if (takes && you !== null && !fair.seeded.includes(you) && (w.sent === undefined || now - w.sent > RESEND_MS)) {
          w.seed ??= randomHex32();
          w.first ??= now;
          w.sent = now;
          send = { t: "seed", table: table.code, commitment: fair.commitment, seed: w.seed };
        }
      }
    }
    const view = fromWire(m.view);
    // The bones this seat was dealt, as it first saw them (before any move of the hand).
    if (fair?.dealt && "hand" in view && view.history.length === 0 && view.handIndex + 1 === fair.hand) {
      this.witnessOf(table.game, fair.hand).hand ??= view.hand;
    }
    const proof = table.proof;
    const key = proof && `${table.game}:${proof.hand}`;
    if (!proof || !key || view.handIndex + 1 !== proof.hand || this.checked.has(key)) return send;
    const deal = dealtHands(view);
    if (!deal) return send;
    this.checked.add(key);
    if (!canCheck()) {
      this.onCheck("unavailable");
      return send;
    }
    const w = this.witnessOf(table.game, proof.hand);
    const inTime = (w.waited ?? 0) >= IN_TIME_MS;
    const witness = { commitment: w.commitment, seed: w.taken || inTime ? w.seed : undefined, hand: w.hand };
    const game = table.game;
    checkHand(handConfig(view.rules), proof, deal, you === null ? undefined : { seat: you, ...witness }).then(
      (fault) => this.onCheck({ game, proof, witness, fault }),
      (e: unknown) => this.onCheck({ game, proof, witness, fault: { code: "bad-proof", why: String(e) } }),
    );
    return send;
  }
}
