import { useQuery } from "@tanstack/react-query";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { goToLogin, useAuth } from "#web/lib/auth.ts";
import { useWatchlistToggle, watchlistQuery } from "../api/watchlist.ts";
import { StarIcon } from "./star-icon.tsx";
import styles from "./watchlist.module.css";

/**
 * The star in price tables. Guests get a login prompt and a click goes to sign-in; members toggle
 * the coin (filled: on the watchlist). Membership comes from the one list query all stars share.
 */
export function WatchlistStar({ coin }: { coin: Pick<Crypto, "symbol" | "name"> }) {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const list = useQuery(watchlistQuery(isAuthenticated));
  const toggle = useWatchlistToggle();

  if (!isAuthenticated) {
    return (
      <button
        type="button"
        className={styles.star}
        title="Login to add to watchlist"
        aria-label={`Log in to add ${coin.name} to your watchlist`}
        disabled={authLoading}
        onClick={() => goToLogin()}
      >
        <StarIcon filled={false} />
      </button>
    );
  }
  const inWatchlist = list.data?.some((e) => e.cryptoSymbol === coin.symbol.toUpperCase()) ?? false;
  const label = inWatchlist ? "Remove from watchlist" : "Add to watchlist";
  return (
    <button
      type="button"
      className={`${styles.star} ${inWatchlist ? styles.on : ""}`}
      title={label}
      aria-label={`${inWatchlist ? "Remove" : "Add"} ${coin.name} ${inWatchlist ? "from" : "to"} watchlist`}
      aria-pressed={inWatchlist}
      disabled={toggle.isPending || list.isLoading}
      aria-busy={toggle.isPending}
      onClick={() => toggle.mutate({ symbol: coin.symbol, name: coin.name, inWatchlist })}
    >
      <StarIcon filled={inWatchlist} />
    </button>
  );
}
