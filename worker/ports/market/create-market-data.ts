import { liveWhenSet } from "#worker/ports/port.ts";
import { createCoinGecko } from "./coingecko.ts";
import type { MarketDataPort } from "./market-data.ts";
import { createOfflineMarketData } from "./offline.ts";

/** Live CoinGecko when a key is configured, otherwise the offline source (README, Configuration). */
export function createMarketData(env: Pick<Env, "COINGECKO_API_KEY" | "COINGECKO_API_PLAN">): MarketDataPort {
  return liveWhenSet(env.COINGECKO_API_KEY, (apiKey) => createCoinGecko({ apiKey, plan: env.COINGECKO_API_PLAN }), createOfflineMarketData);
}
