import { describe, expect, it } from "vitest";
import { baseCoins, createOfflineMarketData, TICK_MS } from "./offline.ts";

const start = Date.parse("2026-11-22T12:00:00Z");

describe("offline market data", () => {
  it("serves the recorded coins: CoinGecko's top 250, then its ranks 251-500 merged by id, wrapped and staked tokens left out", async () => {
    const coins = await createOfflineMarketData({ now: () => start }).fetchTop(500);
    // 250 + the 229 coins of the second capture that were not already in the top 250.
    expect(coins).toHaveLength(479);
    expect(coins.map((c) => c.rank)).toEqual(Array.from({ length: 479 }, (_, i) => i + 1));
    expect(coins[0]).toMatchObject({ id: "bitcoin", symbol: "btc", name: "Bitcoin" });
    expect(new Set(coins.map((c) => c.id)).size).toBe(479);
    expect(
      coins.some((c) => /^(wrapped|bridged)\b|\bstaked\b/i.test(c.name) || ["wrapped-bitcoin", "weth", "staked-ether"].includes(c.id)),
    ).toBe(false);
    // The second capture reports no volume, supply or 1-hour change: unknown, never invented.
    expect(coins[250]).toMatchObject({
      id: "elrond-erd-2",
      name: "MultiversX",
      volume24h: null,
      circulatingSupply: null,
      totalSupply: null,
      maxSupply: null,
      change1h: null,
    });
    for (const c of coins.slice(250)) {
      expect(c.price).toBeGreaterThan(0);
      expect(c.marketCap).toBeGreaterThan(0);
      expect(c.volume24h).toBeNull();
      expect(c.change1h).toBeNull();
    }
    expect(coins.slice(0, 250).every((c) => c.volume24h !== null)).toBe(true);
  });

  it("gives no logo address: the recorded logos live on CoinGecko's CDN, and an offline page never goes online", async () => {
    const coins = await createOfflineMarketData({ now: () => start }).fetchTop(500);
    expect(coins.every((c) => c.imageUrl === "")).toBe(true);
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
