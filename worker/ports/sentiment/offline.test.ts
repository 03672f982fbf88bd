import { describe, expect, it } from "vitest";
import { createOfflineMarketData } from "#worker/ports/market/offline.ts";
import { createOfflineSentiment } from "./offline.ts";
import type { MarketInput } from "./sentiment.ts";

async function market(): Promise<MarketInput[]> {
  const coins = await createOfflineMarketData({ now: () => Date.parse("2026-11-22T06:00:00Z") }).fetchTop(500);
  return coins.map((c) => ({ ...c }));
}

describe("offline sentiment", () => {
  it("gives every coin plausible metrics in LunarCrush's ranges", async () => {
    const coins = await market();
    const metrics = await createOfflineSentiment().fetchMetrics(coins, "2026-11-22");
    expect(metrics.size).toBe(coins.length);
    for (const m of metrics.values()) {
      expect(m.galaxyScore).toBeGreaterThanOrEqual(0);
      expect(m.galaxyScore).toBeLessThanOrEqual(100);
      expect(m.galaxyScorePrevious).toBeGreaterThanOrEqual(0);
      expect(m.sentiment).toBeGreaterThanOrEqual(0);
      expect(m.sentiment).toBeLessThanOrEqual(100);
      expect(m.socialVolume24h).toBeGreaterThan(0);
      expect(m.interactions24h).toBeGreaterThan(m.socialVolume24h ?? 0);
      expect(m.categories.length).toBeGreaterThan(0);
    }
    const alt = [...metrics.values()].map((m) => m.altRank).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(alt).toEqual(Array.from({ length: coins.length }, (_, i) => i + 1));
    const dominance = [...metrics.values()].reduce((s, m) => s + (m.socialDominance ?? 0), 0);
    expect(dominance).toBeCloseTo(100, 0);
    expect(metrics.get("bitcoin")?.marketDominance).toBeGreaterThan(40);
  });

  it("is stable for the same market and day, and changes from one day to the next", async () => {
    const coins = await market();
    const a = await createOfflineSentiment().fetchMetrics(coins, "2026-11-22");
    const b = await createOfflineSentiment().fetchMetrics(coins, "2026-11-22");
    const c = await createOfflineSentiment().fetchMetrics(coins, "2026-11-23");
    expect([...a.entries()]).toEqual([...b.entries()]);
    expect(a.get("bitcoin")?.galaxyScore).not.toBe(c.get("bitcoin")?.galaxyScore);
  });

  it("follows the market: a coin up strongly scores higher than the same coin down strongly", async () => {
    const base = (await market()).slice(0, 50);
    const up = base.map((c) => (c.id === "solana" ? { ...c, change24h: 15, change7d: 30 } : c));
    const down = base.map((c) => (c.id === "solana" ? { ...c, change24h: -15, change7d: -30 } : c));
    const port = createOfflineSentiment();
    const [u, d] = await Promise.all([port.fetchMetrics(up, "2026-11-22"), port.fetchMetrics(down, "2026-11-22")]);
    expect(u.get("solana")?.galaxyScore ?? 0).toBeGreaterThan(d.get("solana")?.galaxyScore ?? 0);
    expect(u.get("solana")?.sentiment ?? 0).toBeGreaterThan(d.get("solana")?.sentiment ?? 0);
  });

  it("labels dollar stablecoins", async () => {
    const metrics = await createOfflineSentiment().fetchMetrics(await market(), "2026-11-22");
    expect(metrics.get("tether")?.categories).toEqual(["stablecoin"]);
    expect(metrics.get("usd-coin")?.categories).toEqual(["stablecoin"]);
    expect(metrics.get("bitcoin")?.categories).toContain("layer-1");
  });
});
