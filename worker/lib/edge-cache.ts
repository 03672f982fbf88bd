import { acceptsGzip, matchColo, putColo } from "./colo-cache.ts";
import type { WaitUntil } from "./deps.ts";
/**
 * Serves a JSON answer from the Cache API of the colo for `ttlSeconds`, computing it on a miss.
 * For public, user-independent reads that would otherwise hit D1 on every request. `key` is built
 * by the caller from the validated parameters (a path and canonical query on this origin), so the
 * many spellings of one query share one entry instead of each filling the cache.
 */
export async function edgeCachedJson(
  request: Request,
  key: string,
  ttlSeconds: number,
  compute: () => Promise<unknown>,
  waitUntil: WaitUntil,
): Promise<Response> {
  const cacheKey = new URL(key, request.url).href;
  // A fresh response each time, so middleware (security headers) can still add theirs; gzipped once
  // for every reader that takes it.
  const hit = await matchColo(cacheKey, Date.now(), { gzip: acceptsGzip(request.headers.get("accept-encoding")) });
  if (hit) return hit;
  const body = JSON.stringify(await compute());
  const response = new Response(body, {
    headers: {
      "content-type": "application/json; charset=UTF-8",
      "cache-control": `public, max-age=${ttlSeconds}`,
    },
  });
  waitUntil(putColo(cacheKey, response.clone()));
  return response;
}
