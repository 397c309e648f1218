/**
 * What a pass costs the seat to act, as far as its own view can tell (`passPrice`), and which
 * passes a table makes for the player (`freePass`): only the only move, and only when it cannot
 * cost a point. A third pass in a row (F6) and a possible board pass (F7) are the player's tap.
 */

import { describe, expect, it } from "vitest";
import {
  type Action,
  applyAction,
  freePass,
  type Game,
  mustPass,
  passPrice,
  replayRecord,
  viewFor,
} from "../src/index.js";
import { BOARD_PASS, FRENCH_RULES } from "./french-hands.js";

/** Seat 0 plays 1-6, on the only arm it fits. */
const PLAY_16: Action = { type: "play", bone: "1-6" };

function position(rules: Record<string, unknown>): Game {
  const r = replayRecord({ format: "crossbones-record/1", game: "french", players: 4, rules, hands: [BOARD_PASS] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.game;
}

function act(game: Game, seat: number, action: Action): Game {
  const r = applyAction(game, seat, action);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("what a pass costs, as the seat to act can tell (F5–F7)", () => {
  it("F5 a pass while a bone fits costs its penalty, and is never free", () => {
    const view = viewFor(position(FRENCH_RULES), 0);
    expect(view.plays.length).toBeGreaterThan(0);
    expect(mustPass(view)).toBe(false);
    expect(passPrice(view)).toEqual({ known: 10, maybe: 0 });
    expect(freePass(view)).toBe(false);
  });

  it("F7 right after a bone, a forced pass may be a board pass the seat cannot know of: never made for it", () => {
    const afterPlay = act(position(FRENCH_RULES), 0, PLAY_16);
    const ruby = viewFor(afterPlay, 1);
    expect(ruby.plays).toHaveLength(0);
    expect(passPrice(ruby)).toEqual({ known: 0, maybe: 10 });
    // Forced by the engine's test (every table's), yet not made for her: it may cost 10.
    expect(mustPass(ruby)).toBe(true);
    expect(freePass(ruby)).toBe(false);
    // Ruby's pass is charged: the board pass is no secret any more for Kofi, who pays it for sure.
    const kofi = viewFor(act(afterPlay, 1, { type: "pass" }), 2);
    expect(passPrice(kofi)).toEqual({ known: 10, maybe: 0 });
  });

  it("a forced pass after a pass, with no charge pending, is free; without French penalties always", () => {
    const afterPlay = act(position(FRENCH_RULES), 0, PLAY_16);
    const noBoardPass = { ...FRENCH_RULES, boardPassPenalty: 0 };
    const ruby = viewFor(act(position(noBoardPass), 0, PLAY_16), 1);
    expect(passPrice(ruby)).toEqual({ known: 0, maybe: 0 });
    expect(mustPass(ruby)).toBe(true);
    expect(freePass(ruby)).toBe(true);
    expect(freePass(viewFor(afterPlay, 0))).toBe(false);
  });
});
