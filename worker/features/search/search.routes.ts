import { apiContract } from "#schema/contracts/api/index.ts";
import type { SearchResult } from "#schema/contracts/article.ts";
import { currentSnapshot } from "#worker/features/cryptos/index.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { getDb } from "#worker/lib/db.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { searchArticles } from "./article-search.ts";
import { searchCoins } from "./coin-search.ts";

const DEFAULT_LIMIT = 20;

export const searchRoutes = contractRoutes(
  route(apiContract.search, async (c) => {
    const { q, limit = DEFAULT_LIMIT } = c.req.valid("query");
    const [snapshot, articleHits] = await Promise.all([currentSnapshot(runtimeDeps(c)), searchArticles(getDb(c.env.DB), q, limit)]);
    const coinHits = searchCoins(snapshot.coins, q, limit);
    const body: SearchResult = {
      query: q,
      cryptos: coinHits.cryptos,
      articles: articleHits.articles,
      counts: { cryptos: coinHits.total, articles: articleHits.total, articlesCapped: articleHits.capped },
    };
    c.header("cache-control", CACHE_POLICIES.search.browser);
    return c.json(body, 200);
  }),
);
