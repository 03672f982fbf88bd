import { apiContract } from "#schema/contracts/api/index.ts";
import { localOnly } from "#worker/lib/local-only.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { type DepsFactory, defaultDeps } from "./deps.ts";
import { runToday } from "./newsroom.service.ts";

/** Offline, the whole day takes seconds; the caller asks again if it was not enough. */
const RUN_LIMIT_MS = 50_000;

/**
 * Local-only helpers. `npm start` calls POST /api/dev/newsroom/run-today once so a fresh site has
 * today's articles without waiting for the 06:00 UTC cron (wrangler dev does not fire crons).
 */
export function createDevRoutes(makeDeps: DepsFactory = defaultDeps) {
  return contractRoutes([
    localOnly,
    route(apiContract.runToday, async (c) => {
      const deps = makeDeps(c.env, (p) => c.executionCtx.waitUntil(p));
      return c.json(await runToday(deps, RUN_LIMIT_MS), 200);
    }),
  ]);
}

export const devRoutes = createDevRoutes();
