/**
 * The tracked coins' 24 h volume as the price feed recorded it a day ago: the base of the market
 * strip's volume change. The feed writes each coin's volume with its 5-minute history point; at each
 * new bucket it reads the point nearest 24 hours before (within 30 minutes) from D1 once and keeps
 * the sum in KV, so the strip, a hot read, reads KV and never D1.
 */
import { HISTORY_BUCKET_S, historyBucket } from "./price-store.ts";

const DAY_MS = 86_400_000;
/** How far before "a day ago" a recorded point may be and still stand for it. */
const NEAREST_S = 30 * 60;
export const VOLUME_DAY_AGO_KEY = "market:volume-day-ago";

type Kept = { bucket: number; total: number | null };

const READ = `SELECT SUM(volume_24h) AS total, COUNT(volume_24h) AS coins FROM price_history
  WHERE ts = (SELECT MAX(ts) FROM price_history WHERE ts BETWEEN ?1 AND ?2 AND volume_24h IS NOT NULL)`;

/** The feed's part, once per history bucket: reads a day ago's volumes and keeps their sum. */
export async function recordVolumeDayAgo(env: Pick<Env, "DB" | "KV">, at: number): Promise<number | null> {
  const target = historyBucket(at - DAY_MS);
  const row = await env.DB.prepare(READ)
    .bind(target - NEAREST_S, target)
    .first<{ total: number | null; coins: number }>();
  const total = row && row.coins > 0 ? row.total : null;
  await env.KV.put(VOLUME_DAY_AGO_KEY, JSON.stringify({ bucket: target, total } satisfies Kept));
  return total;
}

/** The strip's part: the kept sum while it is the current day-ago bucket's (or the one before), else unknown. */
export async function readVolumeDayAgo(kv: KVNamespace, now = Date.now()): Promise<number | null> {
  const kept = await kv.get<Kept>(VOLUME_DAY_AGO_KEY, "json");
  if (!kept) return null;
  const target = historyBucket(now - DAY_MS);
  // A feed that stopped leaves an old base: a change against it would not be over 24 hours.
  return target - kept.bucket <= HISTORY_BUCKET_S ? kept.total : null;
}
