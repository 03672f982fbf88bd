import type { Crypto } from "#schema/contracts/crypto.ts";
import type { MarketCoin } from "#worker/ports/market/market-data.ts";

/** A 24h move of at least this many percent makes a coin a gainer (or, downwards, a loser). */
export const MOVER_THRESHOLD = 1;

const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usdSmall = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumSignificantDigits: 4 });

/** "$64,039.00" for a dollar or more, four significant digits below ("$0.0000002672"). */
export function formatPrice(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return "$0.00";
  return value >= 1 ? usdWhole.format(value) : usdSmall.format(value);
}

/** "+2.31%" or "-0.52%"; an unknown change reads "0.00%". */
export function formatChange(value: number | null): string {
  if (value == null || !Number.isFinite(value)) return "0.00%";
  const text = Math.abs(value).toFixed(2);
  return `${value < 0 && text !== "0.00" ? "-" : "+"}${text}%`;
}

export function formatBtc(price: number, btcPrice: number): string {
  if (!(btcPrice > 0) || !Number.isFinite(price)) return "0.00000000";
  const inBtc = price / btcPrice;
  return inBtc.toFixed(inBtc >= 1e-8 ? 8 : 12);
}

export function present(coin: MarketCoin, btcPrice: number): Crypto {
  return {
    id: coin.id,
    rank: coin.rank,
    name: coin.name,
    symbol: coin.symbol.toUpperCase(),
    imageUrl: coin.imageUrl,
    price: formatPrice(coin.price),
    priceUsd: coin.price,
    priceBtc: formatBtc(coin.price, btcPrice),
    price1h: formatChange(coin.change1h),
    price24h: formatChange(coin.change24h),
    price7d: formatChange(coin.change7d),
    change1h: coin.change1h,
    change24h: coin.change24h,
    change7d: coin.change7d,
    marketCap: coin.marketCap,
    volume24h: coin.volume24h,
    circulatingSupply: coin.circulatingSupply,
    totalSupply: coin.totalSupply,
    maxSupply: coin.maxSupply,
    lastUpdated: coin.lastUpdated,
    isGainer: (coin.change24h ?? 0) >= MOVER_THRESHOLD,
    isLoser: (coin.change24h ?? 0) <= -MOVER_THRESHOLD,
  };
}

/** Presents a whole list, pricing everything in BTC from the list's own bitcoin row. */
export function presentAll(coins: readonly MarketCoin[], btcPrice?: number): Crypto[] {
  const btc = btcPrice ?? coins.find((c) => c.id === "bitcoin")?.price ?? 0;
  return coins.map((c) => present(c, btc));
}
