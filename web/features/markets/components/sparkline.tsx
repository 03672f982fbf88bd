import { lineRuns } from "#web/lib/line-runs.ts";

/**
 * A 7-day price line. Points sit at their slot, so a coin with only a few days of history draws
 * at the right-hand end, and a missing slot breaks the line instead of being bridged.
 */
export function Sparkline({ points, width = 112, height = 32 }: { points: (number | null)[]; width?: number; height?: number }) {
  const known = points.filter((p): p is number => p != null);
  const first = known[0];
  const last = known.at(-1);
  if (first === undefined || last === undefined || known.length < 2) return null;
  const min = Math.min(...known);
  const span = Math.max(...known) - min || 1;
  const step = width / Math.max(1, points.length - 1);
  const segments = lineRuns(
    points,
    (p) => p,
    (_, i) => i * step,
    (p) => 2 + (1 - (p - min) / span) * (height - 4),
  )
    .filter((run) => run.length > 1)
    .map((run) => run.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" "));
  const up = last >= first;
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`7-day trend ${up ? "up" : "down"}`}
      data-testid="sparkline"
      style={{ display: "block", marginLeft: "auto" }}
    >
      {segments.map((s) => (
        <polyline key={s} points={s} fill="none" stroke={up ? "var(--gain)" : "var(--loss)"} strokeWidth={1.5} strokeLinejoin="round" />
      ))}
    </svg>
  );
}
