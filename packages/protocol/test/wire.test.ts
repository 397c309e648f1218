/**
 * Views on the wire: every seat's view and the spectators' at every step of random games of
 * every table passes the `wireView` schema, survives JSON, and reads back (`fromWire`) to exactly
 * the engine's view; bones are written as in records and never as numbers.
 */

import { parseRules, spectatorView, viewFor } from "@crossbones/engine";
import { fromWire, moveFromText, toWire, WireError, type WireView, wireView } from "@crossbones/protocol";
import { describe, expect, it } from "vitest";
import { playRandomGame, TABLES } from "../../engine/test/random-game.js";

describe("wire views", () => {
  it("pass the schema, survive JSON and read back to the engine's view exactly", () => {
    let checked = 0;
    for (const [game, players] of TABLES) {
      const rules = parseRules(game, players, game === "french" ? { illegalPlayPenalty: 5 } : {});
      if (!rules.ok) throw new Error(rules.error.message);
      playRandomGame(rules.value, `wire-${game}-${players}`, {
        onStep: ({ index, after }) => {
          if (index % 3 !== 0 && !after.finished) return;
          const views = [...Array.from({ length: players }, (_, seat) => viewFor(after, seat)), spectatorView(after)];
          for (const view of views) {
            const wire = JSON.parse(JSON.stringify(toWire(view)));
            const parsed = wireView.safeParse(wire);
            if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues[0]));
            expect(fromWire(parsed.data as WireView)).toStrictEqual(view);
            checked++;
          }
        },
      });
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("write bones as in records: a seat's hand, plays and moves", () => {
    const rules = parseRules("cutthroat", 2);
    if (!rules.ok) throw new Error(rules.error.message);
    const { game } = playRandomGame(rules.value, "notation", { maxActions: 6 });
    const seat = game.state?.turn ?? 0;
    const wire = toWire(viewFor(game, seat));
    expect(wire.you?.hand.every((b) => /^[0-6]-[0-6]$/.test(b))).toBe(true);
    expect(wire.history[0].move).toMatch(/^[0-6]-[0-6]$/);
    expect(wire.history.slice(1).every((h) => /^(pass|[0-6]-[0-6]@[LR])$/.test(h.move))).toBe(true);
    expect(wire.layout).toBe("line");
    // A spectator's view carries no hand at all while the hand is on.
    const watching = toWire(spectatorView(game));
    expect(watching.you).toBeNull();
    expect(watching.hands.every((h) => h === null)).toBe(true);
  });

  it("refuse to read what is not a bone, a target or a move", () => {
    expect(() => moveFromText(0, "7-9@N")).toThrow(WireError);
    expect(() => moveFromText(0, "3-4@Q")).toThrow(WireError);
    expect(moveFromText(1, "!3-4@L")).toBe(256 | ((18 + 1) << 2));
  });
});
