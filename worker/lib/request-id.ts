import type { MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import type { AppEnv } from "./app-env.ts";

/** Names the request in its answer, its error body and its log lines; a client may send its own. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * Hono's request id (a fresh UUID, or the client's own when it sends a sane one), put on the answer
 * after everything else made it. Hono adds a header set before `next()` only to an answer made with
 * `c.json()` and its kin, not to a Response returned whole, which is what every kept copy is (the
 * colo's cache, the isolate's memory, a page's KV copy): those answered with the headers they were
 * stored with, the first request's id among them, or none.
 */
export function requestIds(): MiddlewareHandler<AppEnv> {
  const assign = requestId({ headerName: REQUEST_ID_HEADER });
  return (c, next) =>
    assign(c, async () => {
      await next();
      const id = c.get("requestId");
      if (c.res.headers.get(REQUEST_ID_HEADER) === id) return;
      try {
        c.res.headers.set(REQUEST_ID_HEADER, id);
      } catch {
        // Answers passed through from elsewhere (assets, a fetch) have immutable headers.
        c.res = new Response(c.res.body, c.res);
        c.res.headers.set(REQUEST_ID_HEADER, id);
      }
    });
}
