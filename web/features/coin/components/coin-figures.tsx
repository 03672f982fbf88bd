import type { ReactNode } from "react";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { formatPrice, formatSupply, UNKNOWN } from "#schema/contracts/format.ts";
import { originOf, type ReplayClock, replayShift } from "#web/components/site-status.ts";
import { Card } from "#web/components/ui/card.tsx";
import { ChangeTile, ChangeTiles } from "#web/components/ui/change-tile.tsx";
import { formatMoney, percent, timeAgo, utcDay } from "#web/lib/format.ts";
import { useClock } from "#web/lib/render-context.ts";
import styles from "./coin.module.css";

const NOT_REPORTED = "Not reported by the data source";

export function PriceChanges({ coin }: { coin: Crypto }) {
  return (
    <ChangeTiles label="Price changes">
      <ChangeTile label="1 hour" value={coin.change1h == null ? null : coin.price1h} missing={NOT_REPORTED} />
      <ChangeTile label="24 hours" value={coin.change24h == null ? null : coin.price24h} missing={NOT_REPORTED} />
      <ChangeTile label="7 days" value={coin.change7d == null ? null : coin.price7d} missing={NOT_REPORTED} />
    </ChangeTiles>
  );
}

/**
 * Where the price sits in its 24 h range, as CoinGecko draws it: a bar from the low to the high with
 * a mark at the price. Nothing when the source reports no range (ranks 251-500 offline).
 */
export function DayRange({ coin }: { coin: Crypto }) {
  const { low24h: low, high24h: high, priceUsd: price } = coin;
  if (low == null || high == null || !(high > low)) return null;
  const at = Math.min(100, Math.max(0, ((price - low) / (high - low)) * 100));
  return (
    <div className={styles.dayRange} data-testid="day-range">
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot draw the price's mark on the bar */}
      <div
        className={styles.rangeTrack}
        role="meter"
        aria-label="Price within its 24-hour range"
        aria-valuemin={low}
        aria-valuemax={high}
        aria-valuenow={price}
        aria-valuetext={`${formatPrice(price)}, between the 24-hour low of ${formatPrice(low)} and high of ${formatPrice(high)}`}
      >
        <span className={styles.rangeFill} style={{ width: `${at}%` }} />
        <span className={styles.rangeMark} style={{ left: `${at}%` }} />
      </div>
      <div className={styles.rangeEnds}>
        <span className="num">{formatPrice(low)}</span>
        <span className="muted">24h range</span>
        <span className="num">{formatPrice(high)}</span>
      </div>
    </div>
  );
}

/** "30 Apr 2026" (UTC) from an ISO time. */
export function dayOf(iso: string | null): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(at) ? UNKNOWN : utcDay(at / 1000);
}

/** One figure of a card's list: its label, the figure (with what it means as a `title`), and a line under it. */
export function Stat({ label, children, hint, title }: { label: string; children: ReactNode; hint?: ReactNode; title?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="num" title={title}>
        {children}
      </dd>
      {hint ? <dd className={styles.hint}>{hint}</dd> : null}
    </div>
  );
}

/**
 * What a time (seconds) on the page is in the replay: a time from the recording (CoinGecko's own
 * update times and extremes come from before its end), or one the replay's walk made.
 */
function originIn(at: number, demo: Demo): { recorded: number } | "modelled" {
  if (at <= demo.recordedAt) return { recorded: at };
  return demo.replay ? originOf(at, demo.replay) : "modelled";
}

/**
 * When the figures are from: a live time ago, or in the offline replay the day they were really
 * recorded, and "modelled" once the replay has walked on from the recording.
 */
function Updated({ iso, demo }: { iso: string; demo?: Demo | undefined }) {
  const { now } = useClock();
  const at = Date.parse(iso) / 1000;
  if (!demo || !Number.isFinite(at)) return <time dateTime={iso}>{timeAgo(iso, now)}</time>;
  const origin = originIn(at, demo);
  if (origin === "modelled") {
    return (
      <>
        <time dateTime={iso}>{timeAgo(iso, now)}</time>
        <span className={styles.hint}>modelled from the recorded price</span>
      </>
    );
  }
  const recorded = new Date(origin.recorded * 1000).toISOString();
  return (
    <>
      <time dateTime={recorded}>{timeAgo(recorded, now)}</time>
      <span className={styles.hint}>
        recorded {dayOf(recorded)}, {recorded.slice(11, 16)} UTC, replayed
      </span>
    </>
  );
}

/** The offline replay as the coin page knows it: when the recording ends, and the replay's clock if the seed laid one. */
export type Demo = { recordedAt: number; replay: ReplayClock | null };

export function MarketData({ coin, demo }: { coin: Crypto; demo?: Demo | undefined }) {
  const money = (v: number | null) => (v == null ? UNKNOWN : formatMoney(v));
  return (
    <Card title="Market Data">
      <dl className={styles.stats}>
        <Stat label="Market Cap">{formatMoney(coin.marketCap)}</Stat>
        <Stat label="Fully Diluted Valuation">{money(coin.fullyDilutedValuation)}</Stat>
        <Stat label="24h Volume">{money(coin.volume24h)}</Stat>
        <Stat label="24h Low / High">
          {coin.low24h == null || coin.high24h == null ? UNKNOWN : `${formatPrice(coin.low24h)} / ${formatPrice(coin.high24h)}`}
        </Stat>
        <Stat label="Rank">#{coin.rank}</Stat>
        <Stat label="Last Updated">
          <Updated iso={coin.lastUpdated} demo={demo} />
        </Stat>
      </dl>
    </Card>
  );
}

/** The share of the price below or above an extreme: "-39.6% from the high", or "at the high". */
function fromExtreme(price: number, extreme: number | null, word: string): string | null {
  if (extreme == null || !(extreme > 0)) return null;
  const change = (price / extreme - 1) * 100;
  if (Math.abs(change) < 0.05) return `at the ${word}`;
  return `${change >= 0 ? "+" : "-"}${Math.abs(change).toFixed(1)}% from the ${word}`;
}

/**
 * The day an extreme was reached. In the replay the chart runs on the replay's timeline, so a day
 * from the recording is shown where the chart draws it, with its recorded day beside it; an extreme
 * the replay's walk passed is dated when it was passed, and modelled.
 */
function extremeDay(iso: string | null, demo: Demo | undefined): string {
  const at = iso ? Date.parse(iso) / 1000 : Number.NaN;
  if (!demo?.replay || !Number.isFinite(at)) return dayOf(iso);
  const origin = originIn(at, demo);
  if (origin === "modelled") return `${dayOf(iso)}, modelled`;
  const day = (seconds: number) => dayOf(new Date(seconds * 1000).toISOString());
  return `${day(origin.recorded + replayShift(demo.replay))} (recorded ${day(origin.recorded)})`;
}

/** All-time high and low, each with the day it was reached and how far the price is from it. */
export function Extremes({ coin, demo }: { coin: Crypto; demo?: Demo | undefined }) {
  return (
    <Card title="All-Time High and Low">
      <dl className={styles.stats}>
        <Stat
          label="All-Time High"
          hint={coin.ath == null ? null : `${extremeDay(coin.athDate, demo)} · ${fromExtreme(coin.priceUsd, coin.ath, "high")}`}
        >
          {coin.ath == null ? UNKNOWN : formatPrice(coin.ath)}
        </Stat>
        <Stat
          label="All-Time Low"
          hint={coin.atl == null ? null : `${extremeDay(coin.atlDate, demo)} · ${fromExtreme(coin.priceUsd, coin.atl, "low")}`}
        >
          {coin.atl == null ? UNKNOWN : formatPrice(coin.atl)}
        </Stat>
      </dl>
    </Card>
  );
}

export function Supply({ coin }: { coin: Crypto }) {
  const symbol = coin.symbol;
  const progress = percent(coin.circulatingSupply, coin.maxSupply, 1);
  // No max supply means "Unlimited" only when the source reports supply at all; otherwise it is unknown.
  const max = coin.maxSupply == null ? (coin.circulatingSupply == null ? UNKNOWN : "Unlimited") : formatSupply(coin.maxSupply, symbol);
  return (
    <Card title="Supply">
      <dl className={styles.stats}>
        <Stat label="Circulating Supply">{formatSupply(coin.circulatingSupply, symbol)}</Stat>
        <Stat label="Total Supply">{formatSupply(coin.totalSupply, symbol)}</Stat>
        <Stat label="Max Supply">{max}</Stat>
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
          <dd className="num">{ratio ?? UNKNOWN}</dd>
        </div>
      </dl>
    </Card>
  );
}
