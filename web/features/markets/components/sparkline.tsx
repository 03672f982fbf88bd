import { spanText } from "#schema/contracts/recorded-span.ts";
import { isGain, UNKNOWN } from "#web/lib/format.ts";
import { useHydrated } from "#web/lib/render-context.ts";
import styles from "./markets.module.css";

/**
 * `x` (at least 0) with one decimal, as `toFixed(1)` writes it: a 100-row table draws about 8,000
 * coordinates, and `toFixed` took five times as long, a tenth of the Top 500's server render.
 */
function oneDecimal(x: number): string {
  const tenths = Math.round(x * 10);
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** The polyline's points: each recorded price at its slot, scaled into the box with 2 px above and below. */
function line(points: (number | null)[], min: number, max: number, width: number, height: number): string {
  const span = max - min || 1;
  const step = width / Math.max(1, points.length - 1);
  let out = "";
  points.forEach((p, i) => {
    if (p == null) return;
    out += `${out ? " " : ""}${oneDecimal(i * step)},${oneDecimal(2 + (1 - (p - min) / span) * (height - 4))}`;
  });
  return out;
}

/**
 * A 7-day price line through the recorded prices. The server sends a series only when its prices
 * cover the 7 days, with no stretch over 36 hours unrecorded; an empty 4-hour slot is crossed by the
 * line, never filled with a value (docs/decisions/charts/draw-only-what-is-recorded.md).
 * The colour is the 7-day change the row shows beside it, read as that text reads (ChangeText), so
 * the two never disagree, "+0.00%" included; without one, the change over the drawn line.
 * A page the Worker rendered has the box and its label, and the line is drawn right after hydration:
 * a hundred lines were 7-10 % of the Top 500's render, then over the Free plan's 10 ms of CPU, and the
 * box keeps its size, so nothing moves when they appear (docs/decisions/performance/first-render-budget.md).
 */
export function Sparkline({
  points,
  change7d,
  width = 112,
  height = 32,
}: {
  points: (number | null)[];
  /** The row's 7-day change as shown ("+2.31%"), or null when the row has none. */
  change7d: string | null;
  width?: number;
  height?: number;
}) {
  const hydrated = useHydrated();
  let first: number | undefined;
  let last: number | undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let count = 0;
  for (const p of points) {
    if (p == null) continue;
    first ??= p;
    last = p;
    if (p < min) min = p;
    if (p > max) max = p;
    count++;
  }
  if (first === undefined || last === undefined || count < 2) return null;
  const up = change7d == null ? last >= first : isGain(change7d);
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`7-day trend ${up ? "up" : "down"}`}
      data-testid="sparkline"
      className={styles.sparkline}
    >
      {hydrated ? (
        <polyline
          points={line(points, min, max, width, height)}
          fill="none"
          stroke={up ? "var(--gain)" : "var(--loss)"}
          strokeWidth={1.5}
          strokeLinejoin="round"
        />
      ) : null}
    </svg>
  );
}

/** Where the last 7 days are not recorded: how much is ("1 d only"), or an em dash when nothing is. */
export function SparklineMissing({ hours }: { hours: number }) {
  if (hours < 1)
    return (
      <span className="muted" title="No prices recorded in the last 7 days" data-testid="sparkline-missing">
        {UNKNOWN}
      </span>
    );
  const span = spanText(hours * 3_600);
  return (
    <span
      className={`muted ${styles.sparkMissing}`}
      title={`The last 7 days are not recorded: prices cover only the last ${span}`}
      data-testid="sparkline-missing"
    >
      <span className="visually-hidden">Last 7 days not recorded: </span>
      {span} only
    </span>
  );
}
