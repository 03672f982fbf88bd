import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue } from "react";
import { useSearchParams } from "react-router";
import type { CryptoRow, CryptoSortKey } from "#schema/contracts/crypto.ts";
import { MARKETS_PAGE_SIZE, PAGE_SIZES, type PageSize, readPageSize } from "#schema/contracts/markets-paging.ts";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { type TabItem, Tabs } from "#web/components/ui/tabs.tsx";
import { HttpError } from "#web/lib/api.ts";
import { coinCategoriesQuery, cryptoPageQuery, MOVERS_TAB_SIZE, moversQueryOptions } from "../api/cryptos.ts";
import { listOrder, nextSort, readSort, type SortState, sortRows } from "../api/sort.ts";
import { CategoryNote, CategoryPicker, UnknownCategory } from "./category-filter.tsx";
import { CryptoTable } from "./crypto-table.tsx";
import styles from "./markets.module.css";
import { MoversRule, moversMark } from "./movers-rule.tsx";

export type MarketsTab = "all" | "gainers" | "losers" | "watchlist";

const baseTabs: TabItem<MarketsTab>[] = [
  { key: "all", label: "Top 500" },
  { key: "gainers", label: "Top Gainers" },
  { key: "losers", label: "Top Losers" },
];

type Props = {
  /** The signed-in extras from the watchlist feature: the star column and the My Watchlist tab. */
  star?: { header: string; cell: (coin: CryptoRow) => ReactNode };
  watchlistPanel?: ReactNode;
};

type Sorting = SortState & { onSort: (key: CryptoSortKey) => void };

type Paging = { page: number; onPage: (p: number) => void; rows: PageSize; onRows: (rows: PageSize) => void };

type Filter = { category: string | null; onCategory: (slug: string | null) => void };

/** "Rows 50 / 100 / 250" under the table, beside its pages. */
function RowsPicker({ rows, onRows }: Pick<Paging, "rows" | "onRows">) {
  return (
    <label className={styles.rowsPicker}>
      Rows
      <select className="input" value={rows} onChange={(e) => onRows(Number(e.target.value) as PageSize)}>
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

function AllPanel({ paging, star, sort, filter }: { paging: Paging; star: Props["star"]; sort: Sorting; filter: Filter }) {
  const { page, onPage, rows } = paging;
  const { category, onCategory } = filter;
  const { data, isLoading, isError, error } = useQuery(cryptoPageQuery(page, sort, rows, category));
  const label = useQuery(coinCategoriesQuery()).data?.categories.find((c) => c.slug === category)?.label;
  // Deferred like the table's rows, so the pages' links appear with the rows, not above a placeholder.
  const shown = useDeferredValue(data);
  // Sorted by the 24 h move, the Top 500 reads as the movers lists do, with the same rule and marks.
  const byMove = sort.key === "change24h";
  if (category && error instanceof HttpError && error.status === 404)
    return <UnknownCategory slug={category} onClear={() => onCategory(null)} />;
  return (
    <>
      <CategoryPicker value={category} onChange={onCategory} />
      {byMove ? <MoversRule sorted /> : null}
      <CryptoTable
        coins={data?.data}
        isLoading={isLoading}
        isError={isError}
        skeletonRows={Math.min(rows, 12)}
        star={star}
        caption={category ? `${label ?? category} coins in the Top 500` : "Top 500 cryptocurrencies"}
        sort={sort}
        sparklines
        mark={byMove ? moversMark : undefined}
      />
      <div className={styles.pager}>
        {shown ? <Pagination page={page} totalPages={shown.pagination.totalPages} onPage={onPage} label="Top 500 pages" /> : <span />}
        <RowsPicker rows={rows} onRows={paging.onRows} />
      </div>
      <CategoryNote />
    </>
  );
}

function MoversPanel({ kind, star, sort }: { kind: "gainers" | "losers"; star: Props["star"]; sort: Sorting }) {
  const { data, isLoading, isError } = useQuery(moversQueryOptions(kind, MOVERS_TAB_SIZE));
  // 25 rows: the browser sorts them; the list's own order (the move) is the server's.
  const own = listOrder(kind);
  const rows = data && (sort.key !== own.key || sort.order !== own.order) ? sortRows(data, sort) : data;
  return (
    <>
      <MoversRule />
      <CryptoTable
        coins={rows}
        sort={sort}
        isLoading={isLoading}
        isError={isError}
        star={star}
        caption={kind === "gainers" ? "Top gainers" : "Top losers"}
        mark={moversMark}
      />
    </>
  );
}

/** `?rows=` for a page size; none for the default, which keeps the address short. */
function rowsParam(rows: PageSize): Record<string, string> {
  return rows === MARKETS_PAGE_SIZE ? {} : { rows: String(rows) };
}

/**
 * Tabs, paging, rows per page, sorting and the Top 500's category live in the URL (?tab=, ?page=,
 * ?rows=, ?sort=&order=, ?category=) so a view can be shared and survives a reload.
 */
export function MarketsView({ star, watchlistPanel }: Props) {
  const [params, setParams] = useSearchParams();
  const tabs = watchlistPanel ? [...baseTabs, { key: "watchlist" as const, label: "My Watchlist" }] : baseTabs;
  const requested = params.get("tab") as MarketsTab | null;
  const tab: MarketsTab = tabs.some((t) => t.key === requested) ? (requested as MarketsTab) : "all";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const rows = readPageSize(params.get("rows"));

  const sortState = readSort(params, listOrder(tab));
  const sortQuery: Record<string, string> = params.get("sort") ? { sort: sortState.key, order: sortState.order } : {};
  // The rows choice is kept across tabs, pages and sorts; the category across pages, rows and sorts of the Top 500.
  const category = tab === "all" ? params.get("category") || null : null;
  const rowsQuery = { ...rowsParam(rows), ...(category ? { category } : {}) };

  function setTab(next: MarketsTab) {
    // Changing tab resets the page to 1; the movers and the watchlist are not filtered by category.
    setParams({ ...(next === "all" ? {} : { tab: next }), ...sortQuery, ...rowsParam(rows) });
  }
  function setPage(next: number) {
    const query: Record<string, string> = { ...(tab === "all" ? {} : { tab }), ...sortQuery, ...rowsQuery };
    if (next > 1) query.page = String(next);
    setParams(query);
    window.scrollTo({ top: 0 });
  }
  // Another page size starts again at page 1: row 301 is on no page of 100 that page 3 of 250 was.
  function setRows(next: PageSize) {
    setParams({ ...sortQuery, ...rowsParam(next), ...(category ? { category } : {}) });
  }
  // Another category starts again at page 1, keeping the sort and the rows.
  function setCategory(next: string | null) {
    setParams({ ...sortQuery, ...rowsParam(rows), ...(next ? { category: next } : {}) });
  }
  // A new sort starts again at page 1: page 3 of another order is a different list.
  const sort: Sorting = {
    ...sortState,
    onSort: (key) => {
      const next = nextSort(sortState, key);
      setParams({ ...(tab === "all" ? {} : { tab }), sort: next.key, order: next.order, ...rowsQuery });
    },
  };

  return (
    <>
      <div className={styles.marketTabs}>
        <Tabs items={tabs} value={tab} onChange={setTab} label="Market lists" idPrefix="markets" />
      </div>
      <div id="markets-panel" role="tabpanel" aria-labelledby={`markets-tab-${tab}`} style={{ marginTop: 16 }}>
        {tab === "all" ? (
          <AllPanel
            paging={{ page, onPage: setPage, rows, onRows: setRows }}
            star={star}
            sort={sort}
            filter={{ category, onCategory: setCategory }}
          />
        ) : null}
        {tab === "gainers" || tab === "losers" ? <MoversPanel kind={tab} star={star} sort={sort} /> : null}
        {tab === "watchlist" ? watchlistPanel : null}
      </div>
    </>
  );
}
