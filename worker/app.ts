import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { cryptosRoutes } from "./features/cryptos/cryptos.routes.ts";
import { devRoutes } from "./features/newsroom/dev.routes.ts";
import type { AppEnv } from "./lib/app-env.ts";
import { onError, onNotFound } from "./lib/errors.ts";

const api = new Hono<AppEnv>()
  .use(secureHeaders({ crossOriginResourcePolicy: "same-origin" }))
  .route("/cryptos", cryptosRoutes)
  // Local-only helpers (answer 404 unless APP_ENV is development or test).
  .route("/dev", devRoutes);

/** The whole HTTP surface: the API under /api, and the SPA's assets for everything else. */
export const app = new Hono<AppEnv>()
  .use(requestId())
  .route("/api", api)
  .all("/api/*", onNotFound)
  // Pages the Worker runs first for (wrangler.toml) fall back to the SPA's assets.
  .all("*", (c) => c.env.ASSETS.fetch(c.req.raw));

app.onError(onError);

export type AppType = typeof api;
