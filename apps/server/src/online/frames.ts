/**
 * The frames a change of a table sends: each follower's `table` message as text. A seat's view is
 * the spectators' view plus its own part (`seatPart`: its bones and moves), so the public view is
 * built and serialized once per change and each seat adds only its own part; most of every frame
 * (the board, the history, the events, the rules) is one string shared by all.
 */

import { type Game, seatPart, spectatorView } from "@crossbones/engine";
import { seatPartToWire, type TableInfo, toWire, type WireView } from "@crossbones/protocol";

export class TableFrames {
  private readonly view: WireView;
  /** The public view's JSON without `seat`, `hands` and `you`, by how many results are left out. */
  private readonly shared = new Map<number, string>();
  /** The table's information as each seat (or a spectator: -1) is sent it, serialized. */
  private readonly infos = new Map<number, string>();

  constructor(
    private readonly game: Game,
    private readonly info: (you: number | null) => TableInfo,
  ) {
    this.view = toWire(spectatorView(game));
  }

  /**
   * The frame for `seat` (null: a spectator), whose follower already has the results of the
   * first `known` hands (they are sent once per follower, a `watch` or `sit`: null here).
   */
  frame(seat: number | null, known: number): string {
    let shared = this.shared.get(known);
    if (shared === undefined) {
      const { seat: _seat, hands: _hands, you: _you, results, ...rest } = this.view;
      shared = JSON.stringify({
        ...rest,
        results: known === 0 ? results : results.map((r, i) => (i < known ? null : r)),
      });
      this.shared.set(known, shared);
    }
    let hands = this.view.hands;
    let you: WireView["you"] = null;
    if (seat !== null) {
      const own = seatPartToWire(seatPart(this.game, seat), this.game.config.layout, this.view.phase);
      // Its own bones face up (while a hand is on the others' are not; before a deal there are none).
      if (hands[seat] === null && this.game.state !== null) hands = hands.map((h, i) => (i === seat ? own.hand : h));
      you = own;
    }
    const view = `{"seat":${seat},"hands":${JSON.stringify(hands)},"you":${JSON.stringify(you)},${shared.slice(1)}`;
    let info = this.infos.get(seat ?? -1);
    if (info === undefined) {
      info = JSON.stringify(this.info(seat));
      this.infos.set(seat ?? -1, info);
    }
    return `{"t":"table","table":${info},"view":${view}}`;
  }
}
