import { desc, eq, sql } from "drizzle-orm";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { GlobalMarket } from "#schema/contracts/charts.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { sentimentSnapshots } from "#schema/db/newsroom.ts";
import { currentSnapshot, readVolumeDayAgo } from "#worker/features/cryptos/index.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { getDb } from "#worker/lib/db.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { edgeCachedJson } from "#worker/lib/edge-cache.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";

/** The strip changes with the 30 s price tick. */
const GLOBAL_CACHE_SECONDS = CACHE_POLICIES.marketStrip.colo;

const { getGlobalMarket: global } = apiContract;

/**
 * The strip's market figures from the tracked coins; the live feed pushes the same figures each tick.
 * Unknown figures (null) are left out of the sums rather than counted as 0.
 */
export function marketTotals(
  coins: readonly Crypto[],
): Pick<GlobalMarket, "totalMarketCap" | "marketCapChange24h" | "volume24h" | "btcDominance"> {
  const total = coins.reduce((s, coin) => s + (coin.marketCap ?? 0), 0);
  const volume = coins.reduce((s, coin) => s + (coin.volume24h ?? 0), 0);
  const btc = coins.find((coin) => coin.id === "bitcoin")?.marketCap ?? null;
  // The change over the coins that have both figures, on both sides: a coin without a 24 h change
  // would otherwise count as a day-old cap that did not move.
  let now = 0;
  let dayAgo = 0;
  for (const coin of coins) {
    if (coin.marketCap == null || coin.change24h == null || coin.change24h <= -100) continue;
    now += coin.marketCap;
    dayAgo += coin.marketCap / (1 + coin.change24h / 100);
  }
  return {
    totalMarketCap: total,
    marketCapChange24h: dayAgo > 0 ? Math.round((now / dayAgo - 1) * 10_000) / 100 : null,
    volume24h: volume,
    btcDominance: btc && total > 0 ? Math.round((btc / total) * 10_000) / 100 : null,
  };
}

/** GET /api/market/global: totals of the tracked coins and the newsroom's latest average sentiment. */
// No query is accepted: each distinct URL would be its own cache entry.
export const globalMarketRoutes = contractRoutes(
  route(global, async (c) =>
    edgeCachedJson(
      c.req.raw,
      "/api/market/global",
      GLOBAL_CACHE_SECONDS,
      async (): Promise<GlobalMarket> => {
        const [snapshot, dayAgo] = await Promise.all([currentSnapshot(runtimeDeps(c)), readVolumeDayAgo(c.env.KV)]);
        const db = getDb(c.env.DB);
        const [latest] = await db
          .select({ date: sentimentSnapshots.date, source: sentimentSnapshots.source })
          .from(sentimentSnapshots)
          .orderBy(desc(sentimentSnapshots.date))
          .limit(1);
        const [avg] = latest
          ? await db
              .select({
                average: sql<number | null>`avg(${sentimentSnapshots.sentiment})`,
                coins: sql<number>`count(${sentimentSnapshots.sentiment})`,
              })
              .from(sentimentSnapshots)
              .where(eq(sentimentSnapshots.date, latest.date))
          : [];
        return {
          ...marketTotals(snapshot.coins),
          volumeDayAgo: dayAgo,
          sentiment:
            latest && avg?.average != null
              ? { average: Math.round(avg.average * 10) / 10, date: latest.date, coins: avg.coins, source: latest.source }
              : null,
          updatedAt: snapshot.updatedAt,
        };
      },
      (p) => c.executionCtx.waitUntil(p),
    ),
  ),
);
