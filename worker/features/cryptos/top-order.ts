import type { Crypto, CryptoSortKey } from "#schema/contracts/crypto.ts";

/**
 * The Top 500 sorted in memory, from the snapshot every request already holds: the order the
 * coins table's `ORDER BY` gave when the table was read on every page (unknowns last in both
 * directions, rank breaking ties, names compared as SQLite's NOCASE does), without reading D1
 * (docs/decisions/markets/coins-table-per-bucket.md). top-order.test.ts holds it to that query.
 */

/** Rank and name read upwards by default, figures biggest first. */
export function defaultOrder(sort: CryptoSortKey): "asc" | "desc" {
  return sort === "rank" || sort === "name" ? "asc" : "desc";
}

const FIGURE: Record<Exclude<CryptoSortKey, "name">, (c: Crypto) => number | null> = {
  rank: (c) => c.rank,
  price: (c) => c.priceUsd,
  change1h: (c) => c.change1h,
  change24h: (c) => c.change24h,
  change7d: (c) => c.change7d,
  marketCap: (c) => c.marketCap,
  volume24h: (c) => c.volume24h,
};

/** SQLite's NOCASE folds the 26 ASCII letters only, then compares as UTF-8 bytes do: by code point. */
function foldAscii(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

function compareCodePoints(a: string, b: string): number {
  for (let i = 0; i < a.length && i < b.length; ) {
    const x = a.codePointAt(i) ?? 0;
    const y = b.codePointAt(i) ?? 0;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}

export function sortTop(coins: readonly Crypto[], sort: CryptoSortKey = "rank", order = defaultOrder(sort)): Crypto[] {
  const dir = order === "asc" ? 1 : -1;
  if (sort === "name") {
    const keyed = coins.map((coin) => ({ coin, key: foldAscii(coin.name) }));
    keyed.sort((a, b) => dir * compareCodePoints(a.key, b.key) || a.coin.rank - b.coin.rank);
    return keyed.map((k) => k.coin);
  }
  const figure = FIGURE[sort];
  return [...coins].sort((a, b) => {
    const x = figure(a);
    const y = figure(b);
    if (x == null || y == null) return x == null && y == null ? a.rank - b.rank : x == null ? 1 : -1;
    return dir * (x - y) || a.rank - b.rank;
  });
}
