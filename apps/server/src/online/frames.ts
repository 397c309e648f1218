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
 * every follower sent the same frame, so keeping them costs little).
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
  private pubText: string | null = null;
  /** The public part's patch from an older public part, as ops' JSON. */
  private readonly pubOps = new Map<PublicPart, string>();
  /** Per seat (a spectator: -1): its table information and own part, with their JSON. */
  private readonly parts = new Map<number, { info: TableInfo; own: OwnPart; infoText: string; ownText: string }>();

  constructor(
    private readonly game: Game,
    private readonly info: (you: number | null) => TableInfo,
    /** The frame's number: the table's log entries so far. */
    readonly seq: number,
  ) {
    const { seat: _seat, hands, you: _you, ...pub } = toWire(spectatorView(game));
    this.pub = pub;
    this.hands = hands;
  }

  /**
   * The frame for a follower at `seat` (null: a spectator) who holds `sent`: a patch from it when
   * it is an earlier frame of the same seat's, else the whole table; and what the follower then holds.
   */
  frame(seat: number | null, sent: Sent | undefined): { text: string; sent: Sent } {
    const part = this.part(seat);
    const now: Sent = { seq: this.seq, seat, info: part.info, pub: this.pub, own: part.own };
    if (sent && sent.seat === seat && sent.seq < this.seq) {
      const ops = [
        JSON.stringify(diff(sent.info, part.info, "/table")).slice(1, -1),
        this.publicOps(sent.pub),
        JSON.stringify(diff(sent.own, part.own, "/view")).slice(1, -1),
      ].filter((o) => o !== "");
      const text = `{"t":"patch","table":${JSON.stringify(part.info.code)},"from":${sent.seq},"to":${this.seq},"ops":[${ops.join(",")}]}`;
      return { text, sent: now };
    }
    this.pubText ??= JSON.stringify(this.pub);
    const view = `${part.ownText.slice(0, -1)},${this.pubText.slice(1)}`;
    return { text: `{"t":"table","seq":${this.seq},"table":${part.infoText},"view":${view}}`, sent: now };
  }

  private publicOps(from: PublicPart): string {
    let ops = this.pubOps.get(from);
    if (ops === undefined) {
      ops = JSON.stringify(diff(from, this.pub, "/view")).slice(1, -1);
      this.pubOps.set(from, ops);
    }
    return ops;
  }

  private part(seat: number | null) {
    let part = this.parts.get(seat ?? -1);
    if (part === undefined) {
      let hands = this.hands;
      let you: WireView["you"] = null;
      if (seat !== null) {
        const { game } = this;
        you = seatPartToWire(seatPart(game, seat), game.config.layout, this.pub.phase);
        // Its own bones face up (while a hand is on the others' are not; before a deal there are none).
        if (hands[seat] === null && game.state !== null)
          hands = hands.map((h, i) => (i === seat ? (you?.hand ?? h) : h));
      }
      const info = this.info(seat);
      const own: OwnPart = { seat, hands, you };
      part = { info, own, infoText: JSON.stringify(info), ownText: JSON.stringify(own) };
      this.parts.set(seat ?? -1, part);
    }
    return part;
  }
}
