import { apiContract } from "#schema/contracts/api/index.ts";
import { currentUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { addToWatchlist, isInWatchlist, listWatchlist, removeFromWatchlist } from "./watchlist.service.ts";

/** /api/watchlist: the signed-in member's own list only. */
export const watchlistRoutes = contractRoutes(
  route(apiContract.listWatchlist, async (c) => c.json(await listWatchlist(runtimeDeps(c), getDb(c.env.DB), currentUser(c).id), 200)),
  route(apiContract.checkWatchlist, async (c) =>
    c.json({ inWatchlist: await isInWatchlist(getDb(c.env.DB), currentUser(c).id, c.req.valid("param").symbol) }, 200),
  ),
  route(apiContract.addToWatchlist, async (c) => {
    const result = await addToWatchlist(runtimeDeps(c), getDb(c.env.DB), currentUser(c).id, c.req.valid("json").cryptoSymbol);
    return c.json(result, result.changed ? 201 : 200);
  }),
  route(apiContract.removeFromWatchlist, async (c) =>
    c.json(await removeFromWatchlist(getDb(c.env.DB), currentUser(c).id, c.req.valid("param").symbol), 200),
  ),
);
