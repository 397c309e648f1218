/**
 * `crossbones replay` under fuzzing (fast-check, fixed seeds): arbitrary JSON values, arbitrary
 * strings, record-shaped JSON and valid records from random games with their moves dropped,
 * duplicated, swapped or retyped, fields replaced, text cut, line breaks inserted and values
 * nested 5,000 deep. The replay path (`replayText`, in process) never throws and prints exactly one
 * of: a summary (status 0), or `{error: {hand, move, message}}` (status 1) whose hand and move
 * point into the record and whose message is a short sentence with no "undefined", "NaN",
 * "[object Object]" or stack trace. The nastiest inputs also go through the built binary.
 */

import { createRng, type GameRecord, makeRecord, OPTION_SPECS, RECORD_FORMAT, summarize } from "@crossbones/engine";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { playRandomGame, randomRules } from "../../engine/test/random-game.js";
import { type ReplayOutput, replayText } from "../src/replay.js";
import { BLANKS_DEAL, type Run, requireBuilt, runBinary } from "./binary.js";

const SHORT = 300;
/** Text that must never appear in a message unless the input itself contains it. */
const FORBIDDEN = ["undefined", "NaN", "[object Object]", "    at ", "Error:"];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function parsed(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const isRecordObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** Every number in the printed summary is a finite integer (no NaN printed as null). */
function expectIntegers(value: unknown): void {
  if (typeof value === "number") expect(Number.isInteger(value)).toBe(true);
  else if (Array.isArray(value)) value.forEach(expectIntegers);
  else if (isRecordObject(value)) Object.values(value).forEach(expectIntegers);
}

/** Replays `text` in process and checks that the output is one of the two forms RECORD.md allows. */
function expectWellFormed(text: string): ReplayOutput {
  const out = replayText(text);
  // What the binary prints: one JSON line.
  const printed = JSON.stringify(out.output);
  expect(printed.includes("\n")).toBe(false);
  const json = parsed(text);
  const output = out.output as Record<string, unknown>;
  if (out.status === 0) {
    expect(Object.keys(output).sort()).toEqual(["finished", "hands", "totals", "winner"]);
    expect(json.ok && isRecordObject(json.value) && Array.isArray(json.value.hands)).toBe(true);
    const record = (json as { value: { hands: unknown[] } }).value;
    expect((output.hands as unknown[]).length).toBe(record.hands.length);
    expectIntegers(output);
    return out;
  }
  expect(out.status).toBe(1);
  expect(Object.keys(output)).toEqual(["error"]);
  const error = output.error as Record<string, unknown>;
  expect(Object.keys(error).sort()).toEqual(["hand", "message", "move"]);
  const { hand, move, message } = error;
  expect(hand === null || isIndex(hand)).toBe(true);
  expect(move === null || isIndex(move)).toBe(true);
  if (move !== null) expect(hand).not.toBeNull();
  // The place is inside the record: a hand it has, a move of that hand.
  if (hand !== null) {
    const record = json.ok ? json.value : undefined;
    expect(isRecordObject(record) && Array.isArray(record.hands)).toBe(true);
    const hands = (record as { hands: unknown[] }).hands;
    expect(hand as number).toBeLessThan(hands.length);
    if (move !== null) {
      const h = hands[hand as number];
      expect(isRecordObject(h) && Array.isArray(h.moves)).toBe(true);
      expect(move as number).toBeLessThan((h as { moves: unknown[] }).moves.length);
    }
  }
  expect(typeof message).toBe("string");
  const m = message as string;
  expect(m.length).toBeGreaterThan(0);
  expect(m.length).toBeLessThan(SHORT);
  for (const word of FORBIDDEN) if (m.includes(word)) expect(text).toContain(word);
  return out;
}

// ---- valid records from random games

interface PoolRecord {
  readonly record: GameRecord;
  readonly summary: unknown;
}

/** Records of random games: every table, finished and cut short, with and without names. */
function makePool(): PoolRecord[] {
  const pool: PoolRecord[] = [];
  for (let seed = 1; seed <= 30; seed++) {
    const rules = randomRules(createRng(`fuzz-rules-${seed}`));
    const cut = seed % 3 === 0 ? 5 + ((seed * 37) % 200) : undefined;
    const { game } = playRandomGame(rules, `fuzz-${seed}`, cut ? { maxActions: cut } : {});
    const names = seed % 2 === 0 ? Array.from({ length: rules.players }, (_, i) => `P${i}`) : undefined;
    pool.push({ record: makeRecord(game, names), summary: summarize(game) });
  }
  return pool;
}

const POOL = makePool();

// ---- mutations

const FIELDS = ["format", "game", "players", "rules", "names", "hands", "resigned"] as const;
const OPTION_NAMES = OPTION_SPECS.map((s) => s.name);
const DEEP = 5000;
/** Marks a value to be replaced in the text by arrays or objects nested 5,000 deep. */
const NEST_MARK = "\u0000nest\u0000";

/** Values that broke replay before, mixed with arbitrary JSON. */
const nastyValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue() as fc.Arbitrary<Json> },
  fc.constantFrom<Json>(
    NEST_MARK,
    "x".repeat(100_000),
    "5-6@R\n",
    "0-1@N\r\n",
    "\u2028",
    "!",
    "@",
    "-",
    "1-2@",
    "pass\n",
    "0-0@N",
    "6-6@L",
    "!0-1@W",
    "9-9",
    "3-3-3",
    1e308,
    -1,
    0.5,
    2 ** 53,
    -0,
    "__proto__",
    "constructor",
    "toString",
    "",
    [],
    {},
  ),
);

type Mutation =
  | { readonly kind: "drop" | "duplicate" | "cut"; readonly h: number; readonly i: number }
  | { readonly kind: "swap"; readonly h: number; readonly i: number; readonly j: number }
  | { readonly kind: "retype"; readonly h: number; readonly i: number; readonly at: number; readonly char: string }
  | {
      readonly kind: "rebone";
      readonly h: number;
      readonly s: number;
      readonly k: number;
      readonly at: number;
      readonly char: string;
    }
  | { readonly kind: "moveBone"; readonly h: number; readonly s: number; readonly k: number; readonly to: number }
  | { readonly kind: "lineBreak"; readonly h: number; readonly i: number; readonly at: number; readonly brk: string }
  | { readonly kind: "field"; readonly field: number; readonly value: Json }
  | { readonly kind: "option"; readonly option: number; readonly value: Json }
  | { readonly kind: "handField"; readonly h: number; readonly which: number; readonly value: Json }
  | { readonly kind: "dropHand" | "duplicateHand"; readonly h: number };

const charArb = fc.constantFrom(...'0123456789-@!NESWLRpas \n\t"\\{}[]x\u00e9\ud83c');
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constantFrom("drop" as const, "duplicate" as const), h: fc.nat(), i: fc.nat() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("swap" as const), h: fc.nat(), i: fc.nat(), j: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("cut" as const), h: fc.nat(), i: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("retype" as const),
      h: fc.nat(),
      i: fc.nat(),
      at: fc.nat(),
      char: charArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("rebone" as const),
      h: fc.nat(),
      s: fc.nat(),
      k: fc.nat(),
      at: fc.nat(),
      char: charArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("moveBone" as const),
      h: fc.nat(),
      s: fc.nat(),
      k: fc.nat(),
      to: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("lineBreak" as const),
      h: fc.nat(),
      i: fc.nat(),
      at: fc.nat(),
      brk: fc.constantFrom("\n", "\r\n", "\r", "\u2028"),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("field" as const), field: fc.nat(), value: nastyValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("option" as const), option: fc.nat(), value: nastyValue }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("handField" as const), h: fc.nat(), which: fc.nat(), value: nastyValue }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom("dropHand" as const, "duplicateHand" as const), h: fc.nat() }),
  },
);

/** A text-level change after the record is written. */
type TextCut =
  | { readonly kind: "none" }
  | { readonly kind: "truncate"; readonly at: number }
  | { readonly kind: "insert"; readonly at: number; readonly text: string };
const textCut: fc.Arbitrary<TextCut> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: "none" as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("insert" as const),
      at: fc.nat(),
      text: fc.constantFrom("\n", "\r\n", ",", "]", "}", '"', "[", "\u0000", "\\"),
    }),
  },
);

type Hand = { deal: Json; moves: Json };

/** The element `n` (any natural number) picks from a list of length `len`, or -1 if empty. */
const pick = (n: number, len: number) => (len === 0 ? -1 : n % len);

function handAt(record: Record<string, Json>, h: number): Hand | undefined {
  const hands = record.hands;
  if (!Array.isArray(hands)) return undefined;
  const k = pick(h, hands.length);
  const hand = k < 0 ? undefined : hands[k];
  return isRecordObject(hand) ? (hand as Hand) : undefined;
}

function retype(text: Json, at: number, insert: string, replace: boolean): Json {
  if (typeof text !== "string") return text;
  const k = text.length === 0 ? 0 : at % (text.length + (replace ? 0 : 1));
  return text.slice(0, k) + insert + text.slice(replace ? k + 1 : k);
}

function mutate(record: Record<string, Json>, m: Mutation): void {
  switch (m.kind) {
    case "field":
      record[FIELDS[m.field % FIELDS.length]] = m.value;
      return;
    case "option": {
      if (!isRecordObject(record.rules)) record.rules = {};
      (record.rules as Record<string, Json>)[OPTION_NAMES[m.option % OPTION_NAMES.length]] = m.value;
      return;
    }
    case "cut": {
      // The record stopped early: hand h cut after i moves, no hand after it (valid, unfinished).
      const hands = record.hands;
      if (!Array.isArray(hands) || hands.length === 0) return;
      hands.length = pick(m.h, hands.length) + 1;
      const last = hands[hands.length - 1];
      if (isRecordObject(last) && Array.isArray(last.moves)) last.moves.length = pick(m.i, last.moves.length + 1);
      return;
    }
    case "dropHand":
    case "duplicateHand": {
      const hands = record.hands;
      if (!Array.isArray(hands) || hands.length === 0) return;
      const k = pick(m.h, hands.length);
      if (m.kind === "dropHand") hands.splice(k, 1);
      else hands.splice(k, 0, structuredClone(hands[k]));
      return;
    }
  }
  const hand = handAt(record, m.h);
  if (!hand) return;
  if (m.kind === "handField") {
    (hand as Record<string, Json>)[["deal", "moves", "extra"][m.which % 3]] = m.value;
    return;
  }
  if (m.kind === "rebone" || m.kind === "moveBone") {
    const deal = hand.deal;
    if (!Array.isArray(deal)) return;
    const s = pick(m.s, deal.length);
    const seat = s < 0 ? undefined : deal[s];
    if (!Array.isArray(seat) || seat.length === 0) return;
    const k = pick(m.k, seat.length);
    if (m.kind === "rebone") seat[k] = retype(seat[k], m.at, m.char, true);
    else {
      const to = deal[pick(m.to, deal.length)];
      if (Array.isArray(to)) to.push(...seat.splice(k, 1));
    }
    return;
  }
  const moves = hand.moves;
  if (!Array.isArray(moves) || moves.length === 0) return;
  const i = pick(m.i, moves.length);
  switch (m.kind) {
    case "drop":
      moves.splice(i, 1);
      return;
    case "duplicate":
      moves.splice(i, 0, moves[i]);
      return;
    case "swap": {
      const j = pick(m.j, moves.length);
      [moves[i], moves[j]] = [moves[j], moves[i]];
      return;
    }
    case "retype":
      moves[i] = retype(moves[i], m.at, m.char, true);
      return;
    case "lineBreak":
      moves[i] = retype(moves[i], m.at, m.brk, false);
      return;
  }
}

/** The mutated record as text, with nesting marks expanded and the text-level cut applied. */
function mutatedText(base: GameRecord, mutations: readonly Mutation[], cut: TextCut, objects: boolean): string {
  const record = structuredClone(base) as unknown as Record<string, Json>;
  for (const m of mutations) mutate(record, m);
  const nested = objects ? `${'{"a":'.repeat(DEEP)}1${"}".repeat(DEEP)}` : `${"[".repeat(DEEP)}"x"${"]".repeat(DEEP)}`;
  let text = JSON.stringify(record).split(JSON.stringify(NEST_MARK)).join(nested);
  if (cut.kind === "truncate") text = text.slice(0, cut.at % (text.length + 1));
  else if (cut.kind === "insert") {
    const at = cut.at % (text.length + 1);
    text = text.slice(0, at) + cut.text + text.slice(at);
  }
  return text;
}

// ---- arbitrary record-shaped JSON

const boneText = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 })).map(([a, b]) => `${a}-${b}`),
  fc.string({ maxLength: 5 }),
);
const moveText = fc.oneof(
  fc.constant("pass"),
  boneText,
  fc
    .tuple(fc.constantFrom("", "!"), boneText, fc.constantFrom("N", "E", "S", "W", "L", "R", "X", "", "R\n"))
    .map(([bang, b, t]) => `${bang}${b}@${t}`),
  fc.jsonValue(),
);
const recordShaped = fc.record(
  {
    format: fc.oneof({ weight: 5, arbitrary: fc.constant(RECORD_FORMAT) }, fc.jsonValue()),
    game: fc.oneof({ weight: 5, arbitrary: fc.constantFrom("french", "cutthroat", "partner") }, fc.jsonValue()),
    players: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 5 }) }, fc.jsonValue()),
    rules: fc.oneof(fc.dictionary(fc.constantFrom(...OPTION_NAMES, "bogus"), fc.jsonValue()), fc.jsonValue()),
    names: fc.oneof(fc.array(fc.string(), { maxLength: 5 }), fc.jsonValue()),
    hands: fc.oneof(
      { weight: 5, arbitrary: fc.array(fc.record({ deal: fc.array(fc.array(boneText)), moves: fc.array(moveText) })) },
      fc.jsonValue(),
    ),
    resigned: fc.oneof(fc.integer({ min: -1, max: 4 }), fc.jsonValue()),
  },
  { requiredKeys: ["format", "game", "players", "hands"] },
);

describe("replayText under fuzzing: a summary or one short located error, never an exception", () => {
  it("every record of the pool (random games of every table) replays to its game's summary", () => {
    expect(POOL.some((p) => (p.summary as { finished: boolean }).finished)).toBe(true);
    expect(POOL.some((p) => !(p.summary as { finished: boolean }).finished)).toBe(true);
    for (const { record, summary } of POOL) {
      const out = expectWellFormed(JSON.stringify(record));
      expect(out).toEqual({ status: 0, output: summary });
    }
  });

  it("arbitrary JSON values, and arbitrary values written as JSON where they can be", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expectWellFormed(JSON.stringify(value));
      }),
      { seed: 1, numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withNullPrototype: true, withBoxedValues: true }), (value) => {
        let text: string | undefined;
        try {
          text = JSON.stringify(value);
        } catch {
          return; // a BigInt: no text to feed
        }
        if (text !== undefined) expectWellFormed(text);
      }),
      { seed: 2, numRuns: 1000 },
    );
  });

  it("record-shaped JSON: each field valid or arbitrary, hands of arbitrary bones and moves", () => {
    fc.assert(
      fc.property(recordShaped, (record) => {
        expectWellFormed(JSON.stringify(record));
      }),
      { seed: 3, numRuns: 2000 },
    );
  });

  it("arbitrary strings: any characters, lone surrogates and near-JSON", () => {
    const nearJson = fc.string({ unit: fc.constantFrom(...'{}[]",:0123456789-@!. \n\ttruefalsnpNESWLR\\u') });
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), nearJson),
        (text) => {
          expectWellFormed(text);
        },
      ),
      { seed: 4, numRuns: 1500 },
    );
  });

  it("mutated valid records: moves dropped, duplicated, swapped, retyped; fields replaced; text cut", () => {
    let errors = 0;
    let summaries = 0;
    fc.assert(
      fc.property(
        fc.nat({ max: POOL.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        textCut,
        fc.boolean(),
        (p, mutations, cut, objects) => {
          const out = expectWellFormed(mutatedText(POOL[p].record, mutations, cut, objects));
          if (out.status === 0) summaries++;
          else errors++;
        },
      ),
      { seed: 5, numRuns: 4000 },
    );
    // Both outcomes are exercised: some mutations leave a valid (often shorter) record.
    expect(summaries).toBeGreaterThan(100);
    expect(errors).toBeGreaterThan(3000);
  });
});

// ---- the built binary

const DEAL = BLANKS_DEAL;
const french = (hands: unknown, fields: object = {}) =>
  JSON.stringify({ format: RECORD_FORMAT, game: "french", players: 4, hands, ...fields });
const deepArrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const valid = JSON.stringify(POOL[0].record);

/** The nastiest inputs found by fuzzing, as the binary reads them from standard input. */
const NASTY: Record<string, string | Buffer> = {
  "arrays nested 100,000 deep": deepArrays(100_000),
  "format nested 5,000 deep": french([]).replace(`"${RECORD_FORMAT}"`, deepArrays(DEEP)),
  "a move nested 5,000 deep": french([{ deal: DEAL, moves: ["0-0", "__M__"] }]).replace('"__M__"', deepArrays(DEEP)),
  "a 10 MB move": french([{ deal: DEAL, moves: ["x".repeat(10_000_000)] }]),
  "a 10 MB move of digits-digits": french([
    { deal: DEAL, moves: [`${"1".repeat(5_000_000)}-${"2".repeat(5_000_000)}`] },
  ]),
  "a line break after @": french([{ deal: DEAL, moves: ["0-0", "pass", "pass", "pass", "0-1@N\n"] }]),
  "a 10 MB option name": french([], { rules: { ["o".repeat(10_000_000)]: 1 } }),
  "a valid record cut in half": valid.slice(0, valid.length >> 1),
  "invalid UTF-8, NUL bytes and a byte-order mark": Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf, 0xff, 0xfe, 0x00, 0xc3]),
    Buffer.from(valid),
  ]),
  "nothing at all": "",
};

describe("crossbones replay (built binary) on the nastiest fuzzed inputs", () => {
  const results: Record<string, Run> = {};
  beforeAll(async () => {
    requireBuilt();
    await Promise.all(
      Object.entries(NASTY).map(async ([name, input]) => {
        results[name] = await runBinary(["replay", "-"], input);
      }),
    );
  }, 60_000);

  for (const name of Object.keys(NASTY)) {
    it(`${name}: one JSON line on standard output, nothing on standard error, the in-process answer`, () => {
      const r = results[name];
      expect(r.stderr).toBe("");
      expect(r.stdout.endsWith("\n")).toBe(true);
      expect(r.stdout.trim().split("\n")).toHaveLength(1);
      const input = NASTY[name];
      const expected = expectWellFormed(typeof input === "string" ? input : input.toString("utf8"));
      expect(r.status).toBe(expected.status);
      expect(JSON.parse(r.stdout)).toEqual(expected.output);
    });
  }
});
