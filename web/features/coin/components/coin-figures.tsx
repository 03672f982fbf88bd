import type { Crypto } from "#schema/contracts/crypto.ts";
import { Card } from "#web/components/ui/card.tsx";
import { formatCompact, formatMoney, isGain, percent, timeAgo } from "#web/lib/format.ts";
import { useClock } from "#web/lib/render-context.ts";
import styles from "./coin.module.css";

function Change({ label, value, known }: { label: string; value: string; known: boolean }) {
  if (!known) {
    return (
      <div className={styles.change}>
        <span className={styles.changeLabel}>{label}</span>
        <span className="num muted" title="Not reported by the data source">
          —
        </span>
      </div>
    );
  }
  const up = isGain(value);
  return (
    <div className={styles.change}>
      <span className={styles.changeLabel}>{label}</span>
      <span className={`num ${up ? "gain" : "loss"}`} style={{ fontWeight: 700 }}>
        <span aria-hidden="true">{up ? "▲ " : "▼ "}</span>
        {value}
      </span>
    </div>
  );
}

export function PriceChanges({ coin }: { coin: Crypto }) {
  return (
    <div className={styles.changes}>
      <Change label="1 hour" value={coin.price1h} known={coin.change1h != null} />
      <Change label="24 hours" value={coin.price24h} known={coin.change24h != null} />
      <Change label="7 days" value={coin.price7d} known={coin.change7d != null} />
    </div>
  );
}

export function MarketData({ coin }: { coin: Crypto }) {
  const { now } = useClock();
  return (
    <Card title="Market Data">
      <dl className={styles.stats}>
        <div>
          <dt>Market Cap</dt>
          <dd className="num">{formatMoney(coin.marketCap)}</dd>
        </div>
        <div>
          <dt>24h Volume</dt>
          <dd className="num">{coin.volume24h == null ? "—" : formatMoney(coin.volume24h)}</dd>
        </div>
        <div>
          <dt>Rank</dt>
          <dd>#{coin.rank}</dd>
        </div>
        <div>
          <dt>Last Updated</dt>
          <dd>
            <time dateTime={coin.lastUpdated}>{timeAgo(coin.lastUpdated, now)}</time>
          </dd>
        </div>
      </dl>
    </Card>
  );
}

export function Supply({ coin }: { coin: Crypto }) {
  const progress = percent(coin.circulatingSupply, coin.maxSupply, 1);
  const symbol = coin.symbol;
  // No max supply means "Unlimited" only when the source reports supply at all; otherwise it is unknown.
  const amount = (v: number | null) => (v == null ? (coin.circulatingSupply == null ? "—" : "Unlimited") : `${formatCompact(v)} ${symbol}`);
  return (
    <Card title="Supply">
      <dl className={styles.stats}>
        <div>
          <dt>Circulating Supply</dt>
          <dd className="num">{coin.circulatingSupply == null ? "—" : `${formatCompact(coin.circulatingSupply)} ${symbol}`}</dd>
        </div>
        <div>
          <dt>Total Supply</dt>
          <dd className="num">{coin.totalSupply == null ? "—" : `${formatCompact(coin.totalSupply)} ${symbol}`}</dd>
        </div>
        <div>
          <dt>Max Supply</dt>
          <dd className="num">{amount(coin.maxSupply)}</dd>
        </div>
      </dl>
      {progress ? (
        <>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label="Circulating share of max supply"
            aria-valuenow={Math.min(100, Number.parseFloat(progress))}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className={styles.progressBar} style={{ width: `${Math.min(100, Number.parseFloat(progress))}%` }} />
          </div>
          <p className="muted" style={{ margin: "6px 0 0", fontSize: "0.85rem" }}>
            {progress} of max supply in circulation
          </p>
        </>
      ) : null}
    </Card>
  );
}

export function trendOf(coin: Crypto): "Bullish" | "Bearish" | "Neutral" {
  return coin.isGainer ? "Bullish" : coin.isLoser ? "Bearish" : "Neutral";
}

export function QuickStats({ coin }: { coin: Crypto }) {
  const trend = trendOf(coin);
  const ratio = percent(coin.volume24h, coin.marketCap, 2);
  return (
    <Card title="Quick Stats">
      <dl className={styles.stats}>
        <div>
          <dt>Trend (24h)</dt>
          <dd className={`${styles.trend} ${trend === "Bullish" ? "gain" : trend === "Bearish" ? "loss" : "muted"}`}>{trend}</dd>
        </div>
        <div>
          <dt>Volume/MCap</dt>
          <dd className="num">{ratio ?? "—"}</dd>
        </div>
      </dl>
    </Card>
  );
}
