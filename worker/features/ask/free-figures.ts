import type { PlanMetric, PlanPeriod } from "#schema/contracts/ask-plan.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { coinFacts, latestSnapshotDate, readDay, type SnapshotRow } from "#worker/features/newsroom/index.ts";
import type { Db } from "#worker/lib/db.ts";
import { facts, longDate } from "#worker/lib/grounding/index.ts";
import type { Fact } from "#worker/ports/llm/llm.ts";

/**
 * The figures a free-text answer is built from, one coin at a time: the market row, the change over
 * the plan's period and the day's social snapshot. Every fact a free answer cites is made here, with
 * the same ids and texts as the card's answers and the newsroom's articles.
 */

/** The periods every market row carries a change over; 30d and 1y come from the held daily closes. */
export type RowPeriod = "1h" | "24h" | "7d";
export const isRowPeriod = (p: PlanPeriod): p is RowPeriod => p === "1h" || p === "24h" || p === "7d";

export const PERIOD_WORDS: Record<PlanPeriod, string> = {
  "1h": "1 hour",
  "24h": "24 hours",
  "7d": "7 days",
  "30d": "30 days",
  "1y": "1 year",
};
const PERIOD_ADJECTIVE: Record<PlanPeriod, string> = { "1h": "1-hour", "24h": "24-hour", "7d": "7-day", "30d": "30-day", "1y": "1-year" };
const LONG_DAYS: Record<"30d" | "1y", number> = { "30d": 30, "1y": 365 };
const DAY_S = 86_400;
/** A close this many days either side of the period's start still starts it (a weekend without data). */
const START_SLACK_DAYS = 3;

export type CoinFigures = { coin: Crypto; change: number | null; social: SnapshotRow | null };

/** The change over a period the market row carries. */
export function rowChange(coin: Crypto, period: RowPeriod): number | null {
  return period === "1h" ? coin.change1h : period === "24h" ? coin.change24h : coin.change7d;
}

/**
 * Price changes over 30 days or a year, from the close nearest the period's start (within three days)
 * to today's price; a coin without such a close has none. One query for all the coins.
 */
export async function longChanges(
  d1: D1Database,
  coins: readonly Crypto[],
  period: "30d" | "1y",
  now: number,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!coins.length) return out;
  const start = Math.floor(now / 1000) - LONG_DAYS[period] * DAY_S;
  const { results } = await d1
    .prepare(
      `SELECT coin_id AS id, price, ts FROM price_history
       WHERE coin_id IN (SELECT value FROM json_each(?1)) AND ts BETWEEN ?2 AND ?3 AND price > 0`,
    )
    .bind(JSON.stringify(coins.map((c) => c.id)), start - START_SLACK_DAYS * DAY_S, start + START_SLACK_DAYS * DAY_S)
    .all<{ id: string; price: number; ts: number }>();
  const nearest = new Map<string, { price: number; gap: number }>();
  for (const r of results) {
    const gap = Math.abs(r.ts - start);
    if ((nearest.get(r.id)?.gap ?? Number.POSITIVE_INFINITY) > gap) nearest.set(r.id, { price: r.price, gap });
  }
  for (const c of coins) {
    const from = nearest.get(c.id);
    if (from && c.priceUsd > 0) out.set(c.id, (c.priceUsd / from.price - 1) * 100);
  }
  return out;
}

/** The latest day's social snapshot rows by coin id, and that day (one query). */
export async function socialRows(db: Db, now: number): Promise<{ date: string | null; rows: Map<string, SnapshotRow> }> {
  const date = await latestSnapshotDate(db, new Date(now).toISOString().slice(0, 10));
  if (!date) return { date: null, rows: new Map() };
  return { date, rows: new Map((await readDay(db, date)).map((r) => [r.coinId, r])) };
}

const SOCIAL: ReadonlySet<PlanMetric> = new Set(["sentiment", "social_volume"]);

/** Each coin's figures for a plan: the change over its period, and the social row when the metric needs it. */
export async function figuresOf(
  input: { db: Db; d1: D1Database; now: number },
  coins: readonly Crypto[],
  period: PlanPeriod,
  metric: PlanMetric,
): Promise<{ figures: CoinFigures[]; socialDate: string | null }> {
  const long = isRowPeriod(period) ? null : await longChanges(input.d1, coins, period, input.now);
  const social = SOCIAL.has(metric) ? await socialRows(input.db, input.now) : { date: null, rows: new Map<string, SnapshotRow>() };
  const figures = coins.map((coin) => ({
    coin,
    change: isRowPeriod(period) ? rowChange(coin, period) : (long?.get(coin.id) ?? null),
    social: social.rows.get(coin.id) ?? null,
  }));
  return { figures, socialDate: social.date };
}

/** The number a metric ranks and tabulates by, or null when the site has not recorded it for the coin. */
export function metricValue(f: CoinFigures, metric: PlanMetric): number | null {
  switch (metric) {
    case "change":
      return f.change;
    case "price":
      return f.coin.priceUsd > 0 ? f.coin.priceUsd : null;
    case "market_cap":
      return f.coin.marketCap > 0 ? f.coin.marketCap : null;
    case "volume":
      return f.coin.volume24h != null && f.coin.volume24h > 0 ? f.coin.volume24h : null;
    case "supply":
      return f.coin.circulatingSupply != null && f.coin.circulatingSupply > 0 ? f.coin.circulatingSupply : null;
    case "sentiment":
      return f.social?.sentiment ?? null;
    case "social_volume":
      return f.social?.socialVolume24h ?? null;
    default:
      return null;
  }
}

/**
 * The fact a sentence cites for one coin's metric. A change over 30 days or a year is measured on the
 * held daily closes, and its label says so; the readings check its period like any other.
 */
export function metricFact(f: CoinFigures, metric: PlanMetric, period: PlanPeriod): Fact | null {
  const { id, name, symbol } = f.coin;
  const about = { subject: id };
  const v = metricValue(f, metric);
  if (v == null) return null;
  switch (metric) {
    case "change":
      return facts.change(
        `${id}.change_${period}`,
        `${name} ${PERIOD_ADJECTIVE[period]} price change${isRowPeriod(period) ? "" : " (from Coinsight's daily closes)"}`,
        v,
        { ...about, period },
      );
    case "price":
      return facts.price(`${id}.price`, `${name} price (USD)`, v, about);
    case "market_cap":
      return facts.money(`${id}.market_cap`, `${name} market cap`, v, { ...about, metric: "marketCap" });
    case "volume":
      return facts.money(`${id}.volume_24h`, `${name} 24-hour trading volume`, v, { ...about, metric: "volume" });
    case "supply":
      return facts.supply(`${id}.circulating_supply`, `${name} circulating supply (coins)`, v, symbol, {
        ...about,
        metric: "circulatingSupply",
      });
    case "sentiment":
      return f.social ? (coinFacts(f.social).sentiment ?? null) : null;
    case "social_volume":
      return f.social ? (coinFacts(f.social).socialVolume ?? null) : null;
    default:
      return null;
  }
}

/** What a table's note says when its figures come from the social snapshot: the snapshot's day. */
export function socialNote(date: string | null): string {
  return date ? `Social figures are from the daily snapshot of ${longDate(date)}.` : "Coinsight holds no social snapshot yet.";
}
