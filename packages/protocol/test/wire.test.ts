/**
 * Views on the wire: every seat's view and the spectators' at every step of random games of
 * every table passes the `wireView` schema, survives JSON, and reads back (`fromWire`) to exactly
 * the engine's view; bones are written as in records and never as numbers.
 */

import { type Game, parseRules, type SeatView, spectatorView, viewFor } from "@crossbones/engine";
import {
  fromWire,
  moveFromText,
  toWire,
  WireError,
  type WireView,
  wireBoard,
  wireEvent,
  wireFrenchScore,
  wireLineOutcome,
  wireNext,
  wirePose,
  wireResult,
  wireTable,
  wireView,
  wireYou,
} from "@crossbones/protocol";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
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

  it("carry every field of the engine's view, or say which they rename, move or drop", () => {
    // What the wire does with a field of the engine's that it does not carry as it is. A field the
    // engine's view gains must be carried (a schema field of the same name) or listed here.
    const TOP = {
      hand: "you.hand",
      legalMoves: "you.legalMoves",
      plays: "you.plays",
      canPass: "you.canPass",
      passCost: "you.passCost",
    };
    const TABLE = { poseMask: "poseBones", penaltiesByKind: "penalties" };
    // The board's layout is the view's own `layout`.
    const BOARD = { layout: null };
    const keysOf = (shape: z.ZodRawShape) => Object.keys(shape).sort();
    const carried = (value: object, renamed: Record<string, string | null> = {}) =>
      Object.keys(value)
        .map((k) => (k in renamed ? renamed[k] : k))
        .filter((k): k is string => k !== null && !k.startsWith("you."))
        .sort();
    const views = (game: Game): SeatView[] => [viewFor(game, 0)];
    const seen = new Set<string>();
    for (const [game, players] of [
      ["french", 4],
      ["cutthroat", 2],
    ] as const) {
      const rules = parseRules(game, players);
      if (!rules.ok) throw new Error(rules.error.message);
      playRandomGame(rules.value, `fields-${game}`, {
        maxActions: 400,
        onStep: ({ after }) => {
          for (const view of views(after)) {
            expect(carried(view, TOP)).toEqual(keysOf(wireView.shape).filter((k) => k !== "you"));
            expect(
              Object.values(TOP)
                .map((k) => k.slice(4))
                .sort(),
            ).toEqual(keysOf(wireYou.shape));
            if (view.table) expect(carried(view.table, TABLE)).toEqual(keysOf(wireTable.shape));
            if (view.board) expect(carried(view.board, BOARD)).toEqual(keysOf(wireBoard.shape));
            if (view.pose) expect(carried(view.pose)).toEqual(keysOf(wirePose.shape));
            expect(carried(view.next)).toEqual(keysOf(wireNext.shape));
            for (const r of view.results) {
              if (!r) continue;
              expect(carried(r)).toEqual(keysOf(wireResult.shape));
              for (const f of r.french ?? []) expect(carried(f)).toEqual(keysOf(wireFrenchScore.shape));
              if (r.line) expect(carried(r.line)).toEqual(keysOf(wireLineOutcome.shape));
            }
            for (const e of view.events) {
              const member = wireEvent.options.find((o) => o.shape.type.safeParse(e.type).success);
              expect(member, e.type).toBeDefined();
              expect(carried(e)).toEqual(keysOf(member?.shape ?? {}));
              seen.add(e.type);
            }
          }
        },
      });
    }
    // Enough of the game was seen for the check to mean something.
    expect([...seen].sort()).toEqual(expect.arrayContaining(["handEnd", "pass", "play", "pose"]));
  });

  it("write a hand's public state for readers: named phases and ends, seats or null, penalties by name", () => {
    const rules = parseRules("french", 4, { illegalPlayPenalty: 5 });
    if (!rules.ok) throw new Error(rules.error.message);
    let penalties = 0;
    let over = 0;
    playRandomGame(rules.value, "readers", {
      maxActions: 600,
      onStep: ({ after }) => {
        const table = toWire(spectatorView(after)).table;
        if (!table) return;
        expect(["pose", "play", "over"]).toContain(table.phase);
        expect(table.ends.every((e) => e === null || (e >= 0 && e <= 6))).toBe(true);
        expect(table.phase === "over").toBe(table.end !== null);
        if (table.end === "domino") expect(table.winner).not.toBeNull();
        if (table.phase === "over") over++;
        for (const p of table.penalties) {
          expect(p.points).not.toBe(0);
          penalties++;
        }
      },
    });
    expect(over).toBeGreaterThan(0);
    expect(penalties).toBeGreaterThan(0);
  });

  it("refuse to read what is not a bone, a target or a move", () => {
    expect(() => moveFromText(0, "7-9@N")).toThrow(WireError);
    expect(() => moveFromText(0, "3-4@Q")).toThrow(WireError);
    expect(moveFromText(1, "!3-4@L")).toBe(256 | ((18 + 1) << 2));
  });
});
