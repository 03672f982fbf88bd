import { Hono } from "hono";
import { z } from "zod";
import { coinQuery, cryptoListQuery, moversQuery, symbolParam } from "#schema/contracts/crypto.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { validate } from "#worker/lib/validate.ts";
import { findByName, findBySymbol, findBySymbolInDb, listFromDb, listMovers, listTop, pageFromDb } from "./cryptos.service.ts";

/** Prices change every 30 s; let browsers and the edge reuse an answer briefly. */
const PRICE_CACHE = "public, max-age=10, stale-while-revalidate=20";
const DEFAULT_MOVERS = 10;

export const cryptosRoutes = new Hono<AppEnv>()
  .get("/", validate("query", cryptoListQuery), async (c) => {
    const { limit, page, fromDb } = c.req.valid("query");
    c.header("cache-control", PRICE_CACHE);
    if (page !== undefined) return c.json(await pageFromDb(c.env, page, limit ?? 100), 200);
    if (fromDb === "true") return c.json(await listFromDb(c.env, limit), 200);
    return c.json(await listTop(runtimeDeps(c), limit), 200);
  })
  .get("/gainers", validate("query", moversQuery), async (c) => {
    c.header("cache-control", PRICE_CACHE);
    return c.json(await listMovers(runtimeDeps(c), "gainers", c.req.valid("query").limit ?? DEFAULT_MOVERS), 200);
  })
  .get("/losers", validate("query", moversQuery), async (c) => {
    c.header("cache-control", PRICE_CACHE);
    return c.json(await listMovers(runtimeDeps(c), "losers", c.req.valid("query").limit ?? DEFAULT_MOVERS), 200);
  })
  .get("/symbol-by-name/:name", validate("param", z.object({ name: z.string().trim().min(1).max(100) })), async (c) =>
    c.json(await findByName(runtimeDeps(c), c.req.valid("param").name), 200),
  )
  .get("/:symbol", validate("param", z.object({ symbol: symbolParam })), validate("query", coinQuery), async (c) => {
    const { symbol } = c.req.valid("param");
    c.header("cache-control", PRICE_CACHE);
    if (c.req.valid("query").fromDb === "true") return c.json(await findBySymbolInDb(c.env, symbol), 200);
    return c.json(await findBySymbol(runtimeDeps(c), symbol), 200);
  });
