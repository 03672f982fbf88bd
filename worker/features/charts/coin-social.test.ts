import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CoinSocial } from "#schema/contracts/charts.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { getJson } from "#worker/test/http.ts";

const insert = (date: string, coinId: string, symbol: string, figures: { galaxy: number | null; source?: string }) =>
  env.DB.prepare(
    `INSERT INTO sentiment_snapshots (date, rank, coin_id, symbol, name, price, market_cap, volume_24h, galaxy_score, galaxy_score_previous,
       alt_rank, alt_rank_previous, sentiment, social_volume_24h, interactions_24h, social_dominance, categories, source, market_as_of, fetched_at)
     VALUES (?, 1, ?, ?, 'X', 1, 1, 1, ?, 40.5, 14, 188, 71.2, 5200, 1.2e6, 0.8, '["layer-1","pow"]', ?, '2026-01-02T00:00:00Z', '2026-01-02T00:00:00Z')`,
  )
    .bind(date, coinId, symbol, figures.galaxy, figures.source ?? "offline")
    .run();

describe("GET /api/cryptos/{symbol}/social", () => {
  it("answers the coin's row of the latest snapshot, with its source, or null when that snapshot has none", async () => {
    await insert("2026-01-01", "ethereum", "eth", { galaxy: 10 });
    await insert("2026-01-02", "bitcoin", "btc", { galaxy: 63.4 });
    const { status, body } = await getJson<CoinSocial>("/api/cryptos/btc/social");
    expect(status).toBe(200);
    expect(body.social).toEqual({
      date: "2026-01-02",
      source: "offline",
      sentiment: 71.2,
      galaxyScore: 63.4,
      galaxyScorePrevious: 40.5,
      altRank: 14,
      altRankPrevious: 188,
      socialVolume24h: 5200,
      interactions24h: 1.2e6,
      socialDominance: 0.8,
      categories: ["layer-1", "pow"],
    });
    // Ethereum is only in an older snapshot: the latest has nothing about it, and an old figure is not passed off as today's.
    expect((await getJson<CoinSocial>("/api/cryptos/eth/social")).body).toEqual({ social: null });
  });

  it("refuses an unknown coin and a query it does not take, in the one error shape", async () => {
    const unknown = await getJson<ErrorBody>("/api/cryptos/nosuchcoin/social");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBeTruthy();
    expect((await getJson<ErrorBody>("/api/cryptos/btc/social?x=1")).status).toBe(400);
  });
});
