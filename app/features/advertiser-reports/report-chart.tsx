import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export type ChartSeries = { label: string; values: (number | null)[]; color: string };

const colors = ["#4f46e5", "#f59e0b", "#047857", "#b91c1c"];

/** A palette colour for the n-th series of a chart. */
export function seriesColor(index: number): string {
  return colors[index % colors.length] ?? "#4f46e5";
}

/**
 * One chart over the report's days. uPlot draws on a canvas, so it is imported here, in the browser, after
 * hydration: the library is its own chunk, loaded only by the report pages (docs/decisions/021-advertiser-reports.md).
 * The same numbers are in the report's daily table, which is what assistive technology reads.
 */
export function ReportChart({ title, dates, series }: { title: string; dates: string[]; series: ChartSeries[] }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    let plot: uPlot | null = null;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    const size = () => ({ width: Math.max(240, element.clientWidth), height: 200 });
    import("uplot")
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        const x = dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000);
        plot = new UPlot(
          {
            ...size(),
            series: [
              {},
              ...series.map((entry) => ({ label: entry.label, stroke: entry.color, width: 2, points: { show: true, size: 5 } })),
            ],
            axes: [{}, { size: 56 }],
            scales: { x: { time: true } },
            legend: { show: true },
            cursor: { drag: { x: false, y: false } },
          },
          [x, ...series.map((entry) => entry.values)],
          element,
        );
        observer = new ResizeObserver(() => plot?.setSize(size()));
        observer.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [dates, series]);

  return (
    <figure className="card report-chart">
      <figcaption>{title}</figcaption>
      {failed ? <p className="small muted">The chart could not be loaded; the numbers are in the table below.</p> : null}
      <div ref={container} className="report-chart-canvas" aria-hidden="true" data-testid="report-chart" />
    </figure>
  );
}
