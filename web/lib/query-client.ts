import { QueryClient } from "@tanstack/react-query";
import { keepNewerPrices } from "./newer-prices.ts";

/**
 * The spec's data rules: no retries, no refetch on focus, never stale, polling only where stated; and
 * no answer rolls a coin back to an older price than the cache holds (./newer-prices.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Number.POSITIVE_INFINITY,
        structuralSharing: keepNewerPrices,
      },
      mutations: { retry: false },
    },
  });
}

/** The price lists' refresh interval (public-site.md §9). */
export const PRICE_REFRESH_MS = 30_000;
