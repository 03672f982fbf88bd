/**
 * The one rule for Top Gainers and Top Losers, used by the markets tabs, the home sidebar, the Top 500's
 * marks when sorted by 24 h change, and the Daily Roundup's gainers and losers, so no page or article
 * names a mover the Gainers tab does not show (docs/decisions/markets/movers-rule.md).
 */

/** A coin that traded less than this over 24 hours is left out: its price can jump on a handful of trades. */
export const MOVERS_MIN_VOLUME_USD = 50_000;

/** The rule as the markets page states it. */
export const MOVERS_RULE =
  "Coins of the Top 500 by 24-hour price change. Coins that traded less than $50K in 24 hours are left out; " +
  "coins whose volume is not recorded are shown, marked 'volume not recorded'.";

export type MoversKind = "gainers" | "losers";
type Mover = { rank: number; change24h: number | null; volume24h: number | null };

/** Whether the volume floor lets a coin into the movers: a recorded volume under it keeps it out, an unrecorded one does not. */
export function tradesEnough(coin: { volume24h: number | null }): boolean {
  return coin.volume24h == null || coin.volume24h >= MOVERS_MIN_VOLUME_USD;
}

/** The movers of one kind, biggest move first (rank breaks ties), as every list shows them. */
export function rankMovers<T extends Mover>(coins: readonly T[], kind: MoversKind): T[] {
  const sign = kind === "gainers" ? 1 : -1;
  return coins
    .filter((c) => tradesEnough(c) && c.change24h != null && sign * c.change24h > 0)
    .sort((a, b) => sign * ((b.change24h ?? 0) - (a.change24h ?? 0)) || a.rank - b.rank);
}
