import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { type TabItem, Tabs } from "#web/components/ui/tabs.tsx";
import { cryptoPageQuery, MOVERS_TAB_SIZE, moversQuery } from "../api/cryptos.ts";
import { CryptoTable } from "./crypto-table.tsx";

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

function AllPanel({ page, onPage, star }: { page: number; onPage: (p: number) => void; star: Props["star"] }) {
  const { data, isLoading, isError } = useQuery(cryptoPageQuery(page));
  return (
    <>
      <CryptoTable
        coins={data?.data}
        isLoading={isLoading}
        isError={isError}
        skeletonRows={12}
        star={star}
        caption="Top 500 cryptocurrencies"
      />
      {data ? <Pagination page={page} totalPages={data.pagination.totalPages} onPage={onPage} label="Top 500 pages" /> : null}
    </>
  );
}

function MoversPanel({ kind, star }: { kind: "gainers" | "losers"; star: Props["star"] }) {
  const { data, isLoading, isError } = useQuery(moversQuery(kind, MOVERS_TAB_SIZE));
  return (
    <CryptoTable
      coins={data}
      isLoading={isLoading}
      isError={isError}
      star={star}
      caption={kind === "gainers" ? "Top gainers" : "Top losers"}
    />
  );
}

/** Tabs and paging live in the URL (?tab=, ?page=) so a view can be shared and survives a reload. */
export function MarketsView({ star, watchlistPanel }: Props) {
  const [params, setParams] = useSearchParams();
  const tabs = watchlistPanel ? [...baseTabs, { key: "watchlist" as const, label: "My Watchlist" }] : baseTabs;
  const requested = params.get("tab") as MarketsTab | null;
  const tab: MarketsTab = tabs.some((t) => t.key === requested) ? (requested as MarketsTab) : "all";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);

  function setTab(next: MarketsTab) {
    // Changing tab resets the page to 1.
    setParams(next === "all" ? {} : { tab: next });
  }
  function setPage(next: number) {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  }

  return (
    <>
      <Tabs items={tabs} value={tab} onChange={setTab} label="Market lists" idPrefix="markets" />
      <div id="markets-panel" role="tabpanel" aria-labelledby={`markets-tab-${tab}`} style={{ marginTop: 16 }}>
        {tab === "all" ? <AllPanel page={page} onPage={setPage} star={star} /> : null}
        {tab === "gainers" || tab === "losers" ? <MoversPanel kind={tab} star={star} /> : null}
        {tab === "watchlist" ? watchlistPanel : null}
      </div>
    </>
  );
}
