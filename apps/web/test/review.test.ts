import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beliefFrom, DealSampler } from "@crossbones/bots";
import {
  ATTEMPT,
  applyMove,
  attemptIllegalPlay,
  boneLow,
  bonesOf,
  createRng,
  type Game,
  HandState,
  handConfig,
  isDouble,
  makeRecord,
  moveBone,
  PASS,
  type PublicTable,
  playMove,
  type SeatView,
  SUIT,
  startHand,
  viewFor,
} from "@crossbones/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reviewDecision, reviewHand } from "../src/review/analyse";
import { decisionsOf, gameAt, handStarts, handViews } from "../src/review/decisions";
import { GRADES, gradeLoss, THRESHOLDS } from "../src/review/grade";
import { readTable } from "../src/review/read";
import { aggregate, gameFacts, withFacts } from "../src/review/stats";
import { deal, newGame, playedGame, playOut, step } from "./review-games";

const BUDGET = { iterations: 400, seed: 3 };

/**
 * The position at `view`'s moment with the other seats' bones dealt differently but every public
 * fact the same: a deal drawn by the belief sampler, replayed through the engine. Null when the
 * sampler drew the true deal (nothing to compare).
 */
function twin(before: Game, view: SeatView, seed: number): Game {
  const sampler = new DealSampler(beliefFrom(view));
  const out = new Int32Array(4);
  sampler.sample(createRng(seed), out);
  const hands = Array.from({ length: view.rules.players }, (_, s) => (s === view.seat ? view.hand : out[s]));
  for (const { seat, move } of view.history)
    if (move !== PASS && (move & ATTEMPT) === 0) hands[seat] |= 1 << moveBone(move);
  const started = startHand(before, hands);
  if (!started.ok) throw new Error(started.error.message);
  let game = started.value;
  for (const { move } of view.history) {
    const next =
      (move & ATTEMPT) !== 0 ? attemptIllegalPlay(game, (move & ~ATTEMPT) >> 2, move & 3) : applyMove(game, move);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return game;
}

describe("hand review", () => {
  it("grades come from the seat's view only: the other seats' hidden bones swapped, the same grades", () => {
    let compared = 0;
    let differentHands = 0;
    for (const [kind, players] of [
      ["french", 4],
      ["cutthroat", 3],
      ["partner", 4],
    ] as const) {
      for (let seed = 1; seed <= 3; seed++) {
        const record = makeRecord(playedGame(kind, players, seed, 1));
        const before = gameAt(record, handStarts(gameAt(record))[0] - 1);
        for (const d of decisionsOf(record, 0, 0)) {
          const other = twin(before, d.view, seed * 100 + d.index);
          const otherView = viewFor(other, 0);
          expect(otherView.hand).toBe(d.view.hand);
          const truth = gameAt(record, d.view.version).state?.hands ?? [];
          const swapped = other.state?.hands ?? [];
          if (Array.from(truth).some((h, s) => s !== 0 && h !== swapped[s])) differentHands++;
          const a = reviewDecision(d, BUDGET);
          const b = reviewDecision({ ...d, view: otherView }, BUDGET);
          expect(b).toEqual(a);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(10);
    // The check means something only if the hidden hands really differed.
    expect(differentHands).toBeGreaterThan(compared / 2);
  });

  it("F5 a forced win: with one bone left that fits, playing it is best and a charged pass is a mistake or worse", () => {
    let found = 0;
    for (let seed = 1; seed <= 60 && found < 3; seed++) {
      const rng = createRng(`forced:${seed}`);
      let game = deal(newGame("french", 4, { penaltyPass: true, passWhenAblePenalty: 10 }), rng);
      while (game.state && !game.state.over) {
        const seat = game.state.turn;
        const view = viewFor(game, seat);
        if (view.phase === "play" && bonesOf(view.hand).length === 1 && view.plays.length === 1 && view.canPass) {
          const play = view.legalMoves.find((m) => m !== PASS) ?? -1;
          const asPlayed = reviewDecision({ index: view.history.length, view, played: play }, BUDGET);
          const asPassed = reviewDecision({ index: view.history.length, view, played: PASS }, BUDGET);
          expect(asPlayed.best).toBe(play);
          expect(asPlayed.grade).toBe("best");
          // At least the 10 points the pass costs: a mistake (over 6) or a blunder (over 12).
          expect(asPassed.loss).toBeGreaterThanOrEqual(10);
          expect(["mistake", "blunder"]).toContain(asPassed.grade);
          expect(asPassed.reason).toEqual({ kind: "passCost", cost: 10 });
          found++;
          break;
        }
        game = step(game, rng, 0);
      }
    }
    expect(found).toBe(3);
  });

  it("F4 a sure way out: a double whose arm only it may answer is kept, the other bone played first is best at 0 points", () => {
    // The seat holds d-d and one other bone, both playable; an arm shows d while d-d is still out,
    // so only d-d may go there (F4) and nobody can block it; every other seat holds two bones or
    // more, so nobody goes out first. Playing the other bone first wins the hand for certain.
    let found = 0;
    for (let seed = 1; seed <= 300 && found < 3; seed++) {
      const rng = createRng(`sure:${seed}`);
      let game = deal(newGame("french", 4), rng);
      while (game.state && !game.state.over) {
        const seat = game.state.turn;
        const view = viewFor(game, seat);
        const double = view.plays.find((p) => isDouble(p.bone));
        const other = view.plays.find((p) => !isDouble(p.bone));
        const othersHold = view.handSizes.every((n, s) => s === seat || n >= 2);
        if (view.phase === "play" && bonesOf(view.hand).length === 2 && double && other && othersHold) {
          const d = boneLow(double.bone);
          const otherShows = (t: number) => (view.table?.ends ?? [])[t];
          // An arm showing d takes only d-d (F4), and the seat holds it: nobody can block it.
          if (double.targets.every((t) => otherShows(t) === d)) {
            const first = playMove(other.bone, other.targets[0]);
            const r = reviewDecision({ index: view.history.length, view, played: first }, BUDGET);
            expect(r.grade).toBe("best");
            const mine = r.options.find((o) => o.move === first);
            expect(mine?.value).toBeCloseTo(0, 9);
            // Playing the double first is never better than a certain win.
            for (const o of r.options) expect(o.value).toBeLessThanOrEqual(1e-9);
            found++;
            break;
          }
        }
        game = step(game, rng, 0);
      }
    }
    expect(found).toBe(3);
  });

  it("a hand's summary adds up the losses of its inaccuracies, mistakes and blunders", () => {
    const record = makeRecord(playedGame("french", 4, 2, 1));
    const review = reviewHand(decisionsOf(record, 0, 0), BUDGET);
    const bad = review.decisions.filter((d) => d.grade !== "best" && d.grade !== "good");
    expect(review.mistakes).toBe(bad.length);
    // Each grade is counted under its own name: an inaccuracy is never summed up as a mistake.
    for (const grade of GRADES)
      expect(review.grades[grade]).toBe(review.decisions.filter((d) => d.grade === grade).length);
    expect(review.lost).toBeCloseTo(
      bad.reduce((a, d) => a + d.loss, 0),
      9,
    );
    for (const d of review.decisions) {
      expect(d.options[0].move).toBe(d.best);
      expect(d.grade).toBe(gradeLoss(d.loss, "points"));
    }
  });

  it("docs/review.md states the thresholds the grades use", () => {
    const doc = readFileSync(fileURLToPath(new URL("../../../docs/review.md", import.meta.url)), "utf8");
    GRADES.slice(0, 4).forEach((grade, i) => {
      const row = new RegExp(`^\\| ${grade} \\| ≤ ([\\d.]+) \\| ≤ ([\\d.]+) \\|$`, "m").exec(doc);
      expect(row, grade).not.toBeNull();
      expect(Number(row?.[1])).toBe(THRESHOLDS.points[i]);
      expect(Number(row?.[2])).toBe(THRESHOLDS.chance[i]);
    });
    expect(doc).toMatch(/^\| blunder \| more \| more \|$/m);
  });

  it("grades follow the thresholds: each bound is the last loss of its grade", () => {
    for (const unit of ["points", "chance"] as const) {
      THRESHOLDS[unit].forEach((bound, i) => {
        expect(gradeLoss(bound, unit)).toBe(GRADES[i]);
        expect(gradeLoss(bound + 1e-9, unit)).toBe(GRADES[i + 1]);
      });
      expect(gradeLoss(0, unit)).toBe("best");
    }
  });
});

describe("read the table", () => {
  const kinds = [
    { kind: "french", players: 4, options: { penaltyPass: true, passWhenAblePenalty: 10 } },
    { kind: "french", players: 4, options: { penaltyPass: true, passWhenAblePenalty: 0 } },
    { kind: "french", players: 4, options: { penaltyPass: false, boardPassPenalty: 10 } },
    { kind: "cutthroat", players: 2, options: {} },
    { kind: "cutthroat", players: 4, options: {} },
    { kind: "partner", players: 4, options: {} },
  ] as const;

  it("every 'cannot hold' and 'holds' stated is true in the actual deal (F4 passes, F7 board passes, F2c, line voids)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: kinds.length - 1 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 3 }),
        (k, seed, hands) => {
          const { kind, players, options } = kinds[k];
          const rng = createRng(`read:${seed}`);
          let game = newGame(kind, players, options);
          // Some hands first, so that later poses follow F2 (and F2c's skipped seats).
          for (let h = 0; h < hands && !game.finished; h++) {
            game = deal(game, rng);
            while (game.state && !game.state.over) game = step(game, rng, 0.3);
          }
          if (game.finished) return;
          game = deal(game, rng);
          const views: SeatView[][] = Array.from({ length: players }, () => []);
          let stated = 0;
          for (;;) {
            for (let s = 0; s < players; s++) views[s].push(viewFor(game, s));
            for (let s = 0; s < players; s++) {
              const read = readTable(views[s]);
              const actual = game.state?.hands ?? [];
              for (const o of read.others) {
                for (const fact of o.cannotHold) {
                  expect(actual[o.seat] & SUIT[fact.n], `seat ${o.seat} holds a ${fact.n}`).toBe(0);
                  stated++;
                }
                expect(actual[o.seat] & o.voids).toBe(0);
                expect(actual[o.seat] & o.holds).toBe(o.holds);
              }
              expect(read.unaccounted & views[s][views[s].length - 1].hand).toBe(0);
            }
            if (!game.state || game.state.over) break;
            game = step(game, rng, 0.3);
          }
          return stated >= 0;
        },
      ),
      { numRuns: 60, seed: 14 },
    );
  });

  it("the property has teeth: a reader that takes every pass as proof of every number showing is caught (F4)", () => {
    // At a French table a pass says nothing about a number whose double is still out (F4);
    // reading it as proof states false facts, and random games find them.
    let wrong = 0;
    for (let seed = 1; seed <= 40 && wrong === 0; seed++) {
      const rng = createRng(`naive:${seed}`);
      let game = deal(newGame("french", 4, { penaltyPass: false }), rng);
      const missing = [0, 0, 0, 0];
      while (game.state && !game.state.over) {
        const seat = game.state.turn;
        const view = viewFor(game, seat);
        const shows = (view.table?.ends ?? []).filter((e) => e >= 0);
        game = step(game, rng, 0);
        if (view.phase === "play" && view.legalMoves.length === 1 && view.legalMoves[0] === PASS) {
          for (const n of shows) missing[seat] |= SUIT[n];
        }
        const hands = game.state?.hands ?? [];
        for (let s = 0; s < 4; s++) if ((hands[s] & missing[s]) !== 0) wrong++;
      }
    }
    expect(wrong).toBeGreaterThan(0);
  });
});

describe("stats", () => {
  it("counts games and wins per kind and level, French points per hand, and six-loves from the records", () => {
    const french = playedGame("french", 4, 5, 200, { target: 30 });
    const line = playedGame("cutthroat", 2, 6, 400);
    expect(french.finished && line.finished).toBe(true);
    const entries = [
      { id: "a", finishedAt: 2, source: "bots", level: "hard", seat: 0, record: makeRecord(french) },
      { id: "b", finishedAt: 1, source: "bots", level: "easy", seat: 1, record: makeRecord(line) },
      { id: "c", finishedAt: 3, source: "bots", level: "easy", seat: 0, record: makeRecord(line) },
    ] as const;
    const reviews = [
      { gameId: "a", hand: 0, at: 9, unit: "points", decisions: 4, mistakes: 2, lost: 9 },
      { gameId: "a", hand: 1, at: 8, unit: "points", decisions: 3, mistakes: 0, lost: 0 },
    ] as const;
    const stats = aggregate(entries, reviews);
    expect(stats.games).toBe(3);
    const lineRow = stats.byKind.find((r) => r.kind === "cutthroat" && r.level === "easy");
    // Seats 0 and 1 of the same two-player match: exactly one of them won it.
    expect(lineRow).toEqual({ kind: "cutthroat", level: "easy", games: 2, wins: 1 });
    const frenchRow = stats.byKind.find((r) => r.kind === "french");
    expect(frenchRow?.wins).toBe(french.winner === 0 ? 1 : 0);
    const hands = french.hands.filter((h) => h.result);
    const points = hands.reduce((a, h) => a + (h.result?.score[0] ?? 0) + (h.result?.penalties[0] ?? 0), 0);
    expect(stats.frenchHands).toBe(hands.length);
    expect(stats.frenchPointsPerHand).toBeCloseTo(points / hands.length, 9);
    expect(stats.sixLoveGiven + stats.sixLoveTaken).toBe(line.sixLove ? 2 : 0);
    expect(stats.mistakesOverTime.map((m) => m.at)).toEqual([8, 9]);
    expect(stats.mistakesPerHand).toBe(1);
  });

  it("facts kept with a game are what the stats count: the record is not replayed again", () => {
    const line = playedGame("cutthroat", 2, 6, 400);
    const entry = { id: "k", finishedAt: 1, source: "bots", level: "easy", seat: 0, record: makeRecord(line) } as const;
    const kept = withFacts(entry);
    expect(kept.facts).toEqual(gameFacts(entry));
    expect(kept.facts?.won).toBe(line.winner === 0);
    // Counted from its facts: with the record gone, the same stats.
    expect(aggregate([{ ...kept, record: null }], [])).toEqual(aggregate([entry], []));
    // Kept before facts existed: replayed; a record that does not replay is left out either way.
    expect(aggregate([{ ...entry, record: null }], []).games).toBe(0);
    expect(aggregate([{ ...entry, record: null, facts: null }], []).games).toBe(0);
  });

  it("the table read from a record's replayed views is the one read move by move", () => {
    const game = playedGame("french", 4, 8, 2);
    const record = makeRecord(game);
    const views = handViews(record, 1, 2, 12);
    expect(views).toHaveLength(13);
    const read = readTable(views);
    expect(read.seat).toBe(2);
    expect(read.unaccounted & views[12].hand).toBe(0);
    expect(read.doublesOut & ~read.unaccounted).toBe(0);
  });
});

describe("reasons", () => {
  it("every reason given is true in the actual deal (F5 pass cost, F7 board pass, no answer, a known void, a double held)", () => {
    const seen = new Set<string>();
    for (const [kind, players, options] of [
      ["french", 4, { boardPassPenalty: 10, passWhenAblePenalty: 10 }],
      ["cutthroat", 3, {}],
      ["partner", 4, {}],
    ] as const) {
      for (let seed = 1; seed <= 6; seed++) {
        const rng = createRng(`reasons:${kind}:${seed}`);
        const game = playOut(deal(newGame(kind, players, options), rng), rng, 0.5);
        const record = makeRecord(game);
        for (const d of decisionsOf(record, 0, 0)) {
          const r = reviewDecision(d, BUDGET);
          if (!r.reason) continue;
          seen.add(r.reason.kind);
          const truth = gameAt(record, d.view.version);
          const hands = truth.state?.hands ?? [];
          // The table after the better move, with the true hands.
          const after = HandState.fromTable(handConfig(d.view.rules), d.view.table as PublicTable, hands);
          if (r.best !== PASS) after.apply(r.best);
          const reason = r.reason;
          if (reason.kind === "passCost") expect(r.played).toBe(PASS);
          if (reason.kind === "boardPass") {
            for (let s = 0; s < players; s++) if (s !== 0) expect(hands[s] & after.playable()).toBe(0);
          }
          if (reason.kind === "noAnswer") expect(hands[reason.seat] & after.playable()).toBe(0);
          if (reason.kind === "closes") expect(hands[reason.seat] & SUIT[reason.n]).toBe(0);
          if (reason.kind === "double") {
            expect(isDouble(reason.bone)).toBe(true);
            expect(d.view.hand & (1 << reason.bone)).not.toBe(0);
          }
          if (reason.kind === "heavier") expect(reason.pips).toBeGreaterThanOrEqual(3);
        }
      }
    }
    // The check covered several kinds of reason.
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });
});
