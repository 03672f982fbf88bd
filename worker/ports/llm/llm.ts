/**
 * The article writer port. A writer receives only facts the product fetched, each with the exact
 * text it may quote, and returns a draft; every figure in the draft is checked against the same
 * facts before anything is published.
 */

/** price: a coin price; money: caps and volumes; percent; rank (#12, AltRank); score (Galaxy Score); count. */
export type FactKind = "price" | "money" | "percent" | "rank" | "score" | "count";

export type Fact = {
  label: string;
  kind: FactKind;
  value: number;
  /** The only way the figure may be written, e.g. "$64,039.00", "+2.31%", "#12", "67.5". */
  display: string;
  /** Changes carry a direction ("rose 2.31%" must not be written for -2.31%). */
  signed?: boolean;
};

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
  volume24h: Fact;
  galaxyScore?: Fact;
  galaxyScorePrevious?: Fact;
  galaxyChange?: Fact;
  altRank?: Fact;
  altRankPrevious?: Fact;
  sentiment?: Fact;
  socialVolume?: Fact;
  interactions?: Fact;
  socialDominance?: Fact;
  categories: string[];
};

type BriefBase = {
  /** The UTC day the article is for, YYYY-MM-DD. */
  date: string;
  /** When the figures were taken (ISO). */
  asOf: string;
  /** Everything the writer may quote, grouped for the prompt. */
  sections: FactSection[];
  /** Other numbers an article may write without a fact: the date's parts, a band's bounds. */
  allowedNumbers: number[];
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
  };
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
  bandContext: { coinsInBand: Fact; momentumPosition: Fact; bandAverageSentiment: Fact };
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
};

export interface ArticleWriter {
  /** "workers-ai", "openai-compatible" or "offline". */
  readonly source: string;
  readonly model: string;
  write(brief: ArticleBrief): Promise<Draft>;
}

/** The writer answered something that is not a usable article (retried as a validation failure). */
export class DraftFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ValidationError";
  }
}
