/**
 * Realised volatility from the site's own price history: daily closes (the last point of each UTC
 * day), their log returns, and the sample standard deviation. No model, no prediction.
 */

const DAY_S = 86_400;
/** Daily closes looked at: a month and a day gives 30 daily returns. */
export const LOOKBACK_DAYS = 31;
/** Fewer returns than this are too few to call anything "usual". */
export const MIN_RETURNS = 7;

export type Volatility = {
  /** Daily standard deviation of log returns (0.034 = 3.4% a day). */
  daily: number;
  /** How many daily returns it was computed from. */
  returns: number;
};

/** Last price of each UTC day for one coin, oldest first, over the lookback window. */
export async function dailyCloses(db: D1Database, coinId: string, now: number): Promise<{ day: number; price: number }[]> {
  const since = Math.floor(now / 1000) - LOOKBACK_DAYS * DAY_S;
  const { results } = await db
    .prepare(
      `SELECT ts / ${DAY_S} AS day, price FROM price_history AS p
       WHERE coin_id = ?1 AND ts >= ?2 AND price > 0
         AND ts = (SELECT max(ts) FROM price_history WHERE coin_id = ?1 AND ts / ${DAY_S} = p.ts / ${DAY_S})
       ORDER BY day`,
    )
    .bind(coinId, since)
    .all<{ day: number; price: number }>();
  return results;
}

/** Volatility of the closes, with `current` as today's close; null when there are too few days. */
export function realisedVolatility(
  closes: readonly { day: number; price: number }[],
  current: { day: number; price: number },
): Volatility | null {
  const series = [...closes.filter((c) => c.day < current.day), current];
  const returns: number[] = [];
  for (let i = 1; i < series.length; i++) {
    const a = series[i - 1];
    const b = series[i];
    if (!a || !b || a.price <= 0 || b.price <= 0) continue;
    // A gap of several days counts as one return scaled to a day, so missing days do not inflate it.
    returns.push(Math.log(b.price / a.price) / Math.sqrt(b.day - a.day));
  }
  if (returns.length < MIN_RETURNS) return null;
  const mean = returns.reduce((s, r) => s + r, 0) / returns.length;
  const variance = returns.reduce((s, r) => s + (r - mean) ** 2, 0) / (returns.length - 1);
  return { daily: Math.sqrt(variance), returns: returns.length };
}

/** The one-standard-deviation range after `days` days: about two chances in three under the past volatility. */
export function volatilityRange(price: number, daily: number, days: number): { low: number; high: number } {
  const spread = daily * Math.sqrt(days);
  return { low: price * Math.exp(-spread), high: price * Math.exp(spread) };
}

/** The share of outcomes a one-standard-deviation range holds under a normal distribution, in percent. */
export const ONE_SIGMA_SHARE = 68;
