import { apiContract } from "#schema/contracts/api/index.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { edgeCachedJson } from "#worker/lib/edge-cache.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { listCoinCategories, pageOfCategory } from "./coin-categories.service.ts";

const { listCoinCategories: list, getCoinCategory: one } = apiContract;

/**
 * The Top 500's category filter: the categories of the latest social snapshot, when its source
 * classifies coins (docs/decisions/markets/category-filter.md), and one page of a category's coins.
 */
export const coinCategoriesRoutes = contractRoutes(
  route(list, async (c) => {
    c.header("cache-control", CACHE_POLICIES.coinCategories.browser);
    return edgeCachedJson(
      c.req.raw,
      "/api/coin-categories",
      CACHE_POLICIES.coinCategories.colo,
      () => listCoinCategories(runtimeDeps(c)),
      (p) => c.executionCtx.waitUntil(p),
    );
  }),
  route(one, async (c) => {
    const { slug } = c.req.valid("param");
    const { page, limit, sort, order } = c.req.valid("query");
    c.header("cache-control", CACHE_POLICIES.prices.browser);
    return edgeCachedJson(
      c.req.raw,
      `/api/coin-categories/${slug}?page=${page}&limit=${limit}${sort ? `&sort=${sort}` : ""}${order ? `&order=${order}` : ""}`,
      CACHE_POLICIES.prices.colo,
      () => pageOfCategory(runtimeDeps(c), slug, page, limit, sort || order ? { by: sort ?? "rank", order } : undefined),
      (p) => c.executionCtx.waitUntil(p),
    );
  }),
);
