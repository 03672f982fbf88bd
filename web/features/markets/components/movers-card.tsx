import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Card } from "#web/components/ui/card.tsx";
import { ChangeText } from "#web/components/ui/change-text.tsx";
import { CoinAvatar } from "#web/components/ui/coin-avatar.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { PriceText } from "#web/components/ui/price-text.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { moversQueryOptions } from "../api/cryptos.ts";
import { coinPath, LOAD_ERROR } from "./crypto-table.tsx";
import styles from "./markets.module.css";

/** Sidebar list of the day's top gainers or losers, refreshed every 30 s. */
export function MoversCard({ kind, limit = 5 }: { kind: "gainers" | "losers"; limit?: number }) {
  const { data, isLoading, isError } = useQuery(moversQueryOptions(kind));
  const title = kind === "gainers" ? "Top Gainers" : "Top Losers";
  return (
    <Card title={title} as="section" aria-label={title}>
      {isError && !data ? (
        <Notice tone="error">{LOAD_ERROR}</Notice>
      ) : isLoading || !data ? (
        <div className="stack" style={{ gap: 10 }}>
          {Array.from({ length: limit }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
            <Skeleton key={i} height={28} />
          ))}
        </div>
      ) : data.length === 0 ? (
        <p className="muted">No {kind} right now.</p>
      ) : (
        <ul className={styles.movers}>
          {data.slice(0, limit).map((coin) => (
            <li key={coin.id}>
              <Link to={coinPath(coin.symbol)} className={styles.moverLink}>
                <CoinAvatar symbol={coin.symbol} imageUrl={coin.imageUrl} size={24} />
                {/* The name gives way with an ellipsis on its own line; the price is never cut ("$…"). */}
                <span className={styles.moverText}>
                  <span className={styles.moverName} title={coin.name}>
                    {coin.name}
                  </span>
                  <span className={styles.moverPrice} data-testid="mover-price">
                    <PriceText text={coin.price} />
                  </span>
                </span>
                <ChangeText value={coin.price24h} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p style={{ margin: "8px 0 0", textAlign: "right" }}>
        <Link to={`/markets?tab=${kind}`}>See all {kind}</Link>
      </p>
    </Card>
  );
}
