import { type Crypto, type CryptoPage, type CryptoSortKey, cryptoRow } from "#schema/contracts/crypto.ts";
import { type MoversKind, rankMovers } from "#schema/contracts/movers.ts";
import { getDb } from "#worker/lib/db.ts";
import type { RuntimeDeps as Deps } from "#worker/lib/deps.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { priceFeed, REFRESH_MS } from "./feed.ts";
import { presentAll } from "./present.ts";
import { type PriceSnapshot, readSnapshot } from "./price-snapshot.ts";
import { readAll, readBtcPrice } from "./price-store.ts";
import { readSparklines, sparklineOf } from "./sparklines.ts";
import { sortTop } from "./top-order.ts";

/**
 * The snapshot every price read serves. A site with no snapshot yet (first start) refreshes
 * synchronously once; a snapshot older than two ticks wakes the feed without waiting for it.
 */
export async function currentSnapshot({ env, waitUntil }: Deps): Promise<PriceSnapshot> {
  const snapshot = await readSnapshot(env.KV);
  if (snapshot) {
    if (Date.now() - Date.parse(snapshot.updatedAt) > 3 * REFRESH_MS) waitUntil(priceFeed(env).ensureRunning());
    return snapshot;
  }
  const feed = priceFeed(env);
  const result = await feed.refresh();
  waitUntil(feed.ensureRunning());
  if (!result.snapshot) throw new ApiError("INTERNAL", "Market data is not available yet. Please try again shortly.");
  return result.snapshot;
}

export async function listTop(deps: Deps, limit?: number): Promise<Crypto[]> {
  const { coins } = await currentSnapshot(deps);
  return limit ? coins.slice(0, limit) : coins;
}

/** Biggest 24h movers of the Top 500 by the one movers rule (schema/contracts/movers.ts). */
export async function listMovers(deps: Deps, kind: MoversKind, limit: number): Promise<Crypto[]> {
  const { coins } = await currentSnapshot(deps);
  return rankMovers(coins, kind).slice(0, limit);
}

export async function findBySymbol(deps: Deps, symbol: string): Promise<Crypto> {
  const wanted = symbol.toUpperCase();
  const { coins } = await currentSnapshot(deps);
  // Two coins can share a symbol; the higher-ranked one owns /coin/{symbol}.
  const coin = coins.find((c) => c.symbol === wanted);
  if (!coin) throw notFound(symbol);
  return coin;
}

export async function findByName(deps: Deps, name: string): Promise<{ symbol: string; name: string }> {
  const wanted = name.trim().toLowerCase();
  const { coins } = await currentSnapshot(deps);
  const coin = coins.find((c) => c.name.toLowerCase() === wanted) ?? coins.find((c) => c.id === wanted);
  if (!coin) throw new ApiError("NOT_FOUND", `No cryptocurrency is named "${name}"`);
  return { symbol: coin.symbol, name: coin.name };
}

/**
 * One page of the Top 500 (`page=`), sorted across all of them, each row as the table shows it with its 7-day sparkline:
 * sorted in memory from the snapshot every read serves, so a markets page reads no D1 row and shows
 * the same figures as the rest of the site (docs/decisions/markets/coins-table-per-bucket.md).
 */
export async function pageOfTop(
  deps: Deps,
  page: number,
  limit: number,
  sort?: { by: CryptoSortKey; order?: "asc" | "desc" },
  /** Only these coins (CoinGecko ids), as a category's page lists them. */
  only?: ReadonlySet<string>,
): Promise<CryptoPage> {
  const [snapshot, sparklines] = await Promise.all([currentSnapshot(deps), readSparklines(deps.env, deps.waitUntil)]);
  const coins = only ? snapshot.coins.filter((c) => only.has(c.id)) : snapshot.coins;
  const total = coins.length;
  const rows = sortTop(coins, sort?.by, sort?.order).slice((page - 1) * limit, page * limit);
  return {
    data: rows.map((c) => ({ ...cryptoRow(c), ...sparklineOf(sparklines, c.id) })),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}

/** The D1 copy (`fromDb=true` without `page`): the coins table, whose figures are at most one 5-minute bucket old. */
export async function listFromDb(env: Env, limit?: number): Promise<Crypto[]> {
  const db = getDb(env.DB);
  const [coins, btc] = await Promise.all([readAll(db, limit), readBtcPrice(db)]);
  return presentAll(coins, btc);
}

function notFound(symbol: string): ApiError {
  return new ApiError("NOT_FOUND", `Cryptocurrency "${symbol}" not found`);
}
