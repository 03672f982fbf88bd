import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { QUESTION_TYPES } from "#schema/contracts/ask.ts";
import { buildRows, replaceBand, toMarketInput } from "#worker/features/newsroom/snapshots.ts";
import { fixedMarket } from "#worker/features/newsroom/testing.ts";
import { getDb } from "#worker/lib/db.ts";
import { compose } from "#worker/ports/llm/answer-offline.ts";
import { createOfflineSentiment } from "#worker/ports/sentiment/offline.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { buildBrief } from "./briefs.ts";
import { checkAnswer } from "./grounding.ts";
import { realisedVolatility, volatilityRange } from "./volatility.ts";

const NOW = Date.parse("2026-11-10T06:00:00Z");
const snapshot = await fixedMarket(NOW - 30_000);
const coinOf = (symbol: string) => {
  const c = snapshot.coins.find((x) => x.symbol === symbol);
  if (!c) throw new Error(symbol);
  return c;
};
const input = (symbol: string) => ({ db: getDb(env.DB), d1: env.DB, snapshot, coin: coinOf(symbol), now: NOW });

/** Daily closes for `days` days before NOW, alternating ±`step` (log) around `price`. */
async function seedHistory(coinId: string, price: number, days: number, step: number) {
  const today = Math.floor(NOW / 86_400_000);
  const stmts = [];
  for (let d = days; d >= 1; d--) {
    const p = price * Math.exp(d % 2 ? step : -step);
    stmts.push(
      env.DB.prepare("INSERT OR REPLACE INTO price_history (coin_id, ts, price) VALUES (?, ?, ?)").bind(
        coinId,
        (today - d) * 86_400 + 80_000,
        p,
      ),
    );
  }
  await env.DB.batch(stmts);
}

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

describe("Ask fact briefs and the offline answerer", () => {
  it("every question's offline answer passes the grounding check, for coins with and without data", async () => {
    for (const symbol of ["BTC", "ETH", coinOf("BTC") && (snapshot.coins[300]?.symbol ?? "BTC")]) {
      for (const type of QUESTION_TYPES) {
        const { brief } = await buildBrief(type, input(symbol));
        const text = compose(brief);
        expect(checkAnswer(text, brief), `${symbol} ${type}`).toMatchObject({ ok: true });
        expect(text.length).toBeGreaterThan(80);
      }
    }
  });

  it("about: rank, price, supply and its share of the maximum", async () => {
    const { brief } = await buildBrief("about", input("BTC"));
    expect(brief.named.rank?.display).toBe("#1");
    expect(brief.named.max?.display).toBe("21.00 million");
    const text = compose(brief);
    expect(text).toContain("ranked #1 by market capitalisation");
    expect(text).toMatch(/Maximum supply: 21\.00 million BTC/);
    expect(text).toMatch(/In circulation: \d+\.\d% of the maximum supply/);
  });

  it("price_movement: compares with the market, and with the coin's usual move once there is history", async () => {
    const bare = await buildBrief("price_movement", input("ETH"));
    expect(bare.brief.named.typicalDailyMove).toBeUndefined();
    expect(compose(bare.brief)).toContain("does not hold enough daily price history");
    await seedHistory(coinOf("ETH").id, coinOf("ETH").priceUsd, 20, 0.03);
    const { brief, sources } = await buildBrief("price_movement", input("ETH"));
    expect(brief.named.typicalDailyMove?.display).toMatch(/^\d+\.\d\d%$/);
    expect(brief.named.marketMedian24h?.signed).toBe(true);
    const text = compose(brief);
    expect(text).toContain("Against the market");
    expect(text).toContain("Against its own usual swings");
    expect(checkAnswer(text, brief).ok).toBe(true);
    expect(sources.map((s) => s.name)).toContain("Coinsight price history (20 daily closes)");
  });

  it("future_price: a one-standard-deviation range for 7 and 30 days, labelled as not a forecast; none without history", async () => {
    const none = await buildBrief("future_price", input("SOL"));
    expect(none.brief.named.low7).toBeUndefined();
    expect(compose(none.brief)).toContain("not hold enough daily price history");
    const coin = coinOf("BTC");
    await seedHistory(coin.id, coin.priceUsd, 30, 0.02);
    const { brief } = await buildBrief("future_price", input("BTC"));
    const v = (k: string) => brief.named[k]?.value ?? Number.NaN;
    expect(v("low30")).toBeLessThan(v("low7"));
    expect(v("low7")).toBeLessThan(coin.priceUsd);
    expect(v("high7")).toBeGreaterThan(coin.priceUsd);
    expect(v("high30")).toBeGreaterThan(v("high7"));
    const text = compose(brief);
    expect(text).toContain("statistical range, not a forecast");
    expect(text).toContain("not financial advice");
    expect(text).toContain("about 68% of the time");
    // A model that names a target of its own is caught.
    expect(checkAnswer(`${text}\nWe expect $250,000 by next year.`, brief).ok).toBe(false);
  });

  it("social_sentiment: the newsroom's snapshot of the day, or an honest 'not tracked'", async () => {
    const none = await buildBrief("social_sentiment", input("BTC"));
    expect(compose(none.brief)).toContain("does not track Bitcoin today");
    const date = "2026-11-10";
    const coins = snapshot.coins.slice(0, 100).map(toMarketInput);
    const metrics = await createOfflineSentiment().fetchMetrics(coins, date);
    const rows = buildRows(date, coins, metrics, {
      source: "offline",
      marketAsOf: snapshot.updatedAt,
      fetchedAt: "2026-11-10T05:00:00.000Z",
    });
    await replaceBand(getDb(env.DB), date, { from: 1, to: 100 }, rows);
    const { brief, sources } = await buildBrief("social_sentiment", input("BTC"));
    expect(brief.asOf).toBe("2026-11-10T05:00:00.000Z");
    expect(brief.named.galaxyScore).toBeDefined();
    expect(sources[0]?.name).toBe("Coinsight sentiment model, estimated from market activity");
    const text = compose(brief);
    expect(text).toContain("Galaxy Score");
    expect(checkAnswer(text, brief).ok).toBe(true);
  });

  it("latest_news: the site's own public articles, whose stated figures may be quoted", async () => {
    await insertArticle({
      slug: "doge-rallies-12-percent",
      title: "Dogecoin jumps 12% as $0.41 resistance breaks",
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
    expect(brief.news.map((n) => n.path)).toEqual(["/article/doge-rallies-12-percent"]);
    const text = compose(brief);
    expect(text).toContain("[Dogecoin jumps 12% as $0.41 resistance breaks](/article/doge-rallies-12-percent)");
    expect(checkAnswer(text, brief).ok).toBe(true);
    expect(checkAnswer(`${text}\nAnalysts see $1.00 next.`, brief).ok).toBe(false);
  });
});
