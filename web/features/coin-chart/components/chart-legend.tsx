import type { HistoryRange } from "#schema/contracts/charts.ts";
import { dollars } from "#web/lib/format.ts";
import type { ChartPoint } from "../api/history.ts";
import styles from "./chart.module.css";

// Spelled by hand (web/lib/format.ts): the first Intl formatter loads the locale's data, about
// 150 ms of a phone's CPU on the coin page's first screen.
const usd = (v: number) => (v >= 1 ? dollars(v) : `$${v.toPrecision(4)}`);

/** The axis and crosshair labels: whole dollars from $1,000, so the scale leaves room for the line on phones. */
export const axisUsd = (v: number) => (v >= 1000 ? dollars(v, 0) : usd(v));

function timeText(t: number, range: HistoryRange): string {
  const iso = new Date(t * 1000).toISOString();
  return range === "24h" || range === "7d" ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso.slice(0, 10);
}

/** The price under the crosshair, or the latest price when the reader is not pointing at the chart. */
export function ChartLegend({
  points,
  range,
  hover,
}: {
  points: ChartPoint[];
  range: HistoryRange;
  hover?: { price: number; time: number } | null;
}) {
  const last = points.findLast((p) => p.value != null);
  const shown = hover ?? (last?.value != null ? { price: last.value, time: last.time } : null);
  return (
    <div className={styles.legend} aria-live="off" data-testid="chart-legend">
      {shown ? (
        <>
          <strong className="num">{usd(shown.price)}</strong> <span className="muted">{timeText(shown.time, range)}</span>
        </>
      ) : null}
    </div>
  );
}
