/**
 * A 7-day price line through the recorded prices. Points sit at their slot, so a coin with only a few
 * days of history draws at the right-hand end; an empty slot is crossed by the line, never filled with
 * a value: recorded history can be a handful of prices a day (docs/decisions/charts/sparklines.md).
 */
export function Sparkline({ points, width = 112, height = 32 }: { points: (number | null)[]; width?: number; height?: number }) {
  const known = points.filter((p): p is number => p != null);
  const first = known[0];
  const last = known.at(-1);
  if (first === undefined || last === undefined || known.length < 2) return null;
  const min = Math.min(...known);
  const span = Math.max(...known) - min || 1;
  const step = width / Math.max(1, points.length - 1);
  const line = points
    .flatMap((p, i) => (p == null ? [] : [`${(i * step).toFixed(1)},${(2 + (1 - (p - min) / span) * (height - 4)).toFixed(1)}`]))
    .join(" ");
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
      <polyline points={line} fill="none" stroke={up ? "var(--gain)" : "var(--loss)"} strokeWidth={1.5} strokeLinejoin="round" />
    </svg>
  );
}
