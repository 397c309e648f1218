/**
 * The frames a change of a table sends. A follower's first frame is the whole table (a `table`
 * message, a snapshot); after it, each change sends a `patch` from the frame the follower holds to
 * this one (docs/protocol.md). A seat's view is the spectators' view plus its own part (`seatPart`:
 * its bones and moves), so the public part is built once per change and its patch, like its JSON,
 * is made once for every follower who holds the same frame; each seat adds only its own part.
 *
 * What a follower holds is not kept as the frame's objects (a table's public view is tens of
 * kilobytes of them, for as long as nobody moves) but as what the frame was made from: the game
 * (an immutable value that shares nearly everything with the next) and the table's information,
 * made again when the next change needs them and let go once it is sent; only each seat's own
 * part (its bones and moves: small, and costly to find again) is kept with it.
 */

import { type Game, seatPart, spectatorView } from "@crossbones/engine";
import {
  diff,
  type PresenceMessage,
  seatPartToWire,
  type TableInfo,
  toWire,
  type WireView,
  withPresence,
} from "@crossbones/protocol";

/** The view without what differs per follower. */
type PublicPart = Omit<WireView, "seat" | "hands" | "you">;
/** What differs per follower: its seat, the hands it sees and its own moves. */
type OwnPart = Pick<WireView, "seat" | "hands" | "you">;

/**
 * What a follower holds of a table: the last frame it was sent (by its number and what it was
 * made from), for `seat`, with the `presence` message merged into it since (the latest says it all).
 */
export interface Sent {
  readonly frame: TableFrames;
  readonly seat: number | null;
  readonly presence: PresenceMessage | null;
}

export class TableFrames {
  /** Built when first needed and let go by `release` (the frame is then only what it is made from). */
  private built: {
    pub: PublicPart;
    hands: WireView["hands"];
    info: TableInfo;
    /** The public part's JSON without its opening brace (it follows the seat's own part). */
    pubTail: string | null;
    /** Patches of the public part from older ones, as ops' JSON. */
    pubOps: Map<PublicPart, string>;
    /** Patches of the information from older frames' (with a presence message merged, or none). */
    infoOps: Map<TableFrames, Map<PresenceMessage | null, string>>;
  } | null = null;

  /**
   * Each seat's own part, kept when the rest is let go: it is small, and the next change's patch
   * starts from it (making it again means finding the seat's moves again).
   */
  private readonly owns = new Map<number, OwnPart>();

  constructor(
    private readonly game: Game,
    /** The table's information as a spectator is told it (a seat's differs only in `you`). */
    private readonly info: () => TableInfo,
    /** The frame's number: the table's log entries so far. */
    readonly seq: number,
  ) {}

  private parts() {
    if (this.built === null) {
      const { seat: _seat, hands, you: _you, ...pub } = toWire(spectatorView(this.game));
      const info = this.info();
      this.built = { pub, hands, info, pubTail: null, pubOps: new Map(), infoOps: new Map() };
    }
    return this.built;
  }

  /** Lets go of what was built for sending (followers keep the frame to patch from). */
  release(): void {
    this.built = null;
  }

  /**
   * The frame for a follower at `seat` (null: a spectator) who holds `sent`: a patch from it when
   * it is an earlier frame of the same seat's, else the whole table; and what the follower then holds.
   * The frame's text is its pieces joined: what every follower holding the same frame gets is the
   * same string (a relay to another process sends it once, relay-batch.ts).
   */
  frame(seat: number | null, sent: Sent | undefined): { pieces: string[]; sent: Sent } {
    const now = this.parts();
    const own = this.own(seat);
    const next: Sent = { frame: this, seat, presence: null };
    if (sent && sent.seat === seat && sent.frame.seq < this.seq) {
      const from = sent.frame.parts();
      const infoOps = now.infoOps.get(sent.frame) ?? new Map<PresenceMessage | null, string>();
      now.infoOps.set(sent.frame, infoOps);
      const ops = [
        cached(infoOps, sent.presence, () =>
          diff(sent.presence ? withPresence(from.info, sent.presence) : from.info, now.info, "/table"),
        ),
        cached(now.pubOps, from.pub, () => diff(from.pub, now.pub, "/view")),
        JSON.stringify(diff(sent.frame.own(seat), own, "/view")).slice(1, -1),
      ].filter((o) => o !== "");
      const pieces = [
        `{"t":"patch","table":${JSON.stringify(now.info.code)},"from":${sent.frame.seq},"to":${this.seq},"ops":[`,
      ];
      for (const [i, o] of ops.entries()) {
        if (i > 0) pieces.push(",");
        pieces.push(o);
      }
      pieces.push("]}");
      return { pieces, sent: next };
    }
    now.pubTail ??= JSON.stringify(now.pub).slice(1);
    const info = JSON.stringify({ ...now.info, you: seat });
    const head = `{"t":"table","seq":${this.seq},"table":${info},"view":${JSON.stringify(own).slice(0, -1)},`;
    return { pieces: [head, now.pubTail, "}"], sent: next };
  }

  /** What `seat` sees beyond the public part (a spectator: the hands shown to all). */
  private own(seat: number | null): OwnPart {
    let own = this.owns.get(seat ?? -1);
    if (own === undefined) {
      const parts = this.parts();
      let hands = parts.hands;
      let you: WireView["you"] = null;
      if (seat !== null) {
        const { game } = this;
        you = seatPartToWire(seatPart(game, seat), game.config.layout, parts.pub.phase);
        // Its own bones face up (while a hand is on the others' are not; before a deal there are none).
        if (hands[seat] === null && game.state !== null)
          hands = hands.map((h, i) => (i === seat ? (you?.hand ?? h) : h));
      }
      own = { seat, hands, you };
      this.owns.set(seat ?? -1, own);
    }
    return own;
  }
}

/** A patch made once per older value it starts from (every follower who holds that one gets it). */
function cached<K>(memo: Map<K, string>, from: K, make: () => readonly unknown[]): string {
  let ops = memo.get(from);
  if (ops === undefined) {
    ops = JSON.stringify(make()).slice(1, -1);
    memo.set(from, ops);
  }
  return ops;
}
