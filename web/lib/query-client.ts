import { QueryClient } from "@tanstack/react-query";

/** The spec's data rules: no retries, no refetch on focus, never stale, polling only where stated. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

/** The price lists' refresh interval (public-site.md §9). */
export const PRICE_REFRESH_MS = 30_000;
