import { createCoinGecko } from "./coingecko.ts";
import type { MarketDataPort } from "./market-data.ts";
import { createOfflineMarketData } from "./offline.ts";

/** Live CoinGecko when a key is configured, otherwise the offline source (README, Configuration). */
export function createMarketData(env: Pick<Env, "COINGECKO_API_KEY" | "COINGECKO_API_PLAN">): MarketDataPort {
  if (env.COINGECKO_API_KEY) return createCoinGecko({ apiKey: env.COINGECKO_API_KEY, plan: env.COINGECKO_API_PLAN });
  return createOfflineMarketData();
}
