import { formatChange, formatPrice, formatSupply } from "#schema/contracts/format.ts";
import type { Fact, FactKind, Group, Metric, Period, Ranking, Stat } from "./types.ts";

/**
 * The fact builders every writer's brief uses (the newsroom's articles, Ask Coinsight's answers):
 * each figure is made here, once, with an id and the exact text readers see.
 */

/** What a fact is about beyond its figure (see Fact in types.ts): the check reads every field. */
export type FactMeta = {
  signed?: boolean;
  subject?: string | undefined;
  metric?: Metric;
  period?: Period;
  group?: Group;
  stat?: Stat;
  sense?: 1 | -1;
  versus?: string;
  multiple?: boolean;
  ranking?: Ranking;
  prior?: boolean;
  baseline?: boolean;
};

function fact(id: string, label: string, kind: FactKind, value: number, display: string, meta: FactMeta = {}): Fact {
  const out: Fact = { id, label, kind, value, display };
  for (const [key, v] of Object.entries(meta) as [keyof FactMeta, FactMeta[keyof FactMeta]][]) {
    if (v !== undefined && v !== false) (out as Record<string, unknown>)[key] = v;
  }
  return out;
}

/** "$1.28 trillion", "$32.02 billion", "$245.67 million", "$812,400". */
export function moneyText(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e12) return `$${(value / 1e12).toFixed(2)} trillion`;
  if (abs >= 1e9) return `$${(value / 1e9).toFixed(2)} billion`;
  if (abs >= 1e6) return `$${(value / 1e6).toFixed(2)} million`;
  return `$${Math.round(value).toLocaleString("en-US")}`;
}

/** "353,615" or, from a million, "183.24 million". */
export function countText(value: number): string {
  if (Math.abs(value) >= 1e6) return `${(value / 1e6).toFixed(2)} million`;
  return Math.round(value).toLocaleString("en-US");
}

/** "22 November 2026" from "2026-11-22". */
export function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** The same number the display shows, so "+2.31%" is 2.31 and not 2.3141. */
function shownValue(display: string, fallback: number): number {
  const n = Number(display.replace(/[^0-9.-]/g, ""));
  return Number.isFinite(n) ? n : fallback;
}

export const facts = {
  price: (id: string, label: string, v: number, meta: FactMeta = {}) =>
    fact(id, label, "price", v, formatPrice(v), { metric: "price", ...meta }),
  money: (id: string, label: string, v: number, meta: FactMeta) => fact(id, label, "money", v, moneyText(v), meta),
  change: (id: string, label: string, v: number, meta: FactMeta = {}) => {
    const display = formatChange(v);
    return fact(id, label, "percent", shownValue(display, v), display, { metric: "change", signed: true, ...meta });
  },
  /** A share such as sentiment or dominance: "78%", "0.52%". */
  share: (id: string, label: string, v: number, decimals: number, meta: FactMeta) => {
    const display = `${v.toFixed(decimals)}%`;
    return fact(id, label, "percent", shownValue(display, v), display, meta);
  },
  rank: (id: string, label: string, v: number, meta: FactMeta = {}) =>
    fact(id, label, "rank", v, `#${Math.round(v)}`, { metric: "rank", ...meta }),
  score: (id: string, label: string, v: number, meta: FactMeta = {}) =>
    fact(id, label, "score", v, v.toFixed(1), { metric: "galaxyScore", ...meta }),
  scoreChange: (id: string, label: string, v: number, meta: FactMeta = {}) =>
    fact(id, label, "score", v, `${v >= 0 ? "+" : "-"}${Math.abs(v).toFixed(1)}`, { metric: "galaxyChange", signed: true, ...meta }),
  count: (id: string, label: string, v: number, meta: FactMeta = {}) =>
    fact(id, label, "count", v, countText(v), { metric: "count", ...meta }),
  /** A supply, as the coin page writes it: "37.26 B coins", "19.80 M BTC". */
  supply: (
    id: string,
    label: string,
    v: number,
    unit: string,
    meta: FactMeta & { metric: "circulatingSupply" | "totalSupply" | "maxSupply" },
  ) => fact(id, label, "count", v, formatSupply(v, unit), meta),
  /**
   * A fixed text a writer may cite whole: the date, the data time, a band's bounds, a coin's
   * categories, a price range, an article's link. `subject` ties it to a coin, so the text around
   * it is read as being about that coin.
   */
  text: (id: string, label: string, display: string, meta: Pick<FactMeta, "subject" | "group"> = {}) =>
    fact(id, label, "label", 0, display, { metric: "label", ...meta }),
  /** A statistical price range, with its horizon in its text: the one figure a conditional ("would stay inside") may describe. */
  range: (id: string, label: string, display: string, meta: Pick<FactMeta, "subject"> = {}) =>
    fact(id, label, "label", 0, display, { metric: "range", ...meta }),
  /** One figure against another: "+14.53 percentage points" ahead of Bitcoin, or a multiple ("2.4", written "2.4 times") of the usual move. */
  relative: (id: string, label: string, v: number, meta: FactMeta & { versus: string }) =>
    meta.multiple
      ? fact(id, label, "score", v, v.toFixed(1), { metric: "relative", ...meta })
      : fact(id, label, "percent", Math.round(v * 100) / 100, `${v >= 0 ? "+" : "-"}${Math.abs(v).toFixed(2)} percentage points`, {
          metric: "relative",
          signed: true,
          ...meta,
        }),
  /** A coin's place in one of the day's lists: "#1" among the gainers. */
  position: (id: string, label: string, v: number, meta: FactMeta & { ranking: Ranking; subject: string }) =>
    fact(id, label, "rank", v, `#${Math.round(v)}`, { metric: "position", ...meta }),
};
