/** The market figures a sentiment source is asked about (one row of the market table). */
export type MarketInput = {
  /** CoinGecko id, the key of the market table. */
  id: string;
  /** Lower case, as the market table spells it. */
  symbol: string;
  name: string;
  rank: number;
  price: number;
  change24h: number | null;
  change7d: number | null;
  marketCap: number;
  /** Null when the market source does not report it. */
  volume24h: number | null;
};

/** Social metrics of one coin, as LunarCrush v4 defines them. */
export type SocialMetrics = {
  galaxyScore: number | null;
  galaxyScorePrevious: number | null;
  altRank: number | null;
  altRankPrevious: number | null;
  /** Percent of posts (weighted by interactions) that are positive, 0-100. */
  sentiment: number | null;
  socialVolume24h: number | null;
  interactions24h: number | null;
  /** Percent of all social volume. */
  socialDominance: number | null;
  /** Percent of the total market cap. */
  marketDominance: number | null;
  categories: string[];
};

/** The sentiment port: social metrics for the coins of the market table. */
export interface SentimentPort {
  /** "lunarcrush" or "offline": stored with every snapshot row and named in article sources. */
  readonly source: string;
  /**
   * Metrics keyed by the market table's coin id. A coin the source does not track is absent.
   * `date` is the UTC day the metrics are for (the offline source derives its values from it).
   */
  fetchMetrics(coins: readonly MarketInput[], date: string): Promise<Map<string, SocialMetrics>>;
}
