import { normal, unit } from "#worker/lib/random.ts";
import { toCoin } from "./coingecko.ts";
import data from "./data/offline-markets.json";
import type { MarketCoin, MarketDataPort } from "./market-data.ts";

/** Prices are refreshed every 30 s; the walk takes one step per such tick. */
export const TICK_MS = 30_000;
/** Pull back towards the recorded price each tick, so the walk stays plausible for months. */
const REVERSION = 0.002;

/** The moment the offline figures were recorded: the end of the recorded history the seed replays. */
export const RECORDED_AT: string = data.recordedAt;

/** The recorded figures every replay starts from and the walk reverts to. */
export const baseCoins: readonly MarketCoin[] = buildBase();

function buildBase(): MarketCoin[] {
  // Every row is real CoinGecko data of 30 April 2026 (see the extraction script); a field the capture
  // lacks stays null. Logos come from the site's own icons (docs/decisions/markets/coin-logos.md).
  return data.snapshot.map((row, i) => toCoin(row, i + 1));
}

/** Per-tick volatility: stablecoins barely move, small caps move most. */
function volatility(coin: MarketCoin): number {
  const stable = Math.abs(coin.price - 1) < 0.02 && Math.abs(coin.change24h ?? 0) < 0.5;
  if (stable) return 0.00003;
  const sizeFactor = coin.rank <= 10 ? 0.6 : coin.rank <= 100 ? 1 : 1.6;
  return (0.0006 + 0.0008 * unit(`${coin.id}:sigma`)) * sizeFactor;
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * An all-time extreme the walk passed moves to the price, dated when it was passed, so no coin
 * trades above its stated high. Unknown stays unknown: the walk never invents a recorded figure.
 */
function passed(
  kept: { value: number | null; date: string | null },
  price: number,
  at: string,
  higher: boolean,
): { value: number | null; date: string | null } {
  if (kept.value == null) return kept;
  return (higher ? price > kept.value : price < kept.value) ? { value: price, date: at } : kept;
}

/** One modelled step of a coin from its previous price; the recorded references move with it. */
function step(base: MarketCoin, from: MarketCoin | undefined, tick: number, lastUpdated: string): MarketCoin {
  const last = from?.price ?? base.price;
  const pull = REVERSION * Math.log(base.price / last);
  const price = last * Math.exp(pull + volatility(base) * normal(`${base.id}:${tick}`));
  const ratio = price / base.price;
  // The changes stay measured against the recorded prices 1 h, 24 h and 7 d before the recording.
  const moved = (change: number | null) => (change == null ? null : round(((1 + change / 100) * ratio - 1) * 100, 4));
  const scaled = (v: number | null) => (v == null ? null : v * ratio);
  const high = passed({ value: from?.ath ?? base.ath, date: from?.athDate ?? base.athDate }, price, lastUpdated, true);
  const low = passed({ value: from?.atl ?? base.atl, date: from?.atlDate ?? base.atlDate }, price, lastUpdated, false);
  return {
    ...base,
    price,
    change1h: moved(base.change1h),
    change24h: moved(base.change24h),
    change7d: moved(base.change7d),
    marketCap: base.marketCap * ratio,
    fullyDilutedValuation: scaled(base.fullyDilutedValuation),
    volume24h: base.volume24h == null ? null : base.volume24h * (1 + 0.02 * normal(`${base.id}:${tick}:vol`)),
    // The recorded 24 h range widens only when the walk leaves it.
    high24h: base.high24h == null ? null : Math.max(from?.high24h ?? base.high24h, price),
    low24h: base.low24h == null ? null : Math.min(from?.low24h ?? base.low24h, price),
    ath: high.value,
    athDate: high.date,
    atl: low.value,
    atlDate: low.date,
    lastUpdated,
  };
}

/**
 * The offline market source: a replay of CoinGecko's top 500 as recorded on 30 April 2026. Its first
 * answer is the recording exactly; each later 30-second tick takes one step of a seeded,
 * mean-reverting random walk from the previous answer, so figures after the replay's start are
 * modelled (and the site says so). The same `previous` and clock always give the same answer.
 */
export function createOfflineMarketData(options: { now?: () => number } = {}): MarketDataPort {
  const now = options.now ?? Date.now;
  return {
    source: "offline",
    async fetchTop(count, previous) {
      if (!previous?.length) return baseCoins.slice(0, count).map((c) => ({ ...c }));
      const tick = Math.floor(now() / TICK_MS);
      const lastUpdated = new Date(tick * TICK_MS).toISOString();
      const before = new Map(previous.map((c) => [c.id, c]));
      return baseCoins.slice(0, count).map((base) => step(base, before.get(base.id), tick, lastUpdated));
    },
  };
}
