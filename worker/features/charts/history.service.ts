import type { HistoryRange } from "#schema/contracts/charts.ts";

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
export const HISTORY_CACHE_SECONDS: Record<HistoryRange, number> = { "24h": 60, "7d": 300, "30d": 600, "1y": 1_800, max: 1_800 };

// SQLite takes the bare `price` from the row that holds MAX(ts): each bucket keeps its latest point.
const READ = `SELECT MAX(ts) AS ts, price FROM price_history WHERE coin_id = ?1 AND ts >= ?2
  GROUP BY ts / CAST(?3 AS INTEGER) ORDER BY ts`;

/** A coin's price points for one range, oldest first, one per step; days without data stay absent. */
export async function readHistory(db: D1Database, coinId: string, range: HistoryRange, now: number): Promise<[number, number][]> {
  const { span, step } = RANGES[range];
  const since = span === null ? 0 : Math.floor(now / 1000) - span;
  const { results } = await db.prepare(READ).bind(coinId, since, step).all<{ ts: number; price: number }>();
  return results.map((r) => [r.ts, r.price]);
}
