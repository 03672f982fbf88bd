import { useQuery } from "@tanstack/react-query";
import { useSiteStatus } from "#web/components/site-status.ts";
import { Flash } from "#web/components/ui/flash.tsx";
import { request } from "#web/lib/api-client.ts";
import { formatMoney, longDay } from "#web/lib/format.ts";
import { priceRefetchInterval } from "#web/lib/live-status.ts";
import styles from "./market-strip.module.css";

export function globalMarketQuery() {
  return {
    queryKey: ["market", "global"] as const,
    queryFn: () => request("getGlobalMarket"),
    // Polls only while live prices are off or paused (the socket writes the strip's figures).
    refetchInterval: priceRefetchInterval,
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
        </span>
        <span>
          24h Volume{" "}
          <strong className="num">
            <Flash value={data.volume24h}>{formatMoney(data.volume24h)}</Flash>
          </strong>
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
