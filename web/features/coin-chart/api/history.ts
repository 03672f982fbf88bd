import { queryOptions } from "@tanstack/react-query";
import type { HistoryRange } from "#schema/contracts/charts.ts";
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

export type ChartPoint = { time: number; value?: number };

/**
 * Points for the chart with every gap made visible: the chart spaces points evenly, so a missing
 * stretch gets empty slots at the data's own step instead of being joined up; a bounded range is
 * padded to its start and to now the same way.
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
  const pad = (from: number, to: number) => {
    for (let t = from + step; t < to - step / 2 && added < cap; t += step, added++) out.push({ time: t });
  };
  if (first && span !== null) {
    // Empty slots sit on the step's own grid, so the time axis labels whole hours and days.
    const start = Math.ceil((now - span) / step) * step;
    for (let t = start; t < first[0] - step * 1.5 && added < cap; t += step, added++) out.push({ time: Math.floor(t) });
  }
  points.forEach(([time, value], i) => {
    const prev = points[i - 1];
    if (prev && time - prev[0] > step * 1.5) pad(prev[0], time);
    out.push({ time, value });
  });
  const last = points.at(-1);
  if (last && now - last[0] > step * 1.5) pad(last[0], now);
  return out;
}
