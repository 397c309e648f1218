/**
 * The frames a change of a table sends. A follower's first frame is the whole table (a `table`
 * message, a snapshot); after it, each change sends a `patch` from the frame the follower holds to
 * this one (docs/protocol.md). A seat's view is the spectators' view plus its own part (`seatPart`:
 * its bones and moves), so the public part is built once per change and its patch, like its JSON,
 * is made once for every follower who holds the same frame; each seat adds only its own part.
 */

import { type Game, seatPart, spectatorView } from "@crossbones/engine";
import { diff, seatPartToWire, type TableInfo, toWire, type WireView } from "@crossbones/protocol";

/** The view without what differs per follower. */
type PublicPart = Omit<WireView, "seat" | "hands" | "you">;
/** What differs per follower: its seat, the hands it sees and its own moves. */
type OwnPart = Pick<WireView, "seat" | "hands" | "you">;

/**
 * What a follower holds of a table: the last frame it was sent, by number and as objects (shared by
 * every follower sent the same frame, so keeping them costs little). `info` is the table's
 * information as a spectator is told it: a seat's differs only in `you`, which never changes for it.
 */
export interface Sent {
  readonly seq: number;
  readonly seat: number | null;
  readonly info: TableInfo;
  readonly pub: PublicPart;
  readonly own: OwnPart;
}

export class TableFrames {
  private readonly pub: PublicPart;
  /** The hands as a spectator sees them (a seat sees its own too). */
  private readonly hands: WireView["hands"];
  /** The table's information, told to a spectator (`you`: null). */
  private readonly info: TableInfo;
  private pubText: string | null = null;
  /** The public part's and the information's patches from older ones, as ops' JSON. */
  private readonly pubOps = new Map<PublicPart, string>();
  private readonly infoOps = new Map<TableInfo, string>();
  /** Per seat (a spectator: -1): its own part. */
  private readonly owns = new Map<number, OwnPart>();

  constructor(
    private readonly game: Game,
    info: (you: number | null) => TableInfo,
    /** The frame's number: the table's log entries so far. */
    readonly seq: number,
  ) {
    const { seat: _seat, hands, you: _you, ...pub } = toWire(spectatorView(game));
    this.pub = pub;
    this.hands = hands;
    this.info = info(null);
  }

  /**
   * The frame for a follower at `seat` (null: a spectator) who holds `sent`: a patch from it when
   * it is an earlier frame of the same seat's, else the whole table; and what the follower then holds.
   */
  frame(seat: number | null, sent: Sent | undefined): { text: string; sent: Sent } {
    const own = this.own(seat);
    const now: Sent = { seq: this.seq, seat, info: this.info, pub: this.pub, own };
    if (sent && sent.seat === seat && sent.seq < this.seq) {
      const ops = [
        cached(this.infoOps, sent.info, () => diff(sent.info, this.info, "/table")),
        cached(this.pubOps, sent.pub, () => diff(sent.pub, this.pub, "/view")),
        JSON.stringify(diff(sent.own, own, "/view")).slice(1, -1),
      ].filter((o) => o !== "");
      const text = `{"t":"patch","table":${JSON.stringify(this.info.code)},"from":${sent.seq},"to":${this.seq},"ops":[${ops.join(",")}]}`;
      return { text, sent: now };
    }
    this.pubText ??= JSON.stringify(this.pub);
    const info = JSON.stringify({ ...this.info, you: seat });
    const view = `${JSON.stringify(own).slice(0, -1)},${this.pubText.slice(1)}`;
    return { text: `{"t":"table","seq":${this.seq},"table":${info},"view":${view}}`, sent: now };
  }

  /** What `seat` sees beyond the public part (a spectator: the hands shown to all). */
  private own(seat: number | null): OwnPart {
    let own = this.owns.get(seat ?? -1);
    if (own === undefined) {
      let hands = this.hands;
      let you: WireView["you"] = null;
      if (seat !== null) {
        const { game } = this;
        you = seatPartToWire(seatPart(game, seat), game.config.layout, this.pub.phase);
        // Its own bones face up (while a hand is on the others' are not; before a deal there are none).
        if (hands[seat] === null && game.state !== null) hands = hands.map((h, i) => (i === seat ? you?.hand ?? h : h));
      }
      own = { seat, hands, you };
      this.owns.set(seat ?? -1, own);
    }
    return own;
  }
}

/** A patch made once per older value it starts from (every follower who holds that one gets it). */
function cached<T>(memo: Map<T, string>, from: T, make: () => readonly unknown[]): string {
  let ops = memo.get(from);
  if (ops === undefined) {
    ops = JSON.stringify(make()).slice(1, -1);
    memo.set(from, ops);
  }
  return ops;
}
