import { type CSSProperties, useId } from "react";
import type { HistoryRange } from "#schema/contracts/charts.ts";
import type { ReplayClock } from "#web/components/site-status.ts";
import { lineRuns } from "#web/lib/line-runs.ts";
import { type ChartPoint, drawnSlots, needsMarkers } from "../api/history.ts";
import styles from "./chart.module.css";
import { axisUsd, ChartLegend } from "./chart-legend.tsx";
import { priceScale, timeTicks } from "./chart-scale.ts";

export const CHART_HEIGHT = 400;

// The plot's own coordinates; the SVG stretches them to the box, and its strokes keep their width.
const W = 1000;
const H = 400;

const at = (fraction: number) => ({ "--at": fraction }) as CSSProperties;

/**
 * The price chart as plain SVG: what a reader sees first, drawn in the page's own render with no
 * chart library. The interactive chart (crosshair, zoom) takes its place when the reader reaches
 * for it; see docs/decisions/charts/chart-sketch-first.md.
 */
/** What both renderings of the chart take (the sketch stands in for the canvas chart with the same props). */
export type ChartProps = { points: ChartPoint[]; range: HistoryRange; label: string; replay?: ReplayClock | null };

export function PriceSketch({ points, range, label, replay }: ChartProps) {
  const gradient = useId();
  const values = points.flatMap((p) => (p.value == null ? [] : [p.value]));
  const from = points[0]?.time ?? 0;
  const to = points.at(-1)?.time ?? 0;
  const drawn = values.length > 0 && to >= from;
  const { lo, hi, ticks } = priceScale(drawn ? Math.min(...values) : 0, drawn ? Math.max(...values) : 1);
  const x = (t: number) => (to > from ? ((t - from) / (to - from)) * W : W);
  const y = (v: number) => (1 - (v - lo) / (hi - lo)) * H;
  const runs = drawn
    ? lineRuns(
        drawnSlots(points),
        (p) => p.value,
        (p) => x(p.time),
        y,
      )
    : [];
  const xy = ([a, b]: [number, number]) => `${a.toFixed(1)},${b.toFixed(1)}`;
  // A lone point between gaps is a zero-length line; its round cap draws it as a dot.
  const line = runs.map((run) => `M${run.map(xy).join("L")}${run.length === 1 ? "h0" : ""}`).join("");
  // Where the recorded prices are few, each is marked, so a straight stretch does not pass for data.
  const marks = needsMarkers(points)
    ? runs
        .flat()
        .map((p) => `M${xy(p)}h0`)
        .join("")
    : "";
  const area = runs
    .filter((run) => run.length > 1)
    .map((run) => `M${run[0]?.[0].toFixed(1)},${H}L${run.map(xy).join("L")}L${run.at(-1)?.[0].toFixed(1)},${H}Z`)
    .join("");
  return (
    <div
      className={styles.sketch}
      role="img"
      aria-label={label}
      data-testid="price-chart"
      data-mode="sketch"
      data-range={range}
      data-points={values.length}
      data-markers={marks !== ""}
      style={{ height: CHART_HEIGHT }}
    >
      <ChartLegend points={points} range={range} replay={replay} />
      <svg className={styles.plot} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" className={styles.fillTop} />
            <stop offset="1" className={styles.fillBottom} />
          </linearGradient>
        </defs>
        {drawn
          ? ticks.map((t) => <line key={t} className={styles.grid} x1={0} x2={W} y1={y(t)} y2={y(t)} vectorEffect="non-scaling-stroke" />)
          : null}
        <path d={area} fill={`url(#${gradient})`} />
        <path d={line} className={styles.line} vectorEffect="non-scaling-stroke" />
        {marks ? <path d={marks} className={styles.marker} vectorEffect="non-scaling-stroke" /> : null}
      </svg>
      {drawn ? (
        <div aria-hidden="true">
          {ticks.map((t) => (
            <span key={t} className={`${styles.priceTick} num`} style={at(y(t) / H)}>
              {axisUsd(t)}
            </span>
          ))}
          {timeTicks(from, to, range).map((t) => (
            <span key={t.time} className={styles.timeTick} style={at(x(t.time) / W)}>
              {t.label}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
