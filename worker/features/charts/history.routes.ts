import { apiContract } from "#schema/contracts/api/index.ts";
import type { History } from "#schema/contracts/charts.ts";
import { findBySymbol } from "#worker/features/cryptos/index.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { edgeCachedJson } from "#worker/lib/edge-cache.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { HISTORY_CACHE_SECONDS, RANGES, readHistory } from "./history.service.ts";

/** GET /api/cryptos/{symbol}/history?range=: served from the colo's cache, computed from D1 on a miss. */
export const historyRoutes = contractRoutes(
  route(apiContract.getPriceHistory, async (c) => {
    const { symbol } = c.req.valid("param");
    const { range } = c.req.valid("query");
    // Unknown coins answer 404 before any cache entry is made for them.
    const coin = await findBySymbol(runtimeDeps(c), symbol);
    const ttl = HISTORY_CACHE_SECONDS[range];
    return edgeCachedJson(
      c.req.raw,
      `/api/cryptos/${encodeURIComponent(coin.symbol)}/history?range=${range}`,
      ttl,
      async (): Promise<History> => ({
        symbol: coin.symbol,
        id: coin.id,
        range,
        step: RANGES[range].step,
        ...(await readHistory(c.env.DB, coin.id, range, Date.now())),
      }),
      (p) => c.executionCtx.waitUntil(p),
    );
  }),
);
