import { queryOptions } from "@tanstack/react-query";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { api } from "#web/lib/api.ts";
import { PRICE_REFRESH_MS } from "#web/lib/query-client.ts";

/** A single coin from the database copy, refreshed with the price lists. */
export function coinQuery(symbol: string) {
  return queryOptions({
    queryKey: ["cryptos", "coin", symbol.toUpperCase()] as const,
    queryFn: () => api<Crypto>(`/api/cryptos/${encodeURIComponent(symbol)}?fromDb=true`),
    refetchInterval: PRICE_REFRESH_MS,
  });
}
