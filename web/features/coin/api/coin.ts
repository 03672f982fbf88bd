import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Crypto } from "#schema/contracts/crypto.ts";
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

/**
 * Bitcoin and Ether as the page holds them (live like the coin itself), for the price in ETH and the
 * converter; on Bitcoin's own page its query is the page's.
 */
export function useReferenceCoins(): { btc?: Crypto; eth?: Crypto } {
  const btc = useQuery(coinQuery("btc")).data;
  const eth = useQuery(coinQuery("eth")).data;
  return { btc, eth };
}
