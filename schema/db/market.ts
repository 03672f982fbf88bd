import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Latest known row per coin, upserted by the PriceFeed on every tick. Keyed by CoinGecko id. */
export const coins = sqliteTable(
  "coins",
  {
    id: text("id").primaryKey(),
    symbol: text("symbol").notNull(),
    name: text("name").notNull(),
    rank: integer("rank").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    price: real("price").notNull(),
    change1h: real("change_1h"),
    change24h: real("change_24h"),
    change7d: real("change_7d"),
    marketCap: real("market_cap").notNull().default(0),
    /** Null when the market source does not report it (offline ranks 251-500). */
    volume24h: real("volume_24h"),
    circulatingSupply: real("circulating_supply"),
    totalSupply: real("total_supply"),
    maxSupply: real("max_supply"),
    fullyDilutedValuation: real("fully_diluted_valuation"),
    high24h: real("high_24h"),
    low24h: real("low_24h"),
    ath: real("ath"),
    athDate: text("ath_date"),
    atl: real("atl"),
    atlDate: text("atl_date"),
    lastUpdated: text("last_updated").notNull(),
  },
  (t) => [index("coins_symbol_idx").on(t.symbol), index("coins_rank_idx").on(t.rank)],
);

/**
 * Price points for charts and sparklines. `ts` is a unix time in seconds, bucketed by the
 * writer (5 minutes for fresh points); the nightly roll-up thins old points to hourly, then daily.
 */
export const priceHistory = sqliteTable(
  "price_history",
  {
    coinId: text("coin_id").notNull(),
    ts: integer("ts").notNull(),
    price: real("price").notNull(),
    marketCap: real("market_cap"),
    volume24h: real("volume_24h"),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.ts] }), index("price_history_ts_idx").on(t.ts)],
);
