/**
 * Realised volatility from the site's own price history: daily closes (the last point of each UTC
 * day), their log returns, and the sample standard deviation. No model, no prediction.
 *
 * The history the site holds is not always a run that ends today: the seeded year of daily closes
 * ends when its capture did, and a live feed may have gaps. So the window is the most recent run of
 * daily closes long enough to measure (docs/decisions/ask/range-from-the-held-history.md), and the
 * answer names the days it used.
 */

const DAY_S = 86_400;
/** How far back a run may lie: the seeded history is a year, and older volatility says little. */
export const HISTORY_DAYS = 400;
/** Closes in one window at most: a month and a day gives 30 daily returns. */
export const WINDOW_CLOSES = 31;
/** Fewer returns than this are too few to call anything "usual". */
export const MIN_RETURNS = 7;
/** Closes more than this many days apart end a run (a weekend without data does not). */
export const MAX_GAP_DAYS = 3;

export type Close = { day: number; price: number };

export type Volatility = {
  /** Daily standard deviation of log returns (0.034 = 3.4% a day). */
  daily: number;
  /** How many daily returns it was computed from. */
  returns: number;
  /** First and last day (days since the epoch, UTC) of the closes used. */
  fromDay: number;
  toDay: number;
};

/** Last price of each UTC day for one coin, oldest first, over the last HISTORY_DAYS days. */
export async function dailyCloses(db: D1Database, coinId: string, now: number): Promise<Close[]> {
  const since = Math.floor(now / 1000) - HISTORY_DAYS * DAY_S;
  // SQLite's bare column beside max(): `price` comes from the row with the day's latest ts.
  const { results } = await db
    .prepare(
      `SELECT ts / ${DAY_S} AS day, price, max(ts) AS last FROM price_history
       WHERE coin_id = ?1 AND ts >= ?2 AND price > 0
       GROUP BY ts / ${DAY_S} ORDER BY day`,
    )
    .bind(coinId, since)
    .all<Close & { last: number }>();
  return results.map(({ day, price }) => ({ day, price }));
}

/**
 * The closes to measure: the most recent run (no gap over MAX_GAP_DAYS) with at least
 * MIN_RETURNS returns, its last WINDOW_CLOSES closes. `current` (today's price) ends the run when
 * the run reaches today; an older run is measured on its own. Null when no run is long enough.
 */
export function recentWindow(closes: readonly Close[], current: Close): Close[] | null {
  const series = [...closes.filter((c) => c.day < current.day && c.price > 0)];
  if (!series.length || current.day - (series.at(-1)?.day ?? 0) <= MAX_GAP_DAYS) series.push(current);
  let end = series.length;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && (series[start]?.day ?? 0) - (series[start - 1]?.day ?? 0) <= MAX_GAP_DAYS) start--;
    if (end - start > MIN_RETURNS) return series.slice(Math.max(start, end - WINDOW_CLOSES), end);
    end = start;
  }
  return null;
}

/** Volatility of the most recent usable window (see recentWindow); null when the history is too short. */
export function realisedVolatility(closes: readonly Close[], current: Close): Volatility | null {
  const window = recentWindow(closes, current);
  if (!window) return null;
  const returns: number[] = [];
  for (let i = 1; i < window.length; i++) {
    const a = window[i - 1];
    const b = window[i];
    if (!a || !b) continue;
    // A gap of several days counts as one return scaled to a day, so missing days do not inflate it.
    returns.push(Math.log(b.price / a.price) / Math.sqrt(b.day - a.day));
  }
  if (returns.length < MIN_RETURNS) return null;
  const mean = returns.reduce((s, r) => s + r, 0) / returns.length;
  const variance = returns.reduce((s, r) => s + (r - mean) ** 2, 0) / (returns.length - 1);
  return { daily: Math.sqrt(variance), returns: returns.length, fromDay: window[0]?.day ?? 0, toDay: window.at(-1)?.day ?? 0 };
}

/** The one-standard-deviation range after `days` days: about two chances in three under the past volatility. */
export function volatilityRange(price: number, daily: number, days: number): { low: number; high: number } {
  const spread = daily * Math.sqrt(days);
  return { low: price * Math.exp(-spread), high: price * Math.exp(spread) };
}

/** The share of outcomes a one-standard-deviation range holds under a normal distribution, in percent. */
export const ONE_SIGMA_SHARE = 68;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "1–30 April 2026", "28 March – 27 April 2026", "15 December 2025 – 14 January 2026". */
export function dayRange(fromDay: number, toDay: number): string {
  const a = new Date(fromDay * DAY_S * 1000);
  const b = new Date(toDay * DAY_S * 1000);
  const day = (d: Date) => d.getUTCDate();
  const month = (d: Date) => MONTHS[d.getUTCMonth()];
  const year = (d: Date) => d.getUTCFullYear();
  if (fromDay === toDay) return `${day(b)} ${month(b)} ${year(b)}`;
  if (year(a) !== year(b)) return `${day(a)} ${month(a)} ${year(a)} – ${day(b)} ${month(b)} ${year(b)}`;
  if (a.getUTCMonth() !== b.getUTCMonth()) return `${day(a)} ${month(a)} – ${day(b)} ${month(b)} ${year(b)}`;
  return `${day(a)}–${day(b)} ${month(b)} ${year(b)}`;
}

/** "daily closes 1–30 April 2026": the period a volatility was measured over, as answers state it. */
export function periodOf(v: Pick<Volatility, "fromDay" | "toDay">): string {
  return `daily closes ${dayRange(v.fromDay, v.toDay)}`;
}
