import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { useWatchlistToggle, watchlistQuery } from "../api/watchlist.ts";
import { StarIcon } from "./star-icon.tsx";
import styles from "./watchlist.module.css";

export type WatchlistTableProps = { coins: Crypto[] | undefined; isLoading: boolean; isError: boolean; empty: ReactNode };

function Empty() {
  return (
    <div className={`notice ${styles.empty}`} role="status">
      <span className={styles.emptyIcon} aria-hidden="true">
        <StarIcon filled={false} size={28} />
      </span>
      <p className={styles.emptyTitle}>Your watchlist is empty</p>
      <p className="muted">Click the star icon next to any coin to add it to your watchlist.</p>
      <Link to="/markets" className={buttonClass("outline", "sm")}>
        Browse the Top 500
      </Link>
    </div>
  );
}

/** Coins that left the Top 500 have no figures today; they stay listed so they can be removed. */
function Departed({ entries }: { entries: { cryptoSymbol: string; cryptoName: string }[] }) {
  const toggle = useWatchlistToggle();
  return (
    <div className={`notice ${styles.departed}`}>
      <p>No longer in the Top 500 (by name):</p>
      <ul>
        {entries.map((e) => (
          <li key={e.cryptoSymbol}>
            <span>
              {e.cryptoName} <span className="muted">{e.cryptoSymbol}</span>
            </span>
            <Button
              variant="ghost"
              size="sm"
              disabled={toggle.isPending}
              onClick={() => toggle.mutate({ symbol: e.cryptoSymbol, name: e.cryptoName, inWatchlist: true })}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The My Watchlist tab: the member's coins in the same table as the other lists, in the order the
 * API gives and the line above the table states: market cap rank, then departed coins by name
 * (docs/decisions/watchlist/watchlist-order.md).
 */
export function WatchlistPanel({ renderTable }: { renderTable: (props: WatchlistTableProps) => ReactNode }) {
  const { data, isLoading, isError } = useQuery(watchlistQuery());
  if (data && data.length === 0) return <Empty />;
  const coins = data?.flatMap((e) => (e.coin ? [e.coin] : []));
  const departed = data?.filter((e) => !e.coin) ?? [];
  return (
    <>
      {coins && coins.length > 0 ? (
        <p className={`muted ${styles.order}`} data-testid="watchlist-order">
          {coins.length} {coins.length === 1 ? "coin" : "coins"}, by market cap rank as in the Top 500.
        </p>
      ) : null}
      {coins === undefined || coins.length > 0 ? renderTable({ coins, isLoading, isError, empty: <Empty /> }) : null}
      {departed.length > 0 ? <Departed entries={departed} /> : null}
    </>
  );
}
