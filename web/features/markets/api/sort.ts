import type { CryptoRow, CryptoSortKey } from "#schema/contracts/crypto.ts";

export type SortOrder = "asc" | "desc";
export type SortState = { key: CryptoSortKey; order: SortOrder };

const keys: readonly CryptoSortKey[] = ["rank", "name", "price", "change1h", "change24h", "change7d", "marketCap", "volume24h"];

export const DEFAULT_SORT: SortState = { key: "rank", order: "asc" };

/** Rank and name read upwards first, figures biggest first (as the server does). */
export function firstOrder(key: CryptoSortKey): SortOrder {
  return key === "rank" || key === "name" ? "asc" : "desc";
}

/**
 * The order a list has before the reader sorts it, which its headers show as the active sort: the
 * Top 500 by rank, Top Gainers by the 24h move downwards, Top Losers upwards (the server's order).
 */
export function listOrder(tab: string): SortState {
  if (tab === "gainers") return { key: "change24h", order: "desc" };
  if (tab === "losers") return { key: "change24h", order: "asc" };
  return DEFAULT_SORT;
}

/** The sort kept in the URL (?sort=change24h&order=desc); without one (or an unknown one), the list's own order. */
export function readSort(params: URLSearchParams, fallback: SortState = DEFAULT_SORT): SortState {
  const key = params.get("sort") as CryptoSortKey | null;
  if (!key || !keys.includes(key)) return fallback;
  const order = params.get("order");
  return { key, order: order === "asc" || order === "desc" ? order : firstOrder(key) };
}

/** Clicking the sorted column flips it; another column starts in its natural direction. */
export function nextSort(current: SortState, key: CryptoSortKey): SortState {
  if (current.key === key) return { key, order: current.order === "asc" ? "desc" : "asc" };
  return { key, order: firstOrder(key) };
}

function value(coin: CryptoRow, key: CryptoSortKey): number | string | null {
  if (key === "price") return coin.priceUsd;
  if (key === "name") return coin.name.toLowerCase();
  return coin[key];
}

/** Sorts a short list (movers tabs) in the browser the way the server sorts the Top 500: unknowns last. */
export function sortRows<T extends CryptoRow>(rows: readonly T[], { key, order }: SortState): T[] {
  const sign = order === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a, key);
    const y = value(b, key);
    if (x == null || y == null) return x == null && y == null ? a.rank - b.rank : x == null ? 1 : -1;
    if (x === y) return a.rank - b.rank;
    return (x < y ? -1 : 1) * sign;
  });
}
