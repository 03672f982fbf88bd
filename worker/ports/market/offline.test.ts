import { describe, expect, it } from "vitest";
import { baseCoins, createOfflineMarketData, TICK_MS } from "./offline.ts";

const start = Date.parse("2026-11-22T12:00:00Z");

describe("offline market data", () => {
  it("serves 500 coins: the recorded top 250, then 250 named from the token list", async () => {
    const coins = await createOfflineMarketData({ now: () => start }).fetchTop(500);
    expect(coins).toHaveLength(500);
    expect(coins.map((c) => c.rank)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(coins[0]).toMatchObject({ id: "bitcoin", symbol: "btc", name: "Bitcoin" });
    expect(new Set(coins.map((c) => c.id)).size).toBe(500);
    // Generated ranks sit below the recorded ones and keep plausible figures.
    const rank250 = coins[249];
    for (const c of coins.slice(250)) {
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.marketCap).toBeLessThan(rank250?.marketCap ?? 0);
      expect(c.price).toBeGreaterThan(0);
      expect(c.volume24h).toBeGreaterThan(0);
    }
  });

  it("is deterministic for the same clock and previous answer", async () => {
    const a = await createOfflineMarketData({ now: () => start }).fetchTop(500);
    const b = await createOfflineMarketData({ now: () => start }).fetchTop(500);
    expect(a).toEqual(b);
  });

  it("moves prices every tick, a little, and keeps the change texts consistent with the move", async () => {
    const feed = createOfflineMarketData({ now: () => start });
    const first = await feed.fetchTop(500);
    const next = await createOfflineMarketData({ now: () => start + TICK_MS }).fetchTop(500, first);
    const moved = next.filter((c, i) => c.price !== first[i]?.price);
    expect(moved.length).toBeGreaterThan(450);
    for (const [i, c] of next.entries()) {
      const before = first[i]?.price ?? 0;
      expect(Math.abs(c.price / before - 1)).toBeLessThan(0.02);
    }
    expect(next[0]?.lastUpdated).toBe(new Date(start + TICK_MS).toISOString());
  });

  it("reverts towards the recorded price over a long walk instead of drifting away", async () => {
    let coins = await createOfflineMarketData({ now: () => start }).fetchTop(20);
    for (let tick = 1; tick <= 2880; tick++) {
      coins = await createOfflineMarketData({ now: () => start + tick * TICK_MS }).fetchTop(20, coins);
    }
    for (const [i, c] of coins.entries()) {
      const base = baseCoins[i]?.price ?? 0;
      expect(c.price / base).toBeGreaterThan(0.5);
      expect(c.price / base).toBeLessThan(2);
    }
  });

  it("keeps stablecoins near one dollar", async () => {
    let coins = await createOfflineMarketData({ now: () => start }).fetchTop(10);
    for (let tick = 1; tick <= 100; tick++) {
      coins = await createOfflineMarketData({ now: () => start + tick * TICK_MS }).fetchTop(10, coins);
    }
    const usdt = coins.find((c) => c.symbol === "usdt");
    expect(usdt?.price).toBeGreaterThan(0.99);
    expect(usdt?.price).toBeLessThan(1.01);
  });
});
