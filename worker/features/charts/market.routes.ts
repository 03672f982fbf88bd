import { and, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { GlobalMarket } from "#schema/contracts/charts.ts";
import { articles, categories } from "#schema/db/content.ts";
import { sentimentSnapshots } from "#schema/db/newsroom.ts";
import { isPublic, summaryColumns, toSummary } from "#worker/features/content/index.ts";
import { currentSnapshot, findBySymbol } from "#worker/features/cryptos/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { getDb } from "#worker/lib/db.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { edgeCachedJson } from "#worker/lib/edge-cache.ts";
import { validate } from "#worker/lib/validate.ts";

/** The strip changes with the 30 s price tick; the articles list with the newsroom's writes. */
const GLOBAL_CACHE_SECONDS = 15;
const COIN_ARTICLES_CACHE_SECONDS = 60;

const { getGlobalMarket: global, listCoinArticles: coin } = apiContract;

/** GET /api/market/global: totals of the tracked coins and the newsroom's latest average sentiment. */
// No query is accepted: each distinct URL would be its own cache entry.
export const globalMarketRoutes = new Hono<AppEnv>().get("/global", validate("query", global.request.query), async (c) =>
  edgeCachedJson(
    c.req.raw,
    "/api/market/global",
    GLOBAL_CACHE_SECONDS,
    async (): Promise<GlobalMarket> => {
      const snapshot = await currentSnapshot(runtimeDeps(c));
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
      // Unknown figures (null) are left out of the sums rather than counted as 0.
      const total = snapshot.coins.reduce((s, coin) => s + (coin.marketCap ?? 0), 0);
      const volume = snapshot.coins.reduce((s, coin) => s + (coin.volume24h ?? 0), 0);
      const btc = snapshot.coins.find((coin) => coin.id === "bitcoin")?.marketCap ?? null;
      return {
        totalMarketCap: total,
        volume24h: volume,
        btcDominance: btc && total > 0 ? Math.round((btc / total) * 10_000) / 100 : null,
        sentiment:
          latest && avg?.average != null
            ? { average: Math.round(avg.average * 10) / 10, date: latest.date, coins: avg.coins, source: latest.source }
            : null,
        updatedAt: snapshot.updatedAt,
      };
    },
    (p) => c.executionCtx.waitUntil(p),
  ),
);

/** GET /api/cryptos/{symbol}/articles?limit=: the latest public articles about one coin. */
export const coinArticlesRoutes = new Hono<AppEnv>().get(
  "/:symbol/articles",
  validate("param", coin.request.params),
  validate("query", coin.request.query),
  async (c) => {
    const coin = await findBySymbol(runtimeDeps(c), c.req.valid("param").symbol);
    const { limit } = c.req.valid("query");
    return edgeCachedJson(
      c.req.raw,
      `/api/cryptos/${encodeURIComponent(coin.symbol)}/articles?limit=${limit}`,
      COIN_ARTICLES_CACHE_SECONDS,
      async () => {
        const rows = await getDb(c.env.DB)
          .select(summaryColumns)
          .from(articles)
          .innerJoin(categories, eq(categories.id, articles.categoryId))
          .where(and(isPublic(new Date().toISOString()), eq(sql`upper(${articles.cryptoSymbol})`, coin.symbol)))
          .orderBy(desc(articles.publishedAt), desc(articles.id))
          .limit(limit);
        return { articles: rows.map(toSummary) };
      },
      (p) => c.executionCtx.waitUntil(p),
    );
  },
);
