import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { QUESTION_TYPES } from "#schema/contracts/ask.ts";
import { formatPrice } from "#worker/features/cryptos/index.ts";
import { buildRows, replaceBand, toMarketInput } from "#worker/features/newsroom/index.ts";
import { fixedMarket } from "#worker/features/newsroom/test-support.ts";
import { getDb } from "#worker/lib/db.ts";
import type { AnswerBrief } from "#worker/ports/llm/answer.ts";
import { compose } from "#worker/ports/llm/answer-offline.ts";
import { createOfflineSentiment } from "#worker/ports/sentiment/offline.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { buildBrief } from "./briefs.ts";
import { checkAnswer, renderAnswer } from "./grounding.ts";
import { seedHistory as seedDailyCloses } from "./test-support.ts";
import { dailyCloses, realisedVolatility, volatilityRange } from "./volatility.ts";

const NOW = Date.parse("2026-11-10T06:00:00Z");
const snapshot = await fixedMarket(NOW - 30_000);
const coinOf = (symbol: string) => {
  const c = snapshot.coins.find((x) => x.symbol === symbol);
  if (!c) throw new Error(symbol);
  return c;
};
const input = (symbol: string) => ({ db: getDb(env.DB), d1: env.DB, snapshot, coin: coinOf(symbol), now: NOW });

/** Daily closes for `days` days before NOW, alternating ±`step` (log) around `price`. */
const seedHistory = (coinId: string, price: number, days: number, step: number) => seedDailyCloses(coinId, price, days, NOW, step);

describe("realised volatility", () => {
  it("needs 7 daily returns and scales gaps to a day", () => {
    const closes = Array.from({ length: 6 }, (_, i) => ({ day: 100 + i, price: 100 * (i % 2 ? 1.02 : 0.98) }));
    expect(realisedVolatility(closes, { day: 106, price: 100 })).toBeNull();
    const more = Array.from({ length: 10 }, (_, i) => ({ day: 100 + i, price: 100 * Math.exp(i % 2 ? 0.03 : -0.03) }));
    const v = realisedVolatility(more, { day: 110, price: 100 * Math.exp(-0.03) });
    expect(v?.returns).toBe(10);
    expect(v?.daily).toBeCloseTo(0.0632, 3);
    const r = volatilityRange(100, 0.02, 25);
    expect(r.low).toBeCloseTo(100 * Math.exp(-0.1), 6);
    expect(r.high).toBeCloseTo(100 * Math.exp(0.1), 6);
  });
});

/** The offline answer as readers see it, after the claim check (which it must pass). */
function shown(brief: AnswerBrief): string {
  const text = compose(brief);
  expect(checkAnswer(text, brief).problems, `${brief.coin.symbol} ${brief.questionType}`).toEqual([]);
  const out = renderAnswer(text, brief);
  expect(out).not.toMatch(/\{\{|\}\}/);
  return out;
}

async function seedSocial() {
  const date = "2026-11-10";
  const coins = snapshot.coins.slice(0, 500).map(toMarketInput);
  const metrics = await createOfflineSentiment().fetchMetrics(coins, date);
  const rows = buildRows(date, coins, metrics, {
    source: "offline",
    marketAsOf: snapshot.updatedAt,
    fetchedAt: "2026-11-10T05:00:00.000Z",
  });
  await replaceBand(getDb(env.DB), date, { from: 1, to: 500 }, rows);
}

describe("Ask fact briefs and the offline answerer", () => {
  it("every question's offline answer passes the claim check, for coins with and without data", async () => {
    const far = snapshot.coins[300]?.symbol ?? "BTC";
    // "Four", "Aethir (ATH)" and "BlackRock USD Institutional...": names the check must not read as numbers, records or causes.
    const named = ["FORM", "ATH", "BUIDL"].filter((s) => snapshot.coins.some((c) => c.symbol === s));
    expect(named).toHaveLength(3);
    for (const symbol of ["BTC", "ETH", far, ...named]) {
      for (const type of QUESTION_TYPES) {
        const { brief } = await buildBrief(type, input(symbol));
        expect(shown(brief).length).toBeGreaterThan(80);
      }
    }
  });

  it("the 'about' answer of every coin of the market passes the claim check", async () => {
    for (const coin of snapshot.coins) shown((await buildBrief("about", input(coin.symbol))).brief);
  }, 60_000);

  it("facts carry ids, their coin and their period; the brief's one entity is the coin asked about", async () => {
    const { brief } = await buildBrief("price_movement", input("ETH"));
    expect(brief.entities).toEqual([{ id: "ethereum", name: "Ethereum", symbol: "ETH" }]);
    expect(brief.named.change7d).toMatchObject({ id: "ethereum.change_7d", subject: "ethereum", period: "7d", signed: true });
    expect(brief.named.change1h).toMatchObject({ id: "ethereum.change_1h", subject: "ethereum", period: "1h" });
    expect(brief.named.marketMedian24h).toMatchObject({ id: "market.median_change_24h", period: "24h" });
    expect(brief.named.marketMedian24h?.subject).toBeUndefined();
    expect(compose(brief)).toContain("- Last 7 days: {{ethereum.change_7d}}");
  });

  it("about: rank, price, supply and its share of the maximum", async () => {
    const { brief } = await buildBrief("about", input("BTC"));
    expect(brief.named.rank?.display).toBe("#1");
    expect(brief.named.max?.display).toBe("21.00 M BTC");
    const text = shown(brief);
    expect(text).toContain("Bitcoin is ranked #1 by market capitalisation");
    expect(text).toMatch(/Maximum supply: 21\.00 M BTC/);
    expect(text).toMatch(/In circulation: \d+\.\d% of the maximum supply/);
  });

  it("price_movement: compares with the market, and with the coin's usual move once there is history", async () => {
    const bare = await buildBrief("price_movement", input("ETH"));
    expect(bare.brief.named.typicalDailyMove).toBeUndefined();
    expect(shown(bare.brief)).toContain("does not hold enough daily price history");
    await seedHistory(coinOf("ETH").id, coinOf("ETH").priceUsd, 20, 0.03);
    const { brief, sources } = await buildBrief("price_movement", input("ETH"));
    expect(brief.named.typicalDailyMove?.display).toMatch(/^\d+\.\d\d%$/);
    expect(brief.named.marketMedian24h?.signed).toBe(true);
    const text = shown(brief);
    expect(text).toContain("The market context");
    expect(text).toMatch(/Across the top 100 coins, the median price change over the same 24 hours was [+-]\d+\.\d\d%/);
    expect(text).toContain("Its usual swings");
    expect(text).toMatch(/Last 7 days: [+-]\d+\.\d\d%/);
    // The 20 seeded closes before NOW, then today's price: 21 October to 10 November.
    expect(sources.map((s) => s.name)).toContain("Coinsight price history (daily closes 21 October – 10 November 2026)");
  });

  it("future_price: one-standard-deviation ranges for 7 and 30 days, each one fact; none without history", async () => {
    const none = await buildBrief("future_price", input("SOL"));
    expect(none.brief.named.range7d).toBeUndefined();
    expect(none.unanswerable).toBe(
      "Coinsight does not hold enough daily price history for Solana to compute a range from its realised volatility. This question was not counted.",
    );
    const coin = coinOf("BTC");
    await seedHistory(coin.id, coin.priceUsd, 30, 0.02);
    const { brief } = await buildBrief("future_price", input("BTC"));
    const vol = realisedVolatility(await dailyCloses(env.DB, coin.id, NOW), { day: Math.floor(NOW / 86_400_000), price: coin.priceUsd });
    const daily = vol?.daily ?? Number.NaN;
    const r7 = volatilityRange(coin.priceUsd, daily, 7);
    const r30 = volatilityRange(coin.priceUsd, daily, 30);
    expect(r30.low).toBeLessThan(r7.low);
    expect(r7.high).toBeLessThan(r30.high);
    expect(brief.named.range7d?.display).toBe(`${formatPrice(r7.low)} to ${formatPrice(r7.high)} over the next 7 days`);
    expect(brief.named.range30d?.display).toBe(`${formatPrice(r30.low)} to ${formatPrice(r30.high)} over the next 30 days`);
    expect(brief.named.period?.display).toBe("daily closes 11 October – 10 November 2026");
    const text = shown(brief);
    expect(text).toContain("about 68% of the time");
    expect(text).toContain(`- ${formatPrice(r30.low)} to ${formatPrice(r30.high)} over the next 30 days`);
    // A model that names a target of its own, or labels the range itself, is caught.
    expect(checkAnswer(`${compose(brief)}\nWe expect {{bitcoin.price}} by next year.`, brief).ok).toBe(false);
    expect(checkAnswer(`${compose(brief)}\nThis is not a forecast.`, brief).ok).toBe(false);
  });

  it("social_sentiment: the newsroom's snapshot of the day with its own fact ids, or an honest 'not tracked'", async () => {
    const none = await buildBrief("social_sentiment", input("BTC"));
    expect(none.unanswerable).toContain("The newsroom's social data does not cover Bitcoin yet");
    await seedSocial();
    const { brief, sources } = await buildBrief("social_sentiment", input("BTC"));
    expect(brief.asOf).toBe("2026-11-10T05:00:00.000Z");
    expect(brief.named.galaxyScore?.id).toBe("bitcoin.galaxy_score");
    expect(sources[0]?.name).toBe("Coinsight sentiment model, estimated from market activity");
    const text = shown(brief);
    expect(text).toMatch(/- Galaxy Score: \d+\.\d/);
    expect(text).toMatch(/- Sentiment: \d+% of posts are positive/);
    for (const symbol of ["ETH", "FORM", "ATH", "BUIDL"]) shown((await buildBrief("social_sentiment", input(symbol))).brief);
  });

  it("latest_news: the site's own public articles, each quoted whole by id", async () => {
    await insertArticle({
      slug: "doge-rallies-12-percent",
      title: "Dogecoin jumps 12% as $0.41 resistance breaks",
      categoryId: 17,
      cryptoSymbol: "DOGE",
      publishedAt: "2026-11-09T10:00:00.000Z",
    });
    await insertArticle({
      slug: "doge-draft",
      title: "Draft about Dogecoin",
      cryptoSymbol: "DOGE",
      status: "draft",
      publishedAt: "2026-11-09T11:00:00.000Z",
    });
    const { brief } = await buildBrief("latest_news", input("DOGE"));
    expect(brief.named.news1?.id).toBe("news.1.link");
    expect(brief.named.news2).toBeUndefined();
    const text = shown(brief);
    expect(text).toContain(
      "- Analysis: [Dogecoin jumps 12% as $0.41 resistance breaks](/article/doge-rallies-12-percent) (9 November 2026)",
    );
    // The headline's figures are the article's, quoted whole: typed into the answer's own words, they are not.
    expect(checkAnswer(`${compose(brief)}\nDogecoin jumped 12% on the day.`, brief).ok).toBe(false);
    expect(checkAnswer(`${compose(brief)}\nAnalysts see {{news.1.date}} as the turning point before a rally to the moon.`, brief).ok).toBe(
      false,
    );
  });
});
