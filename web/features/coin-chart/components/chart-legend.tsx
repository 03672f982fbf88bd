import type { HistoryRange } from "#schema/contracts/charts.ts";
import { formatPrice } from "#schema/contracts/format.ts";
import { originOf, type ReplayClock } from "#web/components/site-status.ts";
import { dollars, utcDay } from "#web/lib/format.ts";
import type { ChartPoint } from "../api/history.ts";
import styles from "./chart.module.css";

/** The axis and crosshair labels: whole dollars from $1,000, so the scale leaves room for the line on phones. */
export const axisUsd = (v: number) => (v >= 1000 ? dollars(v, 0) : formatPrice(v));

/** "30 Apr 2026" or, for the short ranges, "30 Apr 2026, 12:20 UTC". */
function timeText(t: number, range: HistoryRange): string {
  const day = utcDay(t);
  return range === "24h" || range === "7d" ? `${day}, ${new Date(t * 1000).toISOString().slice(11, 16)} UTC` : day;
}

/**
 * The price under the crosshair (or that none is recorded there), or the latest price when the reader
 * is not pointing at the chart, with its time. In the offline replay it also says when that price was
 * really recorded, or that it is modelled.
 */
export function ChartLegend({
  points,
  range,
  hover,
  replay,
}: {
  points: ChartPoint[];
  range: HistoryRange;
  hover?: { price: number | null; time: number } | null;
  replay?: ReplayClock | null;
}) {
  const last = points.findLast((p) => p.value != null);
  const shown = hover ?? (last?.value != null ? { price: last.value, time: last.time } : null);
  const origin = shown && replay ? originOf(shown.time, replay) : null;
  return (
    <div className={styles.legend} aria-live="off" data-testid="chart-legend">
      {shown ? (
        <>
          <strong className="num">{shown.price === null ? "No price recorded" : formatPrice(shown.price)}</strong>{" "}
          <span className="muted">{timeText(shown.time, range)}</span>
          {origin && shown.price !== null ? (
            <span className={`muted ${styles.origin}`}>
              {origin === "modelled" ? "modelled from the recording" : `recorded ${timeText(origin.recorded, range)}, replayed`}
            </span>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
