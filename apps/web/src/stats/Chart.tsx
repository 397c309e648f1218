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

export function Chart({ points, label, testId }: { points: readonly Point[]; label: string; testId: string }) {
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
          height: 200,
          legend: { show: false },
          cursor: { show: false },
          // One point per game or review, in order: evenly spaced whatever the days between.
          scales: { x: { time: false } },
          series: [{}, { stroke: "#0f5132", width: 2, points: { show: true, size: 6 } }],
          axes: [
            { values: (_u: unknown, ticks: number[]) => ticks.map((v) => (Number.isInteger(v) ? String(v) : "")) },
            {},
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
  }, [points]);
  return <div ref={ref} class="chart" role="img" aria-label={label} data-testid={testId} />;
}
