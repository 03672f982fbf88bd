import { facts } from "#worker/lib/grounding/facts.ts";
import type { ClaimInput } from "#worker/lib/grounding/index.ts";

/** The suite's brief: three coins and the market on a fixed day. Bitcoin fell on the day and rose on the week; Ethereum the other way. */
const btc = { subject: "bitcoin" };
const eth = { subject: "ethereum" };
const zec = { subject: "zcash" };

export const SUITE_BRIEF: ClaimInput = {
  entities: [
    { id: "bitcoin", name: "Bitcoin", symbol: "BTC" },
    { id: "ethereum", name: "Ethereum", symbol: "ETH" },
    { id: "zcash", name: "Zcash", symbol: "ZEC" },
  ],
  facts: [
    facts.text("date", "The day of the article", "22 November 2026"),
    facts.text("data_time", "Time of the data (UTC)", "06:00 UTC"),
    facts.text("scope.top100", "The 100 largest coins", "top 100", { group: "top100" }),
    facts.text("scope.tracked", "The coins Coinsight tracks", "tracked", { group: "tracked" }),
    facts.price("bitcoin.price", "Bitcoin price (USD)", 64039, btc),
    facts.change("bitcoin.change_1h", "Bitcoin 1-hour price change", 0.12, { ...btc, period: "1h" }),
    facts.change("bitcoin.change_24h", "Bitcoin 24-hour price change", -2.3141, { ...btc, period: "24h" }),
    facts.change("bitcoin.change_7d", "Bitcoin 7-day price change", 5.12, { ...btc, period: "7d" }),
    facts.money("bitcoin.market_cap", "Bitcoin market cap", 1.28e12, { ...btc, metric: "marketCap" }),
    facts.money("bitcoin.volume_24h", "Bitcoin 24-hour trading volume", 32.02e9, { ...btc, metric: "volume" }),
    facts.rank("bitcoin.rank", "Bitcoin market-cap rank", 1, btc),
    facts.price("ethereum.price", "Ethereum price (USD)", 3120.5, eth),
    facts.change("ethereum.change_24h", "Ethereum 24-hour price change", 3.4, { ...eth, period: "24h" }),
    facts.change("ethereum.change_7d", "Ethereum 7-day price change", -1.85, { ...eth, period: "7d" }),
    facts.money("ethereum.market_cap", "Ethereum market cap", 376.12e9, { ...eth, metric: "marketCap" }),
    facts.money("ethereum.volume_24h", "Ethereum 24-hour trading volume", 18.4e9, { ...eth, metric: "volume" }),
    facts.rank("ethereum.rank", "Ethereum market-cap rank", 2, eth),
    facts.price("zcash.price", "Zcash price (USD)", 501.63, zec),
    facts.change("zcash.change_24h", "Zcash 24-hour price change", 12.22, { ...zec, period: "24h" }),
    facts.change("zcash.change_7d", "Zcash 7-day price change", 30.1, { ...zec, period: "7d" }),
    facts.money("zcash.market_cap", "Zcash market cap", 8.43e9, { ...zec, metric: "marketCap" }),
    facts.money("zcash.volume_24h", "Zcash 24-hour trading volume", 476.83e6, { ...zec, metric: "volume" }),
    facts.rank("zcash.rank", "Zcash market-cap rank", 15, zec),
    facts.score("zcash.galaxy_score", "Zcash Galaxy Score", 71.2, zec),
    facts.score("zcash.galaxy_score_prev", "Zcash Galaxy Score a day earlier", 64, { ...zec, prior: true }),
    facts.scoreChange("zcash.galaxy_change", "Zcash Galaxy Score change (points)", 7.2, zec),
    facts.rank("zcash.altrank", "Zcash AltRank", 12, { ...zec, metric: "altRank" }),
    facts.rank("zcash.altrank_prev", "Zcash AltRank a day earlier", 48, { ...zec, metric: "altRank", prior: true }),
    facts.position("zcash.social_volume_position", "Zcash's place among the coins by social posts in 24 hours", 1, {
      ...zec,
      ranking: "socialVolume",
    }),
    facts.share("zcash.sentiment", "Zcash sentiment (share of positive posts)", 78, 0, { ...zec, metric: "sentiment" }),
    facts.count("zcash.posts_24h", "Zcash social posts in 24 hours", 353615, { ...zec, metric: "socialVolume" }),
    facts.count("zcash.interactions_24h", "Zcash social interactions in 24 hours", 12.4e6, { ...zec, metric: "interactions" }),
    facts.share("zcash.social_dominance", "Zcash social dominance", 1.52, 2, { ...zec, metric: "dominance" }),
    facts.money("market.cap", "Combined market cap of the coins tracked", 2.41e12, { metric: "marketCap", group: "tracked", stat: "sum" }),
    facts.money("market.volume_24h", "Combined 24-hour trading volume", 98.2e9, { metric: "volume", group: "tracked", stat: "sum" }),
    facts.share("market.btc_dominance", "Bitcoin's share of the market cap", 53.11, 2, { subject: "bitcoin", metric: "dominance" }),
    facts.count("market.gainers", "Coins in the top 100 that rose over 24 hours", 61, { group: "top100", stat: "count", sense: 1 }),
    facts.count("market.losers", "Coins in the top 100 that fell over 24 hours", 39, { group: "top100", stat: "count", sense: -1 }),
    facts.change("market.median_change_24h", "Median 24-hour price change in the top 100", 0.84, {
      period: "24h",
      group: "top100",
      stat: "median",
    }),
  ],
};

/**
 * An Ask Coinsight brief as the answerer gets one: one coin (Bitcoin, which fell on the day, rose
 * on the week and sits below half positive posts), the market's median, its usual move, its
 * supply and a labelled statistical range.
 */
export const ASK_BRIEF: ClaimInput = {
  entities: [{ id: "bitcoin", name: "Bitcoin", symbol: "BTC" }],
  facts: [
    facts.price("bitcoin.price", "Bitcoin price (USD)", 64039, btc),
    facts.change("bitcoin.change_1h", "Bitcoin 1-hour price change", 0.12, { ...btc, period: "1h" }),
    facts.change("bitcoin.change_24h", "Bitcoin 24-hour price change", -2.3141, { ...btc, period: "24h" }),
    facts.change("bitcoin.change_7d", "Bitcoin 7-day price change", 5.12, { ...btc, period: "7d" }),
    facts.money("bitcoin.market_cap", "Bitcoin market cap", 1.28e12, { ...btc, metric: "marketCap" }),
    facts.money("bitcoin.volume_24h", "Bitcoin 24-hour trading volume", 32.02e9, { ...btc, metric: "volume" }),
    facts.rank("bitcoin.rank", "Bitcoin market-cap rank", 1, btc),
    facts.text("scope.top100", "The 100 largest coins by market cap", "top 100", { group: "top100" }),
    facts.change("market.median_change_24h", "Median 24-hour price change of the top 100 coins", 0.84, {
      period: "24h",
      group: "top100",
      stat: "median",
    }),
    facts.share("bitcoin.usual_daily_move", "Bitcoin usual daily move (realised volatility)", 2.1, 2, {
      ...btc,
      metric: "change",
      period: "24h",
      baseline: true,
    }),
    facts.relative("bitcoin.move_vs_usual", "Bitcoin 24-hour move in multiples of its usual daily move", 1.1, {
      ...btc,
      versus: "usual",
      multiple: true,
      period: "24h",
    }),
    facts.count("bitcoin.circulating_supply", "Bitcoin circulating supply (coins)", 19.8e6, { ...btc, metric: "circulatingSupply" }),
    facts.count("bitcoin.total_supply", "Bitcoin total supply (coins)", 19.8e6, { ...btc, metric: "totalSupply" }),
    facts.count("bitcoin.max_supply", "Bitcoin maximum supply (coins)", 21e6, { ...btc, metric: "maxSupply" }),
    facts.share("bitcoin.circulating_share", "Share of Bitcoin's maximum supply in circulation", 94.3, 1, {
      ...btc,
      metric: "supplyShare",
    }),
    facts.share("bitcoin.sentiment", "Bitcoin sentiment (share of positive posts)", 44, 0, { ...btc, metric: "sentiment" }),
    facts.score("bitcoin.galaxy_score", "Bitcoin Galaxy Score", 58, btc),
    facts.score("bitcoin.galaxy_score_prev", "Bitcoin Galaxy Score a day earlier", 61, { ...btc, prior: true }),
    facts.scoreChange("bitcoin.galaxy_change", "Bitcoin Galaxy Score change (points)", -3, btc),
    facts.rank("bitcoin.altrank", "Bitcoin AltRank", 20, { ...btc, metric: "altRank" }),
    facts.count("bitcoin.posts_24h", "Bitcoin social posts in 24 hours", 812400, { ...btc, metric: "socialVolume" }),
    facts.share("bitcoin.daily_volatility", "Bitcoin realised daily volatility", 2.1, 2, {
      ...btc,
      metric: "change",
      period: "24h",
      baseline: true,
    }),
    facts.range(
      "bitcoin.range_7d",
      "Bitcoin one-standard-deviation price range over the next 7 days",
      "$60,180 to $68,150 over the next 7 days",
      btc,
    ),
    facts.share("range.one_sigma_share", "Share of outcomes a one-standard-deviation range holds", 68, 0, { metric: "range" }),
  ],
};

/** The brief each kind of text is checked against: an article's, or an Ask answer's. */
export const BRIEFS: Record<"article" | "answer", ClaimInput> = { article: SUITE_BRIEF, answer: ASK_BRIEF };
