/**
 * Where each bone of the board is drawn, in board units (a bone is 2 × 1): pure geometry, no DOM,
 * so it is unit-tested and the SVG board only renders what it is given.
 *
 * - Cross (French): the pose crosswise at the centre, four arms growing outward; each arm turns
 *   clockwise before the edge of a fixed frame (as wide as the screen allows), so the cross keeps
 *   its shape and, once it has outgrown a small first view, the board its scale.
 * - Line (Cut Throat, Partner): a snake: the right end runs right and winds down, the left end
 *   runs left and winds up, rows as wide as the screen allows (`fitSnake` picks the width).
 * Doubles lie crosswise to the chain.
 */

import { type BoardLayout, type Bone, boneHigh, boneLow, CROSS, isDouble, type PlacedBone } from "@crossbones/engine";

/** One drawn bone: centre (x, y), orientation, and the numbers on its two halves. */
export interface BoneRect {
  readonly bone: Bone;
  readonly x: number;
  readonly y: number;
  /** Vertical: 1 wide, 2 high; else 2 wide, 1 high. */
  readonly vertical: boolean;
  /** Number on the top (vertical) or left (horizontal) half. */
  readonly a: number;
  /** Number on the bottom or right half. */
  readonly b: number;
  /** Index of the move that placed it (-1 for nothing), to animate the latest play. */
  readonly move: number;
  /** Arm (N, E, S, W = 0..3) or end (L, R = 0, 1); -1 for the pose. */
  readonly target: number;
}

/** The open end of a chain: where the next bone goes, for drop targets and labels. */
export interface EndMark {
  readonly target: number;
  readonly x: number;
  readonly y: number;
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface BoardGeometry {
  readonly rects: readonly BoneRect[];
  readonly ends: readonly EndMark[];
  /** The area to show: the bones' bounding box, at least the cross's fixed square. */
  readonly box: Box;
}

type Dir = readonly [number, number];
const N: Dir = [0, -1];
const E: Dir = [1, 0];
const S: Dir = [0, 1];
const W: Dir = [-1, 0];

interface Segment {
  readonly dir: Dir;
  /** Longest run along `dir` before the chain turns into the next segment. */
  readonly limit: number;
  /** A connecting step: it runs at least `limit` (a lone double is followed by another bone). */
  readonly fill?: boolean;
  /** No bone may reach further than this along `dir` (measured from the centre), whatever `limit` says. */
  readonly bound?: number;
}

/**
 * How far arms run from the pose before turning, vertically, on a square or tall drawing area;
 * wider screens let E and W run further (and N and S bend sooner: see `crossReach`).
 */
export const CROSS_REACH = 6;

/**
 * The vertical reach for a drawing area of this aspect: the frame holds about as many bones on a
 * wide screen as on a square one, so a wide screen draws them larger instead of leaving most of
 * its width empty: N and S bend sooner (never before two bones) and E and W run along the width.
 */
export function crossReach(aspect: number): number {
  return Math.min(CROSS_REACH, Math.max(4, 7.5 / Math.sqrt(Math.max(aspect, 0.01)) - 1.5));
}

const clockwise = (d: Dir): Dir => [-d[1], d[0]];

/**
 * Lays a chain from `start` (the point its first bone touches) following `plan`. A chain turns
 * when the next bone would overrun the segment; the turned bone lies against the outer half of
 * the last one, as a player bends a line at the table's edge.
 */
export function walkChain(
  chain: readonly PlacedBone[],
  target: number,
  start: Dir,
  plan: readonly Segment[],
): {
  rects: BoneRect[];
  end: EndMark;
} {
  const rects: BoneRect[] = [];
  let cx = start[0];
  let cy = start[1];
  let k = 0;
  let dir = plan[0].dir;
  let used = 0;
  let lastWidth = 1;
  for (const placed of chain) {
    const double = isDouble(placed.bone);
    const along = double ? 1 : 2;
    const seg = plan[k];
    const reach = cx * seg.dir[0] + cy * seg.dir[1] + along;
    const full = seg.fill
      ? used >= seg.limit
      : used + along > seg.limit || reach > (seg.bound ?? Number.POSITIVE_INFINITY);
    if (used > 0 && full && k + 1 < plan.length) {
      k++;
      const next = plan[k].dir;
      // Back to the middle of the last bone's outer half, then out of its side.
      cx = cx - dir[0] * 0.5 + next[0] * (lastWidth / 2);
      cy = cy - dir[1] * 0.5 + next[1] * (lastWidth / 2);
      dir = next;
      used = 0;
    }
    const x = cx + (dir[0] * along) / 2;
    const y = cy + (dir[1] * along) / 2;
    const horizontalDir = dir[1] === 0;
    const vertical = double ? horizontalDir : !horizontalDir;
    // The inner number faces the previous bone: left/top when heading east/south.
    const forward = dir[0] + dir[1] > 0;
    const a = forward ? placed.inner : placed.outer;
    const b = forward ? placed.outer : placed.inner;
    rects.push({ bone: placed.bone, x, y, vertical, a, b, move: placed.move, target });
    cx += dir[0] * along;
    cy += dir[1] * along;
    used += along;
    lastWidth = double ? 2 : 1;
  }
  return { rects, end: { target, x: cx + dir[0] * 0.9, y: cy + dir[1] * 0.9 } };
}

/**
 * Segment plan of an arm: out to the edge, then clockwise along the edge towards the corner; a
 * longer arm steps outward and runs on (the frame grows). Each arm only ever moves away from the
 * pose along two directions, so it stays in its own quadrant and no two bones can overlap.
 * `reachX` / `reachY` are the distances available along each axis.
 */
function armPlan(first: Dir, reachX: number, reachY: number): Segment[] {
  const along = clockwise(first);
  const reach = (d: Dir) => (d[0] !== 0 ? reachX : reachY);
  const plan: Segment[] = [
    { dir: first, limit: reach(first) },
    { dir: along, limit: Math.max(reach(along) - 1, 2) },
  ];
  for (let i = 0; i < 12; i++) plan.push({ dir: first, limit: 2, fill: true }, { dir: along, limit: 6 });
  return plan;
}

/**
 * The French cross: the pose at the centre, lying crosswise (as the poser lays it down, across the
 * table), so the first bone on North or South meets it side-on; East and West start from its ends.
 * `aspect` (width / height of the drawing area) lets the arms E and W run further on a wide screen
 * before they bend.
 *
 * The arms bend before the edge of a frame `reach` units high (`crossReach`: less on a wide screen)
 * and as wide as the aspect allows.
 * While every bone fits in a small frame (`CROSS_MIN_REACH`: the pose and about two bones on each
 * arm) only that is shown, so a young board is drawn large; then the whole frame. Bones never move
 * on the board when the view zooms out: only the scale changes, once.
 */
export function crossLayout(board: BoardLayout, aspect = 1, reach = crossReach(aspect)): BoardGeometry {
  const rects: BoneRect[] = [];
  const ends: EndMark[] = [];
  const reachY = reach;
  const reachX = reachFor(reach, aspect);
  const frame = crossBox(reachX, reachY);
  if (board.pose === null) return { rects, ends, box: zoomBox([], aspect, frame) };
  const p = boneLow(board.pose);
  rects.push({ bone: board.pose, x: 0, y: 0, vertical: false, a: p, b: p, move: 0, target: -1 });
  const starts: [Dir, Dir][] = [
    [[0, -0.5], N],
    [[1, 0], E],
    [[0, 0.5], S],
    [[-1, 0], W],
  ];
  starts.forEach(([start, dir], t) => {
    // N and S start half a unit from the centre (the pose's side), E and W a whole unit (its ends).
    // Half a unit short of the frame's margin: a double crosswise in the turn sticks out by that much.
    const plan = armPlan(dir, reachX - 0.5, reachY);
    const { rects: r, end } = walkChain(board.chains[t] ?? [], t, start, plan);
    rects.push(...r);
    ends.push(end);
  });
  return { rects, ends, box: zoomBox(rects, aspect, frame) };
}

/** The smallest box the cross is drawn in: the pose and a bone on every side, large. */
export const CROSS_MIN_REACH = 3.5;

/** How far E and W run on a drawing area of this aspect when N and S run `reach`. */
function reachFor(reach: number, aspect: number): number {
  return Math.max(reach, (reach + 1.5) * aspect - 1.5);
}

/**
 * The box shown: centred on the pose, the small frame while the bones fit in it, then the whole
 * frame (the scale changes once), and when a long arm has stepped outward beyond it, the frame a
 * fifth larger at a time.
 */
function zoomBox(rects: readonly BoneRect[], aspect: number, frame: Box): Box {
  let halfW = 0;
  let halfH = 0;
  for (const r of rects) {
    halfW = Math.max(halfW, Math.abs(r.x) + (r.vertical ? 0.5 : 1));
    halfH = Math.max(halfH, Math.abs(r.y) + (r.vertical ? 1 : 0.5));
  }
  const fits = (b: Box) => halfW <= b.w / 2 - 0.5 && halfH <= b.h / 2 - 0.5;
  const small = crossBox(reachFor(CROSS_MIN_REACH, aspect), CROSS_MIN_REACH);
  if (fits(small)) return small;
  // Beyond the frame, a fifth larger at a time: the board rescales seldom, not with every bone.
  let box = frame;
  while (!fits(box)) box = { x: box.x * 1.2, y: box.y * 1.2, w: box.w * 1.2, h: box.h * 1.2 };
  return box;
}

function crossBox(reachX: number, reachY: number): Box {
  const w = reachX + 1.5;
  const h = reachY + 1.5;
  return { x: -w, y: -h, w: 2 * w, h: 2 * h };
}

/**
 * The line as a snake `width` units wide: the pose at the centre (a double crosswise), the right
 * end running right then winding down, the left end running left then winding up.
 */
export function snakeLayout(board: BoardLayout, width: number): BoardGeometry {
  const rects: BoneRect[] = [];
  const ends: EndMark[] = [];
  if (board.pose === null) return { rects, ends, box: { x: -width / 2, y: -2, w: width, h: 4 } };
  const pose = board.pose;
  const double = isDouble(pose);
  rects.push({
    bone: pose,
    x: 0,
    y: 0,
    vertical: double,
    a: boneLow(pose),
    b: boneHigh(pose),
    move: 0,
    target: -1,
  });
  const half = double ? 0.5 : 1;
  // Half a unit spare at each side: a double crosswise in a turn sticks out by that much.
  const bound = Math.max(width / 2 - 0.5, half + 2);
  const inf = Number.POSITIVE_INFINITY;
  const right: Segment[] = [{ dir: E, limit: inf, bound }];
  const left: Segment[] = [{ dir: W, limit: inf, bound }];
  for (let i = 0; i < 30; i++) {
    right.push({ dir: S, limit: 2, fill: true }, { dir: i % 2 === 0 ? W : E, limit: inf, bound });
    left.push({ dir: N, limit: 2, fill: true }, { dir: i % 2 === 0 ? E : W, limit: inf, bound });
  }
  const l = walkChain(board.chains[0] ?? [], 0, [-half, 0], left);
  const r = walkChain(board.chains[1] ?? [], 1, [half, 0], right);
  rects.push(...l.rects, ...r.rects);
  ends.push(l.end, r.end);
  return { rects, ends, box: unionBox(boundsOf(rects), { x: -width / 2, y: -2, w: width, h: 4 }) };
}

/**
 * The snake width that shows the bones largest in a `aspect` = width / height area: tries widths
 * and keeps the one whose bounding box scales up the most. `cap` is the largest scale that will be
 * drawn (a unit's size as a fraction of the area's height): of the widths that reach it, the
 * widest, so a short line runs straight across the table instead of winding in its middle.
 */
export function fitSnake(board: BoardLayout, aspect: number, cap = Number.POSITIVE_INFINITY): BoardGeometry {
  let best: BoardGeometry | null = null;
  let bestScale = 0;
  for (let width = 10; width <= 44; width += 2) {
    const g = snakeLayout(board, width);
    const scale = Math.min(aspect / g.box.w, 1 / g.box.h, cap);
    if (scale > bestScale * 1.0001 || (scale >= cap && bestScale >= cap)) {
      best = g;
      bestScale = scale;
    }
  }
  return best as BoardGeometry;
}

/**
 * Either layout for a board; `aspect` is the drawing area's width / height, `cap` the largest
 * scale drawn (see `fitSnake`).
 */
export function boardGeometry(board: BoardLayout, aspect: number, cap?: number): BoardGeometry {
  return board.layout === CROSS ? crossLayout(board, aspect) : fitSnake(board, aspect, cap);
}

/** Bounding box of drawn bones (with a half-unit margin). */
export function boundsOf(rects: readonly BoneRect[]): Box {
  if (rects.length === 0) return { x: 0, y: 0, w: 0, h: 0 };
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const r of rects) {
    const hw = r.vertical ? 0.5 : 1;
    const hh = r.vertical ? 1 : 0.5;
    x0 = Math.min(x0, r.x - hw);
    x1 = Math.max(x1, r.x + hw);
    y0 = Math.min(y0, r.y - hh);
    y1 = Math.max(y1, r.y + hh);
  }
  return { x: x0 - 0.5, y: y0 - 0.5, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

export function unionBox(a: Box, b: Box): Box {
  if (a.w === 0) return b;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

/** Whether two drawn bones overlap (touching edges do not count). */
export function overlaps(p: BoneRect, q: BoneRect): boolean {
  const pw = p.vertical ? 0.5 : 1;
  const ph = p.vertical ? 1 : 0.5;
  const qw = q.vertical ? 0.5 : 1;
  const qh = q.vertical ? 1 : 0.5;
  return Math.abs(p.x - q.x) < pw + qw - 1e-9 && Math.abs(p.y - q.y) < ph + qh - 1e-9;
}
