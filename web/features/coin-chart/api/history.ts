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

/**
 * The range's points ending at the headline price, so the chart's last point is the price the page
 * states above it. The history is cached for up to half an hour and keeps one point a step, while the
 * headline follows the live feed: its price replaces a last point of the same step or follows it. A
 * headline older than the history's last point changes nothing.
 */
export function endAtHeadline(points: readonly [number, number][], price: number, at: number, step: number): readonly [number, number][] {
  const last = points.at(-1);
  if (!last || !(price > 0) || !Number.isFinite(at) || at < last[0]) return points;
  const sameStep = Math.floor(last[0] / step) === Math.floor(at / step);
  return [...(sameStep ? points.slice(0, -1) : points), [at, price]];
}

/**
 * Whether the range's line is sparse enough that a reader needs to see where its prices really are:
 * fewer recorded prices than half its slots (a day of 5-minute slots holding a few snapshots), and few
 * enough that a mark on each stays readable.
 */
export function needsMarkers(points: readonly ChartPoint[], most = 120): boolean {
  const recorded = points.filter((p) => p.value != null).length;
  return recorded > 0 && recorded <= most && recorded * 2 < points.length;
}

/**
 * What the legend shows for the slot under the pointer: its own price; in a short stretch the line
 * crosses, the nearest recorded price with that price's time; in a gap, that no price is recorded.
 */
export function priceUnder(points: readonly ChartPoint[], time: number): { price: number | null; time: number } | null {
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid]?.time ?? 0) < time) lo = mid + 1;
    else hi = mid;
  }
  const slot = points[lo];
  if (!slot) return null;
  if (slot.value != null) return { price: slot.value, time: slot.time };
  if (slot.gap) return { price: null, time };
  let best: { price: number; time: number } | null = null;
  for (let step = 1; step < points.length && !best; step++) {
    for (const p of [points[lo - step], points[lo + step]]) {
      if (p?.value != null && (!best || Math.abs(p.time - time) < Math.abs(best.time - time))) best = { price: p.value, time: p.time };
    }
  }
  return best;
}

const DAY = 86_400;

/**
 * The change from the price recorded `days` before `at` to `price`: from the daily point nearest that
 * moment, and only when one lies within a day and a half of it (a change is never read off a price
 * from another week). Null when none is recorded there.
 */
export function changeSince(
  points: readonly [number, number][],
  price: number,
  at: number,
  days: number,
): { change: number; from: number; time: number } | null {
  const target = at - days * DAY;
  let best: [number, number] | undefined;
  for (const p of points) if (!best || Math.abs(p[0] - target) < Math.abs(best[0] - target)) best = p;
  if (!best || Math.abs(best[0] - target) > 1.5 * DAY || !(best[1] > 0) || !(price > 0)) return null;
  return { change: (price / best[1] - 1) * 100, from: best[1], time: best[0] };
}
