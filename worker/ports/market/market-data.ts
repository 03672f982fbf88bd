/** One coin as the market data port reports it: raw numbers, no display forms. */
export type MarketCoin = {
  id: string;
  /** Lower case, as CoinGecko spells it. */
  symbol: string;
  name: string;
  imageUrl: string;
  rank: number;
  price: number;
  change1h: number | null;
  change24h: number | null;
  change7d: number | null;
  marketCap: number;
  /** Null when the source does not report it: shown as unknown, never as 0. */
  volume24h: number | null;
  circulatingSupply: number | null;
  totalSupply: number | null;
  maxSupply: number | null;
  /** Market cap if the maximum (or else total) supply were in circulation. */
  fullyDilutedValuation: number | null;
  high24h: number | null;
  low24h: number | null;
  /** All-time high and low in USD, with the ISO time each was reached. */
  ath: number | null;
  athDate: string | null;
  atl: number | null;
  atlDate: string | null;
  /** ISO time of the figures. */
  lastUpdated: string;
};

/** The market data port: the top coins by market cap, in rank order. */
export interface MarketDataPort {
  /** Names the source for logs, status and attribution ("coingecko" or "offline"). */
  readonly source: string;
  /**
   * Fetches the top `count` coins. `previous` is the last good answer, which stateless live sources
   * ignore and the offline source walks forward from.
   */
  fetchTop(count: number, previous?: readonly MarketCoin[]): Promise<MarketCoin[]>;
}
