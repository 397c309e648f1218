/**
 * Property tests over random games (random-game.ts): random rules across all three games and every
 * player count, random deals, random legal plays on any equivalent target, penalty passes and
 * charged illegal attempts, hand after hand until the set or match ends (or an action cap).
 * Every property has a fixed fast-check seed, so a failure reproduces exactly.
 */

import {
  ATTEMPT,
  applyMove,
  attemptIllegalPlay,
  type BoneMask,
  bonesOf,
  DOUBLE,
  defaultRules,
  END_BLOCKED,
  END_DOMINO,
  type Game,
  type GameEvent,
  type HandState,
  legalMoves,
  makeRecord,
  moveBone,
  PASS,
  PENALTY_KINDS,
  PLAYING,
  parseRecord,
  playMove,
  popcount,
  type Rules,
  startHand,
  summarize,
  viewFor,
} from "@crossbones/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { illegalAttempts, playRandomGame, type RandomStep, replayActions, rulesArbitrary } from "./random-game.js";

const ABLE = PENALTY_KINDS.indexOf("passWhenAble");
const ILLEGAL = PENALTY_KINDS.indexOf("illegalPlay");
/** The rules' reasons a held bone cannot go on a target (F3, F4, C2). */
const PLAY_REFUSALS = new Set(["arm-started", "needs-pose-number", "does-not-fit", "double-not-down"]);

const gameArb = fc.record({ rules: rulesArbitrary(), seed: fc.integer({ min: 0, max: 0x7fffffff }) });

/**
 * Cheap assertions for the per-step checks: tens of thousands of steps each run several checks,
 * and `expect` costs more than the game step itself. A failure throws with the values involved.
 */
function check(ok: boolean, what: string, detail?: unknown): void {
  if (!ok) throw new Error(`${what}${detail === undefined ? "" : `: ${JSON.stringify(detail)}`}`);
}
function same(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: got ${a}, expected ${e}`);
}

function frenchOptions(rules: Rules) {
  return rules.game === "french" ? rules.options : null;
}

const ALL = (1 << 28) - 1;

/** Every bone of the game is in exactly one hand or on the board (C1: no 0-0 for three). */
function checkBones(game: Game, newHand: boolean): void {
  const s = game.state;
  const inPlay = game.config.inPlay;
  same(inPlay, game.rules.players === 3 ? ALL & ~DOUBLE[0] : ALL, "bones in play");
  if (newHand) {
    const deal = game.hands[game.hands.length - 1].deal;
    same(
      [deal.reduce((a, m) => a | m, 0), deal.reduce((a, m) => a + popcount(m), 0)],
      [inPlay, popcount(inPlay)],
      "a deal holds each bone in play once",
    );
  }
  if (!s) return;
  let seen = s.played;
  let total = popcount(s.played);
  for (let seat = 0; seat < game.rules.players; seat++) {
    check((seen & s.hands[seat]) === 0, "a bone is in two places", { seat, hands: Array.from(s.hands) });
    seen |= s.hands[seat];
    total += popcount(s.hands[seat]);
  }
  check(seen === inPlay && total === popcount(inPlay), "bones lost or created", {
    played: s.played,
    hands: Array.from(s.hands),
  });
}

/** Whether the seat to act holds a play, found from targetsFor bone by bone (not from legalMoves). */
function holdsPlay(s: HandState): boolean {
  return bonesOf(s.hands[s.turn]).some((b) => s.targetsFor(b).length > 0);
}

/** Whether any seat holds a bone that could go somewhere. */
function anyoneCanPlay(s: HandState): boolean {
  const playable = s.playable();
  for (let seat = 0; seat < s.players; seat++) if ((s.hands[seat] & playable) !== 0) return true;
  return false;
}

/** F5 and C4: who may pass, and what a pass costs. */
function checkPassRules(step: RandomStep): void {
  const { before, action, after } = step;
  const s = before.state;
  if (action.kind === "deal" || !s) return;
  const moves = legalMoves(before);
  const plays = moves.filter((m) => m !== PASS);
  check(plays.length > 0 === holdsPlay(s), "legalMoves and targetsFor disagree on whether the seat can play", moves);
  check(moves.length > 0, "a seat to act has no legal move");
  const french = frenchOptions(before.rules);
  if (plays.length > 0 && moves.includes(PASS)) {
    // A player with a legal play is never offered a free pass: only French with penaltyPass on.
    check(french?.penaltyPass === true, "a pass is offered to a seat that can play", before.rules);
  }
  if (s.phase === PLAYING && plays.length === 0) same(moves, [PASS], "a seat without a play may only pass");
  if (action.kind === "move" && action.move === PASS) {
    const seat = s.turn;
    const charged = (after.state as HandState).penaltiesByKind[seat * 4 + ABLE] - s.penaltiesByKind[seat * 4 + ABLE];
    same(charged, plays.length > 0 ? (french?.passWhenAblePenalty ?? 0) : 0, "passWhenAble charge");
  }
}

/** F5: a charged attempt changes nothing but the seat's illegal-play penalty. */
function checkAttempt(step: RandomStep): void {
  if (step.action.kind !== "attempt") return;
  const s = step.before.state as HandState;
  const t = step.after.state as HandState;
  const a = s.toTable();
  const expected = a.penaltiesByKind.slice();
  expected[s.turn * 4 + ILLEGAL] += frenchOptions(step.before.rules)?.illegalPlayPenalty ?? 0;
  same(t.toTable(), { ...a, penaltiesByKind: expected }, "a charged attempt changes only its penalty");
  same(Array.from(t.hands), Array.from(s.hands), "a charged attempt changes no hand");
}

/** A refused move is refused with a reason and leaves the game as it was. */
function checkRefusal(step: RandomStep, pick: number): void {
  const { before } = step;
  const s = before.state;
  if (!s || s.over || before.finished) return;
  const attempts = illegalAttempts(s);
  if (attempts.length === 0) return;
  const { bone, target } = attempts[pick % attempts.length];
  const table = JSON.stringify(s.toTable());
  const r = applyMove(before, playMove(bone, target));
  check(!r.ok && PLAY_REFUSALS.has(r.error.code), "an illegal play is accepted", { bone, target });
  same(JSON.stringify(s.toTable()), table, "a refused play changed the hand");
  if (before.config.illegalPlayPenalty === 0) {
    check(!attemptIllegalPlay(before, bone, target).ok, "an attempt is charged where attempts are free");
  }
}

/** F8/C5 after every play; F10/C7 after every hand. */
function checkHandEnd(step: RandomStep): void {
  const { action, after } = step;
  const s = after.state as HandState;
  if (action.kind !== "move" || action.move === PASS) return;
  if (!s.over) {
    check(anyoneCanPlay(s), "the hand goes on although nobody can play");
    return;
  }
  if (s.end === END_DOMINO) same(s.hands[s.lastPlayer], 0, "domino with bones left");
  else {
    same(s.end, END_BLOCKED, "hand end");
    check(!anyoneCanPlay(s), "blocked although a seat can play");
  }
  const hand = after.hands[after.hands.length - 1];
  const result = hand.result;
  if (!result) throw new Error("a finished hand has no result");
  const french = frenchOptions(after.rules);
  if (french) {
    for (let seat = 0; seat < 4; seat++) {
      const charged = hand.events
        .filter((e): e is Extract<GameEvent, { type: "penalty" }> => e.type === "penalty" && e.seat === seat)
        .reduce((sum, e) => sum + e.points, 0);
      same([result.penalties[seat], s.penalties(seat)], [charged, charged], `seat ${seat} penalties`);
    }
    // F10: totals are the sum of every hand's scores and penalties.
    const totals = [0, 1, 2, 3].map((seat) =>
      after.hands.reduce((sum, h) => sum + (h.result ? h.result.score[seat] + h.result.penalties[seat] : 0), 0),
    );
    same(after.totals, totals, "set totals");
    const low = Math.min(...totals);
    const unique = totals.filter((t) => t === low).length === 1;
    const reached = totals.some((t) => t >= french.target);
    same(after.finished, reached && unique, "set over (F10)");
    if (after.finished) same(after.winner, totals.indexOf(low), "set winner (F10)");
  } else {
    check(
      result.score.every((x) => x === 0) && result.penalties.every((x) => x === 0),
      "line games have no score or penalties",
    );
    check(
      after.totals.every((t) => t >= 0 && t <= 7),
      "match points out of range",
      after.totals,
    );
    same(
      after.finished,
      after.totals.some((t) => t >= 6),
      "match over at six (C7)",
    );
    if (after.finished) check(after.totals[after.winner as number] >= 6, "match winner below six");
  }
}

describe("properties of random games", () => {
  it("every step keeps every bone, the pass rules (F5, C4), attempts (F5), hand ends and totals (F8-F10)", () => {
    let steps = 0;
    let penaltyPasses = 0;
    let attempts = 0;
    let finished = 0;
    const tables = new Set<string>();
    fc.assert(
      fc.property(gameArb, ({ rules, seed }) => {
        tables.add(`${rules.game}${rules.players}`);
        const { game } = playRandomGame(rules, seed, {
          onStep: (step) => {
            steps++;
            checkBones(step.after, step.action.kind === "deal");
            checkPassRules(step);
            checkAttempt(step);
            checkHandEnd(step);
            if (step.index % 7 === 0) checkRefusal(step, step.index);
            if (step.action.kind === "attempt") attempts++;
            if (step.action.kind === "move" && step.action.move === PASS && step.before.state?.canPlay())
              penaltyPasses++;
          },
        });
        if (game.finished) finished++;
      }),
      { seed: 0x5eed01, numRuns: 300 },
    );
    // The generator does reach what the properties are about.
    expect(tables.size).toBe(5);
    expect(steps).toBeGreaterThan(10000);
    expect(penaltyPasses).toBeGreaterThan(50);
    expect(attempts).toBeGreaterThan(50);
    expect(finished).toBeGreaterThan(100);
  });

  it("write -> read of a record gives the identical game, finished or not", () => {
    fc.assert(
      fc.property(gameArb, fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), (g, cut, named) => {
        const full = playRandomGame(g.rules, g.seed);
        // An unfinished game too: the same actions cut short, often in the middle of a hand.
        const partial = replayActions(g.rules, full.actions.slice(0, Math.floor(cut * full.actions.length)));
        for (const game of [full.game, partial]) {
          const names = named ? Array.from({ length: game.rules.players }, (_, i) => `P${i}"é`) : undefined;
          const record = makeRecord(game, names);
          const read = parseRecord(JSON.stringify(record));
          if (!read.ok) throw new Error(JSON.stringify(read.error));
          const copy = read.value.game;
          expect(read.value.names).toEqual(names ?? null);
          expect(summarize(copy)).toEqual(summarize(game));
          expect(copy.hands.length).toBe(game.hands.length);
          copy.hands.forEach((hand, h) => {
            expect(hand.moves).toEqual(game.hands[h].moves);
            expect(hand.deal).toEqual(game.hands[h].deal);
            expect(hand.poser).toBe(game.hands[h].poser);
            expect(hand.events).toEqual(game.hands[h].events);
          });
          expect(copy.state?.toTable()).toEqual(game.state?.toTable());
          expect(Array.from(copy.state?.hands ?? [])).toEqual(Array.from(game.state?.hands ?? []));
          expect(copy.totals).toEqual(game.totals);
          expect(copy.next).toEqual(game.next);
          expect([copy.finished, copy.winner, copy.sixLove]).toEqual([game.finished, game.winner, game.sixLove]);
          expect(makeRecord(copy, names)).toEqual(record);
        }
      }),
      { seed: 0x5eed02, numRuns: 120 },
    );
  });

  it("replay is deterministic: the same seed gives the same record", () => {
    fc.assert(
      fc.property(gameArb, ({ rules, seed }) => {
        const a = playRandomGame(rules, seed, { maxActions: 400 });
        const b = playRandomGame(rules, seed, { maxActions: 400 });
        expect(JSON.stringify(makeRecord(b.game))).toBe(JSON.stringify(makeRecord(a.game)));
        expect(b.actions).toEqual(a.actions);
        expect(summarize(b.game)).toEqual(summarize(a.game));
        // The actions alone rebuild the same game.
        expect(makeRecord(replayActions(rules, a.actions))).toEqual(makeRecord(a.game));
      }),
      { seed: 0x5eed03, numRuns: 100 },
    );
  });
});

describe("random-game.ts", () => {
  it("lets a player (a bot under test) choose the moves of the seat to act", () => {
    let chosen = 0;
    const { game } = playRandomGame(defaultRules("cutthroat", 3), "chooser", {
      onStep: ({ before, action }) => {
        if (action.kind === "move" && before.state?.turn === 1) {
          check(action.move === legalMoves(before)[0], "seat 1 played another move than its chooser's");
          chosen++;
        }
      },
      choose: (g) => (g.state?.turn === 1 ? legalMoves(g)[0] : undefined),
    });
    expect(game.finished).toBe(true);
    expect(chosen).toBeGreaterThan(20);
  });
});

/** Events as every seat sees them happen: whether a passing seat could have played is not seen. */
function publicEvents(events: readonly GameEvent[]): unknown[] {
  return events.map((e) => (e.type === "pass" ? { type: e.type, move: e.move, seat: e.seat } : e));
}

/** Deals `deal` after `start` and replays `moves` on it; undefined when a move is then refused. */
function replayHand(start: Game, deal: readonly BoneMask[], moves: readonly number[]): Game | undefined {
  const started = startHand(start, deal);
  if (!started.ok) return undefined;
  let game = started.value;
  for (const move of moves) {
    const next =
      (move & ATTEMPT) !== 0 ? attemptIllegalPlay(game, moveBone(move & ~ATTEMPT), move & 3) : applyMove(game, move);
    if (!next.ok) return undefined;
    game = next.value;
  }
  return game;
}

/** Number tokens of a JSON text. */
function numbersIn(json: string): Set<number> {
  return new Set((json.match(/\d+/g) ?? []).map(Number));
}

describe("per-seat views (viewFor) while a hand is in progress", () => {
  it("hold the seat's own hand and nothing that tells the other seats' bones apart", () => {
    let compared = 0;
    fc.assert(
      fc.property(gameArb, fc.array(fc.nat(), { minLength: 24, maxLength: 24 }), ({ rules, seed }, picks) => {
        const { actions: all, handStarts } = playRandomGame(rules, seed, { maxActions: 250 });
        // Positions: the game as it was after a few random actions, each in the middle of a hand.
        let p = 0;
        const pick = (n: number) => picks[p++ % picks.length] % n;
        for (let k = 0; k < 3; k++) {
          const at = 1 + pick(all.length);
          const g = replayActions(rules, all.slice(0, at));
          const s = g.state as HandState;
          if (s.over || g.finished) continue;
          const h = g.hands.length - 1;
          const log = g.hands[h];
          for (let v = 0; v < rules.players; v++) {
            const view = viewFor(g, v);
            expect(view.hand).toBe(s.hands[v]);
            const numbers = numbersIn(JSON.stringify(view));
            for (let other = 0; other < rules.players; other++) {
              const m = s.hands[other];
              if (other !== v && m > 4096 && m !== s.poseMask && m !== g.config.inPlay)
                expect(numbers.has(m)).toBe(false);
            }
            // Swap a bone between two other seats; when the public history stays the same, the
            // view must stay the same.
            const others = Array.from({ length: rules.players }, (_, i) => i).filter(
              (i) => i !== v && s.hands[i] !== 0,
            );
            if (others.length < 2) continue;
            for (let tries = 0; tries < 2; tries++) {
              const a = others[pick(others.length)];
              const b = others.filter((i) => i !== a)[pick(others.length - 1)];
              const xs = bonesOf(s.hands[a]);
              const ys = bonesOf(s.hands[b]);
              const x = xs[pick(xs.length)];
              const y = ys[pick(ys.length)];
              const deal = log.deal.slice();
              deal[a] = (deal[a] & ~(1 << x)) | (1 << y);
              deal[b] = (deal[b] & ~(1 << y)) | (1 << x);
              const swapped = replayHand(handStarts[h], deal, log.moves);
              if (!swapped) continue;
              const sh = swapped.hands[h];
              if (sh.poser !== log.poser) continue;
              if (JSON.stringify(publicEvents(sh.events)) !== JSON.stringify(publicEvents(log.events))) continue;
              compared++;
              expect(swapped.state?.hands[v]).toBe(s.hands[v]);
              expect(viewFor(swapped, v)).toEqual(view);
            }
          }
        }
      }),
      { seed: 0x5eed04, numRuns: 150 },
    );
    expect(compared).toBeGreaterThan(200);
  });

  // Two positions found by the property above, written out. In each, two deals differ only in
  // where one bone lies between two seats other than the viewer, and the public history (the
  // moves and the penalties charged) is the same, so every other seat's view must be the same.
  const STREAK = [
    ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
    ["1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-3"],
    ["2-2", "2-4", "2-5", "2-6", "3-4", "3-5", "3-6"],
    ["3-3", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"],
  ];
  /** The same deal with 0-6 (seat 0) and 2-2 (seat 2) exchanged: now seat 2 can answer the pose. */
  const SWAPPED = [
    ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "2-2"],
    STREAK[1],
    ["0-6", "2-4", "2-5", "2-6", "3-4", "3-5", "3-6"],
    STREAK[3],
  ];

  function frenchGame(rules: Record<string, unknown>, deal: string[][], moves: string[]): Game {
    const text = JSON.stringify({
      format: "crossbones-record/1",
      game: "french",
      players: 4,
      rules,
      hands: [{ deal, moves }],
    });
    const read = parseRecord(text);
    if (!read.ok) throw new Error(read.error.message);
    return read.value.game;
  }

  it("F7: right after a pose, a pending board pass does not tell seat 1 that seats 2 and 3 hold no blank", () => {
    // Seat 0 poses 0-0 and nobody has passed yet. Seat 1 holds no blank in either deal, yet its
    // view tells the deals apart: table.boardPassPending, even cut down to the viewer's own bit,
    // is set only when none of seats 1-3 can answer, i.e. only when seat 2 does not hold 0-6.
    // (It becomes public only when seat 1's own pass is charged as a board pass.)
    const a = frenchGame({}, STREAK, ["0-0"]);
    const b = frenchGame({}, SWAPPED, ["0-0"]);
    expect(publicEvents(b.hands[0].events)).toEqual(publicEvents(a.hands[0].events));
    for (const seat of [1, 3]) expect(viewFor(b, seat)).toEqual(viewFor(a, seat));
  });

  it("F5: when passing while able is free, a pass does not tell the others whether the seat could play", () => {
    // passWhenAblePenalty 0 and no board pass penalty: seat 2's pass costs nothing either way,
    // so the table cannot know whether seat 2 held 0-6; a pass event carries no couldPlay.
    const rules = { passWhenAblePenalty: 0, boardPassPenalty: 0 };
    const a = frenchGame(rules, STREAK, ["0-0", "pass", "pass"]);
    const b = frenchGame(rules, SWAPPED, ["0-0", "pass", "pass"]);
    expect(publicEvents(b.hands[0].events)).toEqual(publicEvents(a.hands[0].events));
    for (const seat of [1, 3]) expect(viewFor(b, seat)).toEqual(viewFor(a, seat));
  });
});
