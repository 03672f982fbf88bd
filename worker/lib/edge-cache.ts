import type { TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { acceptsGzip, matchColo, putColo } from "./colo-cache.ts";
import type { WaitUntil } from "./deps.ts";

type CachedJson<T> = Response & TypedResponse<JSONParsed<T>, 200, "json">;

/**
 * Serves a JSON answer from the Cache API of the colo for `ttlSeconds`, computing it on a miss.
 * For public, user-independent reads that would otherwise hit D1 on every request. `key` is built
 * by the caller from the validated parameters (a path and canonical query on this origin), so the
 * many spellings of one query share one entry instead of each filling the cache. Typed like
 * `c.json(body, 200)`, so a route's contract holds the computed body to its schema.
 */
export async function edgeCachedJson<T>(
  request: Request,
  key: string,
  ttlSeconds: number,
  compute: () => Promise<T>,
  waitUntil: WaitUntil,
): Promise<CachedJson<T>> {
  const cacheKey = new URL(key, request.url).href;
  // A fresh response each time, so middleware (security headers) can still add theirs; gzipped once
  // for every reader that takes it.
  const hit = await matchColo(cacheKey, Date.now(), { gzip: acceptsGzip(request.headers.get("accept-encoding")) });
  if (hit) return hit as CachedJson<T>;
  const body = JSON.stringify(await compute());
  const response = new Response(body, {
    headers: {
      "content-type": "application/json; charset=UTF-8",
      "cache-control": `public, max-age=${ttlSeconds}`,
    },
  });
  waitUntil(putColo(cacheKey, response.clone()));
  return response as CachedJson<T>;
}
