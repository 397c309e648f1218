/** The board: the cross or the snake, drawn from the pure layout, with the latest play animated. */

import { type BoardLayout, makeBone } from "@crossbones/engine";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { T } from "../i18n";
import type { PipStyle } from "../settings";
import { targetName } from "../view/describe";
import { type BoardGeometry, boardGeometry } from "../view/layout";
import { BoneShape } from "./Bone";

export type SeatSide = "bottom" | "right" | "top" | "left";

/** Where each seat sits on screen: the human at the bottom, turn order anticlockwise. */
export function seatSide(players: number, seat: number): SeatSide {
  if (players === 2) return seat === 0 ? "bottom" : "top";
  if (players === 3) return (["bottom", "right", "left"] as const)[seat];
  return (["bottom", "right", "top", "left"] as const)[seat];
}

export interface BoardProps {
  board: BoardLayout | null;
  players: number;
  /** Seat that made each move of the hand, to animate a play from its seat. */
  moveSeats: readonly number[];
  pips: PipStyle;
  animMs: number;
  /** Targets offered for the selected bone: drawn as clickable marks. */
  choices: readonly number[];
  onChoose?: (target: number) => void;
  t: T;
  label: string;
}

export function Board(props: BoardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [aspect, setAspect] = useState(1.4);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) setAspect(r.width / r.height);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const { board, t } = props;
  const geometry: BoardGeometry | null = board ? boardGeometry(board, aspect) : null;
  const box = geometry?.box ?? { x: -8, y: -8, w: 16, h: 16 };
  const lastMove = props.moveSeats.length - 1;
  const lastSeat = props.moveSeats[lastMove] ?? 0;
  const side = seatSide(props.players, lastSeat);
  // Plays fly in from the player's side of the table.
  const from = {
    bottom: [box.x + box.w / 2, box.y + box.h + 3],
    top: [box.x + box.w / 2, box.y - 3],
    left: [box.x - 3, box.y + box.h / 2],
    right: [box.x + box.w + 3, box.y + box.h / 2],
  }[side];
  const pad = 0.3;
  return (
    <div class="board" ref={ref}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: end marks are a pointer shortcut; keys choose in the dialog */}
      <svg
        viewBox={`${box.x - pad} ${box.y - pad} ${box.w + 2 * pad} ${box.h + 2 * pad}`}
        role="img"
        aria-label={props.label}
        preserveAspectRatio="xMidYMid meet"
        onClick={(ev) => {
          // End marks are a mouse and touch shortcut; the same choice is offered as buttons.
          const mark = (ev.target as Element).closest("[data-target]");
          if (mark) props.onChoose?.(Number(mark.getAttribute("data-target")));
        }}
      >
        {geometry?.rects.map((r) => {
          const animate = r.move === lastMove && props.animMs > 0;
          const style = animate
            ? {
                "--dx": `${from[0] - r.x}px`,
                "--dy": `${from[1] - r.y}px`,
                animationDuration: `${props.animMs}ms`,
              }
            : undefined;
          return (
            <g key={r.bone} transform={`translate(${r.x} ${r.y})`} data-bone={makeBone(r.bone)}>
              <g class={animate ? "bone enter" : r.target === -1 ? "bone pose" : "bone"} style={style}>
                <BoneShape a={r.a} b={r.b} vertical={r.vertical} pips={props.pips} />
              </g>
            </g>
          );
        })}
        {geometry?.ends
          .filter((e) => props.choices.includes(e.target))
          .map((e) => {
            const letter = String.fromCharCode(65 + props.choices.indexOf(e.target));
            return (
              <g key={`end${e.target}`} class="end-mark" transform={`translate(${e.x} ${e.y})`} data-target={e.target}>
                <circle r={0.75} />
                <text y={0.28} text-anchor="middle" font-size={0.8}>
                  {letter}
                </text>
                <title>{targetName(t, board?.layout ?? 0, e.target)}</title>
              </g>
            );
          })}
      </svg>
    </div>
  );
}
