import { type MouseEvent, type ReactNode, useCallback, useDeferredValue } from "react";
import { useNavigate } from "react-router";
import type { CryptoRow, CryptoSortKey } from "#schema/contracts/crypto.ts";
import { ChangeText } from "#web/components/ui/change-text.tsx";
import { CoinAvatar } from "#web/components/ui/coin-avatar.tsx";
import { Flash } from "#web/components/ui/flash.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { PriceText } from "#web/components/ui/price-text.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { formatMoney, UNKNOWN } from "#web/lib/format.ts";
import type { SortState } from "../api/sort.ts";
import styles from "./markets.module.css";
import { Sparkline, SparklineMissing } from "./sparkline.tsx";

export const LOAD_ERROR = "Failed to load cryptocurrency data";

/** A row may carry its 7-day sparkline and the hours its recorded prices cover (the paged Top 500 serves both). */
export type TableCoin = CryptoRow & { sparkline?: (number | null)[] | null; sparklineHours?: number };

type Props = {
  coins: TableCoin[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Rows to sketch while loading. */
  skeletonRows?: number;
  empty?: ReactNode;
  /** The signed-in star column (watchlist feature); absent for guests. */
  star?: { header: string; cell: (coin: CryptoRow) => ReactNode };
  caption?: string;
  /** Makes the headers sort buttons; the caller orders the rows (server or browser). */
  sort?: SortState & { onSort: (key: CryptoSortKey) => void };
  /** Adds the "Last 7 Days" column. */
  sparklines?: boolean;
  /** A note under a coin's name (the movers rule marks coins by their volume). */
  mark?: (coin: CryptoRow) => ReactNode;
};

export function coinPath(symbol: string): string {
  return `/coin/${encodeURIComponent(symbol.toLowerCase())}`;
}

type Column = { key: CryptoSortKey | null; label: string; className?: string };

function Unknown() {
  return (
    <span className="muted" title="Not reported by the data source">
      {UNKNOWN}
    </span>
  );
}

/** A change the data does not have reads as unknown, never "0.00%". */
function Change({ value, text }: { value: number | null; text: string }) {
  return value == null ? <Unknown /> : <ChangeText value={text} />;
}

function HeaderCell({ column, sort }: { column: Column; sort: Props["sort"] }) {
  const left = column.key === "rank" || column.key === "name";
  const className = [column.className, left ? styles.left : null].filter(Boolean).join(" ") || undefined;
  if (!sort || !column.key) {
    return (
      <th className={className} scope="col">
        {column.label}
      </th>
    );
  }
  const key = column.key;
  const active = sort.key === key;
  return (
    <th className={className} scope="col" aria-sort={active ? (sort.order === "asc" ? "ascending" : "descending") : undefined}>
      <button type="button" className={`${styles.sortButton} ${active ? styles.sorted : ""}`} onClick={() => sort.onSort(key)}>
        {column.label}
        <span aria-hidden="true" className={styles.sortArrow}>
          {active ? (sort.order === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}

/**
 * What a click on a coin's name does, made once for the table: a plain click opens the coin page in
 * the app (as a react-router Link would), a modified or middle click is the browser's (a new tab).
 * A plain `<a>` with this handler, rather than a Link per row: 100 Links ran 100 sets of router hooks
 * in every render of the Top 500, the server's first render included.
 */
function useCoinLinkClick(): (e: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (e) => {
      // The row's own click opens the page too: the link answers for it.
      e.stopPropagation();
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(e.currentTarget.pathname);
    },
    [navigate],
  );
}

export function CryptoTable({
  coins: latest,
  isLoading,
  isError,
  skeletonRows = 10,
  empty,
  star,
  caption,
  sort,
  sparklines = false,
  mark,
}: Props) {
  const navigate = useNavigate();
  const openCoin = useCoinLinkClick();
  // New rows render as a transition: React builds the 100 rows in slices and the page stays responsive
  // while a phone does it (the placeholders, or the previous rows, stay until the new ones are ready).
  // The first render (the server's, and the browser's hydration of it) has every row: rows added after
  // the first paint cost a phone one long layout of the whole table while the page is starting
  // (docs/decisions/performance/server-rendering.md).
  const coins = useDeferredValue(latest);
  if (isError && !coins) return <Notice tone="error">{LOAD_ERROR}</Notice>;
  if (!isLoading && coins && coins.length === 0 && empty) return <>{empty}</>;
  const columns: Column[] = [
    { key: "rank", label: "#", className: styles.rank },
    { key: "name", label: "Name" },
    { key: "price", label: "Price", className: styles.priceCol },
    { key: "change1h", label: "1h %", className: `${styles.hideSm} ${styles.hideNarrow}` },
    { key: "change24h", label: "24h %", className: styles.changeCol },
    { key: "change7d", label: "7d %", className: `${styles.hideSm} ${styles.hideTablet}` },
    { key: "marketCap", label: "Market Cap", className: styles.hideSm },
    { key: "volume24h", label: "Volume (24h)", className: styles.hideMd },
    ...(sparklines ? [{ key: null, label: "Last 7 Days", className: styles.hideMd }] : []),
  ];
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-busy={isLoading || coins !== latest}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {star ? (
              <th className={styles.starCell} scope="col">
                <span className="visually-hidden">{star.header}</span>
              </th>
            ) : null}
            {columns.map((c) => (
              <HeaderCell key={c.label} column={c} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {isLoading || !coins
            ? Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <tr key={i}>
                  {[...(star ? [{ label: "star", className: styles.starCell }] : []), ...columns].map((c) => (
                    <td key={c.label} className={c.className}>
                      <Skeleton height={14} />
                    </td>
                  ))}
                </tr>
              ))
            : coins.map((coin) => (
                <tr key={coin.id} className={styles.row} onClick={() => navigate(coinPath(coin.symbol))}>
                  {star ? (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops the row's mouse shortcut; the star is its own button
                    <td className={styles.starCell} onClick={(e) => e.stopPropagation()}>
                      {star.cell(coin)}
                    </td>
                  ) : null}
                  <td className={`${styles.left} ${styles.rank} num`}>{coin.rank}</td>
                  <td className={styles.left}>
                    <div className={styles.nameCell}>
                      <CoinAvatar symbol={coin.symbol} imageUrl={coin.imageUrl} />
                      <span className={styles.nameText}>
                        <a href={coinPath(coin.symbol)} className={styles.nameLink} onClick={openCoin} title={coin.name}>
                          {coin.name}
                        </a>
                        <span className={styles.symbol}>{coin.symbol}</span>
                      </span>
                    </div>
                    {mark?.(coin)}
                  </td>
                  <td className={`${styles.priceCol} num`} data-testid="row-price">
                    <Flash value={coin.priceUsd}>
                      <PriceText text={coin.price} />
                    </Flash>
                  </td>
                  <td className={`${styles.hideSm} ${styles.hideNarrow}`}>
                    <Change value={coin.change1h} text={coin.price1h} />
                  </td>
                  <td className={styles.changeCol}>
                    <Change value={coin.change24h} text={coin.price24h} />
                  </td>
                  <td className={`${styles.hideSm} ${styles.hideTablet}`}>
                    <Change value={coin.change7d} text={coin.price7d} />
                  </td>
                  <td className={`${styles.hideSm} num`}>{formatMoney(coin.marketCap)}</td>
                  <td className={`${styles.hideMd} num`}>{formatMoney(coin.volume24h)}</td>
                  {sparklines ? (
                    <td className={`${styles.hideMd} ${styles.sparkCol}`}>
                      {coin.sparkline ? (
                        <Sparkline points={coin.sparkline} change7d={coin.change7d == null ? null : coin.price7d} width={96} />
                      ) : (
                        <SparklineMissing hours={coin.sparklineHours ?? 0} />
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
