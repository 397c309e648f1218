/**
 * Game records (RECORD.md): makeRecord/parseRecord round trips for finished and unfinished games of
 * every game, and every way a record can be wrong, each reported at its exact {hand, move} with a
 * message a person understands.
 */

import {
  createGame,
  defaultRules,
  type Game,
  type GameRecord,
  makeRecord,
  OPTION_SPECS,
  parseRecord,
  RECORD_FORMAT,
  type RecordError,
  replayRecord,
  summarize,
} from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import { BLANKS as STREAK_DEAL, BLANKS_HAND as STREAK_MOVES } from "./french-hands.js";
import { CUT2_DEAL } from "./line-helpers.js";
import { playRandomGame, replayActions, TABLES } from "./random-game.js";

function french(fields: Record<string, unknown> = {}, hands: unknown = [{ deal: STREAK_DEAL, moves: STREAK_MOVES }]) {
  return JSON.stringify({ format: RECORD_FORMAT, game: "french", players: 4, hands, ...fields });
}

function streakWith(moves: unknown[], rules: Record<string, unknown> = {}): string {
  return french({ rules }, [{ deal: STREAK_DEAL, moves }]);
}

function errorOf(text: string): RecordError {
  const r = parseRecord(text);
  if (r.ok) throw new Error("the record was accepted");
  return r.error;
}

function gameOf(text: string): Game {
  const r = parseRecord(text);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.game;
}

/** Everything two games must share to be the same game. */
function fingerprint(game: Game) {
  return {
    summary: summarize(game),
    hands: game.hands.map((h) => ({ deal: h.deal, moves: h.moves, poser: h.poser, events: h.events })),
    table: game.state?.toTable() ?? null,
    handsHeld: Array.from(game.state?.hands ?? []),
    next: game.next,
    totals: game.totals,
    finished: game.finished,
    winner: game.winner,
    sixLove: game.sixLove,
  };
}

function roundTrip(game: Game, names?: string[]): void {
  const record = makeRecord(game, names);
  const read = parseRecord(JSON.stringify(record));
  if (!read.ok) throw new Error(JSON.stringify(read.error));
  expect(fingerprint(read.value.game)).toEqual(fingerprint(game));
  expect(read.value.names).toEqual(names ?? null);
  expect(makeRecord(read.value.game, names)).toEqual(record);
}

describe("makeRecord -> parseRecord round trip", () => {
  it.each(TABLES)("%s for %i: finished games and games cut at every tenth action", (game, players) => {
    const rules = defaultRules(game, players);
    let finished = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const full = playRandomGame(rules, `record-${game}-${players}-${seed}`);
      if (full.game.finished) finished++;
      roundTrip(full.game, seed % 2 === 0 ? Array.from({ length: players }, (_, i) => `Seat ${i}`) : undefined);
      for (let k = 1; k < 10; k++) {
        roundTrip(replayActions(rules, full.actions.slice(0, Math.floor((k * full.actions.length) / 10))));
      }
    }
    expect(finished).toBeGreaterThan(0);
  });

  it("a game with no hand yet, and one whose hand has just been dealt", () => {
    roundTrip(createGame(defaultRules("partner")));
    const dealt = playRandomGame(defaultRules("french"), 1, { maxActions: 1 }).game;
    expect(dealt.hands[0].moves).toEqual([]);
    roundTrip(dealt);
  });

  it("the French fixture reads back: a finished set, winner seat 0", () => {
    const game = gameOf(french());
    expect(summarize(game)).toMatchObject({ totals: [0, 68, 78, 130], finished: true, winner: 0 });
    roundTrip(game, ["Ana", "Bob", "Cy", "Dee"]);
  });

  it("makeRecord writes every option, bones low end first, and every play with its target", () => {
    // Shorthand on the way in: a partial rule set, a bone written high end first, plays without
    // targets (the first empty arm during the cross), which makeRecord spells out.
    const moves = STREAK_MOVES.slice(0, 9).map((m) => m.replace(/@[NESW]$/, ""));
    const deal = STREAK_DEAL.map((hand) => hand.slice());
    deal[0][1] = "1-0";
    const game = gameOf(french({ rules: { target: 150 } }, [{ deal, moves: ["0-0", ...moves.slice(1)] }]));
    const record: GameRecord = makeRecord(game);
    const french_ = OPTION_SPECS.filter((s) => s.games.includes("french")).map((s) => s.name);
    expect(Object.keys(record.rules ?? {}).sort()).toEqual(french_.sort());
    expect(record.rules?.target).toBe(150);
    expect(record.hands[0].deal[0][1]).toBe("0-1");
    expect(record.hands[0].moves).toEqual(STREAK_MOVES.slice(0, 9));
    expect(record).not.toHaveProperty("names");
    roundTrip(game);
  });

  it("the line games write L and R on every play after the pose", () => {
    const text = JSON.stringify({
      format: RECORD_FORMAT,
      game: "cutthroat",
      players: 2,
      hands: [{ deal: CUT2_DEAL, moves: ["6-6", "2-6@R", "1-2", "5-6"] }],
    });
    const record = makeRecord(gameOf(text));
    expect(record.rules).toEqual({ match: "sixLove", oneAllPlayTwo: true });
    // After 6-6 both ends show 6; 2-6 went on R, so R shows 2 and 1-2 fits it alone; then
    // L still shows 6 and R shows 1, so 5-6 fits L alone.
    expect(record.hands[0].moves).toEqual(["6-6", "2-6@R", "1-2@R", "5-6@L"]);
  });

  it("replayRecord takes the parsed JSON itself", () => {
    const r = replayRecord(JSON.parse(french()));
    expect(r.ok && summarize(r.value.game)).toEqual(summarize(gameOf(french())));
  });
});

describe("record errors: the record as a whole (hand and move null)", () => {
  it.each([
    ["malformed JSON", "{", /JSON/],
    ["truncated JSON", french().slice(0, 40), /JSON/],
    ["an array", "[]", /must be a JSON object/],
    ["a number", "42", /must be a JSON object/],
    ["null", "null", /must be a JSON object/],
    ["a wrong format string", french({ format: "crossbones-record/2" }), /format must be "crossbones-record\/1"/],
    ["no format", french({ format: undefined }), /format must be "crossbones-record\/1"/],
    ["an unknown game", french({ game: "dominoes" }), /unknown game "dominoes"/],
    ["no game", french({ game: undefined }), /unknown game/],
    ["an unknown option", french({ rules: { speed: 3 } }), /unknown option speed/],
    ["an option of another game", french({ rules: { match: "straight" } }), /option match is not a rule of french/],
    [
      "a French option in Cut Throat",
      JSON.stringify({ format: RECORD_FORMAT, game: "cutthroat", players: 2, rules: { target: 100 }, hands: [] }),
      /option target is not a rule of cutthroat/,
    ],
    ["a target that is a string", french({ rules: { target: "100" } }), /option target must be a whole number/],
    ["a target of 0", french({ rules: { target: 0 } }), /option target must be a whole number from 1/],
    ["a fractional penalty", french({ rules: { boardPassPenalty: 2.5 } }), /option boardPassPenalty must be a whole/],
    [
      "an unknown heldDoubles",
      french({ rules: { heldDoubles: "twice" } }),
      /heldDoubles must be one of once, each, pips/,
    ],
    ["a boolean as a number", french({ rules: { penaltyPass: 1 } }), /penaltyPass must be true or false/],
    ["rules that are a list", french({ rules: [] }), /rules must be an object/],
    ["French for three", french({ players: 3 }), /french is not played by 3 players/],
    ["players as a string", french({ players: "4" }), /french is not played by "4" players/],
    [
      "Cut Throat for five",
      JSON.stringify({ format: RECORD_FORMAT, game: "cutthroat", players: 5, hands: [] }),
      /cutthroat is not played by 5 players/,
    ],
    [
      "Partner for two",
      JSON.stringify({ format: RECORD_FORMAT, game: "partner", players: 2, hands: [] }),
      /partner is not played by 2 players/,
    ],
    ["three names for four seats", french({ names: ["Ana", "Bob", "Cy"] }), /names must list 4 strings/],
    ["five names for four seats", french({ names: ["A", "B", "C", "D", "E"] }), /names must list 4 strings/],
    ["a name that is not a string", french({ names: ["A", "B", "C", 4] }), /names must list 4 strings/],
    ["no hands", french({ hands: undefined }), /hands must be a list/],
  ])("%s", (_, text, message) => {
    const e = errorOf(text as string);
    expect(e).toMatchObject({ hand: null, move: null });
    expect(e.message).toMatch(message as RegExp);
  });
});

describe("record errors: a deal (move null)", () => {
  const withDeal = (deal: unknown) => french({}, [{ deal, moves: [] }]);
  const replace = (seat: number, i: number, bone: unknown) =>
    STREAK_DEAL.map((hand, s) => (s === seat ? hand.map((b, j) => (j === i ? bone : b)) : hand));

  it.each([
    ["an unknown bone 7-1", withDeal(replace(1, 0, "7-1")), /unknown bone "7-1" in the deal/],
    ["a bone that is not a string", withDeal(replace(1, 0, 11)), /unknown bone 11 in the deal/],
    ["a bone dealt twice in one hand", withDeal(replace(1, 0, "1-2")), /deal must hold each bone once/],
    ["a bone dealt to two seats", withDeal(replace(1, 0, "0-1")), /deal must hold each bone once/],
    [
      "a hand of eight and one of six",
      withDeal([STREAK_DEAL[0], [...STREAK_DEAL[1], "2-2"], STREAK_DEAL[2].slice(1), STREAK_DEAL[3]]),
      /deal must hold each bone once, equally shared/,
    ],
    ["three hands for four seats", withDeal(STREAK_DEAL.slice(0, 3)), /a deal has 4 hands/],
    ["five hands for four seats", withDeal([...STREAK_DEAL, []]), /a deal has 4 hands/],
    ["a hand that is not a list", withDeal([...STREAK_DEAL.slice(0, 3), "3-3 4-4"]), /must be a list of bones/],
    ["a hand without moves", french({}, [{ deal: STREAK_DEAL }]), /a hand must have a deal .* and moves/],
    ["a hand that is not an object", french({}, ["0-0"]), /a hand must have a deal/],
  ])("%s", (_, text, message) => {
    const e = errorOf(text);
    expect(e).toMatchObject({ hand: 0, move: null });
    expect(e.message).toMatch(message);
  });

  it("three-player Cut Throat deals no 0-0 (C1): a deal holding it is refused", () => {
    const deal = [
      ["0-0", "0-1", "0-4", "0-5", "1-2", "1-5", "2-5", "2-6", "3-4"],
      ["0-2", "0-6", "1-4", "1-6", "2-3", "3-3", "3-5", "4-5", "5-6"],
      ["0-3", "1-1", "1-3", "2-2", "2-4", "3-6", "4-6", "5-5", "6-6"],
    ];
    const text = JSON.stringify({ format: RECORD_FORMAT, game: "cutthroat", players: 3, hands: [{ deal, moves: [] }] });
    expect(errorOf(text)).toMatchObject({
      hand: 0,
      move: null,
      message: "deal must hold each bone once, equally shared",
    });
    expect(parseRecord(text.replace('"0-0"', '"4-4"')).ok).toBe(true);
  });

  it("a bad deal in a later hand names that hand", () => {
    const record = makeRecord(playRandomGame(defaultRules("cutthroat", 2), "later-deal").game);
    expect(record.hands.length).toBeGreaterThan(2);
    const deal = record.hands[2].deal.map((hand) => hand.slice());
    deal[1][0] = deal[0][0];
    const bad = { ...record, hands: [record.hands[0], record.hands[1], { deal, moves: [] }] };
    expect(errorOf(JSON.stringify(bad))).toMatchObject({
      hand: 2,
      move: null,
      code: "deal-unequal",
      message: "deal must hold each bone once, equally shared",
    });
  });
});

/** Streak moves up to 0-4@W: every arm started, arms show N 1, E 5, S 3, W 4, seat 1 to act. */
// biome-ignore format: one row per round of the table
const CROSS_DONE = [
  "0-0", "pass", "pass", "pass",
  "0-1@N", "pass", "pass", "pass",
  "0-5@E", "pass", "pass", "pass",
  "0-3@S", "pass", "pass", "pass",
  "0-4@W",
];

describe("record errors: a move (hand and move 0-based)", () => {
  it.each([
    [
      "a play on an arm whose double is not down (F4)",
      [...CROSS_DONE, "1-1@N", "3-5@E"],
      18,
      "seat 2 cannot play 3-5 on arm E: arm E shows 5 and 5-5 has not been played",
      "double-not-down",
    ],
    [
      "a play on an arm showing another number",
      [...CROSS_DONE, "1-2@N"],
      17,
      "seat 1 cannot play 1-2 on arm N: arm N shows 1 and 1-1 has not been played",
      "double-not-down",
    ],
    [
      "a bone on an arm that does not show it",
      [...CROSS_DONE, "2-3@N"],
      17,
      "seat 1 cannot play 2-3 on arm N: arm N shows 1",
      "does-not-fit",
    ],
    ["a bone the seat does not hold", [...CROSS_DONE, "3-3@S"], 17, "seat 1 does not hold 3-3", "not-held"],
    ["the wrong pose (F2a)", ["0-1"], 0, "seat 0 cannot pose 0-1: 0-0 must be posed", "wrong-pose"],
    ["the pose by another seat's bone", ["1-1"], 0, "seat 0 does not hold 1-1", "not-held"],
    [
      "a second bone on an arm during the cross (F3)",
      ["0-0", "pass", "pass", "pass", "0-1@N", "pass", "pass", "pass", "0-2@N"],
      8,
      "seat 0 cannot play 0-2 on arm N: all four arms must be started first and arm N already is",
      "arm-started",
    ],
    [
      "a bone without the pose's number during the cross (F3)",
      ["0-0", "1-2@N"],
      1,
      "seat 1 cannot play 1-2 on arm N: the first bone on each arm must have a 0 to join the pose 0-0",
      "needs-pose-number",
    ],
    ["a pass before the pose", ["pass"], 0, "seat 0 must pose", "must-pose"],
    [
      "a pass while able with penaltyPass off (F5)",
      ["0-0", "pass", "pass", "pass", "pass"],
      4,
      "seat 0 cannot pass while able to play 0-1",
      "must-play",
    ],
  ])("%s", (_, moves, move, message, code) => {
    const rules = message.includes("cannot pass") ? { penaltyPass: false } : {};
    expect(errorOf(streakWith(moves as string[], rules))).toMatchObject({ hand: 0, move, code, message });
  });

  it("the French fixture's illegal unlock: 1-2 on arm E showing 2 before 2-2 is down", () => {
    const moves = [...STREAK_MOVES.slice(0, 17), "1-2@E"];
    expect(errorOf(streakWith(moves))).toEqual({
      hand: 0,
      move: 17,
      code: "double-not-down",
      seat: 1,
      bone: "1-2",
      target: "E",
      shows: 2,
      message: "seat 1 cannot play 1-2 on arm E: arm E shows 2 and 2-2 has not been played",
    });
  });

  it("an illegal play in a line game (C2), and a pass while able there (C4)", () => {
    const line = (moves: string[]) =>
      JSON.stringify({ format: RECORD_FORMAT, game: "cutthroat", players: 2, hands: [{ deal: CUT2_DEAL, moves }] });
    expect(errorOf(line(["6-6", "2-6@L", "1-3@L"]))).toMatchObject({
      hand: 0,
      move: 2,
      code: "not-held",
      message: "seat 0 does not hold 1-3",
    });
    expect(errorOf(line(["6-6", "2-6@L", "4-5@L"]))).toEqual({
      hand: 0,
      move: 2,
      code: "does-not-fit",
      seat: 0,
      bone: "4-5",
      target: "L",
      shows: 2,
      ends: { L: 2, R: 6 },
      message: "seat 0 cannot play 4-5 on end L: end L shows 2",
    });
    // Without a target, a bone that shows neither end's number names both ends.
    expect(errorOf(line(["6-6", "2-6@L", "4-5"]))).toMatchObject({
      code: "does-not-fit",
      target: null,
      ends: { L: 2, R: 6 },
      message: "seat 0 cannot play 4-5: the ends show 2, 6",
    });
    expect(errorOf(line(["6-6", "pass"]))).toMatchObject({
      hand: 0,
      move: 1,
      code: "must-play",
      message: "seat 1 cannot pass while able to play 2-6",
    });
  });

  it("an ambiguous move: a bone that fits two targets without @T", () => {
    // Cut Throat: after the pose 6-6 both ends show 6.
    const line = JSON.stringify({
      format: RECORD_FORMAT,
      game: "cutthroat",
      players: 2,
      hands: [{ deal: CUT2_DEAL, moves: ["6-6", "2-6"] }],
    });
    expect(errorOf(line)).toEqual({
      hand: 0,
      move: 1,
      code: "choose-target",
      bone: "2-6",
      targets: ["L", "R"],
      message: "2-6 fits L and R: add @L or @R",
    });
    // French: arms N and E both show 6 and 6-6 is still out, so 6-6 fits both.
    const moves = [...STREAK_MOVES.slice(0, 23), "6-6"];
    expect(errorOf(streakWith(moves))).toMatchObject({ hand: 0, move: 23, message: "6-6 fits N and E: add @N or @E" });
    // With the arm named, or where only one target fits, it is read.
    expect(parseRecord(streakWith([...STREAK_MOVES.slice(0, 23), "6-6@E"])).ok).toBe(true);
  });

  it.each([
    ["an unknown target", "3-5@Q", /unknown target "Q": use N, E, S, W/],
    ["a line break after the target", "5-6@N\n", /unknown target "N\\n": use N, E, S, W/],
    ["a word", "foo", /cannot read move "foo"/],
    ["an empty move", "", /cannot read move ""/],
    ["a bone with a space", "3 - 5", /cannot read move "3 - 5"/],
    ["an unknown bone", "7-1", /unknown bone 7-1: ends go from 0 to 6/],
    ["an unknown bone with a target", "1-9@N", /unknown bone 1-9/],
  ])("bad notation: %s", (_, text, message) => {
    const e = errorOf(streakWith([...CROSS_DONE, text]));
    expect(e).toMatchObject({ hand: 0, move: 17 });
    expect(e.message).toMatch(message);
  });

  it("bad notation: a move that is not a string, a target of the other layout", () => {
    expect(errorOf(streakWith(["0-0", 5]))).toMatchObject({
      hand: 0,
      move: 1,
      code: "bad-notation",
      text: "5",
      message: expect.stringMatching(/cannot read move 5/),
    });
    const line = JSON.stringify({
      format: RECORD_FORMAT,
      game: "partner",
      players: 4,
      hands: [{ deal: STREAK_DEAL, moves: ["6-6", "0-6@N"] }],
    });
    expect(errorOf(line)).toMatchObject({
      hand: 0,
      move: 1,
      code: "unknown-target",
      message: 'unknown target "N": use L, R',
    });
    expect(errorOf(streakWith(["0-0@N"]))).toMatchObject({ hand: 0, move: 0, message: expect.stringMatching(/pose/) });
  });

  it("a move after the hand ended", () => {
    expect(errorOf(streakWith([...STREAK_MOVES, "pass"]))).toEqual({
      hand: 0,
      move: 29,
      code: "move-after-end",
      text: '"pass"',
      message: 'the hand was already over: move "pass" is one too many',
    });
  });

  it("a hand after the set ended (F10) and after the match ended (C7)", () => {
    const twice = french({}, [
      { deal: STREAK_DEAL, moves: STREAK_MOVES },
      { deal: STREAK_DEAL, moves: [] },
    ]);
    expect(errorOf(twice)).toEqual({ hand: 1, move: null, code: "game-over", message: "the set or match is over" });
    const match = playRandomGame(defaultRules("cutthroat", 3), "surplus").game;
    expect(match.finished).toBe(true);
    const record = makeRecord(match);
    const surplus = { ...record, hands: [...record.hands, record.hands[0]] };
    expect(errorOf(JSON.stringify(surplus))).toEqual({
      hand: record.hands.length,
      move: null,
      code: "game-over",
      message: "the set or match is over",
    });
  });

  it("a hand after an unfinished hand", () => {
    const text = french({}, [
      { deal: STREAK_DEAL, moves: STREAK_MOVES.slice(0, 5) },
      { deal: STREAK_DEAL, moves: [] },
    ]);
    expect(errorOf(text)).toEqual({
      hand: 1,
      move: null,
      code: "hand-not-finished",
      previous: 0,
      message: "hand 0 is not finished, so no other hand can follow it",
    });
  });

  it("charged attempts (F5): `!` on a legal play, `!` where attempts are free, `!` outside French", () => {
    const charged = { illegalPlayPenalty: 10 };
    // Accepted: seat 1 holds no blank, 1-2 cannot go on the cross; seat 1 acts again and passes.
    const ok = gameOf(streakWith(["0-0", "!1-2@N", "pass"], charged));
    // Seat 1: the attempt (10) and then the board pass begun by the pose (10, F7).
    expect(summarize(ok).hands[0].penalties).toEqual([0, 10 + 10, 0, 0]);
    expect(errorOf(streakWith(["0-0", "pass", "pass", "pass", "!0-1@N"], charged))).toMatchObject({
      hand: 0,
      move: 4,
      code: "attempt-is-legal",
      message: "0-1 on arm N is a legal play, not an illegal attempt",
    });
    // Without a target during the cross the attempt is on the first empty arm: still legal here.
    expect(errorOf(streakWith(["0-0", "pass", "pass", "pass", "!0-1"], charged))).toMatchObject({ hand: 0, move: 4 });
    expect(errorOf(streakWith(["0-0", "!1-2@N"]))).toMatchObject({
      hand: 0,
      move: 1,
      code: "attempt-not-charged",
      message: "this table does not charge illegal attempts",
    });
    expect(errorOf(streakWith(["!0-0"], charged))).toMatchObject({ hand: 0, move: 0 });
    expect(errorOf(streakWith(["0-0", "!2-2@N"], charged))).toMatchObject({
      hand: 0,
      move: 1,
      code: "not-held",
      message: "seat 1 does not hold 2-2",
    });
    const line = JSON.stringify({
      format: RECORD_FORMAT,
      game: "cutthroat",
      players: 2,
      hands: [{ deal: CUT2_DEAL, moves: ["6-6", "!0-0@L"] }],
    });
    expect(errorOf(line)).toMatchObject({
      hand: 0,
      move: 1,
      message: expect.stringMatching(/charged attempts exist only in French/),
    });
  });
});
