import type { Crypto } from "#schema/contracts/crypto.ts";
import { formatBtc, formatChange, formatPrice } from "#schema/contracts/format.ts";
import type { MarketCoin } from "#worker/ports/market/market-data.ts";

// The one formatter module of web and worker; re-exported for the writers that price figures through here.
export { formatBtc, formatChange, formatPrice };

/** A 24h move of at least this many percent makes a coin a gainer (or, downwards, a loser). */
export const MOVER_THRESHOLD = 1;

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
    fullyDilutedValuation: coin.fullyDilutedValuation,
    high24h: coin.high24h,
    low24h: coin.low24h,
    ath: coin.ath,
    athDate: coin.athDate,
    atl: coin.atl,
    atlDate: coin.atlDate,
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
