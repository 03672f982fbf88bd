import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { GlobalMarket } from "#schema/contracts/charts.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { forgetColoMemory } from "#worker/lib/colo-cache.ts";
import { getJson, ORIGIN } from "#worker/test/http.ts";

beforeAll(async () => {
  await getJson("/api/cryptos?limit=1");
});

describe("GET /api/market/global", () => {
  it("sums the tracked coins, gives BTC dominance, and no sentiment before the newsroom has any", async () => {
    const coins = (await getJson<Crypto[]>("/api/cryptos")).body;
    const { status, body } = await getJson<GlobalMarket>("/api/market/global");
    expect(status).toBe(200);
    const total = coins.reduce((s, c) => s + (c.marketCap ?? 0), 0);
    expect(body.totalMarketCap).toBeCloseTo(total, -6);
    const btc = coins.find((c) => c.id === "bitcoin")?.marketCap ?? 0;
    expect(body.btcDominance).toBeCloseTo((btc / total) * 100, 1);
    expect(body.volume24h).toBeGreaterThan(0);
    expect(body.sentiment).toBeNull();
  });

  it("averages the newsroom's latest day of social sentiment, ignoring unknowns", async () => {
    const insert = (date: string, id: string, sentiment: number | null) =>
      env.DB.prepare(
        `INSERT INTO sentiment_snapshots (date, rank, coin_id, symbol, name, price, market_cap, volume_24h, sentiment, source, market_as_of, fetched_at)
         VALUES (?, 1, ?, 'x', 'X', 1, 1, 1, ?, 'offline', '2026-01-02T00:00:00Z', '2026-01-02T00:00:00Z')`,
      )
        .bind(date, id, sentiment)
        .run();
    await insert("2026-01-01", "a", 10);
    await insert("2026-01-02", "a", 70);
    await insert("2026-01-02", "b", 80);
    await insert("2026-01-02", "c", null);
    // The previous answer sits in the colo's cache (and this isolate's memory of it) for 15 s.
    await caches.default.delete(new Request(`${ORIGIN}/api/market/global`));
    forgetColoMemory();
    const { body } = await getJson<GlobalMarket>("/api/market/global");
    // The source goes with it: the strip labels the offline model's figure as modelled.
    expect(body.sentiment).toEqual({ average: 75, date: "2026-01-02", coins: 2, source: "offline" });
  });
});
