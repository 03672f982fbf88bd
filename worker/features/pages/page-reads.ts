import { Hono } from "hono";
import { coinArticlesRoutes, globalMarketRoutes } from "#worker/features/charts/index.ts";
import { articlesRoutes, categoriesRoutes, contentVersion, guidesRoutes, tagsRoutes } from "#worker/features/content/index.ts";
import { cryptosRoutes } from "#worker/features/cryptos/index.ts";
import { siteStatusRoutes } from "#worker/features/site-status/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { onError, onNotFound } from "#worker/lib/errors.ts";
import { publicEdgeCache } from "#worker/lib/public-cache.ts";
import { REQUEST_ID_HEADER, requestIds } from "#worker/lib/request-id.ts";

/**
 * The reads a server-rendered page may show: answers that are the same for every reader (prices,
 * articles, guides, the site's status). Anything else a page asks for (a member's watchlist, quota or
 * account) is refused here, so the page shows it loading and the browser asks for it itself. So is a
 * coin's chart mapping: the browser may hold a mapping of its own (web/lib/chart-mapping.ts), and the
 * chart is drawn in the browser anyway.
 */
const SHARED_READS = [
  /^\/api\/site-status$/,
  /^\/api\/market\/global$/,
  /^\/api\/cryptos(?:\/[^/]+(?:\/articles)?)?$/,
  /^\/api\/articles(?:\/[^/]+(?:\/related)?)?$/,
  /^\/api\/categories(?:\/[^/]+(?:\/articles)?)?$/,
  /^\/api\/guides$/,
  /^\/api\/tags\/[^/]+(?:\/articles)?$/,
];

/** Whether a call from a page render is answered: a GET, on this site, of a read in SHARED_READS. */
export function isSharedRead(method: string, url: URL, page: URL): boolean {
  return method === "GET" && url.origin === page.origin && SHARED_READS.some((read) => read.test(url.pathname));
}

/**
 * What answers those reads: the features' own routes, mounted here, with the public answers' colo
 * cache in front as the API has it. A render's reads go forward from the page to the features that
 * own them, not back through the whole app that routed the page here; and they skip what only a
 * browser's call needs (security headers, the same-origin and body checks of writes).
 * docs/decisions/performance/server-rendering.md.
 */
const reads = new Hono<AppEnv>()
  .use(publicEdgeCache({ content: contentVersion }))
  .route("/", siteStatusRoutes)
  .route("/", globalMarketRoutes)
  .route("/", cryptosRoutes)
  .route("/", coinArticlesRoutes)
  .route("/", articlesRoutes)
  .route("/", categoriesRoutes)
  .route("/", guidesRoutes)
  .route("/", tagsRoutes);

const pageReads = new Hono<AppEnv>().use(requestIds()).route("/api", reads).all("*", onNotFound);
pageReads.onError(onError);

/** Answers one shared read of a render (check it with isSharedRead first), named with the page's request id. */
export function answerPageRead(url: URL, req: { env: Env; requestId: string | undefined; executionCtx: ExecutionContext | undefined }) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (req.requestId) headers[REQUEST_ID_HEADER] = req.requestId;
  return pageReads.fetch(new Request(url, { headers }), req.env, req.executionCtx);
}
