import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { emptyMeter, type Meter, meterD1, metered } from "#worker/bench-meter.ts";
import type { MarketCoin } from "#worker/ports/market/market-data.ts";
import { baseCoins } from "#worker/ports/market/offline.ts";
import { writeTick } from "./price-store.ts";

/**
 * The feed ticks every 30 s whoever reads the site, and D1 bills each row written (with its
 * indexes). The live figures live in the KV snapshot; the coins table takes them once per 5-minute
 * history bucket, and in between only what a reader of the table could miss: a coin new to the top
 * list (or renamed) and a coin that left it. docs/performance.md, Cost model, and
 * docs/decisions/markets/coins-table-per-bucket.md.
 */
const at = Date.parse("2026-11-27T08:00:00Z");
const walked = (list: readonly MarketCoin[], factor: number, when: number) =>
  list.map((c) => ({ ...c, price: c.price * factor, lastUpdated: new Date(when).toISOString() }));

async function meter(fn: () => Promise<unknown>): Promise<Meter> {
  const m = emptyMeter();
  await metered(m, fn);
  return m;
}

const row = (id: string | undefined) =>
  env.DB.prepare("SELECT id, symbol, name, rank, price FROM coins WHERE id = ?")
    .bind(id ?? "")
    .first<{ id: string; symbol: string; name: string; rank: number; price: number }>();

beforeAll(() => expect(meterD1(env.DB)).toBe(true));

describe("a price tick's writes", () => {
  it("on the bucket's tick, rewrite only the coins whose figures changed", async () => {
    const coins = baseCoins.slice(0, 50);
    await writeTick(env.DB, coins, at, { bucket: true });

    const same = await meter(() => writeTick(env.DB, coins, at + 300_000, { bucket: true }));
    // The history point of the new bucket is written; no coin row is.
    expect(same.rowsWritten).toBeGreaterThan(0);
    const history = await meter(() => writeTick(env.DB, coins, at + 600_000, { bucket: true }));
    expect(history.rowsWritten).toBe(same.rowsWritten);

    const moved = coins.map((c, i) => (i === 3 ? { ...c, price: c.price * 1.01, lastUpdated: "2026-11-27T08:15:00.000Z" } : c));
    const one = await meter(() => writeTick(env.DB, moved, at + 900_000, { bucket: true }));
    expect(one.rowsWritten - same.rowsWritten).toBeGreaterThan(0);
    expect(one.rowsWritten - same.rowsWritten).toBeLessThan(10);
    expect((await row(coins[3]?.id))?.price).toBeCloseTo((coins[3]?.price ?? 0) * 1.01);
  });

  it("write no coin row on a tick inside a bucket, though every price moved; the bucket's tick writes them all", async () => {
    const coins = baseCoins.slice(0, 500);
    const start = at + 1_200_000;
    await writeTick(env.DB, coins, start, { bucket: true });
    const inside = await meter(() => writeTick(env.DB, walked(coins, 1.02, start + 30_000), start + 30_000, { bucket: false }));
    expect(inside.rowsWritten).toBe(0);
    // The table keeps the bucket's figures until the next bucket.
    expect((await row("bitcoin"))?.price).toBe(coins[0]?.price);

    const bucket = await meter(() => writeTick(env.DB, walked(coins, 1.03, start + 300_000), start + 300_000, { bucket: true }));
    // 500 coin rows with their two indexes' entries, and 500 history points with theirs.
    expect(bucket.rowsWritten).toBeGreaterThanOrEqual(1_000);
    expect((await row("bitcoin"))?.price).toBeCloseTo((coins[0]?.price ?? 0) * 1.03);
  });

  it("inside a bucket, write a coin new to the top list and drop the one that left, and nothing else", async () => {
    const coins = baseCoins.slice(0, 500);
    await writeTick(env.DB, coins, at + 1_800_000, { bucket: true });
    const [gone, ...kept] = coins.slice(-2).reverse();
    const newcomer: MarketCoin = { ...(gone as MarketCoin), id: "brand-new-coin", symbol: "bnc", name: "Brand New Coin" };
    const next = [...coins.slice(0, -1), newcomer].filter((c) => c.id !== gone?.id);
    expect(kept).toHaveLength(1);

    const tick = await meter(() => writeTick(env.DB, walked(next, 0.99, at + 1_830_000), at + 1_830_000, { bucket: false }));
    // One row in, one row out, each with its entries in the symbol and rank indexes.
    expect(tick.rowsWritten).toBeGreaterThan(0);
    expect(tick.rowsWritten).toBeLessThanOrEqual(6);
    expect(await row("brand-new-coin")).toMatchObject({ symbol: "bnc", name: "Brand New Coin", rank: gone?.rank });
    expect(await row(gone?.id)).toBeNull();
    // Figures of the coins already there wait for the bucket.
    expect((await row("bitcoin"))?.price).toBe(coins[0]?.price);

    const renamed = next.map((c) => (c.id === "brand-new-coin" ? { ...c, name: "Brand New Coin (renamed)" } : c));
    const rename = await meter(() => writeTick(env.DB, renamed, at + 1_860_000, { bucket: false }));
    expect(rename.rowsWritten).toBeGreaterThan(0);
    expect(rename.rowsWritten).toBeLessThanOrEqual(3);
    expect((await row("brand-new-coin"))?.name).toBe("Brand New Coin (renamed)");
  });
});
