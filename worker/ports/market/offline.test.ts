import { describe, expect, it } from "vitest";
import { baseCoins, createOfflineMarketData, TICK_MS } from "./offline.ts";

const start = Date.parse("2026-11-22T12:00:00Z");

describe("offline market data", () => {
  it("replays CoinGecko's top 500 of 30 April 2026: page 1 at 12:20 UTC, then ranks 251-500, wrapped and staked tokens left out", async () => {
    const coins = await createOfflineMarketData({ now: () => start }).fetchTop(500);
    expect(coins).toHaveLength(500);
    expect(coins.map((c) => c.rank)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(new Set(coins.map((c) => c.id)).size).toBe(500);
    expect(coins[0]).toMatchObject({
      id: "bitcoin",
      symbol: "btc",
      price: 76181,
      high24h: 77191,
      low24h: 75103,
      ath: 126080,
      athDate: "2025-10-06T18:57:42.558Z",
      maxSupply: 21_000_000,
      lastUpdated: "2026-04-30T12:20:50.429Z",
    });
    expect(
      coins.some((c) => /^(wrapped|bridged)\b|\bstaked\b/i.test(c.name) || ["wrapped-bitcoin", "weth", "staked-ether"].includes(c.id)),
    ).toBe(false);
    // The second capture reports no volume, supply, 24 h range, all-time figures or 1-hour change: unknown, never invented.
    expect(coins[250]).toMatchObject({ id: "arweave", volume24h: null, circulatingSupply: null, ath: null, high24h: null, change1h: null });
    for (const c of coins.slice(250)) {
      expect(c.price).toBeGreaterThan(0);
      expect(c.marketCap).toBeGreaterThan(0);
      expect(c.volume24h).toBeNull();
      expect(c.lastUpdated.slice(0, 10)).toBe("2026-04-30");
    }
    expect(coins.slice(0, 250).filter((c) => c.volume24h !== null).length).toBeGreaterThan(230);
  });

  it("answers the recording itself, untouched, when it has no previous answer to walk from", async () => {
    const coins = await createOfflineMarketData({ now: () => start }).fetchTop(500);
    expect(coins).toEqual(baseCoins);
  });

  it("links each coin's logo on the site itself, or none (initials) where the icon set has none: never a third-party host", async () => {
    const coins = await createOfflineMarketData({ now: () => start }).fetchTop(500);
    expect(coins.find((c) => c.id === "bitcoin")?.imageUrl).toBe("/coins/bitcoin.svg");
    expect(coins.find((c) => c.id === "tether")?.imageUrl).toBe("/coins/tether.svg");
    expect(coins.find((c) => c.id === "usd-coin")?.imageUrl).toBe("/coins/usd-coin.svg");
    expect(coins.filter((c) => c.imageUrl !== "").length).toBeGreaterThan(150);
    expect(coins.every((c) => c.imageUrl === "" || c.imageUrl === `/coins/${c.id}.svg`)).toBe(true);
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
    // The recorded 24 h range holds the walked price.
    for (const c of next.slice(0, 250)) if (c.high24h != null && c.low24h != null) expect(c.low24h).toBeLessThanOrEqual(c.price);
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

  it("moves an all-time high or low the walk passes to the price, dated when it was passed, and keeps the others", async () => {
    const port = createOfflineMarketData({ now: () => start + TICK_MS });
    const recorded = await port.fetchTop(500);
    // PAX Gold's high set 10% under its price (a tick moves a price far less): the tick passes it.
    const near = recorded.map((c) => (c.id === "pax-gold" ? { ...c, ath: c.price * 0.9, athDate: "2026-01-29T00:00:00.000Z" } : c));
    const next = await port.fetchTop(500, near);
    const gold = next.find((c) => c.id === "pax-gold");
    expect(gold?.ath).toBe(gold?.price);
    expect(gold?.athDate).toBe(gold?.lastUpdated);
    expect(next.find((c) => c.id === "bitcoin")).toMatchObject({ ath: 126080, athDate: "2025-10-06T18:57:42.558Z" });
    // Over a long walk no coin ever stands above its high or below its low, and unknown ones stay unknown.
    let walk = recorded;
    for (let i = 2; i < 200; i++) walk = await createOfflineMarketData({ now: () => start + i * TICK_MS }).fetchTop(500, walk);
    expect(walk.filter((c) => (c.ath != null && c.price > c.ath) || (c.atl != null && c.price < c.atl))).toEqual([]);
    expect(walk[250]).toMatchObject({ ath: null, atl: null });
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
