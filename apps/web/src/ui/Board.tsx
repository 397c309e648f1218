/**
 * The board: the cross or the snake, drawn from the pure layout, with the latest play animated and
 * marked (view/marks.ts: the latest bone until the next one is played, the round's others lightly).
 */

import { type BoardLayout, makeBone } from "@crossbones/engine";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { T } from "../i18n";
import type { PipStyle } from "../settings";
import { targetName } from "../view/describe";
import { type BoardGeometry, type Box, boardGeometry } from "../view/layout";
import type { BoardMarks } from "../view/marks";
import { seatSide } from "../view/seats";
import { BoneShape } from "./Bone";

/** The largest a board unit (a bone's width) is drawn, in CSS pixels: a few bones are not drawn huge. */
export const MAX_UNIT_PX = 36;

/** The box, widened about its centre where the area would draw a unit larger than MAX_UNIT_PX. */
function capScale(box: Box, size: { w: number; h: number }): Box {
  const w = Math.max(box.w, size.w / MAX_UNIT_PX);
  const h = Math.max(box.h, size.h / MAX_UNIT_PX);
  return { x: box.x - (w - box.w) / 2, y: box.y - (h - box.h) / 2, w, h };
}

export interface BoardProps {
  board: BoardLayout | null;
  players: number;
  /** The seat drawn at the bottom of the table (the viewer's; 0 for a watcher or a replay). */
  bottom: number;
  /** Seat that made each move of the hand, to animate a play from its seat. */
  moveSeats: readonly number[];
  pips: PipStyle;
  animMs: number;
  /** Targets offered for the selected bone: drawn as clickable marks. */
  choices: readonly number[];
  onChoose?: (target: number) => void;
  t: T;
  label: string;
  /** Bones to mark as just played (by move index in the hand). */
  marks?: BoardMarks;
}

export function Board(props: BoardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 700, h: 500 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0)
        setSize((old) => (old.w === r.width && old.h === r.height ? old : { w: r.width, h: r.height }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const { board, t } = props;
  const geometry: BoardGeometry | null = board ? boardGeometry(board, size.w / size.h, MAX_UNIT_PX / size.h) : null;
  const pad = 0.3;
  const bones = geometry?.box ?? { x: -8, y: -8, w: 16, h: 16 };
  // The drawing: the bones' box with a little margin, never drawn larger than MAX_UNIT_PX a unit.
  const view = capScale({ x: bones.x - pad, y: bones.y - pad, w: bones.w + 2 * pad, h: bones.h + 2 * pad }, size);
  const lastMove = props.moveSeats.length - 1;
  const lastSeat = props.moveSeats[lastMove] ?? 0;
  const side = seatSide(props.players, lastSeat, props.bottom);
  // Plays fly in from the player's side of the table.
  const from = {
    bottom: [view.x + view.w / 2, view.y + view.h + 3],
    top: [view.x + view.w / 2, view.y - 3],
    left: [view.x - 3, view.y + view.h / 2],
    right: [view.x + view.w + 3, view.y + view.h / 2],
  }[side];
  const latest = props.marks?.latest ?? null;
  const recent = new Set(props.marks?.recent ?? []);
  // An end mark stays inside the drawing, even beside a bone at its edge.
  const inside = (v: number, lo: number, size: number) => Math.min(Math.max(v, lo + 1), lo + size - 1);
  return (
    <div class="board" ref={ref}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: end marks are a pointer shortcut; keys choose in the dialog */}
      <svg
        viewBox={`${view.x} ${view.y} ${view.w} ${view.h}`}
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
          const mark = r.move === latest ? "latest" : recent.has(r.move) ? "recent" : null;
          const w = r.vertical ? 1 : 2;
          const h = r.vertical ? 2 : 1;
          return (
            <g
              key={r.bone}
              transform={`translate(${r.x} ${r.y})`}
              data-bone={makeBone(r.bone)}
              data-mark={mark ?? undefined}
            >
              <g class={animate ? "bone enter" : "bone"} style={style}>
                {mark && (
                  <rect
                    class={`play-mark play-mark-${mark}`}
                    x={-w / 2 - 0.14}
                    y={-h / 2 - 0.14}
                    width={w + 0.28}
                    height={h + 0.28}
                    rx={0.24}
                  />
                )}
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
              <g
                key={`end${e.target}`}
                class="end-mark"
                transform={`translate(${inside(e.x, view.x, view.w)} ${inside(e.y, view.y, view.h)})`}
                data-target={e.target}
              >
                {/* A finger-sized target around the letter (about two bones across). */}
                <circle class="end-hit" r={1.6} />
                <circle class="end-letter" r={0.9} />
                <text y={0.32} text-anchor="middle" font-size={0.95}>
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
