import { MAX_LIST } from "#schema/contracts/article-rules.ts";
import { cryptoSortKeys } from "#schema/contracts/crypto.ts";
import { MARKETS_PAGE_SIZE, readPageSize, TOP_COINS } from "#schema/contracts/markets-paging.ts";

/**
 * Which query parameters change what a guest's page shows, and how each is read. Everything else in
 * an address (utm_*, fbclid, gclid, mc_*, ref, a made-up one) changes nothing on the page, so it
 * neither splits the page cache nor forces a render: the page is rendered, and kept, for its path
 * and its own parameters only (docs/decisions/performance/page-query.md).
 *
 * Each reader gives the parameter's value as the page reads it: a string to keep in the address,
 * `null` when it is the page's default (dropped, so `?page=1` is `/`), or `OUT_OF_RANGE` when the
 * server does not render that page at all (the browser renders it, as for a member).
 */
export const OUT_OF_RANGE = Symbol("out of range");
type Reader = (value: string, all: URLSearchParams) => string | null | typeof OUT_OF_RANGE;
export type PageParams = Record<string, Reader>;

/** The page number as the browser reads it (parseInt, at least 1), kept when above 1. */
function pageNumber(max: number, beyond: "clamp" | "out"): Reader {
  return (value) => {
    const n = Math.max(1, Number.parseInt(value, 10) || 1);
    if (n === 1) return null;
    if (n > max) return beyond === "clamp" ? String(max) : OUT_OF_RANGE;
    return String(n);
  };
}

const TABS = ["gainers", "losers", "watchlist"];
const SORTS: readonly string[] = cryptoSortKeys;
const firstOrder = (key: string) => (key === "rank" || key === "name" ? "asc" : "desc");

/**
 * The Top 500 (web/features/markets): ?tab=, ?page=, ?sort=&order=, ?rows= (50, 100 or 250 coins a
 * page) and ?category=. A page past the last (the fifth of 100 rows) asks the API for a page that does
 * not exist, and a category's list is read from the day's social snapshot: the browser shows both.
 * So does it a page of 250 rows: its render would take 2.4 times the Free plan's 10 ms of CPU
 * (docs/decisions/performance/first-render-budget.md).
 */
export const MARKETS_PARAMS: PageParams = {
  tab: (v) => (TABS.includes(v) ? v : null),
  page: (v, all) => pageNumber(Math.ceil(TOP_COINS / readPageSize(all.get("rows"))), "out")(v, all),
  sort: (v) => (SORTS.includes(v) ? v : null),
  // Only read beside a known sort; an unknown order is the sort's natural one.
  order: (v, all) => {
    const sort = all.get("sort");
    if (!sort || !SORTS.includes(sort)) return null;
    return v === "asc" || v === "desc" ? v : firstOrder(sort);
  },
  rows: (v) => {
    const rows = readPageSize(v);
    if (rows > MARKETS_PAGE_SIZE) return OUT_OF_RANGE;
    return rows === MARKETS_PAGE_SIZE ? null : String(rows);
  },
  category: () => OUT_OF_RANGE,
};

/** A category's list, paged in the browser 20 at a time (web/features/articles): a page past the end shows the last. */
export const CATEGORY_PARAMS: PageParams = { page: pageNumber(Math.ceil(MAX_LIST / 20), "clamp") };

export const NO_PARAMS: PageParams = {};

/**
 * The address a guest's page is rendered for and kept under: its path and its own parameters, read
 * as the page reads them, in a fixed order. Null when one is outside what the server renders.
 */
export function pageAddress(url: URL, params: PageParams): URL | null {
  const kept = new URLSearchParams();
  for (const [name, read] of Object.entries(params)) {
    const raw = url.searchParams.get(name);
    if (raw === null) continue;
    const value = read(raw, url.searchParams);
    if (value === OUT_OF_RANGE) return null;
    if (value !== null) kept.set(name, value);
  }
  // `order` means nothing without its sort: the page reads the sort's natural order then.
  if (kept.has("order") && !kept.has("sort")) kept.delete("order");
  const address = new URL(url.pathname, url.origin);
  address.search = kept.toString();
  return address;
}
