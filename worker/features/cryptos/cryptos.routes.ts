import type { Context } from "hono";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { edgeCachedJson } from "#worker/lib/edge-cache.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { findByName, findBySymbol, listFromDb, listMovers, listTop, pageOfTop } from "./cryptos.service.ts";
import { readSnapshot } from "./price-snapshot.ts";

/** Prices change every 30 s; let browsers and the edge reuse an answer briefly. */
const PRICE_CACHE = CACHE_POLICIES.prices.browser;
const DEFAULT_MOVERS = 10;
const DB_CACHE_SECONDS = CACHE_POLICIES.prices.colo;

const { listCryptos, listGainers, listLosers, symbolByName, getCrypto } = apiContract;

export const cryptosRoutes = contractRoutes(
  route(listCryptos, async (c) => {
    const { limit, page, fromDb, sort, order } = c.req.valid("query");
    c.header("cache-control", PRICE_CACHE);
    // A page is sorted from the snapshot (fromDb changes nothing there: the table is a 5-minute copy);
    // the colo's cache keeps one sort per page and order for the 10 s it may be served.
    if (page !== undefined)
      return fromCache(
        c,
        `/api/cryptos?page=${page}&limit=${limit ?? 100}${sort ? `&sort=${sort}` : ""}${order ? `&order=${order}` : ""}`,
        () => pageOfTop(runtimeDeps(c), page, limit ?? 100, sort || order ? { by: sort ?? "rank", order } : undefined),
      );
    // The D1 copy changes once per 5-minute bucket; the colo's cache keeps these reads off D1 in between.
    if (fromDb === "true") return fromCache(c, `/api/cryptos?fromDb=true&limit=${limit ?? "all"}`, () => listFromDb(c.env, limit));
    // The top coins too (serialising them per request cost more than a hit in the isolate's memory),
    // kept per price tick: a page rendered for a tick shows that tick's coins.
    const tick = (await readSnapshot(c.env.KV))?.updatedAt ?? "none";
    return fromCache(c, `/api/cryptos?limit=${limit ?? "all"}&tick=${tick}`, () => listTop(runtimeDeps(c), limit));
  }),
  route(listGainers, async (c) => {
    c.header("cache-control", PRICE_CACHE);
    return c.json(await listMovers(runtimeDeps(c), "gainers", c.req.valid("query").limit ?? DEFAULT_MOVERS), 200);
  }),
  route(listLosers, async (c) => {
    c.header("cache-control", PRICE_CACHE);
    return c.json(await listMovers(runtimeDeps(c), "losers", c.req.valid("query").limit ?? DEFAULT_MOVERS), 200);
  }),
  route(symbolByName, async (c) => c.json(await findByName(runtimeDeps(c), c.req.valid("param").name), 200)),
  route(getCrypto, async (c) => {
    const { symbol } = c.req.valid("param");
    c.header("cache-control", PRICE_CACHE);
    // With or without fromDb: the coin page refreshes with the price lists, so it reads the live
    // snapshot, not the table's 5-minute copy (docs/decisions/markets/coins-table-per-bucket.md).
    // Its fromDb answer stays in the colo's cache for 10 s, so a page render shows the answer a reader just had.
    if (c.req.valid("query").fromDb === "true") {
      return fromCache(c, `/api/cryptos/${encodeURIComponent(symbol)}?fromDb=true`, () => findBySymbol(runtimeDeps(c), symbol));
    }
    return c.json(await findBySymbol(runtimeDeps(c), symbol), 200);
  }),
);

function fromCache<T>(c: Context<AppEnv>, key: string, compute: () => Promise<T>) {
  return edgeCachedJson(c.req.raw, key, DB_CACHE_SECONDS, compute, (p) => c.executionCtx.waitUntil(p));
}
