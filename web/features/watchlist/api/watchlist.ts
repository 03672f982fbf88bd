import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "#web/components/ui/toast.tsx";
import { HttpError, isUnauthorized } from "#web/lib/api.ts";
import { request } from "#web/lib/api-client.ts";
import { authKeys } from "#web/lib/auth.ts";
import { PRICE_REFRESH_MS } from "#web/lib/query-client.ts";

export const watchlistKeys = {
  all: ["watchlist"] as const,
  list: ["watchlist", "list"] as const,
  check: (symbol: string) => ["watchlist", "check", symbol.toUpperCase()] as const,
  /** The add-or-remove mutation: a price table's stars read which coins are on their way from it. */
  toggle: ["watchlist", "toggle"] as const,
};

/** The member's coins with today's figures; a price list, so it refreshes with the others. */
export function watchlistQuery(enabled = true) {
  return queryOptions({
    queryKey: watchlistKeys.list,
    queryFn: () => request("listWatchlist"),
    enabled,
    refetchInterval: PRICE_REFRESH_MS,
  });
}

export function watchlistCheckQuery(symbol: string, enabled = true) {
  return queryOptions({
    queryKey: watchlistKeys.check(symbol),
    queryFn: async () => (await request("checkWatchlist", { params: { symbol: symbol.toUpperCase() } })).inWatchlist,
    enabled,
  });
}

export type ToggleInput = { symbol: string; name: string; inWatchlist: boolean };

/**
 * Adds or removes one coin. The mutation stays pending until the check and list queries have
 * been refetched, so a button never shows a stale state between the change and the refresh.
 */
export function useWatchlistToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: watchlistKeys.toggle,
    mutationFn: ({ symbol, name, inWatchlist }: ToggleInput) =>
      inWatchlist
        ? request("removeFromWatchlist", { params: { symbol: symbol.toUpperCase() } })
        : request("addToWatchlist", { body: { cryptoSymbol: symbol, cryptoName: name } }),
    onSuccess: (result, { name }) => {
      toast({
        title: result.inWatchlist ? "Added to watchlist" : "Removed from watchlist",
        description: result.inWatchlist ? `${name} is on your watchlist.` : `${name} is no longer on your watchlist.`,
      });
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        toast({ title: "Error", description: "Your session has ended. Please log in again.", variant: "destructive" });
        return client.invalidateQueries({ queryKey: authKeys.user });
      }
      const message = error instanceof HttpError ? error.serverMessage : undefined;
      toast({ title: "Error", description: message ?? "Could not update your watchlist. Please try again.", variant: "destructive" });
    },
    onSettled: () => client.invalidateQueries({ queryKey: watchlistKeys.all }),
  });
}
