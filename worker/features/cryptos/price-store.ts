import { asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { CryptoSortKey } from "#schema/contracts/crypto.ts";
import { coins } from "#schema/db/market.ts";
import type { MarketCoin } from "#worker/ports/market/market-data.ts";
import { HISTORY_BUCKET_S, KEEP_FINE_S, KEEP_HOURLY_S } from "./history-slots.ts";

export { HISTORY_BUCKET_S };

// One statement per table and tick: the rows travel as one JSON parameter and SQLite unpacks them
// with json_each, which keeps us far below D1's bound-parameter limit and makes a tick one batch.
const UPSERT_COINS = `
INSERT INTO coins (id, symbol, name, rank, image_url, price, change_1h, change_24h, change_7d,
  market_cap, volume_24h, circulating_supply, total_supply, max_supply, fully_diluted_valuation, high_24h, low_24h,
  ath, ath_date, atl, atl_date, last_updated)
SELECT j.value ->> '$.id', j.value ->> '$.symbol', j.value ->> '$.name', j.value ->> '$.rank',
  j.value ->> '$.imageUrl', j.value ->> '$.price', j.value ->> '$.change1h', j.value ->> '$.change24h',
  j.value ->> '$.change7d', j.value ->> '$.marketCap', j.value ->> '$.volume24h',
  j.value ->> '$.circulatingSupply', j.value ->> '$.totalSupply', j.value ->> '$.maxSupply',
  j.value ->> '$.fullyDilutedValuation', j.value ->> '$.high24h', j.value ->> '$.low24h', j.value ->> '$.ath',
  j.value ->> '$.athDate', j.value ->> '$.atl', j.value ->> '$.atlDate', j.value ->> '$.lastUpdated'
FROM json_each(?1) AS j WHERE true
ON CONFLICT (id) DO UPDATE SET symbol = excluded.symbol, name = excluded.name, rank = excluded.rank,
  image_url = excluded.image_url, price = excluded.price, change_1h = excluded.change_1h,
  change_24h = excluded.change_24h, change_7d = excluded.change_7d, market_cap = excluded.market_cap,
  volume_24h = excluded.volume_24h, circulating_supply = excluded.circulating_supply,
  total_supply = excluded.total_supply, max_supply = excluded.max_supply,
  fully_diluted_valuation = excluded.fully_diluted_valuation, high_24h = excluded.high_24h, low_24h = excluded.low_24h,
  ath = excluded.ath, ath_date = excluded.ath_date, atl = excluded.atl, atl_date = excluded.atl_date,
  last_updated = excluded.last_updated
-- A coin whose figures did not change since the last tick is not written again: D1 bills each row
-- written (with its indexes), and the feed ticks twice as often as CoinGecko refreshes a coin.
WHERE (coins.symbol, coins.name, coins.rank, coins.image_url, coins.price, coins.change_1h, coins.change_24h,
  coins.change_7d, coins.market_cap, coins.volume_24h, coins.circulating_supply, coins.total_supply, coins.max_supply,
  coins.fully_diluted_valuation, coins.high_24h, coins.low_24h, coins.ath, coins.ath_date, coins.atl, coins.atl_date,
  coins.last_updated)
IS NOT (excluded.symbol, excluded.name, excluded.rank, excluded.image_url, excluded.price, excluded.change_1h,
  excluded.change_24h, excluded.change_7d, excluded.market_cap, excluded.volume_24h, excluded.circulating_supply,
  excluded.total_supply, excluded.max_supply, excluded.fully_diluted_valuation, excluded.high_24h, excluded.low_24h,
  excluded.ath, excluded.ath_date, excluded.atl, excluded.atl_date, excluded.last_updated)`;

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
 * Writes the latest row per coin and drops coins that left the top list (so rank-ordered reads
 * never show two coins with one rank), in one D1 batch. With `history`, the batch also adds the
 * tick's history point; the feed asks for it once per 5-minute bucket, not on every tick.
 */
export async function writeTick(
  db: D1Database,
  list: readonly MarketCoin[],
  at: number,
  options: { history?: boolean } = {},
): Promise<void> {
  const rows = JSON.stringify(list);
  await db.batch([
    db.prepare(UPSERT_COINS).bind(rows),
    db.prepare("DELETE FROM coins WHERE id NOT IN (SELECT j.value ->> '$.id' FROM json_each(?1) AS j)").bind(rows),
    ...(options.history === false ? [] : [db.prepare(UPSERT_HISTORY).bind(rows, historyBucket(at))]),
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

/** Rank and name read upwards by default, figures biggest first. */
export function defaultOrder(sort: CryptoSortKey): "asc" | "desc" {
  return sort === "rank" || sort === "name" ? "asc" : "desc";
}

/** ORDER BY for a sort column: unknown (null) values go last in both directions; rank breaks ties. */
function orderBy(sort: CryptoSortKey, order: "asc" | "desc"): SQL[] {
  const column = sort === "name" ? sql`${coins.name} COLLATE NOCASE` : sql`${coins[sort]}`;
  const dir = order === "asc" ? sql`ASC` : sql`DESC`;
  return sort === "rank" ? [sql`${coins.rank} ${dir}`] : [sql`${column} ${dir} NULLS LAST`, sql`${coins.rank} ASC`];
}

export async function readPage(
  db: DrizzleD1Database,
  page: number,
  limit: number,
  sort: CryptoSortKey = "rank",
  order = defaultOrder(sort),
) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(coins)
      .orderBy(...orderBy(sort, order))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(coins),
  ]);
  return { coins: rows.map(fromRow), total: totals[0]?.total ?? 0 };
}

export async function readAll(db: DrizzleD1Database, limit = 500): Promise<MarketCoin[]> {
  const rows = await db.select().from(coins).orderBy(asc(coins.rank)).limit(limit);
  return rows.map(fromRow);
}

export async function readBySymbol(db: DrizzleD1Database, symbol: string): Promise<MarketCoin | null> {
  const rows = await db.select().from(coins).where(eq(coins.symbol, symbol.toLowerCase())).orderBy(asc(coins.rank)).limit(1);
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function readBtcPrice(db: DrizzleD1Database): Promise<number> {
  const rows = await db.select({ price: coins.price }).from(coins).where(eq(coins.id, "bitcoin")).limit(1);
  return rows[0]?.price ?? 0;
}
