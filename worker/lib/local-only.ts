import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env.ts";
import { ApiError } from "./errors.ts";

/** Where the local helpers exist (`wrangler dev` and the worker tests). */
const LOCAL_ENVS = new Set(["development", "test"]);

/**
 * Guards a local-only helper: anywhere else it answers the same 404 as a path that does not exist, before
 * any other check, so a deployed site says nothing about it (not even that it wants an admin).
 */
export const localOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!LOCAL_ENVS.has(c.env.APP_ENV)) throw new ApiError("NOT_FOUND", `No route for ${c.req.method} ${c.req.path}`);
  await next();
});
