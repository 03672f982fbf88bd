import { apiContract } from "#schema/contracts/api/index.ts";
import { listTop } from "#worker/features/cryptos/index.ts";
import { currentUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { adminStats, listUnmapped, readMapping, saveMapping } from "./mappings.service.ts";

/** /api/tradingview-mappings: anyone reads a coin's mapping (the page decides what to show); admins write. */
export const mappingsRoutes = contractRoutes(
  route(apiContract.getChartMapping, async (c) => {
    // An admin's hide/show must reach every reader at once: never cached.
    c.header("cache-control", "no-store");
    return c.json(await readMapping(getDb(c.env.DB), c.req.valid("param").symbol), 200);
  }),
  route(apiContract.saveChartMapping, async (c) => c.json(await saveMapping(getDb(c.env.DB), c.req.valid("json"), currentUser(c).id), 200)),
);

/** Mounted under /api/admin, behind the app's requireAdmin. */
export const adminChartsRoutes = contractRoutes(
  route(apiContract.listUnmappedCryptos, async (c) => c.json(await listUnmapped(getDb(c.env.DB), await listTop(runtimeDeps(c))), 200)),
  route(apiContract.getAdminStats, async (c) => c.json(await adminStats(getDb(c.env.DB), await listTop(runtimeDeps(c))), 200)),
);
