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
  testId: string;
}

export function Chart({ points, label, x, y, num, testId }: ChartProps) {
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
          // The y axis starts at 0 (a count, a score), and a line of zeros is drawn low, not mid-chart.
          scales: {
            x: { time: false, range: () => [0.5, points.length + 0.5] },
            y: { range: (_u: unknown, _min: number, max: number) => [0, Math.max(1, Math.ceil(max * 1.1))] },
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
  }, [points, x, y, num]);
  return <div ref={ref} class="chart" role="img" aria-label={label} data-testid={testId} />;
}
