import { useQuery } from "@tanstack/react-query";
import type { CoinSocial as Social } from "#schema/contracts/charts.ts";
import { UNKNOWN } from "#schema/contracts/format.ts";
import { Card } from "#web/components/ui/card.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { request } from "#web/lib/api-client.ts";
import { formatCompact, longDay } from "#web/lib/format.ts";
import styles from "./coin.module.css";
import { Stat } from "./coin-figures.tsx";

export function coinSocialQuery(symbol: string) {
  return {
    queryKey: ["cryptos", "social", symbol.toUpperCase()] as const,
    queryFn: () => request("getCoinSocial", { params: { symbol } }),
    // The snapshot is taken once a day.
    staleTime: 5 * 60_000,
  };
}

type Figures = NonNullable<Social["social"]>;

/** "63.4 (from 40.5)": a figure with the day before's beside it, when the source has both. */
function withPrevious(now: number | null, before: number | null, text: (n: number) => string): string {
  if (now == null) return UNKNOWN;
  return before == null ? text(now) : `${text(now)} (from ${text(before)})`;
}

function SocialFigures({ social, symbol }: { social: Figures; symbol: string }) {
  const modelled = social.source === "offline";
  return (
    <>
      <dl className={styles.stats}>
        <Stat label="Sentiment">{social.sentiment == null ? UNKNOWN : `${social.sentiment.toFixed(1)}% positive`}</Stat>
        <Stat label="Galaxy Score" title="Out of 100: price, social activity and sentiment together">
          {withPrevious(social.galaxyScore, social.galaxyScorePrevious, (n) => n.toFixed(1))}
        </Stat>
        <Stat label="AltRank" title="Place among all coins by social and market activity; #1 leads">
          {withPrevious(social.altRank, social.altRankPrevious, (n) => `#${n}`)}
        </Stat>
        <Stat label="Social posts (24h)">{social.socialVolume24h == null ? UNKNOWN : formatCompact(social.socialVolume24h)}</Stat>
        <Stat label="Interactions (24h)">{social.interactions24h == null ? UNKNOWN : formatCompact(social.interactions24h)}</Stat>
        <Stat label="Social dominance">{social.socialDominance == null ? UNKNOWN : `${social.socialDominance.toFixed(2)}%`}</Stat>
      </dl>
      {social.categories.length ? (
        <p className={styles.hint} data-testid="social-categories">
          Categories: {social.categories.map((c) => c.replace(/-/g, " ")).join(", ")}
        </p>
      ) : null}
      <p className={styles.hint} data-testid="social-source">
        {modelled
          ? `Modelled offline by Coinsight's sentiment model from ${symbol}'s recorded market figures, for ${longDay(social.date)}: not measured social data.`
          : `From LunarCrush, as the newsroom took it on ${longDay(social.date)}.`}
      </p>
    </>
  );
}

/**
 * The coin's social figures: what its Trending Analysis and the Daily Roundup are written from, shown
 * beside the market data (issue 42), labelled as modelled when the offline model made them.
 */
export function CoinSocial({ symbol }: { symbol: string }) {
  const { data, isLoading, isError } = useQuery(coinSocialQuery(symbol));
  return (
    <Card title="Social" aria-label={`${symbol} social figures`}>
      {isLoading ? (
        <Skeleton height={96} />
      ) : isError || !data ? (
        <Notice tone="error">The social figures could not be loaded.</Notice>
      ) : data.social ? (
        <SocialFigures social={data.social} symbol={symbol} />
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          No social figures for {symbol} yet: the newsroom's daily snapshot does not include it.
        </p>
      )}
    </Card>
  );
}
