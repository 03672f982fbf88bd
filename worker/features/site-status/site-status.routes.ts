import { apiContract } from "#schema/contracts/api/index.ts";
import type { SiteStatus } from "#schema/contracts/site-status.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { createMarketData } from "#worker/ports/market/create-market-data.ts";
import { RECORDED_AT } from "#worker/ports/market/offline.ts";
import { readReplay } from "#worker/ports/market/replay.ts";

/** Without live market data the site replays recorded figures: every page says so, with their dates. */
export const siteStatusRoutes = contractRoutes(
  route(apiContract.getSiteStatus, async (c) => {
    const demo = createMarketData(c.env).source !== "coingecko";
    const replay = demo ? await readReplay(c.env.KV) : null;
    const body: SiteStatus = {
      demo,
      demoDataFrom: demo ? RECORDED_AT.slice(0, 10) : null,
      recordedAt: demo ? RECORDED_AT : null,
      replayedAt: replay?.replayedAt ?? null,
    };
    // Short: a new `npm start` lays a new replay.
    c.header("cache-control", CACHE_POLICIES.siteStatus.browser);
    return c.json(body, 200);
  }),
);
