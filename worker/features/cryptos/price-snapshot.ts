import type { Crypto } from "#schema/contracts/crypto.ts";
import type { MarketCoin } from "#worker/ports/market/market-data.ts";
import { PRICES_KEY } from "./cache-keys.ts";

export { PRICES_KEY } from "./cache-keys.ts";

export type PriceSnapshot = {
  updatedAt: string;
  source: string;
  coins: Crypto[];
};

export type FeedStatus = {
  source: string;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
  consecutiveFailures: number;
};

/** How long one isolate reuses a parsed snapshot before asking KV again. */
const ISOLATE_TTL_MS = 3_000;
/** A refresh older than this is presumed lost (its request was cancelled) and another may start. */
const REFRESH_GIVE_UP_MS = 2_000;
let cached: { snapshot: PriceSnapshot; at: number } | null = null;
let refreshingSince: number | null = null;

/**
 * The price snapshot, re-read from KV at most every 3 s per isolate. When the copy expires, one
 * request re-reads it while the others keep answering from the copy they have: without that, every
 * request in flight at the moment of expiry would fetch and parse the same 500 coins (a latency
 * spike every 3 s under load). Requests never await each other's I/O, which Workers forbids.
 */
export async function readSnapshot(kv: KVNamespace, now = Date.now()): Promise<PriceSnapshot | null> {
  if (cached && now - cached.at < ISOLATE_TTL_MS) return cached.snapshot;
  if (cached && refreshingSince !== null && now - refreshingSince < REFRESH_GIVE_UP_MS) return cached.snapshot;
  refreshingSince = now;
  try {
    const snapshot = await kv.get<PriceSnapshot>(PRICES_KEY, "json");
    cached = snapshot ? { snapshot, at: now } : null;
    return snapshot;
  } finally {
    refreshingSince = null;
  }
}

export async function writeSnapshot(kv: KVNamespace, snapshot: PriceSnapshot): Promise<void> {
  await kv.put(PRICES_KEY, JSON.stringify(snapshot));
  cached = { snapshot, at: Date.now() };
}

/** Forgets the isolate copy (tests, and the feed after a write in the same isolate). */
export function forgetCachedSnapshot(): void {
  cached = null;
  refreshingSince = null;
}

/** Back from the display form to the port's numbers, so the next tick can walk on from it. */
export function toMarketCoin(c: Crypto): MarketCoin {
  return {
    id: c.id,
    symbol: c.symbol.toLowerCase(),
    name: c.name,
    imageUrl: c.imageUrl,
    rank: c.rank,
    price: c.priceUsd,
    change1h: c.change1h,
    change24h: c.change24h,
    change7d: c.change7d,
    marketCap: c.marketCap,
    volume24h: c.volume24h,
    circulatingSupply: c.circulatingSupply,
    totalSupply: c.totalSupply,
    maxSupply: c.maxSupply,
    // A snapshot written before these fields existed lacks them: unknown, never 0.
    fullyDilutedValuation: c.fullyDilutedValuation ?? null,
    high24h: c.high24h ?? null,
    low24h: c.low24h ?? null,
    ath: c.ath ?? null,
    athDate: c.athDate ?? null,
    atl: c.atl ?? null,
    atlDate: c.atlDate ?? null,
    lastUpdated: c.lastUpdated,
  };
}
