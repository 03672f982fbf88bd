import type { AnswerTable, CellTone } from "#schema/contracts/ask-free-types.ts";
import type { PlanMetric, PlanPeriod } from "#schema/contracts/ask-plan.ts";
import { formatAmount, formatChange, formatPrice, formatSupply } from "#schema/contracts/format.ts";
import { type CoinFigures, metricValue, PERIOD_WORDS } from "./free-figures.ts";

/**
 * The tables of free-text answers, rendered by the server from the same figures as the facts (never
 * typed by the writer): texts from the shared formatters, a tone only on signed changes, "—" for a
 * figure the site has not recorded, and a note that says so.
 */

export const MISSING = "—";

/** One column: what it shows of a coin's figures, and how. */
export type Column = {
  key: string;
  label: string;
  /** The figure, or null when not recorded. */
  value: (f: CoinFigures) => number | null;
  text: (v: number, f: CoinFigures) => string;
  /** A signed change: its cells carry a tone. */
  signed?: boolean;
  /** Said in the note when some cells of this column are missing ("the 30-day change"). */
  missing: string;
};

const usd = (v: number) => `$${formatAmount(v)}`;
const CHANGE_LABEL: Record<PlanPeriod, string> = {
  "1h": "1-hour change",
  "24h": "24-hour change",
  "7d": "7-day change",
  "30d": "30-day change",
  "1y": "1-year change",
};

export function changeColumn(period: PlanPeriod, value: (f: CoinFigures) => number | null = (f) => f.change): Column {
  return {
    key: `change_${period}`,
    label: CHANGE_LABEL[period],
    value,
    text: (v) => formatChange(v),
    signed: true,
    missing: `the price change over ${PERIOD_WORDS[period]}${period === "30d" || period === "1y" ? " (no daily close held from its start)" : ""}`,
  };
}

/** The column of each metric a plan can rank or compare by. */
export function metricColumn(metric: PlanMetric, period: PlanPeriod): Column {
  const of = (m: PlanMetric) => (f: CoinFigures) => metricValue(f, m);
  switch (metric) {
    case "change":
      return changeColumn(period);
    case "market_cap":
      return { key: "market_cap", label: "Market cap", value: of(metric), text: usd, missing: "the market cap" };
    case "volume":
      return { key: "volume_24h", label: "24-hour volume", value: of(metric), text: usd, missing: "the 24-hour trading volume" };
    case "supply":
      return {
        key: "circulating_supply",
        label: "Circulating supply",
        value: of(metric),
        text: (v, f) => formatSupply(v, f.coin.symbol),
        missing: "the circulating supply",
      };
    case "sentiment":
      return {
        key: "sentiment",
        label: "Positive posts",
        value: of(metric),
        text: (v) => `${Math.round(v)}%`,
        missing: "social sentiment",
      };
    case "social_volume":
      return { key: "posts_24h", label: "Posts (24 hours)", value: of(metric), text: (v) => formatAmount(v), missing: "social posts" };
    default:
      return { key: "price", label: "Price", value: of("price"), text: (v) => formatPrice(v), missing: "the price" };
  }
}

/** The plan's metric first, then price, the change over the period and market cap, each once. */
export function columnsFor(
  metric: PlanMetric,
  period: PlanPeriod,
  extra: readonly PlanMetric[] = ["price", "change", "market_cap"],
): Column[] {
  const out: Column[] = [];
  for (const m of [metric, ...extra]) {
    const col = metricColumn(m, period);
    if (!out.some((c) => c.key === col.key)) out.push(col);
  }
  return out;
}

/** The colour of a signed change as shown (a change that rounds to 0.00% has none). */
function toneOf(v: number): CellTone {
  const shown = Number(formatChange(v).replace("%", ""));
  return shown > 0 ? "up" : shown < 0 ? "down" : null;
}

/** A table of coins, one row each in the order given; `notes` are joined after what the cells leave out. */
export function coinTable(
  title: string,
  figures: readonly CoinFigures[],
  columns: readonly Column[],
  notes: readonly string[] = [],
): AnswerTable {
  const gaps = new Map<string, number>();
  const rows = figures.map((f) => ({
    symbol: f.coin.symbol,
    name: f.coin.name,
    cells: columns.map((col) => {
      const v = col.value(f);
      if (v == null) {
        gaps.set(col.missing, (gaps.get(col.missing) ?? 0) + 1);
        return { text: MISSING, tone: null };
      }
      return { text: col.text(v, f), tone: col.signed ? toneOf(v) : null };
    }),
  }));
  const missing = [...gaps].map(
    ([what, n]) => `${what} for ${n === figures.length && n > 1 ? "any of them" : `${n} of ${figures.length}`}`,
  );
  const said = [...notes, ...(missing.length ? [`${MISSING} means Coinsight has not recorded ${missing.join("; ")}.`] : [])];
  return {
    title,
    columns: columns.map((c) => ({ key: c.key, label: c.label, numeric: true })),
    rows,
    note: said.length ? said.join(" ") : null,
  };
}
