import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { MappingBody, UnmappedCoin } from "#schema/contracts/charts.ts";
import { ChartMappingForm } from "#web/components/chart-mapping-form.tsx";
import { saveMappingAndTell } from "#web/components/save-mapping.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { CoinAvatar } from "#web/components/ui/coin-avatar.tsx";
import { CoverageBadge } from "#web/components/ui/coverage-badge.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { mappingKeys, type SaveResult } from "#web/lib/chart-mapping.ts";
import { formatMoney } from "#web/lib/format.ts";
import { unmappedQuery } from "../api/unmapped.ts";
import styles from "./mappings.module.css";

export const ALL_MAPPED = "All cryptocurrencies have been mapped!";
const SHOWN_STEP = 50;

function CoinRow({ coin, onSave }: { coin: UnmappedCoin; onSave: (body: MappingBody) => Promise<SaveResult> }) {
  const [open, setOpen] = useState(false);
  return (
    <li className={styles.row}>
      <div className={styles.rowHead}>
        <span className={`${styles.rank} num`}>#{coin.rank}</span>
        <CoinAvatar symbol={coin.symbol} imageUrl={coin.imageUrl} />
        <span className={styles.name}>
          {coin.name} <span className="muted">{coin.symbol}</span>
        </span>
        <span className={`${styles.figure} num`}>{coin.price}</span>
        <span className={`${styles.figure} ${styles.cap} num`}>{formatMoney(coin.marketCap)}</span>
        <Button size="sm" variant={open ? "ghost" : "outline"} onClick={() => setOpen((v) => !v)} aria-expanded={open}>
          {open ? "Close" : "Map"}
        </Button>
      </div>
      {open ? (
        <div className={styles.form}>
          <ChartMappingForm coin={coin} onSubmit={onSave} />
        </div>
      ) : null}
    </li>
  );
}

/** The Chart Mappings tab: coverage, then every tracked coin without a TradingView mapping, with its form. */
export function MappingsTab() {
  const client = useQueryClient();
  const { data, isLoading, isError } = useQuery(unmappedQuery());
  const [filter, setFilter] = useState("");
  const [shown, setShown] = useState(SHOWN_STEP);

  async function save(body: MappingBody) {
    const result = await saveMappingAndTell(body, `${body.symbol} now charts as ${body.tradingViewSymbol}.`);
    if (result.outcome !== "saved") return result;
    await Promise.all([
      client.invalidateQueries({ queryKey: mappingKeys.unmapped }),
      client.invalidateQueries({ queryKey: mappingKeys.stats }),
      client.invalidateQueries({ queryKey: mappingKeys.one(body.symbol) }),
    ]);
    return result;
  }

  if (isLoading) return <Skeleton height={320} />;
  if (isError || !data) return <Notice tone="error">Failed to load the unmapped coins.</Notice>;
  const needle = filter.trim().toLowerCase();
  const coins = needle
    ? data.coins.filter((c) => c.name.toLowerCase().includes(needle) || c.symbol.toLowerCase().includes(needle))
    : data.coins;
  return (
    <Card title="Chart Mappings">
      <div className={styles.summary}>
        <CoverageBadge coverage={data.coverage} />
        <span className="muted">
          {data.mapped} of {data.total} coins mapped to a TradingView chart
        </span>
      </div>
      {data.coins.length === 0 ? (
        <p className={styles.done} role="status">
          {ALL_MAPPED}
        </p>
      ) : (
        <>
          <input
            className="input"
            type="search"
            placeholder="Filter by name or symbol"
            aria-label="Filter unmapped coins"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value);
              setShown(SHOWN_STEP);
            }}
            style={{ width: "100%", maxWidth: 360, marginBottom: 12 }}
          />
          {coins.length === 0 ? <p className="muted">No unmapped coin matches "{filter}".</p> : null}
          <ul className={styles.list} aria-label="Unmapped coins">
            {coins.slice(0, shown).map((coin) => (
              <CoinRow key={coin.id} coin={coin} onSave={save} />
            ))}
          </ul>
          {coins.length > shown ? (
            <Button variant="outline" size="sm" onClick={() => setShown((n) => n + SHOWN_STEP)}>
              Show {Math.min(SHOWN_STEP, coins.length - shown)} more of {coins.length - shown}
            </Button>
          ) : null}
        </>
      )}
    </Card>
  );
}
