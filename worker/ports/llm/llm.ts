/**
 * The article writer port. A writer receives only facts the product fetched, each with an id, and
 * returns a draft that cites them as `{{id}}`; every claim in the draft is checked against the fact
 * it cites (`#worker/lib/grounding`) before the citations are written out and anything is published.
 */

import type { Entity, Fact } from "#worker/lib/grounding/index.ts";

/** Facts are the grounding library's: an id to cite, the display text, and what the figure is about. */
export type { Fact } from "#worker/lib/grounding/index.ts";

export type FactSection = { title: string; facts: Fact[] };

/** One coin's figures, each already a fact. Social facts are absent when the source lacks the coin. */
export type CoinFacts = {
  id: string;
  name: string;
  symbol: string;
  rank: Fact;
  price: Fact;
  change24h: Fact | null;
  change7d: Fact | null;
  marketCap: Fact;
  volume24h: Fact | null;
  galaxyScore?: Fact;
  galaxyScorePrevious?: Fact;
  galaxyChange?: Fact;
  altRank?: Fact;
  altRankPrevious?: Fact;
  sentiment?: Fact;
  socialVolume?: Fact;
  interactions?: Fact;
  socialDominance?: Fact;
  /** The coin's places in the day's lists and its comparisons with others (roundup and trending briefs add them). */
  related?: Fact[];
  categories: string[];
};

type BriefBase = {
  /** The UTC day the article is for, YYYY-MM-DD. */
  date: string;
  /** When the figures were taken (ISO). */
  asOf: string;
  /** Everything the writer may quote, grouped for the prompt. */
  sections: FactSection[];
  /** The coins the brief is about: the only ones its article may name. */
  entities: Entity[];
  /** The day ("22 November 2026") and data time ("06:00 UTC") as citable facts. */
  time: { date: Fact; dataTime: Fact };
};

export type RoundupBrief = BriefBase & {
  kind: "daily_roundup";
  market: {
    totalMarketCap: Fact;
    totalVolume: Fact;
    btcDominance: Fact;
    trackedCoins: Fact;
    gainers: Fact;
    losers: Fact;
    medianChange: Fact;
    /** The 24-hour change of the combined market cap. */
    capChange: Fact;
  };
  /** "top 100" and "top 500" as citable facts. */
  scope: { top100: Fact; tracked: Fact };
  bitcoin: CoinFacts;
  ethereum: CoinFacts | null;
  topGainers: CoinFacts[];
  topLosers: CoinFacts[];
  social: {
    source: string;
    averageSentiment: Fact;
    mostDiscussed: CoinFacts[];
    risingGalaxy: CoinFacts[];
  } | null;
};

export type TrendingBrief = BriefBase & {
  kind: "trending_analysis";
  band: { from: number; to: number; label: string };
  coin: CoinFacts;
  /** Where the coin stands among the coins of its band that day. */
  bandContext: { coinsInBand: Fact; momentumPosition: Fact; bandAverageSentiment: Fact; bandLabel: Fact; bandMedianChange: Fact };
  /** The Galaxy Score's scale, "0 to 100". */
  scale: Fact;
  socialSource: string;
};

export type ArticleBrief = RoundupBrief | TrendingBrief;

export type Draft = {
  title: string;
  excerpt: string;
  /** Markdown, without the data-time and sources footer (the publisher adds it). */
  body: string;
  /** Which writer produced it, e.g. "offline-templates" or "@cf/meta/llama-3.1-8b-instruct". */
  model: string;
  /** What the call cost and returned, kept per article for admins (absent for the template writer). */
  usage?: TokenUsage;
  /** SHA-256 of the messages sent, hex: the same brief and instructions give the same hash. */
  promptHash?: string;
  /** The model's answer as received (capped), for review. */
  raw?: string;
};

export type TokenUsage = { promptTokens: number; completionTokens: number };

/** A second try: the draft that failed the check and its problems, one per line. */
export type Repair = {
  previous: Draft;
  problems: string[];
  /** Each held sentence as readers see it, why, and the frame form of each fact it cites (a sentence the check reads). */
  held?: { sentence: string; why: string[]; forms: string[] }[];
};

export interface ArticleWriter {
  /** "workers-ai", "openai-compatible" or "offline". */
  readonly source: string;
  readonly model: string;
  write(brief: ArticleBrief, repair?: Repair): Promise<Draft>;
}

/** The writer answered something that is not a usable article (retried as a validation failure). */
export class DraftFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ValidationError";
  }
}
