import { Hono } from "hono";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { route } from "#worker/lib/route.ts";
import { type DepsFactory, defaultDeps } from "./deps.ts";
import { runToday } from "./newsroom.service.ts";

/** Environments where the local helpers exist; anywhere else they answer as if absent. */
const LOCAL_ENVS = new Set(["development", "test"]);
/** Offline, the whole day takes seconds; the caller asks again if it was not enough. */
const RUN_LIMIT_MS = 50_000;

/**
 * Local-only helpers. `npm start` calls POST /api/dev/newsroom/run-today once so a fresh site has
 * today's articles without waiting for the 06:00 UTC cron (wrangler dev does not fire crons).
 */
export function createDevRoutes(makeDeps: DepsFactory = defaultDeps) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      if (!LOCAL_ENVS.has(c.env.APP_ENV)) throw new ApiError("NOT_FOUND", `No route for ${c.req.method} ${c.req.path}`);
      await next();
    })
    .post(
      "/newsroom/run-today",
      route(apiContract.runToday, async (c) => {
        const deps = makeDeps(c.env, (p) => c.executionCtx.waitUntil(p));
        return c.json(await runToday(deps, RUN_LIMIT_MS), 200);
      }),
    );
}

export const devRoutes = createDevRoutes();
