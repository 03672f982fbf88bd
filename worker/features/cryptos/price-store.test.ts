import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emptyMeter, meterD1, metered } from "#worker/bench-meter.ts";
import { baseCoins } from "#worker/ports/market/offline.ts";
import { writeTick } from "./price-store.ts";

/**
 * The feed writes every 30 s whoever reads the site, and D1 bills each row written: a coin whose
 * figures did not change since the last tick (CoinGecko refreshes a coin about once a minute) is
 * not written again. docs/performance.md, Cost model.
 */
describe("a price tick's writes", () => {
  it("rewrite only the coins whose figures changed", async () => {
    expect(meterD1(env.DB)).toBe(true);
    const coins = baseCoins.slice(0, 50);
    const at = Date.parse("2026-11-27T08:00:00Z");
    await writeTick(env.DB, coins, at, { history: false });

    const same = emptyMeter();
    await metered(same, () => writeTick(env.DB, coins, at + 30_000, { history: false }));
    expect(same.rowsWritten).toBe(0);

    const moved = coins.map((c, i) => (i === 3 ? { ...c, price: c.price * 1.01, lastUpdated: "2026-11-27T08:00:30.000Z" } : c));
    const one = emptyMeter();
    await metered(one, () => writeTick(env.DB, moved, at + 60_000, { history: false }));
    expect(one.rowsWritten).toBeGreaterThan(0);
    expect(one.rowsWritten).toBeLessThan(10);
    const row = await env.DB.prepare("SELECT price FROM coins WHERE id = ?").bind(coins[3]?.id).first<{ price: number }>();
    expect(row?.price).toBeCloseTo((coins[3]?.price ?? 0) * 1.01);
  });
});
