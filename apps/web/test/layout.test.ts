import {
  applyMove,
  type BoardLayout,
  boardOf,
  createGame,
  createRng,
  defaultRules,
  type Game,
  type GameKind,
  isDouble,
  legalMoves,
  PASS,
  type Rng,
  randomDeal,
  startHand,
} from "@crossbones/engine";
import { describe, expect, it } from "vitest";
import {
  type BoardGeometry,
  type BoneRect,
  boundsOf,
  CROSS_REACH,
  crossLayout,
  crossReach,
  fitSnake,
  overlaps,
  snakeLayout,
} from "../src/view/layout.js";

/** Plays random legal moves (plays preferred) and yields the board after each move. */
function* boards(kind: GameKind, players: number, seed: number): Generator<BoardLayout> {
  const rng: Rng = createRng(seed);
  let game: Game = createGame(defaultRules(kind, players));
  const started = startHand(game, randomDeal(game.config, rng));
  if (!started.ok) throw new Error(started.error.message);
  game = started.value;
  while (game.state && !game.state.over) {
    const moves = legalMoves(game);
    const plays = moves.filter((m) => m !== PASS);
    const move = plays.length > 0 ? plays[rng.nextInt(plays.length)] : PASS;
    const next = applyMove(game, move);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
    const hand = game.hands[game.hands.length - 1];
    yield boardOf(game.config.layout, hand.moves);
  }
}

/** Centre of the half of a drawn bone that shows `n` nearest to point p. */
function halfCentre(r: BoneRect, first: boolean): [number, number] {
  const off = first ? -0.5 : 0.5;
  return r.vertical ? [r.x, r.y + off] : [r.x + off, r.y];
}

function checkGeometry(board: BoardLayout, g: BoardGeometry): void {
  // No two bones overlap.
  for (let i = 0; i < g.rects.length; i++)
    for (let j = i + 1; j < g.rects.length; j++)
      expect(overlaps(g.rects[i], g.rects[j]), `bones ${i}, ${j}`).toBe(false);
  // Every bone lies inside the box shown.
  const b = boundsOf(g.rects);
  expect(b.x).toBeGreaterThanOrEqual(g.box.x - 1e-9);
  expect(b.y).toBeGreaterThanOrEqual(g.box.y - 1e-9);
  expect(b.x + b.w).toBeLessThanOrEqual(g.box.x + g.box.w + 1e-9);
  expect(b.y + b.h).toBeLessThanOrEqual(g.box.y + g.box.h + 1e-9);
  // Each bone touches the one before it with the matching number.
  board.chains.forEach((chain, t) => {
    const rects = g.rects.filter((r) => r.target === t);
    expect(rects.length).toBe(chain.length);
    let prev = g.rects[0]; // the pose
    chain.forEach((placed, k) => {
      const r = rects[k];
      expect(r.bone).toBe(placed.bone);
      expect([r.a, r.b].sort()).toEqual([placed.inner, placed.outer].sort());
      // The half showing `inner` sits next to the previous bone.
      const innerFirst = r.a === placed.inner;
      const inner = isDouble(r.bone) ? [r.x, r.y] : halfCentre(r, innerFirst);
      const near = Math.min(
        Math.hypot(inner[0] - prev.x, inner[1] - prev.y),
        ...[true, false].map((f) => {
          const c = halfCentre(prev, f);
          return Math.hypot(inner[0] - c[0], inner[1] - c[1]);
        }),
      );
      expect(near, `chain ${t} bone ${k}`).toBeLessThanOrEqual(1.5 + 1e-9);
      prev = r;
    });
  });
}

describe("cross layout (French)", () => {
  it("puts the pose crosswise at the centre with four empty arms", () => {
    const first = boards("french", 4, 1).next().value as BoardLayout;
    const g = crossLayout(first);
    expect(g.rects).toHaveLength(1);
    // Lying across the table: North and South meet its long sides, East and West its ends.
    expect(g.rects[0]).toMatchObject({ x: 0, y: 0, vertical: false, target: -1 });
    expect(g.ends.map((e) => e.target)).toEqual([0, 1, 2, 3]);
  });

  it("grows arms outward: N up, E right, S down, W left; doubles crosswise", () => {
    for (const board of boards("french", 4, 7)) {
      const g = crossLayout(board);
      for (const r of g.rects) {
        if (r.target < 0) continue;
        const chain = g.rects.filter((x) => x.target === r.target);
        const first = chain[0];
        // The first bone of each arm is on the arm's side of the pose.
        if (r === first) {
          if (r.target === 0) expect(r.y).toBeLessThan(0);
          if (r.target === 1) expect(r.x).toBeGreaterThan(0);
          if (r.target === 2) expect(r.y).toBeGreaterThan(0);
          if (r.target === 3) expect(r.x).toBeLessThan(0);
          const alongY = r.target % 2 === 0;
          expect(r.vertical).toBe(isDouble(r.bone) ? !alongY : alongY);
        }
      }
    }
  });

  it("zooms out once from a small first view to the frame, then keeps it while the arms bend", () => {
    for (const aspect of [0.8, 1, 1.5, 2.4]) {
      const small = crossLayout(boards("french", 4, 3).next().value as BoardLayout, aspect).box;
      const reach = crossReach(aspect);
      const changes: number[] = [];
      for (let seed = 1; seed <= 30; seed++) {
        let last = small;
        let zooms = 0;
        for (const board of boards("french", 4, seed)) {
          const g = crossLayout(board, aspect);
          // Centred on the pose, never smaller than before.
          expect(g.box.x).toBeCloseTo(-g.box.w / 2);
          expect(g.box.y).toBeCloseTo(-g.box.h / 2);
          expect(g.box.w).toBeGreaterThanOrEqual(last.w - 1e-9);
          expect(g.box.h).toBeGreaterThanOrEqual(last.h - 1e-9);
          if (g.box.w !== last.w || g.box.h !== last.h) zooms++;
          last = g.box;
          // Four bones or fewer per arm bend before the frame's edge, which does not grow.
          const longest = Math.max(...board.chains.map((c) => c.length));
          if (longest <= 4) {
            expect(g.box.h).toBeLessThanOrEqual(2 * (reach + 1.5) + 1e-9);
            for (const r of g.rects) expect(Math.abs(r.y) + (r.vertical ? 1 : 0.5)).toBeLessThanOrEqual(reach + 1.5);
          }
        }
        changes.push(zooms);
      }
      // The small view, then the frame; growing beyond it (a fifth at a time) is for long arms,
      // which random play makes far more often than players do.
      expect(Math.max(...changes)).toBeLessThanOrEqual(6);
      expect(changes.reduce((a, b) => a + b) / changes.length).toBeLessThanOrEqual(3);
    }
  });

  it("draws a wide screen's bones larger: N and S bend sooner, E and W run along the width", () => {
    expect(crossReach(1)).toBe(CROSS_REACH);
    expect(crossReach(0.6)).toBe(CROSS_REACH);
    expect(crossReach(2.4)).toBeLessThan(CROSS_REACH);
    expect(crossReach(2.4)).toBeGreaterThanOrEqual(4);
    // The frame of a 2.4-wide area is far shorter than a square one's, so its bones are larger.
    let last: BoardLayout | null = null;
    for (const board of boards("french", 4, 9)) last = board;
    const wide = crossLayout(last as BoardLayout, 2.4).box;
    const square = crossLayout(last as BoardLayout, 1).box;
    expect(wide.h).toBeLessThan(square.h);
  });

  it("never overlaps bones and joins matching numbers, over many random hands", () => {
    for (let seed = 1; seed <= 60; seed++) {
      for (const board of boards("french", 4, seed)) {
        checkGeometry(board, crossLayout(board, 1));
        checkGeometry(board, crossLayout(board, 2.2));
      }
    }
  });

  it("uses the width of a wide screen before bending East and West", () => {
    let last: BoardLayout | null = null;
    for (const board of boards("french", 4, 3)) last = board;
    const wide = crossLayout(last as BoardLayout, 2.4, CROSS_REACH).box;
    const square = crossLayout(last as BoardLayout, 1, CROSS_REACH).box;
    expect(wide.w).toBeGreaterThan(square.w);
  });
});

describe("snake layout (Cut Throat, Partner)", () => {
  it("centres the pose, a double crosswise", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const first = boards("cutthroat", 4, seed).next().value as BoardLayout;
      const g = snakeLayout(first, 20);
      expect(g.rects[0]).toMatchObject({ x: 0, y: 0, target: -1 });
      // 6-6 poses the first hand: crosswise to the line.
      expect(g.rects[0].vertical).toBe(true);
    }
  });

  it("stays within the width it is given, winding down on the right and up on the left", () => {
    for (let seed = 1; seed <= 40; seed++) {
      for (const board of boards("cutthroat", 2, seed)) {
        for (const width of [10, 16, 24]) {
          const g = snakeLayout(board, width);
          for (const r of g.rects) {
            expect(Math.abs(r.x) + (r.vertical ? 0.5 : 1)).toBeLessThanOrEqual(width / 2 + 1e-9);
            if (r.target === 1) expect(r.y).toBeGreaterThanOrEqual(-1);
            if (r.target === 0) expect(r.y).toBeLessThanOrEqual(1);
          }
          checkGeometry(board, g);
        }
      }
    }
  });

  it("fits the screen: a wide area gets a wide snake, a tall one a narrow snake", () => {
    let last: BoardLayout | null = null;
    for (const board of boards("cutthroat", 2, 5)) last = board;
    const board = last as BoardLayout;
    const wide = fitSnake(board, 3);
    const tall = fitSnake(board, 0.5);
    expect(wide.box.w / wide.box.h).toBeGreaterThan(tall.box.w / tall.box.h);
    checkGeometry(board, wide);
    checkGeometry(board, tall);
  });

  it("runs a short line straight across a wide table once its bones are as large as they are drawn", () => {
    const first = boards("cutthroat", 3, 4);
    let board: BoardLayout | null = null;
    for (let i = 0; i < 6; i++) board = (first.next().value as BoardLayout) ?? board;
    const capped = fitSnake(board as BoardLayout, 2, 1 / 14);
    const free = fitSnake(board as BoardLayout, 2);
    expect(capped.box.w).toBeGreaterThanOrEqual(free.box.w);
    checkGeometry(board as BoardLayout, capped);
  });

  it("lays out three- and four-player and Partner hands without overlaps", () => {
    for (let seed = 1; seed <= 20; seed++) {
      for (const [kind, players] of [
        ["cutthroat", 3],
        ["cutthroat", 4],
        ["partner", 4],
      ] as const) {
        for (const board of boards(kind, players, seed)) checkGeometry(board, fitSnake(board, 1.5));
      }
    }
  });
});
