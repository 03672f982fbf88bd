/** Test helpers of the LLM port: one trending brief, the shape every writer is given. */
import type { Fact, TrendingBrief } from "./llm.ts";

export const fact = (
  label: string,
  kind: Fact["kind"],
  value: number,
  display: string,
  id = label.toLowerCase().replace(/\W+/g, "_"),
): Fact => ({
  id,
  label,
  kind,
  value,
  display,
});

/** A Trending Analysis brief on one coin, as the newsroom builds it. */
export const trendingBrief: TrendingBrief = {
  kind: "trending_analysis",
  date: "2026-11-22",
  asOf: "2026-11-22T06:00:00.000Z",
  band: { from: 1, to: 100, label: "1-100" },
  coin: {
    id: "zcash",
    name: "Zcash",
    symbol: "ZEC",
    rank: fact("Zcash market-cap rank", "rank", 15, "#15"),
    price: fact("Zcash price (USD)", "price", 501.63, "$501.63", "zcash.price"),
    change24h: { ...fact("Zcash 24-hour price change", "percent", 12.22, "+12.22%"), signed: true },
    change7d: null,
    marketCap: fact("Zcash market cap", "money", 8.43e9, "$8.43 billion"),
    volume24h: fact("Zcash 24-hour trading volume", "money", 4.77e8, "$476.83 million"),
    categories: ["privacy"],
  },
  bandContext: {
    bandLabel: fact("The band", "label", 0, "1-100"),
    coinsInBand: fact("Coins ranked 1-100", "count", 100, "100"),
    momentumPosition: fact("position", "rank", 2, "#2"),
    bandAverageSentiment: fact("avg", "percent", 59, "59%"),
    bandMedianChange: { ...fact("median", "percent", 1.2, "+1.20%"), signed: true },
  },
  socialSource: "lunarcrush",
  entities: [{ id: "zcash", name: "Zcash", symbol: "ZEC" }],
  time: { date: fact("Date", "label", 0, "22 November 2026"), dataTime: fact("Time", "label", 0, "06:00 UTC") },
  scale: fact("Scale", "label", 0, "0 to 100"),
  sections: [{ title: "Zcash (ZEC)", facts: [fact("Zcash price (USD)", "price", 501.63, "$501.63", "zcash.price")] }],
};
