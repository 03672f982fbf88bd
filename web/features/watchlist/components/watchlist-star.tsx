import { useMutationState, useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { goToLogin, useAuth } from "#web/lib/auth.ts";
import { type ToggleInput, useWatchlistToggle, watchlistKeys, watchlistQuery } from "../api/watchlist.ts";
import { StarIcon } from "./star-icon.tsx";
import styles from "./watchlist.module.css";

type StarCoin = Pick<Crypto, "symbol" | "name">;

/** What a price table needs for its star column: a header and a cell per coin. */
export type StarColumn = { header: string; cell: (coin: StarCoin) => ReactNode };

/**
 * The star column of a price table. Auth, the member's list and the toggle are read once for the
 * table and each cell is a plain button: with a star that read them itself, a 100-row table ran 300
 * hooks, about a tenth of the Top 500's server render in a CPU profile (`npm run bench:profile`).
 * Guests get a login prompt and a click goes to sign-in; members toggle the coin (filled: on the
 * watchlist), and only the star whose change is on its way waits for it.
 */
export function useWatchlistStars(): StarColumn {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const list = useQuery(watchlistQuery(isAuthenticated));
  const toggle = useWatchlistToggle();
  const pending = useMutationState({
    filters: { mutationKey: watchlistKeys.toggle, status: "pending" },
    select: (mutation) => (mutation.state.variables as ToggleInput).symbol.toUpperCase(),
  });
  const listed = list.data;
  const listLoading = list.isLoading;
  const { mutate } = toggle;
  // useMutationState keeps the same array while the pending symbols stay the same.
  return useMemo(() => {
    const busy = new Set(pending);
    const watched = new Set(listed?.map((entry) => entry.cryptoSymbol));
    const cell = (coin: StarCoin) =>
      isAuthenticated ? (
        <MemberStar
          coin={coin}
          inWatchlist={watched.has(coin.symbol.toUpperCase())}
          busy={busy.has(coin.symbol.toUpperCase())}
          loading={listLoading}
          onToggle={mutate}
        />
      ) : (
        <GuestStar coin={coin} disabled={authLoading} />
      );
    return { header: "Watchlist", cell };
  }, [isAuthenticated, authLoading, listed, listLoading, mutate, pending]);
}

function GuestStar({ coin, disabled }: { coin: StarCoin; disabled: boolean }) {
  return (
    <button
      type="button"
      className={styles.star}
      title="Login to add to watchlist"
      aria-label={`Log in to add ${coin.name} to your watchlist`}
      disabled={disabled}
      onClick={() => goToLogin()}
    >
      <StarIcon filled={false} />
    </button>
  );
}

type MemberStarProps = { coin: StarCoin; inWatchlist: boolean; busy: boolean; loading: boolean; onToggle: (input: ToggleInput) => void };

function MemberStar({ coin, inWatchlist, busy, loading, onToggle }: MemberStarProps) {
  const label = inWatchlist ? "Remove from watchlist" : "Add to watchlist";
  return (
    <button
      type="button"
      className={`${styles.star} ${inWatchlist ? styles.on : ""}`}
      title={label}
      aria-label={`${inWatchlist ? "Remove" : "Add"} ${coin.name} ${inWatchlist ? "from" : "to"} watchlist`}
      aria-pressed={inWatchlist}
      disabled={busy || loading}
      aria-busy={busy}
      onClick={() => onToggle({ symbol: coin.symbol, name: coin.name, inWatchlist })}
    >
      <StarIcon filled={inWatchlist} />
    </button>
  );
}
