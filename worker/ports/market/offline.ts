import { normal, unit } from "#worker/lib/random.ts";
import { toCoin } from "./coingecko.ts";
import data from "./data/offline-markets.json";
import type { MarketCoin, MarketDataPort } from "./market-data.ts";

/** Prices are refreshed every 30 s; the walk takes one step per such tick. */
export const TICK_MS = 30_000;
/** Pull back towards the recorded price each tick, so the walk stays plausible for months. */
const REVERSION = 0.002;

/** The recorded figures every walk starts from and reverts to. */
export const baseCoins: readonly MarketCoin[] = buildBase();

function buildBase(): MarketCoin[] {
  // Every row is real CoinGecko data (see the extraction script); a field the capture lacks stays null.
  // The logos stay on CoinGecko's CDN, so offline they are left out: the site then draws each coin's
  // initials instead of making the reader's browser go online (docs/decisions/markets/offline-coin-logos.md).
  return data.snapshot.map((row, i) => ({ ...toCoin(row, i + 1), imageUrl: "" }));
}

/** The days the recorded figures were captured, for the site's demo-data notice. */
export const OFFLINE_CAPTURED_AT: { top250: string; rest: string } = data.capturedAt;

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
 * The offline market source: the real CoinGecko snapshot, then a seeded, mean-reverting random walk
 * of one step per 30-second tick. The same `previous` and clock always give the same answer.
 */
export function createOfflineMarketData(options: { now?: () => number } = {}): MarketDataPort {
  const now = options.now ?? Date.now;
  return {
    source: "offline",
    async fetchTop(count, previous) {
      const at = now();
      const tick = Math.floor(at / TICK_MS);
      const lastUpdated = new Date(tick * TICK_MS).toISOString();
      const before = new Map((previous ?? []).map((c) => [c.id, c.price]));
      return baseCoins.slice(0, count).map((base) => {
        const from = before.get(base.id) ?? base.price;
        const pull = REVERSION * Math.log(base.price / from);
        const step = volatility(base) * normal(`${base.id}:${tick}`);
        const price = from * Math.exp(pull + step);
        const ratio = price / base.price;
        const moved = (change: number | null) => (change == null ? null : round(((1 + change / 100) * ratio - 1) * 100, 4));
        return {
          ...base,
          price,
          change1h: moved(base.change1h),
          change24h: moved(base.change24h),
          change7d: moved(base.change7d),
          marketCap: base.marketCap * ratio,
          volume24h: base.volume24h == null ? null : base.volume24h * (1 + 0.02 * normal(`${base.id}:${tick}:vol`)),
          lastUpdated,
        };
      });
    },
  };
}
