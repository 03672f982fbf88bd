import { z } from "zod";
import { UpstreamError } from "#worker/ports/port.ts";
import { coinIconUrl } from "./coin-icons.ts";
import type { MarketCoin, MarketDataPort } from "./market-data.ts";

const PAGE_SIZE = 250;

const num = z.number().nullable().optional();
const rowSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  image: z.string().nullable().optional(),
  current_price: num,
  market_cap: num,
  market_cap_rank: num,
  total_volume: num,
  circulating_supply: num,
  total_supply: num,
  max_supply: num,
  fully_diluted_valuation: num,
  high_24h: num,
  low_24h: num,
  ath: num,
  ath_date: z.string().nullable().optional(),
  atl: num,
  atl_date: z.string().nullable().optional(),
  last_updated: z.string().nullable().optional(),
  price_change_percentage_1h_in_currency: num,
  price_change_percentage_24h_in_currency: num,
  price_change_percentage_7d_in_currency: num,
});
const pageSchema = z.array(rowSchema);
/** One row of `/coins/markets`, as recorded or fetched. */
export type CoinGeckoRow = z.infer<typeof rowSchema>;

export type CoinGeckoOptions = {
  apiKey?: string | undefined;
  /** "pro" uses pro-api.coingecko.com and the pro header; anything else the public demo API. */
  plan?: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** CoinGecko `/coins/markets` in USD, 250 per page, with the 1h/24h/7d changes. */
export function createCoinGecko(options: CoinGeckoOptions = {}): MarketDataPort {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const pro = options.plan === "pro";
  const base = pro ? "https://pro-api.coingecko.com/api/v3" : "https://api.coingecko.com/api/v3";
  const headers: Record<string, string> = { accept: "application/json", "user-agent": "Coinsight/1.0" };
  if (options.apiKey) headers[pro ? "x-cg-pro-api-key" : "x-cg-demo-api-key"] = options.apiKey;

  async function fetchPage(page: number, perPage: number): Promise<CoinGeckoRow[]> {
    const url = new URL(`${base}/coins/markets`);
    url.search = new URLSearchParams({
      vs_currency: "usd",
      order: "market_cap_desc",
      per_page: String(perPage),
      page: String(page),
      sparkline: "false",
      price_change_percentage: "1h,24h,7d",
    }).toString();
    let res: Response;
    try {
      res = await doFetch(url.toString(), { headers, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
    } catch (err) {
      throw new UpstreamError(`CoinGecko unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new UpstreamError(`CoinGecko answered ${res.status} for page ${page}`, res.status);
    const parsed = pageSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new UpstreamError(`CoinGecko page ${page} had an unexpected shape`);
    return parsed.data;
  }

  return {
    source: "coingecko",
    async fetchTop(count) {
      const pages = Math.ceil(count / PAGE_SIZE);
      const rows = (await Promise.all(Array.from({ length: pages }, (_, i) => fetchPage(i + 1, PAGE_SIZE)))).flat();
      const seen = new Set<string>();
      const coins: MarketCoin[] = [];
      for (const row of rows) {
        if (seen.has(row.id) || row.current_price == null) continue;
        seen.add(row.id);
        coins.push(toCoin(row, coins.length + 1));
      }
      return coins.slice(0, count);
    },
  };
}

/** Maps a `/coins/markets` row; `position` is its place in market-cap order. */
export function toCoin(row: CoinGeckoRow, position: number): MarketCoin {
  return {
    id: row.id,
    symbol: row.symbol.toLowerCase(),
    name: row.name,
    // CoinGecko's own image address is not used: pages never load images from a third-party host.
    imageUrl: coinIconUrl(row.id),
    // Pages are in market-cap order; the position is the rank even when CoinGecko leaves it null.
    rank: position,
    price: row.current_price ?? 0,
    change1h: row.price_change_percentage_1h_in_currency ?? null,
    change24h: row.price_change_percentage_24h_in_currency ?? null,
    change7d: row.price_change_percentage_7d_in_currency ?? null,
    marketCap: row.market_cap ?? 0,
    volume24h: row.total_volume ?? null,
    circulatingSupply: row.circulating_supply ?? null,
    totalSupply: row.total_supply ?? null,
    maxSupply: row.max_supply ?? null,
    fullyDilutedValuation: row.fully_diluted_valuation ?? null,
    high24h: row.high_24h ?? null,
    low24h: row.low_24h ?? null,
    ath: row.ath ?? null,
    athDate: row.ath_date ?? null,
    atl: row.atl ?? null,
    atlDate: row.atl_date ?? null,
    lastUpdated: row.last_updated ?? new Date().toISOString(),
  };
}
