import { queryOptions } from "@tanstack/react-query";
import { MARKETS_PAGE_SIZE, type PageSize } from "#schema/contracts/markets-paging.ts";
import { listAnswer, pageAnswer, request } from "#web/lib/api-client.ts";
import { priceRefetchInterval } from "#web/lib/live-status.ts";
import { PRICE_REFRESH_MS } from "#web/lib/query-client.ts";
import { DEFAULT_SORT, type SortState } from "./sort.ts";

export const MOVERS_TAB_SIZE = 25;

export const cryptoKeys = {
  all: ["cryptos"] as const,
  top: (limit: number) => ["cryptos", "top", limit] as const,
  page: (page: number, sort: SortState, rows: PageSize) => ["cryptos", "page", page, sort.key, sort.order, rows] as const,
  movers: (kind: "gainers" | "losers", limit?: number) => ["cryptos", kind, limit ?? "default"] as const,
  // Laid out as a page's key from [2] on, so the live cache treats a category's page as it treats a page of the table.
  category: (slug: string, page: number, sort: SortState, rows: PageSize) =>
    ["cryptos", "category", page, sort.key, sort.order, rows, slug] as const,
  categories: ["coin-categories"] as const,
};

/** The top `limit` coins: live over the socket, else refreshed every 30 s. */
export function topCryptosQuery(limit: number) {
  return queryOptions({
    queryKey: cryptoKeys.top(limit),
    queryFn: async () => listAnswer(await request("listCryptos", { query: { limit } })),
    refetchInterval: priceRefetchInterval,
  });
}

/**
 * One page of `rows`, sorted across all 500 by the server, or across one category's coins: live over
 * the socket (a page whose order changes is fetched again), else refreshed every 30 s.
 */
export function cryptoPageQuery(
  page: number,
  sort: SortState = DEFAULT_SORT,
  rows: PageSize = MARKETS_PAGE_SIZE,
  category: string | null = null,
) {
  const order = sortQuery(sort);
  return queryOptions({
    queryKey: category ? cryptoKeys.category(category, page, sort, rows) : cryptoKeys.page(page, sort, rows),
    queryFn: async () =>
      category
        ? request("getCoinCategory", { params: { slug: category }, query: { page, limit: rows, ...order } })
        : pageAnswer(await request("listCryptos", { query: { page, limit: rows, fromDb: "true", ...order } })),
    placeholderData: (previous) => previous,
    refetchInterval: priceRefetchInterval,
  });
}

/** The sort as the API reads it: nothing for the default order, which keeps the address (and its cache key) short. */
function sortQuery(sort: SortState): { sort?: SortState["key"]; order?: SortState["order"] } {
  return sort.key === DEFAULT_SORT.key && sort.order === DEFAULT_SORT.order ? {} : { sort: sort.key, order: sort.order };
}

/** The categories the Top 500 can be filtered by (none unless the social source classifies coins). */
export function coinCategoriesQuery() {
  return queryOptions({
    queryKey: cryptoKeys.categories,
    queryFn: () => request("listCoinCategories"),
    staleTime: 5 * 60_000,
  });
}

/** Gainers or losers, refreshed every 30 s (the socket moves their figures, not their order); the markets tabs ask for 25. */
export function moversQueryOptions(kind: "gainers" | "losers", limit?: number) {
  return queryOptions({
    queryKey: cryptoKeys.movers(kind, limit),
    queryFn: () => request(kind === "gainers" ? "listGainers" : "listLosers", { query: { limit: limit || undefined } }),
    refetchInterval: PRICE_REFRESH_MS,
  });
}
