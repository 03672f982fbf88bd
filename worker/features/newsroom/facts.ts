import { formatChange, formatPrice } from "#worker/features/cryptos/present.ts";
import type { CoinFacts, Fact, FactKind } from "#worker/ports/llm/llm.ts";
import type { SnapshotRow } from "./snapshots.ts";

/** Every figure a writer may quote is made here, once, with the exact text it must be written as. */

function fact(label: string, kind: FactKind, value: number, display: string, signed = false): Fact {
  return signed ? { label, kind, value, display, signed } : { label, kind, value, display };
}

/** "$1.28 trillion", "$32.02 billion", "$245.67 million", "$812,400". */
export function moneyText(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e12) return `$${(value / 1e12).toFixed(2)} trillion`;
  if (abs >= 1e9) return `$${(value / 1e9).toFixed(2)} billion`;
  if (abs >= 1e6) return `$${(value / 1e6).toFixed(2)} million`;
  return `$${Math.round(value).toLocaleString("en-US")}`;
}

/** "353,615" or, from a million, "183.24 million". */
export function countText(value: number): string {
  if (Math.abs(value) >= 1e6) return `${(value / 1e6).toFixed(2)} million`;
  return Math.round(value).toLocaleString("en-US");
}

export const facts = {
  price: (label: string, v: number) => fact(label, "price", v, formatPrice(v)),
  money: (label: string, v: number) => fact(label, "money", v, moneyText(v)),
  change: (label: string, v: number) => fact(label, "percent", v, formatChange(v), true),
  /** A share such as sentiment or dominance: "78%", "0.52%". */
  share: (label: string, v: number, decimals: number) => fact(label, "percent", v, `${v.toFixed(decimals)}%`),
  rank: (label: string, v: number) => fact(label, "rank", v, `#${Math.round(v)}`),
  score: (label: string, v: number) => fact(label, "score", v, v.toFixed(1)),
  scoreChange: (label: string, v: number) => fact(label, "score", v, `${v >= 0 ? "+" : "-"}${Math.abs(v).toFixed(1)}`, true),
  count: (label: string, v: number) => fact(label, "count", v, countText(v)),
};

/** The same numbers the display will show, so "+2.31%" is checked as 2.31 and not 2.3141. */
function shown(f: Fact): Fact {
  const n = Number(f.display.replace(/[^0-9.-]/g, ""));
  return Number.isFinite(n) && f.kind === "percent" ? { ...f, value: n } : f;
}

/** One coin's facts from a snapshot row (market figures and, when tracked, social ones). */
export function coinFacts(row: SnapshotRow): CoinFacts {
  const name = row.name;
  const symbol = row.symbol.toUpperCase();
  const c: CoinFacts = {
    id: row.coinId,
    name,
    symbol,
    rank: facts.rank(`${name} market-cap rank`, row.rank),
    price: facts.price(`${name} price (USD)`, row.price),
    change24h: row.change24h == null ? null : shown(facts.change(`${name} 24-hour price change`, row.change24h)),
    change7d: row.change7d == null ? null : shown(facts.change(`${name} 7-day price change`, row.change7d)),
    marketCap: facts.money(`${name} market cap`, row.marketCap),
    volume24h: facts.money(`${name} 24-hour trading volume`, row.volume24h),
    categories: row.categories,
  };
  if (row.galaxyScore != null) c.galaxyScore = facts.score(`${name} Galaxy Score`, row.galaxyScore);
  if (row.galaxyScorePrevious != null) c.galaxyScorePrevious = facts.score(`${name} Galaxy Score a day earlier`, row.galaxyScorePrevious);
  if (row.galaxyScore != null && row.galaxyScorePrevious != null) {
    c.galaxyChange = facts.scoreChange(`${name} Galaxy Score change (points)`, round1(row.galaxyScore) - round1(row.galaxyScorePrevious));
  }
  if (row.altRank != null) c.altRank = facts.rank(`${name} AltRank`, row.altRank);
  if (row.altRankPrevious != null) c.altRankPrevious = facts.rank(`${name} AltRank a day earlier`, row.altRankPrevious);
  if (row.sentiment != null) c.sentiment = shown(facts.share(`${name} sentiment (share of positive posts)`, row.sentiment, 0));
  if (row.socialVolume24h != null) c.socialVolume = facts.count(`${name} social posts in 24 hours`, row.socialVolume24h);
  if (row.interactions24h != null) c.interactions = facts.count(`${name} social interactions in 24 hours`, row.interactions24h);
  if (row.socialDominance != null) c.socialDominance = shown(facts.share(`${name} social dominance`, row.socialDominance, 2));
  return c;
}

/** The facts of a coin as the flat list the prompt and the grounding check read. */
export function coinFactList(c: CoinFacts): Fact[] {
  const list = [
    c.rank,
    c.price,
    c.change24h,
    c.change7d,
    c.marketCap,
    c.volume24h,
    c.galaxyScore,
    c.galaxyScorePrevious,
    c.galaxyChange,
    c.altRank,
    c.altRankPrevious,
    c.sentiment,
    c.socialVolume,
    c.interactions,
    c.socialDominance,
  ];
  return list.filter((f): f is Fact => f != null);
}

/** The numbers of a date an article may write ("22 November 2026"). */
export function dateNumbers(date: string): number[] {
  const [y, m, d] = date.split("-").map(Number);
  return [y ?? 0, m ?? 0, d ?? 0];
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
