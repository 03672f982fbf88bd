import { queryOptions } from "@tanstack/react-query";
import { listAnswer, pageAnswer, request } from "#web/lib/api-client.ts";
import { priceRefetchInterval } from "#web/lib/live-status.ts";
import { PRICE_REFRESH_MS } from "#web/lib/query-client.ts";
import { DEFAULT_SORT, type SortState } from "./sort.ts";

/** The rows a Top 500 page may show (?rows=), as CoinGecko offers them; 100 unless asked. */
export const PAGE_SIZES = [50, 100, 250] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const MARKETS_PAGE_SIZE: PageSize = 100;
export const MOVERS_TAB_SIZE = 25;

export const cryptoKeys = {
  all: ["cryptos"] as const,
  top: (limit: number) => ["cryptos", "top", limit] as const,
  page: (page: number, sort: SortState, rows: PageSize) => ["cryptos", "page", page, sort.key, sort.order, rows] as const,
  movers: (kind: "gainers" | "losers", limit?: number) => ["cryptos", kind, limit ?? "default"] as const,
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
 * One page of `rows`, sorted across all 500 by the server: live over the socket (a page whose order
 * changes is fetched again), else refreshed every 30 s.
 */
export function cryptoPageQuery(page: number, sort: SortState = DEFAULT_SORT, rows: PageSize = MARKETS_PAGE_SIZE) {
  const order = sort.key === DEFAULT_SORT.key && sort.order === DEFAULT_SORT.order ? {} : { sort: sort.key, order: sort.order };
  return queryOptions({
    queryKey: cryptoKeys.page(page, sort, rows),
    queryFn: async () => pageAnswer(await request("listCryptos", { query: { page, limit: rows, fromDb: "true", ...order } })),
    placeholderData: (previous) => previous,
    refetchInterval: priceRefetchInterval,
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
