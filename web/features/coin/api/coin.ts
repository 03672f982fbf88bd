import { queryOptions } from "@tanstack/react-query";
import { request } from "#web/lib/api-client.ts";
import { priceRefetchInterval } from "#web/lib/live-status.ts";

/** A single coin (the live snapshot, `fromDb` or not): live over the socket, else polled with the price lists. */
export function coinQuery(symbol: string) {
  return queryOptions({
    queryKey: ["cryptos", "coin", symbol.toUpperCase()] as const,
    queryFn: () => request("getCrypto", { params: { symbol }, query: { fromDb: "true" } }),
    refetchInterval: priceRefetchInterval,
  });
}
