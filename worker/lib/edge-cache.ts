/**
 * Serves a JSON answer from the Cache API of the colo for `ttlSeconds`, computing it on a miss.
 * For public, user-independent reads that would otherwise hit D1 on every request.
 */
export async function edgeCachedJson(
  request: Request,
  ttlSeconds: number,
  compute: () => Promise<unknown>,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<Response> {
  // Key on the URL alone: these answers never depend on cookies or headers.
  const key = new Request(new URL(request.url).toString(), { method: "GET" });
  const cache = caches.default;
  const hit = await cache.match(key);
  // A cached response's headers are immutable; middleware (security headers) must still add theirs.
  if (hit) return new Response(hit.body, hit);
  const body = JSON.stringify(await compute());
  const response = new Response(body, {
    headers: {
      "content-type": "application/json; charset=UTF-8",
      "cache-control": `public, max-age=${ttlSeconds}`,
    },
  });
  waitUntil(cache.put(key, response.clone()));
  return response;
}
