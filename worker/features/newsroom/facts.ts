import { formatChange, formatPrice } from "#worker/features/cryptos/present.ts";
import type { Entity, Metric, Period } from "#worker/lib/grounding/index.ts";
import type { CoinFacts, Fact, FactKind } from "#worker/ports/llm/llm.ts";
import type { SnapshotRow } from "./snapshots.ts";

/** Every figure a writer may cite is made here, once, with an id and the exact text readers see. */

type Meta = { signed?: boolean; subject?: string | undefined; metric?: Metric; period?: Period };

function fact(id: string, label: string, kind: FactKind, value: number, display: string, meta: Meta = {}): Fact {
  const out: Fact = { id, label, kind, value, display };
  if (meta.signed) out.signed = true;
  if (meta.subject) out.subject = meta.subject;
  if (meta.metric) out.metric = meta.metric;
  if (meta.period) out.period = meta.period;
  return out;
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

/** The same number the display shows, so "+2.31%" is 2.31 and not 2.3141. */
function shownValue(display: string, fallback: number): number {
  const n = Number(display.replace(/[^0-9.-]/g, ""));
  return Number.isFinite(n) ? n : fallback;
}

export const facts = {
  price: (id: string, label: string, v: number, meta: Meta = {}) =>
    fact(id, label, "price", v, formatPrice(v), { metric: "price", ...meta }),
  money: (id: string, label: string, v: number, meta: Meta) => fact(id, label, "money", v, moneyText(v), meta),
  change: (id: string, label: string, v: number, meta: Meta = {}) => {
    const display = formatChange(v);
    return fact(id, label, "percent", shownValue(display, v), display, { metric: "change", signed: true, ...meta });
  },
  /** A share such as sentiment or dominance: "78%", "0.52%". */
  share: (id: string, label: string, v: number, decimals: number, meta: Meta) => {
    const display = `${v.toFixed(decimals)}%`;
    return fact(id, label, "percent", shownValue(display, v), display, meta);
  },
  rank: (id: string, label: string, v: number, meta: Meta = {}) =>
    fact(id, label, "rank", v, `#${Math.round(v)}`, { metric: "rank", ...meta }),
  score: (id: string, label: string, v: number, meta: Meta = {}) =>
    fact(id, label, "score", v, v.toFixed(1), { metric: "galaxyScore", ...meta }),
  scoreChange: (id: string, label: string, v: number, meta: Meta = {}) =>
    fact(id, label, "score", v, `${v >= 0 ? "+" : "-"}${Math.abs(v).toFixed(1)}`, { metric: "galaxyChange", signed: true, ...meta }),
  count: (id: string, label: string, v: number, meta: Meta = {}) => fact(id, label, "count", v, countText(v), { metric: "count", ...meta }),
  /** A fixed text with digits that a writer may cite: the date, the data time, a band's bounds. */
  text: (id: string, label: string, display: string) => fact(id, label, "label", 0, display, { metric: "label" }),
};

/** One coin's facts from a snapshot row (market figures and, when tracked, social ones). */
export function coinFacts(row: SnapshotRow): CoinFacts {
  const name = row.name;
  const symbol = row.symbol.toUpperCase();
  const id = row.coinId;
  const about = { subject: id };
  const c: CoinFacts = {
    id,
    name,
    symbol,
    rank: facts.rank(`${id}.rank`, `${name} market-cap rank`, row.rank, about),
    price: facts.price(`${id}.price`, `${name} price (USD)`, row.price, about),
    change24h:
      row.change24h == null
        ? null
        : facts.change(`${id}.change_24h`, `${name} 24-hour price change`, row.change24h, { ...about, period: "24h" }),
    change7d:
      row.change7d == null ? null : facts.change(`${id}.change_7d`, `${name} 7-day price change`, row.change7d, { ...about, period: "7d" }),
    marketCap: facts.money(`${id}.market_cap`, `${name} market cap`, row.marketCap, { ...about, metric: "marketCap" }),
    volume24h:
      row.volume24h == null
        ? null
        : facts.money(`${id}.volume_24h`, `${name} 24-hour trading volume`, row.volume24h, { ...about, metric: "volume" }),
    categories: row.categories,
  };
  if (row.galaxyScore != null) c.galaxyScore = facts.score(`${id}.galaxy_score`, `${name} Galaxy Score`, row.galaxyScore, about);
  if (row.galaxyScorePrevious != null) {
    c.galaxyScorePrevious = facts.score(`${id}.galaxy_score_prev`, `${name} Galaxy Score a day earlier`, row.galaxyScorePrevious, about);
  }
  if (row.galaxyScore != null && row.galaxyScorePrevious != null) {
    c.galaxyChange = facts.scoreChange(
      `${id}.galaxy_change`,
      `${name} Galaxy Score change (points)`,
      round1(row.galaxyScore) - round1(row.galaxyScorePrevious),
      about,
    );
  }
  if (row.altRank != null) c.altRank = facts.rank(`${id}.altrank`, `${name} AltRank`, row.altRank, { ...about, metric: "altRank" });
  if (row.altRankPrevious != null) {
    c.altRankPrevious = facts.rank(`${id}.altrank_prev`, `${name} AltRank a day earlier`, row.altRankPrevious, {
      ...about,
      metric: "altRank",
    });
  }
  if (row.sentiment != null) {
    c.sentiment = facts.share(`${id}.sentiment`, `${name} sentiment (share of positive posts)`, row.sentiment, 0, {
      ...about,
      metric: "sentiment",
    });
  }
  if (row.socialVolume24h != null) {
    c.socialVolume = facts.count(`${id}.posts_24h`, `${name} social posts in 24 hours`, row.socialVolume24h, {
      ...about,
      metric: "socialVolume",
    });
  }
  if (row.interactions24h != null) {
    c.interactions = facts.count(`${id}.interactions_24h`, `${name} social interactions in 24 hours`, row.interactions24h, {
      ...about,
      metric: "interactions",
    });
  }
  if (row.socialDominance != null) {
    c.socialDominance = facts.share(`${id}.social_dominance`, `${name} social dominance`, row.socialDominance, 2, {
      ...about,
      metric: "dominance",
    });
  }
  return c;
}

/** The facts of a coin as the flat list the prompt and the check read. */
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

export function entityOf(c: CoinFacts): Entity {
  return { id: c.id, name: c.name, symbol: c.symbol };
}

/** "22 November 2026" from "2026-11-22". */
export function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** The date and data time an article may cite. */
export function timeFacts(date: string, asOf: string): { date: Fact; dataTime: Fact } {
  return {
    date: facts.text("date", "The day of the article", longDate(date)),
    dataTime: facts.text("data_time", "Time of the data (UTC)", `${new Date(asOf).toISOString().slice(11, 16)} UTC`),
  };
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
