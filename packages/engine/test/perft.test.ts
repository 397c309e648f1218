/**
 * Perft: the number of legal move sequences of exactly N moves from a fixed deal, counted with
 * HandState.legalMoves (or legalPlays) and clone/apply, pinned per depth for every table. A change
 * in move generation, in the F3/F4 cross rules, in C2's line, in who may pass (F5) or in turn
 * order shows up here as a changed number.
 *
 * Counting conventions:
 * - Moves to equivalent targets count once. `legalMoves` lists a bone once per distinct end
 *   value: when two targets show the same number only the first (N, E, S, W or L, R) is listed,
 *   and during the cross only the first empty arm. Those moves lead to the same position up to
 *   naming, so a sequence is a sequence of distinct positions, not of target names.
 * - PASS is a move: a forced pass, and in French (penaltyPass on by default) a pass when able.
 *   The "plays" counts use `legalPlays` only, with a pass only when it is forced.
 * - The pose is a move; the forced skip to the next double holder (F2c) is not.
 * - Only sequences of exactly N moves count: a hand that ends sooner adds nothing at depth N
 *   (no deal below reaches an end at the depths pinned).
 *
 * The deals are literal: the first is the deal of the shared fixture french-boardpass-streak,
 * the others were made once with `randomDeal(config, createRng(n))` and pasted here.
 */

import {
  applyMove,
  type BoneMask,
  createGame,
  createRng,
  DOUBLES,
  defaultRules,
  type Game,
  type GameKind,
  HandState,
  handConfig,
  legalMoves,
  type Move,
  makeMove,
  maskOf,
  PASS,
  PLAYING,
  POSE,
  parseBone,
  parseMove,
  randomDeal,
  startHand,
} from "@crossbones/engine";
import { describe, expect, it, test } from "vitest";

/** Parses a deal written as one string of bones per seat. */
function deal(hands: readonly string[]): BoneMask[] {
  return hands.map((h) =>
    maskOf(
      h.split(" ").map((b) => {
        const bone = parseBone(b);
        if (bone === undefined) throw new Error(`bad bone ${b}`);
        return bone;
      }),
    ),
  );
}

const DEALS = {
  /** shared/fixtures/french-boardpass-streak: seat 0 holds every blank. */
  streak: [
    "0-0 0-1 0-2 0-3 0-4 0-5 0-6",
    "1-1 1-2 1-3 1-4 1-5 1-6 2-3",
    "2-2 2-4 2-5 2-6 3-4 3-5 3-6",
    "3-3 4-4 4-5 4-6 5-5 5-6 6-6",
  ],
  /** randomDeal(french, createRng(1)) */
  french1: [
    "0-0 0-5 2-3 2-5 2-6 3-4 3-6",
    "0-4 0-6 1-1 2-2 3-3 3-5 5-5",
    "0-3 1-3 1-6 4-5 4-6 5-6 6-6",
    "0-1 0-2 1-2 1-4 1-5 2-4 4-4",
  ],
  /** randomDeal(french, createRng(2)) */
  french2: [
    "0-2 1-4 2-2 3-3 3-4 4-5 6-6",
    "0-0 0-1 1-1 2-5 3-5 5-5 5-6",
    "0-4 0-5 1-2 1-3 1-5 2-3 2-6",
    "0-3 0-6 1-6 2-4 3-6 4-4 4-6",
  ],
  /** randomDeal(cutthroat 2, createRng(3)) */
  cut2: [
    "0-3 0-4 0-6 1-1 1-2 1-6 2-4 2-5 3-3 3-6 4-4 4-5 4-6 6-6",
    "0-0 0-1 0-2 0-5 1-3 1-4 1-5 2-2 2-3 2-6 3-4 3-5 5-5 5-6",
  ],
  /** randomDeal(cutthroat 3, createRng(4)): no 0-0 (C1). */
  cut3: [
    "0-1 0-4 0-5 1-2 1-5 2-5 2-6 3-4 4-4",
    "0-2 0-6 1-4 1-6 2-3 3-3 3-5 4-5 5-6",
    "0-3 1-1 1-3 2-2 2-4 3-6 4-6 5-5 6-6",
  ],
  /** randomDeal(cutthroat 4, createRng(5)) */
  cut4: [
    "0-0 1-6 2-2 2-3 2-4 2-6 4-6",
    "0-2 0-4 0-6 1-1 1-3 5-6 6-6",
    "0-3 1-2 1-4 3-3 3-6 4-4 4-5",
    "0-1 0-5 1-5 2-5 3-4 3-5 5-5",
  ],
  /** randomDeal(partner, createRng(6)) */
  partner: [
    "0-0 0-2 0-3 0-5 2-2 2-5 5-5",
    "1-1 1-3 1-5 1-6 3-3 3-5 3-6",
    "0-1 0-4 0-6 2-3 2-4 4-4 4-5",
    "1-2 1-4 2-6 3-4 4-6 5-6 6-6",
  ],
} as const;
type DealName = keyof typeof DEALS;

describe("the pasted deals", () => {
  // They were made by the seeded generator; the same seed must keep giving the same deal, or
  // every saved seed (bots' duplicate deals, bug reports) would stop reproducing its games.
  it.each([
    ["french1", "french", 4, 1],
    ["french2", "french", 4, 2],
    ["cut2", "cutthroat", 2, 3],
    ["cut3", "cutthroat", 3, 4],
    ["cut4", "cutthroat", 4, 5],
    ["partner", "partner", 4, 6],
  ] as const)("%s is randomDeal(%s for %i, createRng(%i))", (name, game, players, seed) => {
    expect(randomDeal(handConfig(defaultRules(game, players)), createRng(seed))).toEqual(deal(DEALS[name]));
  });
});

/** The first hand of a game: posed by the holder of 0-0 (F2a) or of 6-6 (C3). */
function firstHand(game: GameKind, players: number, name: DealName): HandState {
  const started = startHand(createGame(defaultRules(game, players)), deal(DEALS[name]));
  if (!started.ok) throw new Error(started.error.message);
  return (started.value.state as HandState).clone();
}

/** A later hand: `poser` (the last winner) may pose any bone of `poseMask` (F2b doubles, C3 any). */
function laterHand(game: GameKind, players: number, name: DealName, poser: number, poseMask: BoneMask): HandState {
  return HandState.deal(handConfig(defaultRules(game, players)), deal(DEALS[name]), poser, poseMask);
}

/** Moves counted at a node: all legal moves, or plays with a pass only when it is forced. */
function movesAt(state: HandState, playsOnly: boolean): Move[] {
  const out: Move[] = [];
  if (!playsOnly) {
    state.legalMoves(out);
    return out;
  }
  const n = state.legalPlays(out);
  if (n === 0 && state.phase === PLAYING) out.push(PASS);
  return out;
}

function perft(state: HandState, depth: number, playsOnly = false): number {
  if (depth === 0) return 1;
  if (state.over) return 0;
  const moves = movesAt(state, playsOnly);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const move of moves) {
    const child = state.clone();
    child.apply(move);
    total += perft(child, depth - 1, playsOnly);
  }
  return total;
}

type Start = () => HandState;
const START: Record<string, Start> = {
  "french streak": () => firstHand("french", 4, "streak"),
  "french rng1": () => firstHand("french", 4, "french1"),
  "french rng2": () => firstHand("french", 4, "french2"),
  "french rng1, seat 1 poses any double (F2b)": () => laterHand("french", 4, "french1", 1, DOUBLES),
  "cutthroat2 rng3": () => firstHand("cutthroat", 2, "cut2"),
  "cutthroat2 rng3, seat 1 poses any bone (C3)": () =>
    laterHand("cutthroat", 2, "cut2", 1, handConfig(defaultRules("cutthroat", 2)).inPlay),
  "cutthroat3 rng4": () => firstHand("cutthroat", 3, "cut3"),
  "cutthroat4 rng5": () => firstHand("cutthroat", 4, "cut4"),
  "partner rng6": () => firstHand("partner", 4, "partner"),
};

/** Pinned counts by depth 1..N (computed once by this counter, depths 1-3 checked by hand below). */
const PINNED: Record<string, readonly number[]> = {
  "french streak": [1, 1, 1, 1, 7, 7, 7, 7, 43, 43, 43, 43, 229, 229, 229, 229],
  "french rng1": [1, 3, 6, 18, 36, 92, 166, 361, 632, 1971, 5478, 12981, 31256],
  "french rng2": [1, 3, 9, 18, 36, 80, 182, 432, 1035, 2589, 5975, 20826, 58678],
  "french rng1, seat 1 poses any double (F2b)": [4, 10, 28, 61, 91, 189, 391, 805, 1650, 3840, 8962, 21572],
  "cutthroat2 rng3": [1, 2, 13, 78, 408, 2165, 10473, 51295],
  "cutthroat2 rng3, seat 1 poses any bone (C3)": [14, 78, 468, 2567, 13570, 68503],
  "cutthroat3 rng4": [1, 1, 5, 18, 72, 273, 805, 2758, 9367, 23653, 67963],
  "cutthroat4 rng5": [1, 1, 2, 8, 18, 46, 138, 270, 684, 1292, 2902, 5654, 11298, 18503],
  "partner rng6": [1, 1, 2, 4, 11, 47, 87, 277, 762, 1623, 3828, 8319, 18137, 34587],
};

/** French with plays only (a pass only when forced). */
const PINNED_PLAYS: Record<string, readonly number[]> = {
  "french streak": [1, 1, 1, 1, 6, 6, 6, 6, 30, 30, 30, 30, 120, 120, 120, 120, 360, 360],
  "french rng1": [1, 2, 2, 4, 4, 12, 23, 28, 46, 112, 238, 381, 637, 1338, 2936, 6171],
  "french rng2": [1, 2, 4, 4, 4, 4, 4, 14, 28, 85, 145, 359, 590, 1437, 2398, 5037],
};

const rows = (pinned: Record<string, readonly number[]>) =>
  Object.entries(pinned).flatMap(([name, counts]) => counts.map((count, i) => [name, i + 1, count] as const));

describe("perft: legal move sequences from fixed deals", () => {
  test.each(rows(PINNED))("%s, depth %i: %i", (name, depth, count) => {
    expect(perft(START[name](), depth)).toBe(count);
  });

  test.each(rows(PINNED_PLAYS))("%s, plays only, depth %i: %i", (name, depth, count) => {
    expect(perft(START[name](), depth, true)).toBe(count);
  });
});

describe("perft: small depths checked by hand", () => {
  it("french streak: seat 0 poses 0-0 (F2a); seats 1-3 hold no blank, so each only passes (F3)", () => {
    const s = START["french streak"]();
    expect(perft(s, 1)).toBe(1);
    expect(perft(s, 2)).toBe(1);
    expect(perft(s, 3)).toBe(1);
    expect(perft(s, 4)).toBe(1);
    // Back to seat 0: 0-1 .. 0-6 on the first empty arm, or a penalty pass (F5).
    expect(perft(s, 5)).toBe(7);
    expect(perft(s, 5, true)).toBe(6);
  });

  it("french rng1: seat 0 poses 0-0; seat 1 has 0-4, 0-6 (and may pass, F5)", () => {
    const s = START["french rng1"]();
    expect(s.turn).toBe(0);
    expect(perft(s, 1)).toBe(1);
    expect(perft(s, 2)).toBe(2 + 1);
    expect(perft(s, 2, true)).toBe(2);
  });

  it("french rng2: seat 1 poses 0-0; seat 2 has 0-4, 0-5; then seat 3 has 0-3, 0-6", () => {
    const s = START["french rng2"]();
    expect(s.turn).toBe(1);
    expect(perft(s, 1)).toBe(1);
    expect(perft(s, 2)).toBe(3);
    // After each of seat 2's three moves, seat 3 again has two blanks and a pass.
    expect(perft(s, 3)).toBe(3 * 3);
    expect(perft(s, 3, true)).toBe(2 * 2);
  });

  it("french rng1, later hand: seat 1 may pose 1-1, 2-2, 3-3 or 5-5 (F2b)", () => {
    const s = START["french rng1, seat 1 poses any double (F2b)"]();
    expect(perft(s, 1)).toBe(4);
    // Seat 2 holds 0-3 1-3 1-6 4-5 4-6 5-6 6-6: after 1-1: 1-3, 1-6, pass; after 2-2: pass;
    // after 3-3: 0-3, 1-3, pass; after 5-5: 4-5, 5-6, pass.
    expect(perft(s, 2)).toBe(3 + 1 + 3 + 3);
    expect(perft(s, 2, true)).toBe(2 + 1 + 2 + 2);
  });

  it("cutthroat2 rng3: seat 0 poses 6-6 (C3); seat 1 has 2-6, 5-6, each listed once for two ends showing 6", () => {
    const s = START["cutthroat2 rng3"]();
    expect(s.turn).toBe(0);
    expect(perft(s, 1)).toBe(1);
    expect(perft(s, 2)).toBe(2);
    // After 2-6 (ends 2, 6) seat 0 has 1-2 2-4 2-5 on the 2 and 0-6 1-6 3-6 4-6 on the 6: 7.
    // After 5-6 (ends 5, 6): 2-5 4-5 on the 5 and the same four on the 6: 6.
    expect(perft(s, 3)).toBe(7 + 6);
  });

  it("cutthroat2 rng3, later hand: the winner seat 1 may pose any of its 14 bones (C3)", () => {
    expect(perft(START["cutthroat2 rng3, seat 1 poses any bone (C3)"](), 1)).toBe(14);
  });

  it("cutthroat3 rng4: seat 2 poses 6-6; seat 0 has only 2-6", () => {
    const s = START["cutthroat3 rng4"]();
    expect(s.turn).toBe(2);
    expect(perft(s, 1)).toBe(1);
    expect(perft(s, 2)).toBe(1);
  });

  it("cutthroat4 rng5: seat 1 poses 6-6; seat 2 has only 3-6", () => {
    const s = START["cutthroat4 rng5"]();
    expect(s.turn).toBe(1);
    expect(perft(s, 1)).toBe(1);
    expect(perft(s, 2)).toBe(1);
  });

  it("partner rng6: seat 3 poses 6-6; seat 0 has no 6 and must pass (C4); seat 1 has 1-6, 3-6", () => {
    const s = START["partner rng6"]();
    expect(s.turn).toBe(3);
    expect(perft(s, 1)).toBe(1);
    expect(perft(s, 2)).toBe(1);
    expect(perft(s, 3)).toBe(2);
  });
});

/**
 * An independent count straight from RULES.md (F2-F5, C2-C4), on bones as pairs of numbers, to
 * check the pinned numbers against something other than the engine itself.
 */
interface OracleState {
  readonly hands: [number, number][][];
  /** Open ends: arms N, E, S, W (null while empty) or the line's two ends; empty before the pose. */
  readonly ends: (number | null)[];
  readonly played: ReadonlySet<string>;
  readonly turn: number;
  readonly french: boolean;
  /** The pose's number on the cross. */
  readonly poseValue: number;
  /** Bones that may be posed, while the hand waits for its pose. */
  readonly poseAllowed: ((a: number, b: number) => boolean) | null;
  readonly over: boolean;
}

type OracleMove = { readonly bone: [number, number]; readonly target: number } | "pass";

const key = (a: number, b: number) => `${Math.min(a, b)}-${Math.max(a, b)}`;

function oraclePlays(s: OracleState, seat: number): OracleMove[] {
  const out: OracleMove[] = [];
  if (s.poseAllowed) {
    for (const bone of s.hands[seat]) if (s.poseAllowed(bone[0], bone[1])) out.push({ bone, target: -1 });
    return out;
  }
  const empty = s.ends.indexOf(null);
  if (s.french && empty >= 0) {
    // F3: every bone with the pose's number, on the first empty arm.
    for (const bone of s.hands[seat]) if (bone.includes(s.poseValue)) out.push({ bone, target: empty });
    return out;
  }
  const seen = new Set<number>();
  s.ends.forEach((v, t) => {
    if (v === null || seen.has(v)) return;
    seen.add(v);
    for (const bone of s.hands[seat]) {
      if (!bone.includes(v)) continue;
      // F4: the double while unplayed, any other bone of the suit once the double is down.
      const fits = !s.french || (bone[0] === bone[1] ? true : s.played.has(key(v, v)));
      if (fits) out.push({ bone, target: t });
    }
  });
  return out;
}

function oracleApply(s: OracleState, move: OracleMove): OracleState {
  const players = s.hands.length;
  const next = (s.turn + 1) % players;
  if (move === "pass") return { ...s, turn: next };
  const [a, b] = move.bone;
  const hands = s.hands.map((h, seat) => (seat === s.turn ? h.filter((x) => x !== move.bone) : h));
  const played = new Set(s.played).add(key(a, b));
  let ends = s.ends.slice();
  let poseValue = s.poseValue;
  if (s.poseAllowed) {
    if (s.french) {
      poseValue = a;
      ends = [null, null, null, null];
    } else ends = [a, b];
  } else {
    const inner = s.ends[move.target] ?? poseValue;
    ends[move.target] = a === inner ? b : a;
  }
  const after: OracleState = { ...s, hands, ends, played, poseValue, poseAllowed: null, turn: next };
  const blocked = hands.every((_, seat) => oraclePlays(after, seat).length === 0);
  return { ...after, over: hands[s.turn].length === 0 || blocked };
}

function oraclePerft(s: OracleState, depth: number, playsOnly: boolean): number {
  if (depth === 0) return 1;
  if (s.over) return 0;
  const moves = oraclePlays(s, s.turn);
  // F5: in French (penaltyPass on) a pass is always allowed after the pose; C4: only when forced.
  if (!s.poseAllowed && (moves.length === 0 || (s.french && !playsOnly))) moves.push("pass");
  let total = 0;
  for (const m of moves) total += depth === 1 ? 1 : oraclePerft(oracleApply(s, m), depth - 1, playsOnly);
  return total;
}

function oracleStart(name: DealName, french: boolean, poser: number, poseAllowed: OracleState["poseAllowed"]) {
  const hands = DEALS[name].map((h) => h.split(" ").map((b) => b.split("-").map(Number) as [number, number]));
  return { hands, ends: [], played: new Set<string>(), turn: poser, french, poseValue: -1, poseAllowed, over: false };
}

const ORACLE: Record<string, () => OracleState> = {
  "french streak": () => oracleStart("streak", true, 0, (a, b) => a + b === 0),
  "french rng1": () => oracleStart("french1", true, 0, (a, b) => a + b === 0),
  "french rng2": () => oracleStart("french2", true, 1, (a, b) => a + b === 0),
  "french rng1, seat 1 poses any double (F2b)": () => oracleStart("french1", true, 1, (a, b) => a === b),
  "cutthroat2 rng3": () => oracleStart("cut2", false, 0, (a, b) => a + b === 12),
  "cutthroat2 rng3, seat 1 poses any bone (C3)": () => oracleStart("cut2", false, 1, () => true),
  "cutthroat3 rng4": () => oracleStart("cut3", false, 2, (a, b) => a + b === 12),
  "cutthroat4 rng5": () => oracleStart("cut4", false, 1, (a, b) => a + b === 12),
  "partner rng6": () => oracleStart("partner", false, 3, (a, b) => a + b === 12),
};

/** Pinned rows small enough for the slow oracle. */
const oracleRows = (pinned: Record<string, readonly number[]>, playsOnly: boolean) =>
  rows(pinned)
    .filter(([, , count]) => count <= 20000)
    .map(([name, depth, count]) => [name, depth, count, playsOnly] as const);

describe("perft: the pinned numbers agree with an independent count from RULES.md", () => {
  test.each([...oracleRows(PINNED, false), ...oracleRows(PINNED_PLAYS, true)])(
    "%s, depth %i: %i (plays only: %s)",
    (name, depth, count, playsOnly) => {
      expect(oraclePerft(ORACLE[name](), depth, playsOnly)).toBe(count);
    },
  );
});

/** Applies record notation moves to a game. */
function play(game: Game, moves: readonly string[]): Game {
  for (const text of moves) {
    const parsed = parseMove(game.state as HandState, text);
    if (!parsed.ok || parsed.value.kind !== "move") throw new Error(`cannot read ${text}`);
    const next = applyMove(game, parsed.value.move);
    if (!next.ok) throw new Error(`${text}: ${next.error.message}`);
    game = next.value;
  }
  return game;
}

function startGame(game: GameKind, players: number, name: DealName): Game {
  const started = startHand(createGame(defaultRules(game, players)), deal(DEALS[name]));
  if (!started.ok) throw new Error(started.error.message);
  return started.value;
}

function listed(game: Game): string[] {
  const s = game.state as HandState;
  return legalMoves(game).map((m) => makeMove(game.config.layout, m, s.phase === POSE));
}

describe("move order snapshots (bots and replays depend on it)", () => {
  it("french rng2: order is target N, E, S, W, then bone index, then pass", () => {
    let g = startGame("french", 4, "french2");
    expect(legalMoves(g)).toEqual([0]);
    expect(listed(g)).toEqual(["0-0"]);
    g = play(g, ["0-0"]);
    // Cross phase: only the first empty arm (N) is listed.
    expect(listed(g)).toEqual(["0-4@N", "0-5@N", "pass"]);
    expect(legalMoves(g)).toEqual([16, 20, PASS]);
    g = play(g, ["0-4@N"]);
    expect(listed(g)).toEqual(["0-3@E", "0-6@E", "pass"]);
    expect(legalMoves(g)).toEqual([13, 25, PASS]);
    g = play(g, ["0-3@E", "0-2@S", "0-1@W"]);
    // Arms show 4, 3, 2, 1 with no double but 0-0 down: seat 2 holds no double, so only a pass.
    expect(listed(g)).toEqual(["pass"]);
    g = play(g, ["pass", "4-4@N", "3-3@E", "1-1@W"]);
    // 1-3 fits E (3) and W (1): two different positions, both listed; S shows 2 and 2-2 is out.
    expect(listed(g)).toEqual(["1-3@E", "2-3@E", "1-2@W", "1-3@W", "1-5@W", "pass"]);
    expect(legalMoves(g)).toEqual([37, 57, 35, 39, 47, PASS]);
    g = play(g, ["1-3@W", "4-6@N", "2-2@S"]);
    // E and W both show 3: 3-5 is listed on E only.
    expect(Array.from(g.state?.ends ?? [])).toEqual([6, 3, 2, 3]);
    expect(listed(g)).toEqual(["3-5@E", "2-5@S", "pass"]);
    expect(legalMoves(g)).toEqual([81, 66, PASS]);
  });

  it("cutthroat2 rng3: L before R, bones in index order, no pass while able (C4)", () => {
    let g = startGame("cutthroat", 2, "cut2");
    expect(listed(g)).toEqual(["6-6"]);
    g = play(g, ["6-6"]);
    expect(listed(g)).toEqual(["2-6@L", "5-6@L"]);
    expect(legalMoves(g)).toEqual([68, 104]);
    g = play(g, ["2-6@L"]);
    expect(listed(g)).toEqual(["1-2@L", "2-4@L", "2-5@L", "0-6@R", "1-6@R", "3-6@R", "4-6@R"]);
    expect(legalMoves(g)).toEqual([32, 60, 64, 25, 49, 85, 97]);
    g = play(g, ["4-6@R"]);
    expect(listed(g)).toEqual(["0-2@L", "2-2@L", "2-3@L", "1-4@R", "3-4@R"]);
    expect(legalMoves(g)).toEqual([8, 52, 56, 41, 77]);
  });
});
