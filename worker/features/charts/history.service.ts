import type { HistoryRange, Recorded } from "#schema/contracts/charts.ts";
import { JOIN_LIMIT } from "#schema/contracts/recorded-span.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";

const DAY = 86_400;

/** How far back each range reaches (null: everything) and the spacing its points are thinned to. */
export const RANGES: Record<HistoryRange, { span: number | null; step: number }> = {
  "24h": { span: DAY, step: 300 },
  "7d": { span: 7 * DAY, step: 3_600 },
  "30d": { span: 30 * DAY, step: 4 * 3_600 },
  "1y": { span: 365 * DAY, step: DAY },
  max: { span: null, step: DAY },
};

/** Edge-cache lifetime per range: the 24h view gains a point every 5 minutes, the others far less often. */
export const HISTORY_CACHE_SECONDS: Record<HistoryRange, number> = CACHE_POLICIES.priceHistory.colo;

// SQLite takes the bare `price` from the row that holds MAX(ts): each bucket keeps its latest point.
const READ = `SELECT MAX(ts) AS ts, price FROM price_history WHERE coin_id = ?1 AND ts >= ?2
  GROUP BY ts / CAST(?3 AS INTEGER) ORDER BY ts`;

// The last price recorded before a range starts: the line enters the range from it when it is near enough.
const BEFORE = "SELECT ts, price FROM price_history WHERE coin_id = ?1 AND ts < ?2 ORDER BY ts DESC LIMIT 1";

/**
 * A coin's price points for one range, oldest first, one per step; days without data stay absent.
 * The first point may be the last price recorded before the range, when the line to the range's first
 * price crosses no longer hole than the range's join limit: the line then really reaches the range's
 * start. `recorded` says whether the recorded prices reach back to the start, and from when they do
 * (docs/decisions/charts/draw-only-what-is-recorded.md).
 */
export async function readHistory(
  db: D1Database,
  coinId: string,
  range: HistoryRange,
  now: number,
): Promise<{ points: [number, number][]; recorded: Recorded }> {
  const { span, step } = RANGES[range];
  const since = span === null ? 0 : Math.floor(now / 1000) - span;
  const [{ results }, before] = await Promise.all([
    db.prepare(READ).bind(coinId, since, step).all<{ ts: number; price: number }>(),
    span === null ? null : db.prepare(BEFORE).bind(coinId, since).first<{ ts: number; price: number }>(),
  ]);
  const points = results.map((r): [number, number] => [r.ts, r.price]);
  const first = points[0];
  if (before && first && first[0] - before.ts <= JOIN_LIMIT[range]) points.unshift([before.ts, before.price]);
  return { points, recorded: recordedOf(points, span === null ? null : since, step) };
}

/** Whether the points reach back to the range's start (within a step and a half), and from when they run. */
export function recordedOf(points: readonly [number, number][], start: number | null, step: number): Recorded {
  const from = points[0]?.[0] ?? null;
  if (from === null || points.length < 2) return { complete: false, from };
  return { complete: start === null || from <= start + step * 1.5, from };
}
