import { z } from "zod";
import { UpstreamError } from "#worker/ports/port.ts";
import type { MarketInput, SentimentPort, SocialMetrics } from "./sentiment.ts";

export const LUNARCRUSH_BASE = "https://lunarcrush.com/api4/public";
/** The documented maximum page size; one page covers the top 500 by market cap with room to spare. */
const PAGE_LIMIT = 1000;
/** Two coins sharing a ticker are only matched when their market-cap ranks are this close. */
const MAX_RANK_GAP = 250;

const num = z.number().nullable().optional();
const rowSchema = z.object({
  id: z.number(),
  symbol: z.string(),
  name: z.string(),
  market_cap_rank: num,
  galaxy_score: num,
  galaxy_score_previous: num,
  alt_rank: num,
  alt_rank_previous: num,
  sentiment: num,
  social_volume_24h: num,
  interactions_24h: num,
  social_dominance: num,
  market_dominance: num,
  // Documented as a comma-delimited string; tolerate an array too.
  categories: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional(),
});
const answerSchema = z.object({ data: z.array(rowSchema) });
export type LunarCrushRow = z.infer<typeof rowSchema>;

export type LunarCrushOptions = {
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** LunarCrush API v4 `coins/list/v2`, sorted by market-cap rank, matched to the market table by ticker. */
export function createLunarCrush(options: LunarCrushOptions): SentimentPort {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    source: "lunarcrush",
    async fetchMetrics(coins) {
      const url = new URL(`${LUNARCRUSH_BASE}/coins/list/v2`);
      url.search = new URLSearchParams({ sort: "market_cap_rank", limit: String(PAGE_LIMIT), page: "0" }).toString();
      let res: Response;
      try {
        res = await doFetch(url.toString(), {
          headers: { authorization: `Bearer ${options.apiKey}`, accept: "application/json", "user-agent": "Coinsight/1.0" },
          signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
        });
      } catch (err) {
        const error = err as Error;
        if (error.name === "TimeoutError") throw error;
        throw new UpstreamError(`LunarCrush unreachable: ${error.message}`);
      }
      if (!res.ok) throw new UpstreamError(`LunarCrush answered ${res.status} for coins/list/v2`, res.status);
      const parsed = answerSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new UpstreamError("LunarCrush coins/list/v2 had an unexpected shape");
      return matchRows(coins, parsed.data.data);
    },
  };
}

/**
 * Tickers are not unique (several coins are "USDF"), so a market coin takes the row with the same
 * ticker and name, else the same ticker and the nearest market-cap rank, and nothing when the
 * nearest is far away (a namesake, not the same coin).
 */
export function matchRows(coins: readonly MarketInput[], rows: readonly LunarCrushRow[]): Map<string, SocialMetrics> {
  const byTicker = new Map<string, LunarCrushRow[]>();
  for (const row of rows) {
    const key = row.symbol.toUpperCase();
    byTicker.set(key, [...(byTicker.get(key) ?? []), row]);
  }
  const taken = new Set<number>();
  const out = new Map<string, SocialMetrics>();
  for (const coin of coins) {
    const candidates = (byTicker.get(coin.symbol.toUpperCase()) ?? []).filter((r) => !taken.has(r.id));
    const sameName = candidates.find((r) => normalise(r.name) === normalise(coin.name));
    const nearest = candidates
      .filter((r) => r.market_cap_rank != null && Math.abs(r.market_cap_rank - coin.rank) <= MAX_RANK_GAP)
      .sort((a, b) => Math.abs((a.market_cap_rank ?? 0) - coin.rank) - Math.abs((b.market_cap_rank ?? 0) - coin.rank))[0];
    const row = sameName ?? nearest;
    if (!row) continue;
    taken.add(row.id);
    out.set(coin.id, toMetrics(row));
  }
  return out;
}

function toMetrics(row: LunarCrushRow): SocialMetrics {
  const categories = Array.isArray(row.categories) ? row.categories : (row.categories ?? "").split(",");
  return {
    galaxyScore: row.galaxy_score ?? null,
    galaxyScorePrevious: row.galaxy_score_previous ?? null,
    altRank: row.alt_rank ?? null,
    altRankPrevious: row.alt_rank_previous ?? null,
    sentiment: row.sentiment ?? null,
    socialVolume24h: row.social_volume_24h ?? null,
    interactions24h: row.interactions_24h ?? null,
    socialDominance: row.social_dominance ?? null,
    marketDominance: row.market_dominance ?? null,
    categories: categories.map((c) => c.trim()).filter(Boolean),
  };
}

function normalise(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}
