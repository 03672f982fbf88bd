import { asc, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { coins } from "#schema/db/market.ts";
import type { MarketCoin } from "#worker/ports/market/market-data.ts";
import { HISTORY_BUCKET_S, KEEP_FINE_S, KEEP_HOURLY_S } from "./history-slots.ts";

export { HISTORY_BUCKET_S };

/** The table's columns and the `MarketCoin` field each one is written from. */
const COLUMNS: [column: string, field: keyof MarketCoin][] = [
  ["id", "id"],
  ["symbol", "symbol"],
  ["name", "name"],
  ["rank", "rank"],
  ["image_url", "imageUrl"],
  ["price", "price"],
  ["change_1h", "change1h"],
  ["change_24h", "change24h"],
  ["change_7d", "change7d"],
  ["market_cap", "marketCap"],
  ["volume_24h", "volume24h"],
  ["circulating_supply", "circulatingSupply"],
  ["total_supply", "totalSupply"],
  ["max_supply", "maxSupply"],
  ["fully_diluted_valuation", "fullyDilutedValuation"],
  ["high_24h", "high24h"],
  ["low_24h", "low24h"],
  ["ath", "ath"],
  ["ath_date", "athDate"],
  ["atl", "atl"],
  ["atl_date", "atlDate"],
  ["last_updated", "lastUpdated"],
];
const UPDATED = COLUMNS.filter(([column]) => column !== "id").map(([column]) => column);
const changed = (columns: string[]) =>
  `(${columns.map((c) => `coins.${c}`).join(", ")}) IS NOT (${columns.map((c) => `excluded.${c}`).join(", ")})`;

/**
 * One statement per table and tick: the rows travel as one JSON parameter and SQLite unpacks them
 * with json_each, which keeps us far below D1's bound-parameter limit and makes a tick one batch.
 * A row is written only when `when` holds for it: D1 bills each row written, with its indexes.
 */
const upsertCoins = (when: string) => `
INSERT INTO coins (${COLUMNS.map(([column]) => column).join(", ")})
SELECT ${COLUMNS.map(([, field]) => `j.value ->> '$.${field}'`).join(", ")}
FROM json_each(?1) AS j WHERE true
ON CONFLICT (id) DO UPDATE SET ${UPDATED.map((c) => `${c} = excluded.${c}`).join(", ")}
WHERE ${when}`;

/** The bucket's tick: every coin whose figures changed since the table last took them. */
const UPSERT_COINS = upsertCoins(changed(UPDATED));
/**
 * Any other tick: only a coin new to the top list (inserted whatever the WHERE) or whose name or
 * symbol changed, so that the table never lacks a coin the snapshot lists. Figures wait for the bucket.
 */
const UPSERT_NEW_COINS = upsertCoins(changed(["symbol", "name"]));

const UPSERT_HISTORY = `
INSERT INTO price_history (coin_id, ts, price, market_cap, volume_24h)
SELECT j.value ->> '$.id', ?2, j.value ->> '$.price', j.value ->> '$.marketCap', j.value ->> '$.volume24h'
FROM json_each(?1) AS j WHERE true
ON CONFLICT (coin_id, ts) DO UPDATE SET price = excluded.price, market_cap = excluded.market_cap,
  volume_24h = excluded.volume_24h`;

/** The 5-minute bucket a time (ms) falls in, as a unix time in seconds. */
export function historyBucket(at: number): number {
  return Math.floor(at / 1000 / HISTORY_BUCKET_S) * HISTORY_BUCKET_S;
}

/**
 * A tick's D1 writes, in one batch. On the first tick of a 5-minute history bucket (`bucket`, the
 * feed decides), the latest figures of every coin that moved and the bucket's history point; on the
 * ticks in between, only the coins new to the top list (the live figures are in the KV snapshot,
 * which every price read serves). Both drop the coins that left the top list, so rank-ordered reads
 * never show a coin the snapshot no longer has (docs/decisions/markets/coins-table-per-bucket.md).
 */
export async function writeTick(db: D1Database, list: readonly MarketCoin[], at: number, options: { bucket: boolean }): Promise<void> {
  const rows = JSON.stringify(list);
  await db.batch([
    db.prepare(options.bucket ? UPSERT_COINS : UPSERT_NEW_COINS).bind(rows),
    db.prepare("DELETE FROM coins WHERE id NOT IN (SELECT j.value ->> '$.id' FROM json_each(?1) AS j)").bind(rows),
    ...(options.bucket ? [db.prepare(UPSERT_HISTORY).bind(rows, historyBucket(at))] : []),
  ]);
}

/**
 * Thins history so that it stays small: keep every point of the last 2 days, one per hour up to
 * 90 days, then one per day. Returns the number of points removed.
 */
export async function rollUpHistory(db: D1Database, at: number): Promise<number> {
  const now = Math.floor(at / 1000);
  const res = await db.batch([
    db.prepare("DELETE FROM price_history WHERE ts < ?1 AND ts >= ?2 AND ts % 3600 != 0").bind(now - KEEP_FINE_S, now - KEEP_HOURLY_S),
    db.prepare("DELETE FROM price_history WHERE ts < ?1 AND ts % 86400 != 0").bind(now - KEEP_HOURLY_S),
  ]);
  return res.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}

type CoinRow = typeof coins.$inferSelect;

function fromRow(row: CoinRow): MarketCoin {
  return { ...row };
}

export async function readAll(db: DrizzleD1Database, limit = 500): Promise<MarketCoin[]> {
  const rows = await db.select().from(coins).orderBy(asc(coins.rank)).limit(limit);
  return rows.map(fromRow);
}

export async function readBtcPrice(db: DrizzleD1Database): Promise<number> {
  const rows = await db.select({ price: coins.price }).from(coins).where(eq(coins.id, "bitcoin")).limit(1);
  return rows[0]?.price ?? 0;
}
