import { rankMovers } from "#schema/contracts/movers.ts";
import { type ClaimInput, facts, type Ranking } from "#worker/lib/grounding/index.ts";
import type { ArticleBrief, CoinFacts, Fact, RoundupBrief, TrendingBrief } from "#worker/ports/llm/llm.ts";
import { isStablecoin } from "#worker/ports/sentiment/offline.ts";
import { coinFactList, coinFacts, entityOf, timeFacts } from "./facts.ts";
import type { SnapshotRow } from "./snapshots.ts";

/** Fixed phrases with digits any article may cite: the Galaxy Score's scale. */
const SCALE = facts.text("galaxy_scale", "The Galaxy Score's scale", "0 to 100");

/** Every fact of a brief, for the check. */
export function allFacts(brief: ArticleBrief): Fact[] {
  return brief.sections.flatMap((s) => s.facts);
}

/** What the claim check needs of a brief. */
export function claimInput(brief: ArticleBrief): ClaimInput {
  return { facts: allFacts(brief), entities: brief.entities };
}

function roundupCoins(b: RoundupBrief): CoinFacts[] {
  return [
    b.bitcoin,
    ...(b.ethereum ? [b.ethereum] : []),
    ...b.topGainers,
    ...b.topLosers,
    ...(b.social?.mostDiscussed ?? []),
    ...(b.social?.risingGalaxy ?? []),
  ];
}

function uniqueEntities(coins: CoinFacts[]) {
  const seen = new Map(coins.map((c) => [c.id, entityOf(c)]));
  return [...seen.values()];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The Daily Roundup's facts: the market of the day (top 500, its movers by the Gainers tab's rule) and its social mood. */
export function roundupBrief(date: string, asOf: string, rows: SnapshotRow[], socialSource: string | null): RoundupBrief {
  const total = rows.reduce((s, r) => s + r.marketCap, 0);
  const top100 = rows.filter((r) => r.rank <= 100 && r.change24h != null);
  const btcRow = rows.find((r) => r.coinId === "bitcoin") ?? rows[0];
  if (!btcRow) throw new Error("No market rows to write a roundup from");
  const ethRow = rows.find((r) => r.coinId === "ethereum");
  // The Gainers and Losers tabs' own rule over every tracked coin, so the roundup never names a top
  // gainer the tab does not show (docs/decisions/markets/movers-rule.md).
  const topGainers = rankMovers(rows, "gainers").slice(0, 3).map(coinFacts);
  const topLosers = rankMovers(rows, "losers").slice(0, 3).map(coinFacts);
  const withVolume = rows.filter((r) => r.volume24h != null);
  const tracked = { group: "tracked" as const };
  const top = { group: "top100" as const };
  // The combined cap a day earlier, from each coin's own 24-hour change: the market's move as one figure.
  const before = rows.reduce((s, r) => s + (r.change24h == null ? r.marketCap : r.marketCap / (1 + r.change24h / 100)), 0);
  const market = {
    totalMarketCap: facts.money("market.cap", `Combined market cap of the ${rows.length} coins tracked`, total, {
      metric: "marketCap",
      ...tracked,
      stat: "sum",
    }),
    // Coins without a reported volume are left out, and the label says over how many coins it is summed.
    totalVolume: facts.money(
      "market.volume_24h",
      `Combined 24-hour trading volume of the ${withVolume.length} tracked coins that report one`,
      withVolume.reduce((s, r) => s + (r.volume24h ?? 0), 0),
      { metric: "volume", ...tracked, stat: "sum" },
    ),
    btcDominance: facts.share(
      "market.btc_dominance",
      "Bitcoin's share of the tracked coins' market cap",
      total > 0 ? (btcRow.marketCap / total) * 100 : 0,
      2,
      { subject: btcRow.coinId, metric: "dominance", stat: "share" },
    ),
    trackedCoins: facts.count("market.coins", "Coins tracked", rows.length, { ...tracked, stat: "count" }),
    gainers: facts.count(
      "market.gainers",
      "Coins in the top 100 that rose over 24 hours",
      top100.filter((r) => (r.change24h ?? 0) > 0).length,
      { ...top, stat: "count", sense: 1 },
    ),
    losers: facts.count(
      "market.losers",
      "Coins in the top 100 that fell over 24 hours",
      top100.filter((r) => (r.change24h ?? 0) < 0).length,
      { ...top, stat: "count", sense: -1 },
    ),
    medianChange: facts.change(
      "market.median_change_24h",
      "Median 24-hour price change in the top 100",
      Math.round(median(top100.map((r) => r.change24h ?? 0)) * 100) / 100,
      { period: "24h", ...top, stat: "median" },
    ),
    capChange: facts.change(
      "market.cap_change_24h",
      "24-hour change of the tracked coins' combined market cap",
      before > 0 ? (total / before - 1) * 100 : 0,
      { period: "24h", ...tracked, stat: "sum" },
    ),
  };
  const scope = {
    top100: facts.text("scope.top100", "The 100 largest coins by market cap", "top 100", top),
    tracked: facts.text("scope.tracked", "The coins tracked", `top ${rows.length}`, tracked),
  };
  const social = socialOf(rows, socialSource);
  const brief: RoundupBrief = {
    kind: "daily_roundup",
    date,
    asOf,
    sections: [],
    entities: [],
    time: timeFacts(date, asOf),
    scope,
    market,
    bitcoin: coinFacts(btcRow),
    ethereum: ethRow ? coinFacts(ethRow) : null,
    topGainers,
    topLosers,
    social,
  };
  relate(brief);
  brief.entities = uniqueEntities(roundupCoins(brief));
  brief.sections = [
    { title: "Date, time and scope", facts: [brief.time.date, brief.time.dataTime, ...Object.values(scope)] },
    { title: "Market", facts: Object.values(market) },
    { title: "Bitcoin", facts: coinFactList(brief.bitcoin) },
    ...(brief.ethereum ? [{ title: "Ethereum", facts: coinFactList(brief.ethereum) }] : []),
    ...topGainers.map((c) => ({ title: `Top gainer: ${c.name} (${c.symbol})`, facts: coinFactList(c) })),
    ...topLosers.map((c) => ({ title: `Top loser: ${c.name} (${c.symbol})`, facts: coinFactList(c) })),
    ...(social
      ? [
          { title: "Social sentiment", facts: [social.averageSentiment] },
          ...[...social.mostDiscussed, ...social.risingGalaxy].map((c) => ({
            title: `Social: ${c.name} (${c.symbol})`,
            facts: coinFactList(c),
          })),
        ]
      : []),
  ];
  return brief;
}

/** The day's social side: the average mood, the most-discussed coin and the biggest Galaxy Score risers of the top 100. */
function socialOf(rows: SnapshotRow[], socialSource: string | null): RoundupBrief["social"] {
  const tracked = rows.filter((r) => r.sentiment != null && r.socialVolume24h != null);
  if (!socialSource || tracked.length === 0) return null;
  return {
    source: socialSource,
    averageSentiment: facts.share(
      "social.average_sentiment",
      "Average sentiment across the tracked coins (share of positive posts)",
      Math.round(tracked.reduce((s, r) => s + (r.sentiment ?? 0), 0) / tracked.length),
      0,
      { metric: "sentiment", group: "tracked", stat: "mean" },
    ),
    // A stablecoin's chatter is about payments, not the market; the story is the most-discussed asset.
    mostDiscussed: tracked
      .filter((r) => !r.categories.includes("stablecoin") && !isStablecoin(r))
      .sort((a, b) => (b.socialVolume24h ?? 0) - (a.socialVolume24h ?? 0))
      .slice(0, 1)
      .map(coinFacts),
    risingGalaxy: tracked
      .filter((r) => r.rank <= 100 && r.galaxyScore != null && r.galaxyScorePrevious != null && r.galaxyScore > r.galaxyScorePrevious)
      .sort((a, b) => (b.galaxyScore ?? 0) - (b.galaxyScorePrevious ?? 0) - ((a.galaxyScore ?? 0) - (a.galaxyScorePrevious ?? 0)))
      .slice(0, 2)
      .map(coinFacts),
  };
}

/**
 * The facts behind the roundup's rankings and comparisons: each listed coin's place in its list
 * ("the biggest gainer" is #1 of the gainers) and its 24-hour move against Bitcoin's.
 */
function relate(brief: RoundupBrief): void {
  const add = (coin: CoinFacts, fact: Fact) => {
    coin.related = [...(coin.related ?? []), fact];
  };
  const lists: [CoinFacts[], Ranking, string][] = [
    [brief.topGainers, "gainers", "Top Gainers over 24 hours (the tracked coins, less those that traded under $50K)"],
    [brief.topLosers, "losers", "Top Losers over 24 hours (the tracked coins, less those that traded under $50K)"],
    [brief.social?.mostDiscussed ?? [], "socialVolume", "coins by social posts over 24 hours (stablecoins left out)"],
    [brief.social?.risingGalaxy ?? [], "galaxyRise", "top-100 coins by Galaxy Score gain over a day"],
  ];
  for (const [coins, ranking, what] of lists) {
    coins.forEach((coin, i) => {
      add(
        coin,
        facts.position(`${coin.id}.${POSITION_ID[ranking]}`, `${coin.name}'s place among the ${what}`, i + 1, {
          subject: coin.id,
          ranking,
        }),
      );
    });
  }
  const btc = brief.bitcoin.change24h;
  if (!btc) return;
  const seen = new Set<string>();
  for (const coin of roundupCoins(brief)) {
    if (coin.id === brief.bitcoin.id || seen.has(coin.id) || !coin.change24h) continue;
    seen.add(coin.id);
    add(
      coin,
      facts.relative(
        `${coin.id}.change_24h_vs_btc`,
        `${coin.name}'s 24-hour price change minus Bitcoin's`,
        coin.change24h.value - btc.value,
        {
          subject: coin.id,
          versus: brief.bitcoin.id,
          period: "24h",
        },
      ),
    );
  }
}

const POSITION_ID: Record<Ranking, string> = {
  gainers: "gainer_position",
  losers: "loser_position",
  socialVolume: "social_volume_position",
  galaxyRise: "galaxy_rise_position",
  momentum: "momentum_position",
};

/** Wrapped and bridged copies follow their underlying coin; their "momentum" is not news. */
function isDerivative(row: SnapshotRow): boolean {
  return row.categories.includes("wrapped-tokens") || /^(wrapped|bridged)\b/i.test(row.name);
}

/**
 * Social momentum: the day's change in Galaxy Score plus ten points per halving of AltRank.
 * Stablecoins and wrapped tokens are left out.
 */
export function momentum(row: SnapshotRow): number | null {
  if (row.galaxyScore == null || row.galaxyScorePrevious == null) return null;
  if (isDerivative(row) || row.categories.includes("stablecoin") || isStablecoin(row)) return null;
  const alt = row.altRank && row.altRankPrevious ? 10 * Math.log2(row.altRankPrevious / row.altRank) : 0;
  return row.galaxyScore - row.galaxyScorePrevious + alt;
}

/** The band's coins by momentum, strongest first. */
export function rankByMomentum(rows: SnapshotRow[]): SnapshotRow[] {
  return rows
    .map((row) => ({ row, score: momentum(row) }))
    .filter((x): x is { row: SnapshotRow; score: number } => x.score !== null)
    .sort((a, b) => b.score - a.score || a.row.rank - b.row.rank)
    .map((x) => x.row);
}

export function trendingBrief(
  date: string,
  row: SnapshotRow,
  band: { from: number; to: number; label: string },
  bandRows: SnapshotRow[],
): TrendingBrief {
  const ranked = rankByMomentum(bandRows);
  const tracked = bandRows.filter((r) => r.sentiment != null);
  const coin = coinFacts(row);
  const inBand = { group: "band" as const };
  const bandContext = {
    bandLabel: facts.text("band.label", "The band's market-cap ranks", band.label, inBand),
    coinsInBand: facts.count("band.coins", `Coins ranked ${band.label}`, bandRows.length, { ...inBand, stat: "count" }),
    momentumPosition: facts.position(
      `${coin.id}.momentum_position`,
      `${coin.name} position by social momentum in the band`,
      ranked.findIndex((r) => r.coinId === row.coinId) + 1,
      { subject: coin.id, ranking: "momentum" },
    ),
    bandAverageSentiment: facts.share(
      "band.average_sentiment",
      `Average sentiment of coins ranked ${band.label}`,
      tracked.length ? Math.round(tracked.reduce((s, r) => s + (r.sentiment ?? 0), 0) / tracked.length) : 0,
      0,
      { metric: "sentiment", ...inBand, stat: "mean" },
    ),
    bandMedianChange: facts.change(
      "band.median_change_24h",
      `Median 24-hour price change of coins ranked ${band.label}`,
      Math.round(median(bandRows.filter((r) => r.change24h != null).map((r) => r.change24h ?? 0)) * 100) / 100,
      { period: "24h", ...inBand, stat: "median" },
    ),
  };
  const time = timeFacts(date, row.marketAsOf);
  return {
    kind: "trending_analysis",
    date,
    asOf: row.marketAsOf,
    band,
    coin,
    bandContext,
    socialSource: row.source,
    entities: [entityOf(coin)],
    time,
    scale: SCALE,
    sections: [
      { title: "Date, time and scale", facts: [time.date, time.dataTime, SCALE] },
      { title: `${coin.name} (${coin.symbol})`, facts: coinFactList(coin) },
      { title: `Coins ranked ${band.label}`, facts: Object.values(bandContext) },
    ],
  };
}
