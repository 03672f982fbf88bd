import type { ArticleBrief, ArticleWriter, CoinFacts, Fact, RoundupBrief, TrendingBrief } from "#worker/ports/llm/llm.ts";
import { isStablecoin } from "#worker/ports/sentiment/offline.ts";
import type { Source } from "./articles.ts";
import { coinFactList, coinFacts, dateNumbers, facts } from "./facts.ts";
import type { SnapshotRow } from "./snapshots.ts";

/** Numbers any article may write without a fact: "top 100", "top 500", "0 to 100". */
const COMMON_NUMBERS = [0, 100, 500];

/** Where the figures and the words came from, named honestly (an offline source says so). */
export function sourcesOf(marketSource: string, socialSource: string | null, writer: Pick<ArticleWriter, "source" | "model">): Source[] {
  const out: Source[] = [
    marketSource === "coingecko"
      ? { name: "CoinGecko", url: "https://www.coingecko.com", role: "market" }
      : { name: "CoinGecko (recorded snapshot, offline mode)", url: "https://www.coingecko.com", role: "market" },
  ];
  if (socialSource === "lunarcrush") out.push({ name: "LunarCrush", url: "https://lunarcrush.com", role: "social" });
  else if (socialSource) out.push({ name: "Coinsight offline sentiment model (derived from market data)", role: "social" });
  out.push(
    writer.source === "offline"
      ? { name: "Coinsight template writer", role: "writer" }
      : { name: `AI model ${writer.model}, checked against the data above`, role: "writer" },
  );
  return out;
}

/** Every fact of a brief, for the grounding check. */
export function allFacts(brief: ArticleBrief): Fact[] {
  return brief.sections.flatMap((s) => s.facts);
}

/** Names with digits in them ("USD1") must not be read as figures. */
export function namesOf(brief: ArticleBrief): string[] {
  const coins = brief.kind === "daily_roundup" ? roundupCoins(brief) : [brief.coin];
  return coins.flatMap((c) => [c.name, c.symbol]);
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The Daily Roundup's facts: the market of the day (top 500, movers of the top 100) and its social mood. */
export function roundupBrief(date: string, asOf: string, rows: SnapshotRow[], socialSource: string | null): RoundupBrief {
  const total = rows.reduce((s, r) => s + r.marketCap, 0);
  const top100 = rows.filter((r) => r.rank <= 100 && r.change24h != null);
  const btcRow = rows.find((r) => r.coinId === "bitcoin") ?? rows[0];
  if (!btcRow) throw new Error("No market rows to write a roundup from");
  const ethRow = rows.find((r) => r.coinId === "ethereum");
  const byChange = [...top100].sort((a, b) => (b.change24h ?? 0) - (a.change24h ?? 0));
  const topGainers = byChange
    .filter((r) => (r.change24h ?? 0) > 0)
    .slice(0, 3)
    .map(coinFacts);
  const topLosers = byChange
    .filter((r) => (r.change24h ?? 0) < 0)
    .reverse()
    .slice(0, 3)
    .map(coinFacts);
  const market = {
    totalMarketCap: facts.money("Combined market cap of the top 500", total),
    totalVolume: facts.money(
      "Combined 24-hour trading volume of the top 500",
      rows.reduce((s, r) => s + r.volume24h, 0),
    ),
    btcDominance: facts.share("Bitcoin's share of the top 500's market cap", total > 0 ? (btcRow.marketCap / total) * 100 : 0, 2),
    trackedCoins: facts.count("Coins tracked", rows.length),
    gainers: facts.count("Coins in the top 100 that rose over 24 hours", top100.filter((r) => (r.change24h ?? 0) > 0).length),
    losers: facts.count("Coins in the top 100 that fell over 24 hours", top100.filter((r) => (r.change24h ?? 0) < 0).length),
    medianChange: facts.change("Median 24-hour change in the top 100", Math.round(median(top100.map((r) => r.change24h ?? 0)) * 100) / 100),
  };
  const tracked = rows.filter((r) => r.sentiment != null && r.socialVolume24h != null);
  const social =
    socialSource && tracked.length > 0
      ? {
          source: socialSource,
          averageSentiment: facts.share(
            "Average sentiment across the top 500 (share of positive posts)",
            Math.round(tracked.reduce((s, r) => s + (r.sentiment ?? 0), 0) / tracked.length),
            0,
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
        }
      : null;
  const brief: RoundupBrief = {
    kind: "daily_roundup",
    date,
    asOf,
    sections: [],
    allowedNumbers: [...dateNumbers(date), ...COMMON_NUMBERS],
    market,
    bitcoin: coinFacts(btcRow),
    ethereum: ethRow ? coinFacts(ethRow) : null,
    topGainers,
    topLosers,
    social,
  };
  brief.sections = [
    { title: "Market (top 500)", facts: Object.values(market) },
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
  const bandContext = {
    coinsInBand: facts.count(`Coins ranked ${band.label}`, bandRows.length),
    momentumPosition: facts.rank(
      `${coin.name} position by social momentum in the band`,
      ranked.findIndex((r) => r.coinId === row.coinId) + 1,
    ),
    bandAverageSentiment: facts.share(
      `Average sentiment of coins ranked ${band.label}`,
      tracked.length ? Math.round(tracked.reduce((s, r) => s + (r.sentiment ?? 0), 0) / tracked.length) : 0,
      0,
    ),
  };
  return {
    kind: "trending_analysis",
    date,
    asOf: row.marketAsOf,
    band,
    coin,
    bandContext,
    socialSource: row.source,
    allowedNumbers: [...dateNumbers(date), ...COMMON_NUMBERS, band.from, band.to],
    sections: [
      { title: `${coin.name} (${coin.symbol})`, facts: coinFactList(coin) },
      { title: `Coins ranked ${band.label}`, facts: Object.values(bandContext) },
    ],
  };
}
