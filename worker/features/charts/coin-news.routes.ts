import { and, desc, eq, sql } from "drizzle-orm";
import { apiContract } from "#schema/contracts/api/index.ts";
import { newsOnlySql } from "#schema/contracts/article-rules.ts";
import { articles, categories } from "#schema/db/content.ts";
import { isPublic, summaryColumns, toSummary } from "#worker/features/content/index.ts";
import { findBySymbol } from "#worker/features/cryptos/index.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { getDb } from "#worker/lib/db.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { edgeCachedJson } from "#worker/lib/edge-cache.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";

/** The coin page's news list changes with the newsroom's writes. */
const COIN_ARTICLES_CACHE_SECONDS = CACHE_POLICIES.coinNews.colo;

const { listCoinArticles: coin } = apiContract;

/** GET /api/cryptos/{symbol}/articles?limit=: the latest public articles about one coin. */
export const coinArticlesRoutes = contractRoutes(
  route(coin, async (c) => {
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
          // News only: a Crypto 101 guide about the coin leads its About card instead.
          .where(
            and(
              isPublic(new Date().toISOString()),
              eq(sql`upper(${articles.cryptoSymbol})`, coin.symbol),
              sql.raw(newsOnlySql("articles")),
            ),
          )
          .orderBy(desc(articles.publishedAt), desc(articles.id))
          .limit(limit);
        return { articles: rows.map(toSummary) };
      },
      (p) => c.executionCtx.waitUntil(p),
    );
  }),
);
