import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { GlobalMarket } from "#schema/contracts/charts.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { historyBucket, readVolumeDayAgo, recordVolumeDayAgo } from "#worker/features/cryptos/index.ts";
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
    // A day ago, each cap read back from its 24 h price change, over the coins that have one.
    const known = coins.filter((c) => c.marketCap != null && c.change24h != null);
    const before = known.reduce((s, c) => s + (c.marketCap ?? 0) / (1 + (c.change24h ?? 0) / 100), 0);
    const after = known.reduce((s, c) => s + (c.marketCap ?? 0), 0);
    expect(body.marketCapChange24h).toBeCloseTo((after / before - 1) * 100, 1);
    // A fresh replay has no volumes recorded a day ago.
    expect(body.volumeDayAgo).toBeNull();
  });

  it("takes the volume of a day ago from the feed's nearest recorded point, kept in KV once a bucket", async () => {
    const now = Date.now();
    const bucket = historyBucket(now - 86_400_000);
    // Two coins' volumes 10 minutes before a day ago; an older point and a coin without volume are not it.
    for (const [id, ts, volume] of [
      ["bitcoin", bucket - 600, 30e9],
      ["ethereum", bucket - 600, 15e9],
      ["solana", bucket - 600, null],
      ["bitcoin", bucket - 7_200, 99e9],
    ] as const) {
      await env.DB.prepare("INSERT OR REPLACE INTO price_history (coin_id, ts, price, volume_24h) VALUES (?, ?, 1, ?)")
        .bind(id, ts, volume)
        .run();
    }
    expect(await readVolumeDayAgo(env.KV, now)).toBeNull();
    expect(await recordVolumeDayAgo(env, now)).toBe(45e9);
    expect(await readVolumeDayAgo(env.KV, now)).toBe(45e9);
    // The strip reads it from KV: a change in D1 is not read until the feed's next bucket.
    await env.DB.prepare("UPDATE price_history SET volume_24h = 1 WHERE ts = ?")
      .bind(bucket - 600)
      .run();
    expect(await readVolumeDayAgo(env.KV, now)).toBe(45e9);
    // A base the feed stopped renewing is no base: ten minutes on it is unknown.
    expect(await readVolumeDayAgo(env.KV, now + 10 * 60_000)).toBeNull();
    // Nothing within 30 minutes of a day ago: not recorded.
    expect(await recordVolumeDayAgo(env, now - 3 * 3_600_000)).toBeNull();
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
