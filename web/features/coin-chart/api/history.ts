import { queryOptions } from "@tanstack/react-query";
import type { HistoryRange } from "#schema/contracts/charts.ts";
import { JOIN_LIMIT } from "#schema/contracts/recorded-span.ts";
import { request } from "#web/lib/api-client.ts";

export const RANGE_LABELS: Record<HistoryRange, string> = { "24h": "24H", "7d": "7D", "30d": "1M", "1y": "1Y", max: "Max" };
/** How far back a range reaches, in seconds (null: all there is). */
export const RANGE_SPAN: Record<HistoryRange, number | null> = {
  "24h": 86_400,
  "7d": 7 * 86_400,
  "30d": 30 * 86_400,
  "1y": 365 * 86_400,
  max: null,
};

/** A coin's price history for one range; the 24h view follows the price refresh, the others change slowly. */
export function historyQuery(symbol: string, range: HistoryRange) {
  return queryOptions({
    queryKey: ["cryptos", "history", symbol.toUpperCase(), range] as const,
    queryFn: () => request("getPriceHistory", { params: { symbol: symbol.toLowerCase() }, query: { range } }),
    refetchInterval: range === "24h" ? 60_000 : false,
    placeholderData: (previous) => previous,
  });
}

/**
 * A slot on the chart: a recorded price, or an empty slot that keeps time even on the axis. An empty
 * slot with `gap` breaks the line there; one without sits inside a short stretch the line crosses.
 */
export type ChartPoint = { time: number; value?: number; gap?: true };

/** Fewer recorded prices than this in a range draw nothing: one point is a dot, not a chart. */
export const MIN_CHART_POINTS = 2;

/**
 * Points for the chart, evenly timed: the canvas chart spaces slots evenly, so a stretch without
 * points gets empty slots at the data's own step. Stretches longer than the range's join limit, and
 * the padding of a bounded range to its start and to now, are gaps; shorter ones the line crosses.
 */
export function withGaps(
  points: readonly [number, number][],
  step: number,
  range: HistoryRange,
  now = Date.now() / 1000,
  cap = 2_000,
): ChartPoint[] {
  const out: ChartPoint[] = [];
  const span = RANGE_SPAN[range];
  const first = points[0];
  let added = 0;
  const pad = (from: number, to: number, gap: boolean) => {
    for (let t = from + step; t < to - step / 2 && added < cap; t += step, added++) out.push(gap ? { time: t, gap: true } : { time: t });
  };
  if (first && span !== null) {
    // Empty slots sit on the step's own grid, so the time axis labels whole hours and days.
    const start = Math.ceil((now - span) / step) * step;
    for (let t = start; t < first[0] - step * 1.5 && added < cap; t += step, added++) out.push({ time: Math.floor(t), gap: true });
  }
  points.forEach(([time, value], i) => {
    const prev = points[i - 1];
    if (prev && time - prev[0] > step * 1.5) pad(prev[0], time, time - prev[0] > JOIN_LIMIT[range]);
    out.push({ time, value });
  });
  const last = points.at(-1);
  if (last && now - last[0] > step * 1.5) pad(last[0], now, true);
  return out;
}

/** The slots the line is drawn through: recorded prices, and the gaps that break it. */
export function drawnSlots(points: readonly ChartPoint[]): ChartPoint[] {
  return points.filter((p) => p.value != null || p.gap);
}
