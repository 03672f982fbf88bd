import { Hono } from "hono";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { currentUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { route } from "#worker/lib/route.ts";
import { addToWatchlist, isInWatchlist, listWatchlist, removeFromWatchlist } from "./watchlist.service.ts";

/** /api/watchlist: the signed-in member's own list only. */
export const watchlistRoutes = new Hono<AppEnv>()
  .get(
    "/",
    route(apiContract.listWatchlist, async (c) => c.json(await listWatchlist(runtimeDeps(c), getDb(c.env.DB), currentUser(c).id), 200)),
  )
  .get(
    "/check/:symbol",
    route(apiContract.checkWatchlist, async (c) =>
      c.json({ inWatchlist: await isInWatchlist(getDb(c.env.DB), currentUser(c).id, c.req.valid("param").symbol) }, 200),
    ),
  )
  .post(
    "/add",
    route(apiContract.addToWatchlist, async (c) => {
      const result = await addToWatchlist(runtimeDeps(c), getDb(c.env.DB), currentUser(c).id, c.req.valid("json").cryptoSymbol);
      return c.json(result, result.changed ? 201 : 200);
    }),
  )
  .delete(
    "/remove/:symbol",
    route(apiContract.removeFromWatchlist, async (c) =>
      c.json(await removeFromWatchlist(getDb(c.env.DB), currentUser(c).id, c.req.valid("param").symbol), 200),
    ),
  );
