/**
 * A table's frames are built once per change (frames.ts): the public view serialized once, each
 * seat adding its own part. Every frame must read back as exactly the message built the plain way,
 * the seat's whole view (`viewFor`) or the spectators' (`spectatorView`), at every step of random
 * games of every table, for followers that have all, some or none of the results.
 */

import { type Game, parseRules, spectatorView, viewFor } from "@crossbones/engine";
import { type TableInfo, toWire } from "@crossbones/protocol";
import { describe, expect, it } from "vitest";
import { playRandomGame, TABLES } from "../../../packages/engine/test/random-game.js";
import { TableFrames } from "../src/online/frames.js";

function positions(): Game[] {
  const out: Game[] = [];
  for (const [game, players] of TABLES) {
    const rules = parseRules(game, players, game === "french" ? { target: 40, illegalPlayPenalty: 5 } : {});
    if (!rules.ok) throw new Error(rules.error.message);
    playRandomGame(rules.value, `frames-${game}-${players}`, { onStep: ({ after }) => out.push(after) });
  }
  return out;
}

const info = (you: number | null) => ({ you, code: "K7QX2M" }) as unknown as TableInfo;

describe("table frames", () => {
  it("each is the plain message for its seat or a spectator, results sent before left out", () => {
    let checked = 0;
    for (const game of positions().filter((_, i) => i % 6 === 0)) {
      const frames = new TableFrames(game, info);
      for (const known of [0, Math.max(0, game.hands.length - 1)]) {
        for (let seat = -1; seat < game.config.players; seat++) {
          const view = toWire(seat < 0 ? spectatorView(game) : viewFor(game, seat));
          const results = view.results.map((r, i) => (i < known ? null : r));
          const plain = { t: "table", table: info(seat < 0 ? null : seat), view: { ...view, results } };
          expect(JSON.parse(frames.frame(seat < 0 ? null : seat, known))).toStrictEqual(plain);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
  });
});
