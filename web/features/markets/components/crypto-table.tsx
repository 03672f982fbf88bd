import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { ChangeText } from "#web/components/ui/change-text.tsx";
import { CoinAvatar } from "#web/components/ui/coin-avatar.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { formatMoney } from "#web/lib/format.ts";
import styles from "./markets.module.css";

export const LOAD_ERROR = "Failed to load cryptocurrency data";

type Props = {
  coins: Crypto[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Rows to sketch while loading. */
  skeletonRows?: number;
  empty?: ReactNode;
  /** The signed-in star column (watchlist feature); absent for guests. */
  star?: { header: string; cell: (coin: Crypto) => ReactNode };
  caption?: string;
};

export function coinPath(symbol: string): string {
  return `/coin/${encodeURIComponent(symbol.toLowerCase())}`;
}

export function CryptoTable({ coins, isLoading, isError, skeletonRows = 10, empty, star, caption }: Props) {
  const navigate = useNavigate();
  if (isError && !coins) return <Notice tone="error">{LOAD_ERROR}</Notice>;
  if (!isLoading && coins && coins.length === 0 && empty) return <>{empty}</>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-busy={isLoading}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {star ? (
              <th className={styles.starCell} scope="col">
                <span className="visually-hidden">{star.header}</span>
              </th>
            ) : null}
            <th className={`${styles.left} ${styles.rank}`} scope="col">
              #
            </th>
            <th className={styles.left} scope="col">
              Name
            </th>
            <th scope="col">Price</th>
            <th scope="col">24h %</th>
            <th className={styles.hideSm} scope="col">
              7d %
            </th>
            <th className={styles.hideSm} scope="col">
              Market Cap
            </th>
            <th className={styles.hideSm} scope="col">
              Volume (24h)
            </th>
          </tr>
        </thead>
        <tbody>
          {isLoading || !coins
            ? Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <tr key={i}>
                  {Array.from({ length: star ? 8 : 7 }, (_, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
                    <td key={j} className={j > 4 ? styles.hideSm : undefined}>
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
                      <span>
                        <Link to={coinPath(coin.symbol)} className={styles.nameLink} onClick={(e) => e.stopPropagation()}>
                          {coin.name}
                        </Link>
                        <span className={styles.symbol}>{coin.symbol}</span>
                      </span>
                    </div>
                  </td>
                  <td className="num">{coin.price}</td>
                  <td>{coin.change24h == null ? <Unknown /> : <ChangeText value={coin.price24h} />}</td>
                  <td className={styles.hideSm}>{coin.change7d == null ? <Unknown /> : <ChangeText value={coin.price7d} />}</td>
                  <td className={`${styles.hideSm} num`}>{formatMoney(coin.marketCap)}</td>
                  <td className={`${styles.hideSm} num`}>{coin.volume24h == null ? <Unknown /> : formatMoney(coin.volume24h)}</td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

/** A figure the source does not report: unknown, never an invented 0. */
function Unknown() {
  return <span title="Not reported by the data source">—</span>;
}
