import { queryOptions } from "@tanstack/react-query";
import { request } from "#web/lib/api-client.ts";
import { PRICE_REFRESH_MS } from "#web/lib/query-client.ts";

/** A single coin (the live snapshot, `fromDb` or not), refreshed with the price lists. */
export function coinQuery(symbol: string) {
  return queryOptions({
    queryKey: ["cryptos", "coin", symbol.toUpperCase()] as const,
    queryFn: () => request("getCrypto", { params: { symbol }, query: { fromDb: "true" } }),
    refetchInterval: PRICE_REFRESH_MS,
  });
}
