import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { accountRoutes } from "./features/account/account.routes.ts";
import { authRoutes } from "./features/auth/auth.routes.ts";
import { articlesRoutes, categoriesRoutes, guidesRoutes } from "./features/content/content.routes.ts";
import { cryptosRoutes } from "./features/cryptos/cryptos.routes.ts";
import { newsletterRoutes } from "./features/newsletter/newsletter.routes.ts";
import { devRoutes } from "./features/newsroom/dev.routes.ts";
import { adminNewsroomRoutes } from "./features/newsroom/newsroom.routes.ts";
import { adminOutboxRoutes } from "./features/outbox/outbox.routes.ts";
import { pagesRoutes } from "./features/pages/pages.routes.ts";
import { searchRoutes } from "./features/search/search.routes.ts";
import { siteStatusRoutes } from "./features/site-status/site-status.routes.ts";
import { watchlistRoutes } from "./features/watchlist/watchlist.routes.ts";
import type { AppEnv } from "./lib/app-env.ts";
import { requireAdmin } from "./lib/auth.ts";
import { onError, onNotFound } from "./lib/errors.ts";
import { sameOriginWrites } from "./lib/same-origin.ts";

/**
 * State-changing routes that authenticate themselves and carry no Origin: full paths, or prefixes
 * ending in "/*". RFC 8058 one-click unsubscribes are POSTed by mail providers, authorised by the
 * unguessable token in the path.
 */
const SELF_AUTHENTICATING: string[] = ["/api/newsletter/one-click/*"];

const api = new Hono<AppEnv>()
  // Routes may set their own policy (the sign-in pages need a Referrer-Policy that keeps Origin on form posts).
  .use(secureHeaders({ crossOriginResourcePolicy: "same-origin", overwrite: false }))
  .use(sameOriginWrites({ exempt: SELF_AUTHENTICATING }))
  .route("/", authRoutes)
  .route("/user", accountRoutes)
  .route("/watchlist", watchlistRoutes)
  .route("/cryptos", cryptosRoutes)
  .route("/articles", articlesRoutes)
  .route("/categories", categoriesRoutes)
  .route("/guides", guidesRoutes)
  .route("/search", searchRoutes)
  .route("/newsletter", newsletterRoutes)
  .route("/site-status", siteStatusRoutes)
  // Every admin call checks the role on the server: 401 signed out, 403 for members.
  .use("/admin/*", requireAdmin)
  .route("/admin", adminNewsroomRoutes)
  .route("/admin", adminOutboxRoutes)
  // Local-only helpers (answer 404 unless APP_ENV is development or test).
  .route("/dev", devRoutes);

/** The whole HTTP surface: the API under /api, and the SPA's assets for everything else. */
export const app = new Hono<AppEnv>()
  .use(requestId())
  .route("/api", api)
  .all("/api/*", onNotFound)
  // Pages whose <head> is filled at the edge, feeds, sitemap, robots.txt; the rest is the SPA's assets.
  .route("/", pagesRoutes);

app.onError(onError);

export type AppType = typeof api;
