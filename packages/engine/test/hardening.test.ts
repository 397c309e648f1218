/**
 * Hardening regressions, each found by fuzzing `crossbones replay` (and the engine functions
 * under it) with hostile input: line breaks inside moves, JSON nested thousands deep, megabyte
 * strings, numbers that are not bones or targets, values that are not games, cycles, BigInts.
 * Each case pins that the engine answers with one refusal (a stable code and a short English
 * message that quotes at most a capped piece of the input) and never throws.
 */

import {
  applyAction,
  applyMove,
  attemptIllegalPlay,
  type Game,
  legalMoves,
  makeRecord,
  PASS,
  parseMove,
  parseRecord,
  RECORD_FORMAT,
  type RecordResult,
  type Refusal,
  type Replayed,
  refuseMove,
  replayRecord,
  resign,
  setupGame,
  startHand,
} from "@crossbones/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BLANKS as BLANKS_DEAL, BLANKS_HAND as BLANKS_MOVES } from "./french-hands.js";
import { bone, deal, newGame, play, start } from "./helpers.js";
import { CUT2_DEAL } from "./line-helpers.js";

/** Longest message any refusal here may have: a sentence, never the input. */
const SHORT = 300;
const TEN_MB = 10_000_000;

function frenchRecord(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: RECORD_FORMAT,
    game: "french",
    players: 4,
    hands: [{ deal: BLANKS_DEAL, moves: ["0-0", "pass"] }],
    ...fields,
  };
}

/** Record text with the JSON of `field` replaced by `raw` (text that JSON.stringify cannot make). */
function withRaw(record: Record<string, unknown>, path: (string | number)[], raw: string): string {
  const marker = "__RAW_VALUE__";
  const copy = structuredClone(record);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]] = marker;
  const text = JSON.stringify(copy);
  const i = text.indexOf(`"${marker}"`);
  return text.slice(0, i) + raw + text.slice(i + marker.length + 2);
}

const nestedArrays = (depth: number, leaf = '"x"') => `${"[".repeat(depth)}${leaf}${"]".repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** The refusal of a record that must be refused; fails the test if it was accepted. */
function refused(result: RecordResult<Replayed>) {
  if (result.ok) throw new Error("the record was accepted");
  return result.error;
}

/** A refusal as any caller sees it: a known code and a short message with nothing undefined. */
function expectShortRefusal(error: Refusal, code: string): void {
  expect(typeof error.message).toBe("string");
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.message.length).toBeLessThan(SHORT);
  expect(error.message).not.toMatch(/undefined|\[object Object\]/);
  expect(error.code).toBe(code);
}

/** Strict French (attempts charged, F5) after the pose 0-0: seat 1 to act, holding no blank. */
function strictAfterPose(): Game {
  return play(start(newGame("french", 4, { illegalPlayPenalty: 5 }), deal(...BLANKS_DEAL)), "0-0");
}

describe("a line break after @ in a move is an unknown target", () => {
  it('parseMove("5-6@R\\n") in a line game and "0-1@N\\n" on the cross: unknown-target, no exception', () => {
    const line = play(start(newGame("cutthroat", 2), deal(...CUT2_DEAL)), "6-6");
    const r = parseMove(line.state!, "5-6@R\n");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expectShortRefusal(r.error, "unknown-target");
      expect(r.error).toMatchObject({ text: '"R\\n"', targets: ["L", "R"] });
    }
    const cross = play(start(newGame("french", 4), deal(...BLANKS_DEAL)), "0-0", "pass", "pass", "pass");
    const c = parseMove(cross.state!, "0-1@N\n");
    expect(c.ok).toBe(false);
    if (!c.ok) expectShortRefusal(c.error, "unknown-target");
  });

  it("through parseRecord: the move's hand and index", () => {
    const text = JSON.stringify({
      format: RECORD_FORMAT,
      game: "cutthroat",
      players: 2,
      hands: [{ deal: CUT2_DEAL, moves: ["6-6", "5-6@R\n"] }],
    });
    const error = refused(parseRecord(text));
    expectShortRefusal(error, "unknown-target");
    expect({ hand: error.hand, move: error.move }).toEqual({ hand: 0, move: 1 });
  });
});

describe("JSON nested 5,000 deep gives one short refusal", () => {
  const DEPTH = 5000;
  const cases: [string, (string | number)[], string, { hand: number | null; move: number | null }][] = [
    ["format", ["format"], "bad-format", { hand: null, move: null }],
    ["game", ["game"], "unknown-game", { hand: null, move: null }],
    ["players", ["players"], "bad-players", { hand: null, move: null }],
    ["an option value", ["rules", "target"], "bad-option-value", { hand: null, move: null }],
    ["a move", ["hands", 0, "moves", 1], "bad-notation", { hand: 0, move: 1 }],
    ["a bone of a deal", ["hands", 0, "deal", 2, 3], "unknown-bone", { hand: 0, move: null }],
    ["names", ["names"], "bad-names", { hand: null, move: null }],
    ["resigned", ["resigned"], "bad-resigned", { hand: null, move: null }],
  ];
  for (const [what, path, code, where] of cases) {
    it(`as ${what}: ${code}, the value not echoed`, () => {
      const record = frenchRecord({ rules: {} });
      for (const raw of [nestedArrays(DEPTH), nestedObjects(DEPTH)]) {
        const error = refused(parseRecord(withRaw(record, path, raw)));
        expectShortRefusal(error, code);
        expect({ hand: error.hand, move: error.move }).toEqual(where);
        expect(error.message).not.toMatch(/\[\[|\{"a"/);
      }
    });
  }

  it("as the whole record (arrays or objects nested 5,000 and 100,000 deep): bad-record", () => {
    for (const depth of [DEPTH, 100_000]) {
      expectShortRefusal(refused(parseRecord(nestedArrays(depth))), "bad-record");
      // Objects nested this deep are an object: its format is what is wrong.
      expectShortRefusal(refused(parseRecord(nestedObjects(depth))), "bad-format");
    }
  });
});

describe("messages cap what they quote: 10 MB of input, under 300 characters of message", () => {
  const big = "x".repeat(TEN_MB);
  const digits = `${"1".repeat(TEN_MB / 2)}-${"2".repeat(TEN_MB / 2)}`;
  const cases: [string, Record<string, unknown>, string][] = [
    ["an option name", frenchRecord({ rules: { [big]: 1 } }), "unknown-option"],
    ["a move", frenchRecord({ hands: [{ deal: BLANKS_DEAL, moves: [big] }] }), "bad-notation"],
    [
      "a move's target",
      frenchRecord({ hands: [{ deal: BLANKS_DEAL, moves: ["0-0", `1-1@${big}`] }] }),
      "unknown-target",
    ],
    [
      "a move after the hand ended",
      frenchRecord({ hands: [{ deal: BLANKS_DEAL, moves: [...BLANKS_MOVES, big] }] }),
      "move-after-end",
    ],
    [
      "a bone in a deal",
      frenchRecord({ hands: [{ deal: [[big, ...BLANKS_DEAL[0].slice(1)], ...BLANKS_DEAL.slice(1)], moves: [] }] }),
      "unknown-bone",
    ],
    [
      "a bone in a deal that looks like a bone",
      frenchRecord({ hands: [{ deal: [[digits, ...BLANKS_DEAL[0].slice(1)], ...BLANKS_DEAL.slice(1)], moves: [] }] }),
      "unknown-bone",
    ],
    ["a game name", frenchRecord({ game: big }), "unknown-game"],
    ["a format", frenchRecord({ format: big }), "bad-format"],
    ["a player count", frenchRecord({ players: big }), "bad-players"],
    ["an option value", frenchRecord({ rules: { heldDoubles: big } }), "bad-option-value"],
  ];
  for (const [what, record, code] of cases) {
    it(`${what}: ${code}`, () => {
      const error = refused(parseRecord(JSON.stringify(record)));
      expectShortRefusal(error, code);
    });
  }

  it("a move that looks like a bone (10 MB of digits-digits): unknown-bone, capped; 7-1 reads as before", () => {
    const moves = (move: string) => JSON.stringify(frenchRecord({ hands: [{ deal: BLANKS_DEAL, moves: [move] }] }));
    expectShortRefusal(refused(parseRecord(moves(digits))), "unknown-bone");
    expect(refused(parseRecord(moves("7-1"))).message).toBe("unknown bone 7-1: ends go from 0 to 6");
  });

  it("the numeric API too: a 10 MB string or a prototype-less object as a move, a bone or a seat", () => {
    const game = strictAfterPose();
    const bare = Object.create(null) as number;
    for (const value of [big as unknown as number, bare]) {
      const moved = applyMove(game, value);
      expect(moved.ok).toBe(false);
      if (!moved.ok) expectShortRefusal(moved.error, "bad-move");
      const attempted = attemptIllegalPlay(game, value, 0);
      expect(attempted.ok).toBe(false);
      if (!attempted.ok) expectShortRefusal(attempted.error, "bad-move");
      const target = attemptIllegalPlay(game, bone("1-2"), value);
      expect(target.ok).toBe(false);
      if (!target.ok) expectShortRefusal(target.error, "unknown-target");
      const resigned = resign(game, value);
      expect(resigned.ok).toBe(false);
      if (!resigned.ok) expectShortRefusal(resigned.error, "not-a-seat");
      const acted = applyAction(game, value, { type: "pass" });
      expect(acted.ok).toBe(false);
      if (!acted.ok) expectShortRefusal(acted.error, "not-a-seat");
    }
  });
});

describe("attempts at targets and bones that do not exist are refused, never charged", () => {
  /** Everything a refused call could have changed. */
  const snapshot = (game: Game) => ({
    version: game.version,
    record: makeRecord(game),
    penalties: [0, 1, 2, 3].map((seat) => game.state!.penalties(seat)),
    turn: game.state!.turn,
  });

  it("targets NaN, 1.5, -1, 99, Infinity: unknown-target, the game unchanged", () => {
    const game = strictAfterPose();
    const before = snapshot(game);
    for (const target of [Number.NaN, 1.5, -1, 99, Number.POSITIVE_INFINITY]) {
      const r = attemptIllegalPlay(game, bone("1-2"), target);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expectShortRefusal(r.error, "unknown-target");
        expect(r.error).toMatchObject({ targets: ["N", "E", "S", "W"] });
      }
      expect(snapshot(game)).toEqual(before);
    }
    // The same seat can still be charged for a real attempt: nothing was spent above.
    const charged = attemptIllegalPlay(game, bone("1-2"), 0);
    expect(charged.ok && charged.value.state!.penalties(1)).toBe(5);
  });

  it('bones 28, -1, NaN, 3.5: bad-move, and no "undefined-undefined" in any message', () => {
    const game = strictAfterPose();
    const before = snapshot(game);
    for (const b of [28, -1, Number.NaN, 3.5, 2 ** 40]) {
      const r = attemptIllegalPlay(game, b, 0);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expectShortRefusal(r.error, "bad-move");
        expect(r.error.message).toBe(`${b} is not a move`);
      }
      expect(snapshot(game)).toEqual(before);
    }
  });
});

describe("values that are not games, deals, setups or records: an error with a code, no exception", () => {
  const game = newGame("french", 4);
  const masks = deal(...BLANKS_DEAL);

  it("startHand with null, a list with text, and masks with bits outside the game's bones: refused", () => {
    expectShortRefusal(startHandError(game, null), "bad-deal");
    expectShortRefusal(startHandError(game, [1, 2, 3, "x"]), "deal-unequal");
    const outside = [
      masks[0] | (1 << 28), // a 29th bone
      masks[0] | (1 << 31), // the sign bit: a negative mask
      masks[0] + 2 ** 32, // a bit the 32-bit mask operations cannot see
      masks[0] + 2 ** 40,
      masks[0] + 0.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ];
    for (const first of outside) {
      expectShortRefusal(startHandError(game, [first, masks[1], masks[2], masks[3]]), "deal-unequal");
    }
    // Three-player Cut Throat plays without 0-0 (C1): a mask holding it is outside the game.
    const cut3 = newGame("cutthroat", 3);
    const nine = 0x1ff;
    expectShortRefusal(startHandError(cut3, [nine, nine << 9, nine << 18]), "deal-unequal");
    // Bones 1 to 27 in three shares of nine: a good deal, so the refusal above was for 0-0.
    expect(startHand(cut3, [nine << 1, nine << 10, nine << 19]).ok).toBe(true);
  });

  it("applyMove, legalMoves, refuseMove, setupGame and applyAction on non-games", () => {
    const look = { ...start(game, masks) };
    for (const notGame of [null, undefined, {}, look, 42, "french"]) {
      const moved = applyMove(notGame as unknown as Game, PASS);
      expect(moved.ok).toBe(false);
      if (!moved.ok) expectShortRefusal(moved.error, "bad-game");
      expect(legalMoves(notGame as unknown as Game)).toEqual([]);
      expectShortRefusal(refuseMove(notGame as unknown as Game, PASS)!, "bad-game");
      const acted = applyAction(notGame as unknown as Game, 0, { type: "pass" });
      expect(acted.ok).toBe(false);
      if (!acted.ok) expectShortRefusal(acted.error, "bad-game");
    }
    for (const setup of [null, 42, undefined, "french"]) {
      const r = setupGame(setup as never);
      expect(r.ok).toBe(false);
      if (!r.ok) expectShortRefusal(r.error, "bad-setup");
    }
  });

  it("replayRecord of cycles: format pointing at the record, rules with a cycle, a cyclic move, deal, names, hands", () => {
    const selfFormat: Record<string, unknown> = frenchRecord();
    selfFormat.format = selfFormat;
    expectShortRefusal(refused(replayRecord(selfFormat)), "bad-format");

    const rules: Record<string, unknown> = {};
    rules.target = rules;
    expectShortRefusal(refused(replayRecord(frenchRecord({ rules }))), "bad-option-value");
    const named: Record<string, unknown> = {};
    named.loop = named;
    expectShortRefusal(refused(replayRecord(frenchRecord({ rules: named }))), "unknown-option");

    const move: unknown[] = [];
    move.push(move);
    const moveError = refused(replayRecord(frenchRecord({ hands: [{ deal: BLANKS_DEAL, moves: ["0-0", move] }] })));
    expectShortRefusal(moveError, "bad-notation");
    expect({ hand: moveError.hand, move: moveError.move }).toEqual({ hand: 0, move: 1 });
    expectShortRefusal(
      refused(replayRecord(frenchRecord({ hands: [{ deal: [move, move, move, move], moves: [] }] }))),
      "unknown-bone",
    );
    const names: unknown[] = [];
    names.push(names, names, names, names);
    expectShortRefusal(refused(replayRecord(frenchRecord({ names }))), "bad-names");
    const hands: unknown[] = [];
    hands.push(hands);
    expectShortRefusal(refused(replayRecord(frenchRecord({ hands }))), "bad-hand");
  });

  it("replayRecord of BigInts: as players, an option, a move, a format, a bone, resigned", () => {
    const cases: [Record<string, unknown>, string][] = [
      [frenchRecord({ players: 4n }), "bad-players"],
      [frenchRecord({ rules: { target: 100n } }), "bad-option-value"],
      [frenchRecord({ hands: [{ deal: BLANKS_DEAL, moves: ["0-0", 5n] }] }), "bad-notation"],
      [frenchRecord({ format: 1n }), "bad-format"],
      [frenchRecord({ hands: [{ deal: [[3n], ...BLANKS_DEAL.slice(1)], moves: [] }] }), "unknown-bone"],
      [frenchRecord({ resigned: 1n }), "bad-resigned"],
    ];
    for (const [record, code] of cases) expectShortRefusal(refused(replayRecord(record)), code);
  });

  it("replayRecord of undefined, null, a function, a symbol, a list; parseRecord of non-text", () => {
    for (const value of [undefined, null, () => frenchRecord(), Symbol("record"), [frenchRecord()], 42]) {
      expectShortRefusal(refused(replayRecord(value)), "bad-record");
    }
    for (const value of [undefined, null, 42, frenchRecord()]) {
      expectShortRefusal(refused(parseRecord(value as unknown as string)), "bad-json");
    }
  });

  it("replayRecord never throws on arbitrary values, bare or in place of any field of a record", () => {
    const fields = ["format", "game", "players", "rules", "names", "hands", "resigned"];
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withNullPrototype: true, withMap: true }),
        fc.nat(fields.length),
        (value, f) => {
          const inputs = [
            value,
            f < fields.length ? frenchRecord({ [fields[f]]: value }) : frenchRecord({ rules: { target: value } }),
          ];
          for (const input of inputs) {
            const r = replayRecord(input);
            if (!r.ok) {
              expect(r.error.message.length).toBeLessThan(SHORT);
              expect(r.error.message).not.toMatch(/undefined|\[object Object\]/);
            }
          }
        },
      ),
      { seed: 20261130, numRuns: 2000 },
    );
  });
});

function startHandError(game: Game, dealt: unknown): Refusal {
  const r = startHand(game, dealt);
  if (r.ok) throw new Error(`deal ${String(dealt)} was accepted`);
  return r.error;
}
