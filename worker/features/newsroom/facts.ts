import { facts, longDate } from "#worker/lib/grounding/facts.ts";
import type { Entity } from "#worker/lib/grounding/index.ts";
import type { CoinFacts, Fact } from "#worker/ports/llm/llm.ts";
import type { SnapshotRow } from "./snapshots.ts";

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
    c.galaxyScorePrevious = facts.score(`${id}.galaxy_score_prev`, `${name} Galaxy Score a day earlier`, row.galaxyScorePrevious, {
      ...about,
      prior: true,
    });
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
      prior: true,
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
    ...(c.related ?? []),
  ];
  return list.filter((f): f is Fact => f != null);
}

export function entityOf(c: CoinFacts): Entity {
  return { id: c.id, name: c.name, symbol: c.symbol };
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
