/**
 * A bone drawn in SVG user units: 1 × 2 (vertical) or 2 × 1, centred at the origin. Pips are
 * classic dots, colour-blind-safe colours (Okabe–Ito) or colours with numerals.
 */

import type { PipStyle } from "../settings";

const D = 0.26;
const SPOTS: readonly (readonly [number, number])[][] = [
  [],
  [[0, 0]],
  [
    [-D, -D],
    [D, D],
  ],
  [
    [-D, -D],
    [0, 0],
    [D, D],
  ],
  [
    [-D, -D],
    [D, -D],
    [-D, D],
    [D, D],
  ],
  [
    [-D, -D],
    [D, -D],
    [0, 0],
    [-D, D],
    [D, D],
  ],
  [
    [-D, -D],
    [-D, 0],
    [-D, D],
    [D, -D],
    [D, 0],
    [D, D],
  ],
];

/** Okabe–Ito colours, distinguishable with the common colour-vision deficiencies. */
export const PIP_COLOURS = ["#222", "#D55E00", "#0072B2", "#009E73", "#CC79A7", "#B86E00", "#1B1B1B"] as const;

function Half({
  n,
  cx,
  cy,
  vertical,
  pips,
  digits,
}: {
  n: number;
  cx: number;
  cy: number;
  vertical: boolean;
  pips: PipStyle;
  digits: boolean;
}) {
  const fill = pips === "classic" ? "#1d1d1b" : PIP_COLOURS[n];
  return (
    <g>
      <g class="pips">
        {SPOTS[n].map(([dx, dy], i) => (
          // Sixes run along the bone's length.
          <circle key={i} cx={cx + (vertical ? dx : dy)} cy={cy + (vertical ? dy : dx)} r={0.095} fill={fill} />
        ))}
      </g>
      {pips === "numerals" && (
        <text x={cx + 0.36} y={cy + 0.42} font-size={0.3} text-anchor="middle" fill="#333" font-weight="700">
          {n}
        </text>
      )}
      {/* The half's number in place of its pips, where the stylesheet says a bone is too small for pips. */}
      {digits && n > 0 && (
        <text class="digit" x={cx} y={cy + 0.27} font-size={0.75} text-anchor="middle" fill={fill} font-weight="800">
          {n}
        </text>
      )}
    </g>
  );
}

export function BoneShape({
  a,
  b,
  vertical,
  pips,
  className,
  digits = false,
}: {
  a: number;
  b: number;
  vertical: boolean;
  pips: PipStyle;
  className?: string;
  /** Also draw each half's number, shown instead of the pips where a bone is drawn tiny (a phone's seats). */
  digits?: boolean;
}) {
  const w = vertical ? 1 : 2;
  const h = vertical ? 2 : 1;
  return (
    <g class={className}>
      {/* A plain offset shadow: an SVG filter per bone costs too much paint time on slow devices. */}
      <rect x={-w / 2 + 0.06} y={-h / 2 + 0.08} width={w - 0.06} height={h - 0.06} rx={0.14} class="bone-shadow" />
      <rect x={-w / 2 + 0.03} y={-h / 2 + 0.03} width={w - 0.06} height={h - 0.06} rx={0.14} class="bone-body" />
      {vertical ? (
        <line x1={-0.34} x2={0.34} y1={0} y2={0} class="bone-line" />
      ) : (
        <line y1={-0.34} y2={0.34} x1={0} x2={0} class="bone-line" />
      )}
      <Half n={a} cx={vertical ? 0 : -0.5} cy={vertical ? -0.5 : 0} vertical={vertical} pips={pips} digits={digits} />
      <Half n={b} cx={vertical ? 0 : 0.5} cy={vertical ? 0.5 : 0} vertical={vertical} pips={pips} digits={digits} />
    </g>
  );
}

/** A face-down bone. */
export function BoneBack({ vertical }: { vertical: boolean }) {
  const w = vertical ? 1 : 2;
  const h = vertical ? 2 : 1;
  return <rect x={-w / 2 + 0.04} y={-h / 2 + 0.04} width={w - 0.08} height={h - 0.08} rx={0.14} class="bone-back" />;
}
