import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CryptoSortKey, cryptoSortKeys } from "#schema/contracts/crypto.ts";
import type { MarketCoin } from "#worker/ports/market/market-data.ts";
import { baseCoins } from "#worker/ports/market/offline.ts";
import { presentAll } from "./present.ts";
import { writeTick } from "./price-store.ts";
import { defaultOrder, sortTop } from "./top-order.ts";

/**
 * The Top 500 is sorted in memory from the snapshot; it must come out exactly as the coins table's
 * ORDER BY gave it when every page read D1. The query below is that one, kept here as the reference.
 */
const COLUMN: Record<CryptoSortKey, string> = {
  rank: "rank",
  name: "name COLLATE NOCASE",
  price: "price",
  change1h: "change_1h",
  change24h: "change_24h",
  change7d: "change_7d",
  marketCap: "market_cap",
  volume24h: "volume_24h",
};

async function sortedByDb(sort: CryptoSortKey, order: "asc" | "desc"): Promise<string[]> {
  const dir = order.toUpperCase();
  const by = sort === "rank" ? `rank ${dir}` : `${COLUMN[sort]} ${dir} NULLS LAST, rank ASC`;
  const { results } = await env.DB.prepare(`SELECT id FROM coins ORDER BY ${by}`).all<{ id: string }>();
  return results.map((r) => r.id);
}

let bucket = Date.parse("2026-11-27T08:00:00Z");

/** Writes `coins` as the table's whole content and checks every sort key in both directions. */
async function expectSameOrders(coins: MarketCoin[]): Promise<void> {
  bucket += 300_000;
  await writeTick(env.DB, coins, bucket, { bucket: true });
  const snapshot = presentAll(coins);
  for (const sort of cryptoSortKeys) {
    for (const order of ["asc", "desc"] as const) {
      const ids = sortTop(snapshot, sort, order).map((c) => c.id);
      expect(ids, `${sort} ${order}`).toEqual(await sortedByDb(sort, order));
    }
    expect(sortTop(snapshot, sort).map((c) => c.id)).toEqual(await sortedByDb(sort, defaultOrder(sort)));
  }
}

describe("the Top 500 sorted from the snapshot", () => {
  it("equals the coins table's ORDER BY on the offline data, for every key and direction", async () => {
    // The recorded data, with what makes an order tricky: unknown figures, ties, names that differ in case or are not ASCII.
    const coins = baseCoins.map((c, i) => ({
      ...c,
      change1h: i >= 489 ? null : c.change1h,
      change24h: i % 97 === 5 ? null : c.change24h,
      price: i % 50 === 7 ? 1 : c.price,
      marketCap: i % 61 === 3 ? 1_000_000 : c.marketCap,
      name: i === 420 ? "bitcoin" : i === 421 ? "币安人生" : i === 422 ? "Élan" : i === 423 ? "elan" : i === 424 ? "𝕏 Coin" : c.name,
    }));
    expect(coins).toHaveLength(500);
    await expectSameOrders(coins);
  });

  it("equals it on any list of coins (property)", async () => {
    const figure = fc.option(fc.oneof(fc.constantFrom(0, 1, -1, 2.5), fc.double({ min: -1e6, max: 1e12, noNaN: true })), {
      nil: null,
    });
    const name = fc.oneof(fc.constantFrom("Alpha", "alpha", "ALPHA", "Ärger", "zeta", "Zeta", "币", "𝕏"), fc.string({ maxLength: 6 }));
    const coin = fc.record({
      name,
      price: fc.double({ min: 0, max: 1e5, noNaN: true }),
      c1: figure,
      c24: figure,
      cap: fc.nat(1000),
      vol: figure,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(coin, { minLength: 1, maxLength: 30 }), async (rows) => {
        const coins = rows.map((r, i) => ({
          ...(baseCoins[i] as MarketCoin),
          rank: rows.length - i,
          name: r.name,
          price: r.price,
          change1h: r.c1,
          change24h: r.c24,
          change7d: r.c1,
          marketCap: r.cap,
          volume24h: r.vol,
        }));
        await expectSameOrders(coins);
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
