import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CoinCategories } from "#schema/contracts/coin-categories.ts";
import type { CryptoPage } from "#schema/contracts/crypto.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { currentSnapshot } from "#worker/features/cryptos/index.ts";
import { buildRows, replaceBand, toMarketInput, utcDate } from "#worker/features/newsroom/index.ts";
import { forgetColoMemory } from "#worker/lib/colo-cache.ts";
import { getDb } from "#worker/lib/db.ts";
import answer from "#worker/ports/sentiment/fixtures/coins-list-v2.json";
import { createLunarCrush } from "#worker/ports/sentiment/lunarcrush.ts";
import { createOfflineSentiment } from "#worker/ports/sentiment/offline.ts";
import type { SentimentPort } from "#worker/ports/sentiment/sentiment.ts";
import { getJson } from "#worker/test/http.ts";

// Each test takes its own snapshot: no answer of an earlier one is served from the colo's cache.
beforeEach(() => {
  forgetColoMemory();
  vi.spyOn(caches.default, "match").mockResolvedValue(undefined);
});
afterEach(() => vi.restoreAllMocks());

/** Takes today's snapshot of the Top 500 from a source, as the newsroom's download step stores it. */
async function snapshotFrom(source: SentimentPort) {
  const date = utcDate(Date.now());
  const coins = (await currentSnapshot({ env, waitUntil: () => {} })).coins.map(toMarketInput);
  const metrics = await source.fetchMetrics(coins, date);
  const at = new Date().toISOString();
  await replaceBand(
    getDb(env.DB),
    date,
    { from: 1, to: 500 },
    buildRows(date, coins, metrics, { source: source.source, marketAsOf: at, fetchedAt: at }),
  );
  return date;
}

/** LunarCrush's coins/list answer replayed (the hand-built fixture in the documented shape), not the network. */
function lunarCrush(): SentimentPort {
  const upstream = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(Response.json(answer));
  const port = createLunarCrush({ apiKey: "lc-key" });
  return {
    source: port.source,
    fetchMetrics: (coins, date) => port.fetchMetrics(coins, date).finally(() => upstream.mockRestore()),
  };
}

describe("GET /api/coin-categories", () => {
  it("lists a classifying source's categories of Top 500 coins, largest first, with labels and the snapshot", async () => {
    const date = await snapshotFrom(lunarCrush());
    const { status, body } = await getJson<CoinCategories>("/api/coin-categories");
    expect(status).toBe(200);
    expect(body.date).toBe(date);
    expect(body.source).toBe("lunarcrush");
    const bySlug = Object.fromEntries(body.categories.map((c) => [c.slug, c]));
    expect(bySlug["layer-1"]).toEqual({ slug: "layer-1", label: "Layer 1", coins: 2 });
    expect(bySlug.defi?.label).toBe("DeFi");
    expect(bySlug.pow?.label).toBe("PoW");
    expect(bySlug["bitcoin-ecosystem"]?.label).toBe("Bitcoin ecosystem");
    // A category only a coin outside the Top 500 (or an impostor on a taken ticker) carries is not offered.
    expect(bySlug.meme).toBeUndefined();
    const counts = body.categories.map((c) => c.coins);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("offers no category from the offline model's name-based guesses, and names that source", async () => {
    await snapshotFrom(createOfflineSentiment());
    const { body } = await getJson<CoinCategories>("/api/coin-categories");
    expect(body.source).toBe("offline");
    expect(body.categories).toEqual([]);
    expect((await getJson<ErrorBody>("/api/coin-categories/meme")).status).toBe(404);
  });

  it("refuses a query it does not take", async () => {
    expect((await getJson<ErrorBody>("/api/coin-categories?x=1")).status).toBe(400);
  });
});

describe("GET /api/coin-categories/{slug}", () => {
  it("pages the category's coins of the Top 500, sorted as the Top 500's pages", async () => {
    await snapshotFrom(lunarCrush());
    const { status, body } = await getJson<CryptoPage>("/api/coin-categories/layer-1");
    expect(status).toBe(200);
    expect(body.data.map((c) => c.id)).toEqual(["bitcoin", "ethereum"]);
    expect(body.pagination).toEqual({ page: 1, limit: 100, total: 2, totalPages: 1 });
    expect(body.data[0]).toHaveProperty("sparklineHours");
    const byName = await getJson<CryptoPage>("/api/coin-categories/layer-1?sort=name&order=desc&limit=1");
    expect(byName.body.data.map((c) => c.id)).toEqual(["ethereum"]);
    expect(byName.body.pagination.totalPages).toBe(2);
  });

  it("answers 404 for a category the snapshot does not file, and 400 for a malformed one, in the one error shape", async () => {
    await snapshotFrom(lunarCrush());
    const unknown = await getJson<ErrorBody>("/api/coin-categories/no-such-category");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('"no-such-category"');
    expect((await getJson<ErrorBody>("/api/coin-categories/Not%20A%20Slug")).status).toBe(400);
    expect((await getJson<ErrorBody>("/api/coin-categories/layer-1?page=0")).status).toBe(400);
  });
});
