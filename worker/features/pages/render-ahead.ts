import { waitUntil } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { articles, categories } from "#schema/db/content.ts";
import { isPublic } from "#worker/features/content/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { getDb } from "#worker/lib/db.ts";
import { onError } from "#worker/lib/errors.ts";
import { logger } from "#worker/lib/log.ts";
import { EDGE_CACHE_HEADER } from "#worker/lib/public-cache.ts";
import { requestIds } from "#worker/lib/request-id.ts";
import { pagesRoutes } from "./pages.routes.ts";
import { RENDERED_AHEAD, renderAheadOf } from "./rendering-ahead.ts";

/**
 * Pages rendered before any reader asks, off the request path: the pages nearly every reader opens,
 * right after what they show changed (a price tick, an article written). Each is rendered as a
 * guest's page for the site's public origin by the pages' own routes (not the whole app: nothing
 * here is a browser's request) and kept in KV (page-cache.ts), so the first reader in any colo reads
 * a copy instead of rendering. docs/decisions/performance/page-copies-in-kv.md.
 */
const pages = new Hono<AppEnv>().use(requestIds()).route("/", pagesRoutes);
pages.onError(onError);

/** The pages rendered after every price tick: the two every visit starts from, and nothing else (bounded). */
export const TICK_PAGES = ["/", "/markets"] as const;

/**
 * The origin the pages are rendered for: PUBLIC_ORIGIN, which a deployment sets (README,
 * Configuration). Without it there is no request to take one from, and nothing is rendered ahead.
 */
function publicOrigin(env: Pick<Env, "PUBLIC_ORIGIN">): string | null {
  return URL.parse(env.PUBLIC_ORIGIN?.trim() ?? "")?.origin ?? null;
}

/** The app's `ctx` for a render with no request: its later work joins the caller's (the tick's, the publish's). */
const ctx = { waitUntil, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** Renders `paths` one after another and keeps each in KV; how many were kept. Never throws. */
export async function renderAhead(env: Env, paths: readonly string[]): Promise<number> {
  const origin = publicOrigin(env);
  if (!origin) return 0;
  let kept = 0;
  for (const path of paths) {
    try {
      const res = await renderAheadOf(() =>
        pages.fetch(new Request(new URL(path, origin), { headers: { accept: "text/html" } }), env, ctx),
      );
      await res.body?.cancel();
      if (res.headers.get(EDGE_CACHE_HEADER) === RENDERED_AHEAD) kept++;
    } catch (error) {
      logger("pages").error("render ahead failed", { path, error });
    }
  }
  return kept;
}

let tickInFlight: Promise<number> | null = null;

/**
 * After a price tick: `/` and `/markets` for the new tick, after the tick's own work and outside it
 * (waitUntil). A tick that comes while the last one's pages are still rendering adds none.
 */
export function renderTickPagesAhead(env: Env): Promise<number> {
  if (tickInFlight) return tickInFlight;
  const run = renderAhead(env, TICK_PAGES).finally(() => {
    tickInFlight = null;
  });
  tickInFlight = run;
  waitUntil(run);
  return run;
}

/**
 * After an article is written (published, edited, restored; or trashed, when only `/` is left to
 * render): its page, if readers can see it, and `/`, which lists the newest. The content version has
 * changed, so every page's key has; the rest are rendered by their first reader anywhere.
 */
export async function renderArticleAhead(env: Env, articleId: number): Promise<number> {
  if (!publicOrigin(env)) return 0;
  const [row] = await getDb(env.DB)
    .select({ slug: articles.slug, kind: categories.kind })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articles.id, articleId), isPublic(new Date().toISOString())))
    .limit(1)
    .catch(() => []);
  const page = row ? [`${row.kind === "guide" ? "/crypto-101" : "/article"}/${encodeURIComponent(row.slug)}`] : [];
  return renderAhead(env, [...page, "/"]);
}

/** For a write made in a request (the editors' desk): the renders go on after the answer. */
export function renderArticleAheadLater(env: Env, articleId: number): void {
  if (publicOrigin(env)) waitUntil(renderArticleAhead(env, articleId));
}
