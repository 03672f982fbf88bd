import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue } from "react";
import { useSearchParams } from "react-router";
import type { Crypto, CryptoSortKey } from "#schema/contracts/crypto.ts";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { type TabItem, Tabs } from "#web/components/ui/tabs.tsx";
import { cryptoPageQuery, MOVERS_TAB_SIZE, moversQueryOptions } from "../api/cryptos.ts";
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

function AllPanel({ page, onPage, star, sort }: { page: number; onPage: (p: number) => void; star: Props["star"]; sort: Sorting }) {
  const { data, isLoading, isError } = useQuery(cryptoPageQuery(page, sort));
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
        skeletonRows={12}
        star={star}
        caption="Top 500 cryptocurrencies"
        sort={sort}
        sparklines
        mark={byMove ? moversMark : undefined}
      />
      {shown ? <Pagination page={page} totalPages={shown.pagination.totalPages} onPage={onPage} label="Top 500 pages" /> : null}
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

/** Tabs, paging and sorting live in the URL (?tab=, ?page=, ?sort=&order=) so a view can be shared and survives a reload. */
export function MarketsView({ star, watchlistPanel }: Props) {
  const [params, setParams] = useSearchParams();
  const tabs = watchlistPanel ? [...baseTabs, { key: "watchlist" as const, label: "My Watchlist" }] : baseTabs;
  const requested = params.get("tab") as MarketsTab | null;
  const tab: MarketsTab = tabs.some((t) => t.key === requested) ? (requested as MarketsTab) : "all";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);

  const sortState = readSort(params, listOrder(tab));
  const sortQuery: Record<string, string> = params.get("sort") ? { sort: sortState.key, order: sortState.order } : {};

  function setTab(next: MarketsTab) {
    // Changing tab resets the page to 1.
    setParams({ ...(next === "all" ? {} : { tab: next }), ...sortQuery });
  }
  function setPage(next: number) {
    const query: Record<string, string> = { ...(tab === "all" ? {} : { tab }), ...sortQuery };
    if (next > 1) query.page = String(next);
    setParams(query);
    window.scrollTo({ top: 0 });
  }
  // A new sort starts again at page 1: page 3 of another order is a different list.
  const sort: Sorting = {
    ...sortState,
    onSort: (key) => {
      const next = nextSort(sortState, key);
      setParams({ ...(tab === "all" ? {} : { tab }), sort: next.key, order: next.order });
    },
  };

  return (
    <>
      <div className={styles.marketTabs}>
        <Tabs items={tabs} value={tab} onChange={setTab} label="Market lists" idPrefix="markets" />
      </div>
      <div id="markets-panel" role="tabpanel" aria-labelledby={`markets-tab-${tab}`} style={{ marginTop: 16 }}>
        {tab === "all" ? <AllPanel page={page} onPage={setPage} star={star} sort={sort} /> : null}
        {tab === "gainers" || tab === "losers" ? <MoversPanel kind={tab} star={star} sort={sort} /> : null}
        {tab === "watchlist" ? watchlistPanel : null}
      </div>
    </>
  );
}
