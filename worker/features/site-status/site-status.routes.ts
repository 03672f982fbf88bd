import { Hono } from "hono";
import type { SiteStatus } from "#schema/contracts/site-status.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { createMarketData } from "#worker/ports/market/create-market-data.ts";
import { OFFLINE_CAPTURED_AT } from "#worker/ports/market/offline.ts";

/** Without live market data the site replays recorded figures: every page says so, with their date. */
export const siteStatusRoutes = new Hono<AppEnv>().get("/", (c) => {
  const demo = createMarketData(c.env).source !== "coingecko";
  const body: SiteStatus = { demo, demoDataFrom: demo ? OFFLINE_CAPTURED_AT.top250 : null };
  c.header("cache-control", "public, max-age=300");
  return c.json(body, 200);
});
