/**
 * The tracked coins' 24 h volume as the price feed recorded it a day ago: the base of the strip's
 * volume change. The feed writes each coin's volume with its 5-minute history point; the point
 * nearest 24 hours ago (within 30 minutes) is read from D1 once per 5-minute bucket and kept in KV,
 * so the strip's 15-second answers read KV, not D1.
 */
import { historyBucket } from "#worker/features/cryptos/index.ts";

const DAY_S = 86_400;
/** How far before "a day ago" a recorded point may be and still stand for it. */
const NEAREST_S = 30 * 60;
const KEY = "market:volume-day-ago:";

const READ = `SELECT SUM(volume_24h) AS total, COUNT(volume_24h) AS coins FROM price_history
  WHERE ts = (SELECT MAX(ts) FROM price_history WHERE ts BETWEEN ?1 AND ?2 AND volume_24h IS NOT NULL)`;

export async function volumeDayAgo(env: Env, now = Date.now()): Promise<number | null> {
  const target = historyBucket(now - DAY_S * 1000);
  const key = `${KEY}${target}`;
  const kept = await env.KV.get<{ total: number | null }>(key, "json");
  if (kept) return kept.total;
  const row = await env.DB.prepare(READ)
    .bind(target - NEAREST_S, target)
    .first<{ total: number | null; coins: number }>();
  const total = row && row.coins > 0 ? row.total : null;
  // Kept past its bucket only as long as the next one takes to come: a day-old figure does not change.
  await env.KV.put(key, JSON.stringify({ total }), { expirationTtl: 600 });
  return total;
}
