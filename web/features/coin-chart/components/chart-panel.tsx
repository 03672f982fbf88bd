import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, useState } from "react";
import type { HistoryRange, MappingBody } from "#schema/contracts/charts.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { spanText } from "#schema/contracts/recorded-span.ts";
import { saveMappingAndTell } from "#web/components/save-mapping.ts";
import { type ReplayClock, replayClock, useSiteStatus } from "#web/components/site-status.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useAuth } from "#web/lib/auth.ts";
import { mappingKeys, mappingQuery, mappingSentence, usableSymbol } from "#web/lib/chart-mapping.ts";
import { utcDay } from "#web/lib/format.ts";
import { useClock } from "#web/lib/render-context.ts";
import { endAtHeadline, historyQuery, MIN_CHART_POINTS, RANGE_LABELS, withGaps } from "../api/history.ts";
import styles from "./chart.module.css";
import { CHART_HEIGHT, PriceSketch } from "./price-sketch.tsx";
import { TradingViewWidget } from "./tradingview-widget.tsx";

// lightweight-charts (about 700 ms of a phone's CPU to load and draw) loads only when the reader
// reaches for the chart; until then the SVG sketch shows the same history.
// Should its chunk fail to load (a dropped connection), the sketch, which takes the same props, stays.
const PriceChart = lazy(() => import("./price-chart.tsx").catch(() => ({ default: PriceSketch })));
// Only an admin who opens it needs the mapping form (and the validator it brings).
const ChartMappingForm = lazy(() => import("#web/components/chart-mapping-form.tsx").then((m) => ({ default: m.ChartMappingForm })));

const RANGES = Object.keys(RANGE_LABELS) as HistoryRange[];

/** Under the chart of the offline replay: which days the line really shows, and where the model takes over. */
function ReplayNote({ replay }: { replay: ReplayClock }) {
  const day = (t: number) => `${utcDay(t)}, ${new Date(t * 1000).toISOString().slice(11, 16)} UTC`;
  return (
    <p className={`${styles.note} muted`} data-testid="chart-replay-note">
      Demo data: CoinGecko prices recorded up to {day(replay.recordedAt)}, replayed so that they end at {day(replay.replayedAt)}, when this
      site started; later points are modelled.
    </p>
  );
}

/**
 * A range whose recorded prices do not reach its start is not drawn (a sliver at the right-hand end read
 * as the whole range beside the 24 h and 7 d figures): the panel says how much is recorded instead.
 */
function NotRecorded({ name, range, from }: { name: string; range: HistoryRange; from: number | null }) {
  const now = useClock().now / 1000;
  return (
    <div className={styles.notEnough} data-testid="chart-not-recorded">
      <p>
        <strong>{RANGE_LABELS[range]} not recorded.</strong>{" "}
        {from === null
          ? `No prices of ${name} are recorded in this range.`
          : `${name}'s recorded prices cover only the last ${spanText(Math.max(0, now - from), true)} of it; the rest is missing, so no chart is drawn.`}
      </p>
    </div>
  );
}

function OurChart({ coin }: { coin: Crypto }) {
  // A year first: the longest view that still reads at a glance, and the one the seeded daily history fills.
  const [range, setRange] = useState<HistoryRange>("1y");
  const [live, setLive] = useState(false);
  const { data, isError, isFetching } = useQuery(historyQuery(coin.symbol, range));
  const at = Date.parse(coin.lastUpdated) / 1000;
  const points = useMemo(
    () => (data && data.range === range ? withGaps(endAtHeadline(data.points, coin.priceUsd, at, data.step), data.step, range) : []),
    [data, range, coin.priceUsd, at],
  );
  const label = `${coin.name} price in USD, ${RANGE_LABELS[range]}`;
  const replay = replayClock(useSiteStatus().data);
  const sketch = <PriceSketch points={points} range={range} label={label} replay={replay} />;
  const wake = () => setLive(true);
  return (
    <>
      <div className={styles.head}>
        <fieldset className={styles.segmented} aria-label="Chart range">
          {RANGES.map((r) => (
            <button key={r} type="button" aria-pressed={r === range} onClick={() => setRange(r)}>
              {RANGE_LABELS[r]}
            </button>
          ))}
        </fieldset>
        {isFetching ? (
          <span className="muted" style={{ fontSize: "0.85rem" }}>
            Loading...
          </span>
        ) : null}
      </div>
      <div className={styles.chartBox}>
        {isError ? <Notice tone="error">The price history could not be loaded.</Notice> : null}
        {!data && !isError ? (
          <Skeleton height={CHART_HEIGHT} />
        ) : data && data.range === range && data.points.length < MIN_CHART_POINTS ? (
          // One recorded price is a dot, not a chart: say so instead of drawing it.
          <p className={styles.notEnough} data-testid="chart-not-enough">
            Not enough price history yet
          </p>
        ) : data && data.range === range && !data.recorded.complete ? (
          <NotRecorded name={coin.name} range={range} from={data.recorded.from} />
        ) : live ? (
          <Suspense fallback={sketch}>
            <PriceChart points={points} range={range} label={label} replay={replay} />
          </Suspense>
        ) : (
          // Pointing at or touching the chart is what asks for the crosshair (a pointer's feature).
          <div onPointerEnter={wake} onTouchStart={wake}>
            {sketch}
          </div>
        )}
      </div>
      {replay ? <ReplayNote replay={replay} /> : null}
    </>
  );
}

function AdminControls({
  coin,
  tvSymbol,
  isHidden,
  mapping,
}: {
  coin: Crypto;
  tvSymbol: string | null;
  isHidden: boolean;
  mapping: Parameters<typeof mappingSentence>[0];
}) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  async function save(body: MappingBody) {
    const result = await saveMappingAndTell(body, `Chart mapping for ${coin.symbol} saved.`);
    // A refused mapping keeps the form open with what was typed; a local one is drawn from this browser.
    if (result.outcome === "refused") return result;
    if (result.outcome === "saved") setEditing(false);
    await client.invalidateQueries({ queryKey: mappingKeys.one(coin.symbol) });
    return result;
  }
  return (
    <div className={styles.adminBar}>
      <Button
        size="sm"
        variant="outline"
        onClick={() => save({ symbol: coin.symbol, coinName: coin.name, tradingViewSymbol: tvSymbol ?? "FAILED", isHidden: !isHidden })}
      >
        {isHidden ? "Show chart" : "Hide chart"}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
        {editing ? "Close mapping" : tvSymbol ? "Edit mapping" : "Map to TradingView"}
      </Button>
      <span className="muted" style={{ fontSize: "0.85rem" }}>
        {mappingSentence(mapping)}
      </span>
      {editing ? (
        <div style={{ flexBasis: "100%" }}>
          <Suspense fallback={<Skeleton height={220} />}>
            <ChartMappingForm coin={coin} saved={tvSymbol} hidden={isHidden} onSubmit={save} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The coin page's chart: TradingView's widget where an admin mapped the coin, our own chart
 * otherwise and whenever the widget cannot load. A hidden chart is shown to admins only.
 */
export function ChartPanel({ coin }: { coin: Crypto }) {
  const { isAdmin, isLoading: authLoading } = useAuth();
  const mapping = useQuery(mappingQuery(coin.symbol));
  const [source, setSource] = useState<"tradingview" | "ours" | null>(null);
  const [widgetFailed, setWidgetFailed] = useState(false);
  if (mapping.isLoading || authLoading) return <Skeleton height={460} />;
  const isHidden = mapping.data?.isHidden ?? false;
  if (isHidden && !isAdmin) return null;
  const tvSymbol = usableSymbol(mapping.data);
  const active = tvSymbol && !widgetFailed ? (source ?? "tradingview") : "ours";
  return (
    <Card as="section" aria-label={`${coin.name} price chart`}>
      {isHidden ? <Notice>This chart is hidden from readers; only admins see it.</Notice> : null}
      {mapping.data?.localOnly ? <p className={`${styles.note} muted`}>This mapping is saved in this browser only.</p> : null}
      <div className={styles.head}>
        <h2>Price chart</h2>
        {tvSymbol && !widgetFailed ? (
          <fieldset className={styles.segmented} aria-label="Chart source">
            <button type="button" aria-pressed={active === "tradingview"} onClick={() => setSource("tradingview")}>
              TradingView
            </button>
            <button type="button" aria-pressed={active === "ours"} onClick={() => setSource("ours")}>
              Coinsight
            </button>
          </fieldset>
        ) : null}
      </div>
      {active === "tradingview" && tvSymbol ? (
        <TradingViewWidget symbol={tvSymbol} onFail={() => setWidgetFailed(true)} />
      ) : (
        <OurChart coin={coin} />
      )}
      {widgetFailed ? <p className={`${styles.note} muted`}>The TradingView chart could not load; this is Coinsight's own chart.</p> : null}
      {isAdmin ? (
        <AdminControls coin={coin} tvSymbol={mapping.data?.tradingviewSymbol ?? null} isHidden={isHidden} mapping={mapping.data} />
      ) : null}
    </Card>
  );
}
