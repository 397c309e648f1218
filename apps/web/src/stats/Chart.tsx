/**
 * A small line chart over time, drawn by uPlot. uPlot and its stylesheet are loaded with the
 * first chart (the stats page is itself loaded on demand), never with the app's first page.
 * The chart is an image to a screen reader: its label says what it shows, and the page states
 * the same figures in words.
 */

import { useEffect, useRef } from "preact/hooks";

export interface Point {
  /** When (ms since 1970): the points are drawn in this order, the first numbered 1. */
  readonly at: number;
  readonly value: number;
}

export interface ChartProps {
  points: readonly Point[];
  /** What the chart shows, for a screen reader. */
  label: string;
  /** The axes' titles: what is counted along (x) and what is measured (y). */
  x: string;
  y: string;
  /** A number in the page's language (the y axis). */
  num: (value: number) => string;
  /** The y axis spans the figures (a rating, far from 0) rather than starting at 0 (a count, a score). */
  fit?: boolean;
  testId: string;
}

/** The y axis: from 0 (a line of zeros drawn low, not mid-chart), or around the figures with a margin. */
function yRange(fit: boolean): (u: unknown, min: number, max: number) => [number, number] {
  if (!fit) return (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))];
  return (_u, min, max) => {
    const margin = Math.max(10, Math.ceil((max - min) * 0.1));
    return [Math.floor(min - margin), Math.ceil(max + margin)];
  };
}

export function Chart({ points, label, x, y, num, fit = false, testId }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let plot: { destroy(): void } | null = null;
    let live = true;
    Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: uPlot }]) => {
      const el = ref.current;
      if (!live || !el) return;
      const width = Math.max(240, Math.min(760, el.clientWidth || 600));
      plot = new uPlot(
        {
          width,
          height: 240,
          legend: { show: false },
          cursor: { show: false },
          // One point per game or review, in order: evenly spaced whatever the days between, each
          // in the middle of its own slot (a single point sits in the middle, over its "1").
          scales: {
            x: { time: false, range: () => [0.5, points.length + 0.5] },
            y: { range: yRange(fit) },
          },
          series: [{}, { stroke: "#0f5132", width: 2, points: { show: true, size: 6 } }],
          axes: [
            {
              label: x,
              values: (_u: unknown, ticks: number[]) => ticks.map((v) => (Number.isInteger(v) ? num(v) : "")),
            },
            { label: y, values: (_u: unknown, ticks: number[]) => ticks.map(num) },
          ],
        },
        [points.map((_, i) => i + 1), points.map((p) => p.value)],
        el,
      );
      el.dataset.drawn = "true";
    });
    return () => {
      live = false;
      plot?.destroy();
    };
  }, [points, x, y, num, fit]);
  return <div ref={ref} class="chart" role="img" aria-label={label} data-testid={testId} />;
}
