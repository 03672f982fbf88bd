import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { apiContract, type RouteContract } from "#schema/contracts/api/index.ts";
import { accountRoutes } from "./features/account/index.ts";
import { adminUsersRoutes } from "./features/admin-users/index.ts";
import { alertsDevRoutes, alertsRoutes, notificationsRoutes } from "./features/alerts/index.ts";
import { apiDocsRoutes } from "./features/api-docs/index.ts";
import { askRoutes } from "./features/ask/index.ts";
import { authRoutes } from "./features/auth/index.ts";
import { billingRoutes } from "./features/billing/index.ts";
import {
  adminChartsRoutes,
  coinArticlesRoutes,
  coinCategoriesRoutes,
  coinSocialRoutes,
  globalMarketRoutes,
  historyRoutes,
  mappingsRoutes,
} from "./features/charts/index.ts";
import { articlesRoutes, categoriesRoutes, contentVersion, guidesRoutes, tagsRoutes } from "./features/content/index.ts";
import { cryptosRoutes } from "./features/cryptos/index.ts";
import { editorialAdminRoutes, editorialArticleRoutes, editorialDevRoutes, editorialTagRoutes } from "./features/editorial/index.ts";
import { liveRoutes } from "./features/live/index.ts";
import { newsletterRoutes } from "./features/newsletter/index.ts";
import { adminNewsroomRoutes, devRoutes } from "./features/newsroom/index.ts";
import { adminOutboxRoutes } from "./features/outbox/index.ts";
import { pagesRoutes } from "./features/pages/index.ts";
import { searchRoutes } from "./features/search/index.ts";
import { siteStatusRoutes } from "./features/site-status/index.ts";
import { testStateRoutes } from "./features/test-state/index.ts";
import { watchlistRoutes } from "./features/watchlist/index.ts";
import type { AppEnv } from "./lib/app-env.ts";
import { loadUserReused, requireAdmin } from "./lib/auth.ts";
import { writeBodyLimits } from "./lib/body-limit.ts";
import { d1Sessions } from "./lib/d1-sessions.ts";
import { onError, onNotFound } from "./lib/errors.ts";
import { publicEdgeCache } from "./lib/public-cache.ts";
import { requestIds } from "./lib/request-id.ts";
import { sameOriginWrites } from "./lib/same-origin.ts";

const routes: readonly RouteContract[] = Object.values(apiContract);

/**
 * Writes that authenticate themselves and carry no Origin (`selfAuthenticating` in their contract
 * entry): RFC 8058 one-click unsubscribes, authorised by the unguessable token in the path, and
 * Stripe's signed webhook.
 */
const selfAuthenticating = routes.filter((r) => r.selfAuthenticating);

/**
 * Write bodies: 16 KB unless a route's contract entry allows more (`maxBodyBytes`), checked before
 * anything parses the body (docs/decisions/security/request-body-limits.md).
 */
const DEFAULT_BODY_BYTES = 16 * 1024;
const bodyAllowances = routes.flatMap((r) => (r.maxBodyBytes ? [{ method: r.method, path: r.path, bytes: r.maxBodyBytes }] : []));

/** HSTS for a year on everything the Worker answers (web/public/_headers says the same for assets). */
const HSTS = "max-age=31536000; includeSubDomains";

const api = new Hono<AppEnv>()
  // Routes may set their own policy (the sign-in pages need a Referrer-Policy that keeps Origin on form posts).
  .use(secureHeaders({ crossOriginResourcePolicy: "same-origin", strictTransportSecurity: HSTS, overwrite: false }))
  .use(sameOriginWrites({ exempt: selfAuthenticating }))
  .use(writeBodyLimits(DEFAULT_BODY_BYTES, bodyAllowances))
  // Public reads that are the same for everyone, from the colo's cache (table in lib/public-cache.ts).
  .use(publicEdgeCache({ content: contentVersion }))
  .route("/", authRoutes)
  .route("/", accountRoutes)
  .route("/", watchlistRoutes)
  .route("/", alertsRoutes)
  .route("/", notificationsRoutes)
  // Plans, credits, Manage Billing and Stripe's webhook (paths under /api).
  .route("/", billingRoutes)
  .route("/", cryptosRoutes)
  .route("/", historyRoutes)
  .route("/", coinArticlesRoutes)
  .route("/", coinSocialRoutes)
  .route("/", coinCategoriesRoutes)
  .route("/", globalMarketRoutes)
  // Live prices: a WebSocket per open page, held by the LiveHub object (features/live).
  .route("/", liveRoutes)
  .route("/", mappingsRoutes)
  // The editors' desk first: an admin's article list and the editor's calls; everyone else falls through.
  .route("/", editorialArticleRoutes)
  .route("/", articlesRoutes)
  .route("/", categoriesRoutes)
  .route("/", guidesRoutes)
  .route("/", tagsRoutes)
  .route("/", searchRoutes)
  .route("/", newsletterRoutes)
  // Ask's two answering routes reuse an isolate's session lookup for seconds
  // (docs/decisions/performance/session-lookup-reuse.md); its history and kept answers do not.
  .use("/ask-coinsight", loadUserReused)
  .use("/ask-coinsight/answer", loadUserReused)
  .route("/", askRoutes)
  .route("/", siteStatusRoutes)
  // The OpenAPI document and Scalar's reference, generated from schema/contracts/api (docs/api.md).
  .route("/", apiDocsRoutes)
  // Every admin call checks the role on the server: 401 signed out, 403 for members.
  .use("/admin/*", requireAdmin)
  .route("/", adminNewsroomRoutes)
  .route("/", adminOutboxRoutes)
  .route("/", adminChartsRoutes)
  .route("/", adminUsersRoutes)
  .route("/", editorialAdminRoutes)
  .route("/", editorialTagRoutes)
  // Local-only helpers (answer 404 unless APP_ENV is development or test).
  .route("/", devRoutes)
  .route("/", editorialDevRoutes)
  .route("/", alertsDevRoutes)
  .route("/", testStateRoutes);

/** For /rss.xml, the sitemaps and /robots.txt: readers fetch them from anywhere, nothing in them runs. */
const plainFileHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    strictTransportSecurity: HSTS,
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginResourcePolicy: "cross-origin",
  });

/** The whole HTTP surface: the API under /api, and the SPA's assets for everything else. */
export const app = new Hono<AppEnv>()
  // Every answer, kept copies included, names its own request (lib/request-id.ts).
  .use(requestIds())
  // Every query of a request in one D1 session: replicas for reads, a member's bookmark after a write.
  .use(d1Sessions())
  .route("/api", api)
  .all("/api/*", onNotFound)
  // Feeds, sitemap and robots.txt are plain files: nothing in them may run, frame or be framed.
  .use("/rss.xml", plainFileHeaders())
  .use("/sitemap.xml", plainFileHeaders())
  .use("/sitemap-*", plainFileHeaders())
  .use("/robots.txt", plainFileHeaders())
  .use("/categories/:slug/rss.xml", plainFileHeaders())
  // Edge-filled pages keep the shell's own headers (web/public/_headers) and gain whatever it lacks.
  .use(
    "*",
    secureHeaders({
      strictTransportSecurity: HSTS,
      xFrameOptions: "DENY",
      referrerPolicy: "strict-origin-when-cross-origin",
      crossOriginResourcePolicy: false,
      overwrite: false,
    }),
  )
  // Answers passed through from the assets binding have immutable headers: copy them first.
  .use("*", async (c, next) => {
    await next();
    c.res = new Response(c.res.body, c.res);
  })
  // Pages whose <head> is filled at the edge, feeds, sitemap, robots.txt; the rest is the SPA's assets.
  .route("/", pagesRoutes);

app.onError(onError);
