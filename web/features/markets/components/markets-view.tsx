import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue } from "react";
import { useSearchParams } from "react-router";
import type { Crypto, CryptoSortKey } from "#schema/contracts/crypto.ts";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { type TabItem, Tabs } from "#web/components/ui/tabs.tsx";
import { cryptoPageQuery, MARKETS_PAGE_SIZE, MOVERS_TAB_SIZE, moversQueryOptions, PAGE_SIZES, type PageSize } from "../api/cryptos.ts";
import { listOrder, nextSort, readSort, type SortState, sortRows } from "../api/sort.ts";
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
  star?: { header: string; cell: (coin: Crypto) => ReactNode };
  watchlistPanel?: ReactNode;
};

type Sorting = SortState & { onSort: (key: CryptoSortKey) => void };

type Paging = { page: number; onPage: (p: number) => void; rows: PageSize; onRows: (rows: PageSize) => void };

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

function AllPanel({ paging, star, sort }: { paging: Paging; star: Props["star"]; sort: Sorting }) {
  const { page, onPage, rows } = paging;
  const { data, isLoading, isError } = useQuery(cryptoPageQuery(page, sort, rows));
  // Deferred like the table's rows, so the pages' links appear with the rows, not above a placeholder.
  const shown = useDeferredValue(data);
  // Sorted by the 24 h move, the Top 500 reads as the movers lists do, with the same rule and marks.
  const byMove = sort.key === "change24h";
  return (
    <>
      {byMove ? <MoversRule sorted /> : null}
      <CryptoTable
        coins={data?.data}
        isLoading={isLoading}
        isError={isError}
        skeletonRows={Math.min(rows, 12)}
        star={star}
        caption="Top 500 cryptocurrencies"
        sort={sort}
        sparklines
        mark={byMove ? moversMark : undefined}
      />
      <div className={styles.pager}>
        {shown ? <Pagination page={page} totalPages={shown.pagination.totalPages} onPage={onPage} label="Top 500 pages" /> : <span />}
        <RowsPicker rows={rows} onRows={paging.onRows} />
      </div>
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

/** Tabs, paging, rows per page and sorting live in the URL (?tab=, ?page=, ?rows=, ?sort=&order=) so a view can be shared and survives a reload. */
export function MarketsView({ star, watchlistPanel }: Props) {
  const [params, setParams] = useSearchParams();
  const tabs = watchlistPanel ? [...baseTabs, { key: "watchlist" as const, label: "My Watchlist" }] : baseTabs;
  const requested = params.get("tab") as MarketsTab | null;
  const tab: MarketsTab = tabs.some((t) => t.key === requested) ? (requested as MarketsTab) : "all";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const asked = Number(params.get("rows"));
  const rows: PageSize = PAGE_SIZES.find((n) => n === asked) ?? MARKETS_PAGE_SIZE;

  const sortState = readSort(params, listOrder(tab));
  const sortQuery: Record<string, string> = params.get("sort") ? { sort: sortState.key, order: sortState.order } : {};
  // The rows choice is kept across tabs, pages and sorts.
  const rowsQuery = rowsParam(rows);

  function setTab(next: MarketsTab) {
    // Changing tab resets the page to 1.
    setParams({ ...(next === "all" ? {} : { tab: next }), ...sortQuery, ...rowsQuery });
  }
  function setPage(next: number) {
    const query: Record<string, string> = { ...(tab === "all" ? {} : { tab }), ...sortQuery, ...rowsQuery };
    if (next > 1) query.page = String(next);
    setParams(query);
    window.scrollTo({ top: 0 });
  }
  // Another page size starts again at page 1: row 301 is on no page of 100 that page 3 of 250 was.
  function setRows(next: PageSize) {
    setParams({ ...sortQuery, ...rowsParam(next) });
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
        {tab === "all" ? <AllPanel paging={{ page, onPage: setPage, rows, onRows: setRows }} star={star} sort={sort} /> : null}
        {tab === "gainers" || tab === "losers" ? <MoversPanel kind={tab} star={star} sort={sort} /> : null}
        {tab === "watchlist" ? watchlistPanel : null}
      </div>
    </>
  );
}
