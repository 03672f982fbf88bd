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
  const recorded = data.snapshot.map((row, i) => toCoin(row, i + 1));
  const last = recorded[recorded.length - 1];
  const floorCap = last ? last.marketCap : 50_000_000;
  // Ranks 251-500: names from the token list, figures generated below the recorded rank 250.
  const generated = data.extra.map((t, i): MarketCoin => {
    const rank = recorded.length + i + 1;
    const marketCap = floorCap * 0.25 ** ((i + 1) / data.extra.length) * (0.97 + 0.03 * unit(`${t.id}:cap`));
    const price = 10 ** (-3 + 4.5 * unit(`${t.id}:price`));
    const circulating = marketCap / price;
    const capped = unit(`${t.id}:capped`) < 0.45;
    return {
      id: t.id,
      symbol: t.symbol,
      name: t.name,
      imageUrl: "",
      rank,
      price,
      change1h: round(normal(`${t.id}:1h`) * 0.6, 4),
      change24h: round(normal(`${t.id}:24h`) * 5, 4),
      change7d: round(normal(`${t.id}:7d`) * 12, 4),
      marketCap,
      volume24h: marketCap * (0.01 + 0.25 * unit(`${t.id}:vol`)),
      circulatingSupply: circulating,
      totalSupply: capped ? circulating * (1 + unit(`${t.id}:total`)) : circulating,
      maxSupply: capped ? circulating * (1.2 + 2 * unit(`${t.id}:max`)) : null,
      lastUpdated: "2026-07-07T18:04:00.000Z",
    };
  });
  return [...recorded, ...generated];
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
          volume24h: base.volume24h * (1 + 0.02 * normal(`${base.id}:${tick}:vol`)),
          lastUpdated,
        };
      });
    },
  };
}
