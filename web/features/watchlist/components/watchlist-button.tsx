import { useQuery } from "@tanstack/react-query";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { Button } from "#web/components/ui/button.tsx";
import { goToLogin, useAuth } from "#web/lib/auth.ts";
import { useWatchlistToggle, watchlistCheckQuery } from "../api/watchlist.ts";
import { StarIcon } from "./star-icon.tsx";

/** The coin page's Add to / Remove from Watchlist toggle; guests are sent to sign-in. */
export function WatchlistButton({ coin }: { coin: Pick<Crypto, "symbol" | "name"> }) {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const check = useQuery(watchlistCheckQuery(coin.symbol, isAuthenticated));
  const toggle = useWatchlistToggle();

  if (!isAuthenticated) {
    return (
      <Button variant="outline" disabled={authLoading} onClick={() => goToLogin()} title="Login to add to watchlist">
        <StarIcon filled={false} /> Add to Watchlist
      </Button>
    );
  }
  const inWatchlist = check.data === true;
  return (
    <Button
      variant={inWatchlist ? "primary" : "outline"}
      aria-pressed={inWatchlist}
      disabled={toggle.isPending || check.isLoading || check.isError}
      onClick={() => toggle.mutate({ symbol: coin.symbol, name: coin.name, inWatchlist })}
    >
      <StarIcon filled={inWatchlist} /> {inWatchlist ? "Remove from Watchlist" : "Add to Watchlist"}
    </Button>
  );
}
