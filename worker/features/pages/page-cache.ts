import type { Context } from "hono";
import { contentVersion } from "#worker/features/content/index.ts";
import { readSnapshot } from "#worker/features/cryptos/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { acceptsGzip, matchColo, putColo } from "#worker/lib/colo-cache.ts";
import { EDGE_CACHE_HEADER, presentStoredCopy, storable, storedCopy } from "#worker/lib/public-cache.ts";
import { type PageParams, pageAddress } from "./page-query.ts";
import { executionCtx, rendersPage } from "./server-render.ts";

type Ctx = Context<AppEnv>;

/** Vary: Cookie as on every rendered page: a member's browser must not reuse a guest's copy. */
const PAGE_HIT = presentStoredCopy({ vary: "Cookie" });

/**
 * Seconds a colo keeps a guest's rendered page at most. Its key carries what the page is made from:
 * the build (a deployment shows at once), the content version (so does an edit) and the price tick
 * the isolate holds (the feed's snapshot, every 30 s), so a page is rendered once per tick, not once
 * per lifetime. The lifetime only bounds a page whose tick stopped (the feed paused).
 * docs/decisions/performance/page-cache.md.
 */
export const PAGE_TTL = 60;

/** A page as answered, and whether it is the one every guest gets (rendered, not a fallback). */
export type PageAnswer = { res: Response; shared: boolean };

/**
 * Makes the page: rendered for `address` (its path and own parameters, page-query.ts), or, when
 * null, the shell the browser renders itself (a member's page, or one the server does not render).
 */
export type MakePage = (address: URL | null) => Promise<PageAnswer>;

/**
 * A guest's rendered page from the colo's cache, or made and kept there: rendering costs
 * milliseconds of CPU, a cached copy a lookup. The page is rendered and kept for its path and the
 * parameters it reads (`params`), so a tracking or made-up parameter finds the same copy; a member's
 * page is made every time (the shell, cheap).
 */
export async function cachedPage(c: Ctx, shell: Response, params: PageParams, make: MakePage): Promise<Response> {
  if (!rendersPage(c)) return (await make(null)).res;
  const url = new URL(c.req.url);
  const address = pageAddress(url, params);
  const build = shell.headers.get("etag");
  if (!address || !build) return (await make(address)).res;
  const version = await contentVersion(c.env);
  const tick = async () => (await readSnapshot(c.env.KV).catch(() => null))?.updatedAt ?? "none";
  const keyAt = (prices: string) =>
    `${url.origin}/__page${address.pathname}?${new URLSearchParams({ build, content: version, prices, query: address.search })}`;
  // Gzipped once per kept page for every reader that takes it (precompressed-answers.md).
  const hit = await matchColo(keyAt(await tick()), Date.now(), { present: PAGE_HIT, gzip: acceptsGzip(c.req.header("accept-encoding")) });
  if (hit) return hit;
  const { res, shared } = await make(address);
  if (!shared || !storable(res)) return res;
  // Kept under the tick the render read: the first render of all may be the one that made it.
  const key = keyAt(await tick());
  const put = putColo(key, await storedCopy(res, PAGE_TTL));
  const ctx = executionCtx(c);
  // Without an execution context (tests), the write finishes before the answer.
  if (ctx) ctx.waitUntil(put);
  else await put;
  res.headers.set(EDGE_CACHE_HEADER, "MISS");
  return res;
}
