import type { Context } from "hono";
import { contentVersion } from "#worker/features/content/content-cache.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { matchColo, putColo } from "#worker/lib/colo-cache.ts";
import { EDGE_CACHE_HEADER, presentStoredCopy, storable, storedCopy } from "#worker/lib/public-cache.ts";
import { executionCtx, rendersPage } from "./server-render.ts";

type Ctx = Context<AppEnv>;

/** Vary: Cookie as on every rendered page: a member's browser must not reuse a guest's copy. */
const PAGE_HIT = presentStoredCopy({ vary: "Cookie" });

/**
 * Seconds a colo keeps a guest's rendered page. Its key carries the build (a deployment shows at
 * once) and the content version (so does an edit); what this lifetime bounds is the prices on it,
 * and half the feed's 30-second tick keeps them as fresh as the browser's own refresh.
 * docs/decisions/performance/page-cache.md.
 */
export const PAGE_TTL = 15;

/** A page as answered, and whether it is the one every guest gets (rendered, not a fallback). */
export type PageAnswer = { res: Response; shared: boolean };

/**
 * A guest's rendered page from the colo's cache, or made and kept there: rendering costs tens of
 * milliseconds of CPU, a cached copy a lookup. A page with a query (the Top 500's sort and page, or
 * anything made up) and a member's page are made every time.
 */
export async function cachedPage(c: Ctx, shell: Response, make: () => Promise<PageAnswer>): Promise<Response> {
  const url = new URL(c.req.url);
  const build = shell.headers.get("etag");
  if (url.search || !build || !rendersPage(c)) return (await make()).res;
  const version = await contentVersion(c.env);
  const key = `${url.origin}/__page${url.pathname}?${new URLSearchParams({ build, content: version })}`;
  const hit = await matchColo(key, Date.now(), { present: PAGE_HIT });
  if (hit) return hit;
  const { res, shared } = await make();
  if (!shared || !storable(res)) return res;
  const put = putColo(key, await storedCopy(res, PAGE_TTL));
  const ctx = executionCtx(c);
  // Without an execution context (tests), the write finishes before the answer.
  if (ctx) ctx.waitUntil(put);
  else await put;
  res.headers.set(EDGE_CACHE_HEADER, "MISS");
  return res;
}
