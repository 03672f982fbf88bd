import { useQuery } from "@tanstack/react-query";
import { formatChange } from "#schema/contracts/format.ts";
import { useSiteStatus } from "#web/components/site-status.ts";
import { ChangeText } from "#web/components/ui/change-text.tsx";
import { Flash } from "#web/components/ui/flash.tsx";
import { request } from "#web/lib/api-client.ts";
import { formatMoney, longDay } from "#web/lib/format.ts";
import { getLiveStatus } from "#web/lib/live-status.ts";
import { PRICE_REFRESH_MS } from "#web/lib/query-client.ts";
import styles from "./market-strip.module.css";

const VOLUME_BASE_MS = 5 * 60_000;

/** A 24 h change beside a total, saying how it was found, or a muted dash that says why there is none. */
function DayChange({ value, how, missing, testId }: { value: number | null; how: string; missing: string; testId: string }) {
  if (value == null)
    return (
      <span className="muted" title={missing} data-testid={testId}>
        {" —"}
      </span>
    );
  return (
    <span title={how} data-testid={testId}>
      {" "}
      <ChangeText value={formatChange(value)} />
    </span>
  );
}

export function globalMarketQuery() {
  return {
    queryKey: ["market", "global"] as const,
    queryFn: () => request("getGlobalMarket"),
    // Polls every 30 s while live prices are off or paused. Live, the socket writes the moving figures,
    // and a poll every 5 minutes brings the volume's day-old base, which moves with the feed's bucket.
    refetchInterval: () => (getLiveStatus() === "live" ? VOLUME_BASE_MS : PRICE_REFRESH_MS),
  };
}

/**
 * Under the header on every page: the market at a glance, refreshed with the prices. Silent when
 * unavailable. Offline it says its figures are replayed and the social sentiment modelled.
 */
export function MarketStrip() {
  const { data } = useQuery(globalMarketQuery());
  const { data: status } = useSiteStatus();
  if (!data) return <div className={styles.strip} aria-hidden="true" />;
  const modelled = data.sentiment?.source === "offline";
  return (
    <section className={styles.strip} aria-label="Global market">
      {/* On phones the line scrolls sideways; a Tab stop lets keyboard users scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled without a mouse */}
      <div className={`container ${styles.items}`} tabIndex={0}>
        <span>
          Market Cap{" "}
          <strong className="num" data-testid="strip-market-cap">
            <Flash value={data.totalMarketCap}>{formatMoney(data.totalMarketCap)}</Flash>
          </strong>
          <DayChange
            value={data.marketCapChange24h}
            how="Change over 24 hours, from each coin's 24-hour price change (its supply taken as unchanged)"
            missing="No 24-hour change is known"
            testId="strip-market-cap-change"
          />
        </span>
        <span>
          24h Volume{" "}
          <strong className="num">
            <Flash value={data.volume24h}>{formatMoney(data.volume24h)}</Flash>
          </strong>
          <DayChange
            value={data.volumeDayAgo ? Math.round((data.volume24h / data.volumeDayAgo - 1) * 10_000) / 100 : null}
            how="Change against the 24-hour volume the price feed recorded a day earlier"
            missing="The volume of 24 hours ago is not recorded yet: the price feed records it as it runs"
            testId="strip-volume-change"
          />
        </span>
        <span>
          BTC Dominance <strong className="num">{data.btcDominance == null ? "\u2014" : `${data.btcDominance.toFixed(1)}%`}</strong>
        </span>
        <span title={data.sentiment ? `Average over ${data.sentiment.coins} coins on ${data.sentiment.date}` : "No social data yet"}>
          Social Sentiment <strong className="num">{data.sentiment ? `${data.sentiment.average.toFixed(1)}% positive` : "\u2014"}</strong>
          {modelled ? <span className={styles.label}> (modelled)</span> : null}
        </span>
        {status?.demo && status.demoDataFrom ? (
          <span className={styles.label} data-testid="strip-replayed">
            Market figures recorded {longDay(status.demoDataFrom)}, replayed
          </span>
        ) : null}
      </div>
    </section>
  );
}
