import { AsyncLocalStorage } from "node:async_hooks";
import { renderPage, setApiTransport } from "coinsight-ssr";
import type { ApiTransport, RenderedPage } from "#schema/contracts/server-render.ts";
import { logger } from "#worker/lib/log.ts";
import { answerPageRead, isSharedRead } from "./page-reads.ts";
import { type PageRequest, rendersPage } from "./page-request.ts";

/** The request a render's calls are answered for: renders of concurrent requests share the isolate. */
const current = new AsyncLocalStorage<ApiTransport>();

setApiTransport((path, init) => {
  const answer = current.getStore();
  return answer ? answer(path, init) : Promise.reject(new Error(`${path}: called outside a page render`));
});

/**
 * The first screen of the page at `page` (its path and own parameters: page-query.ts) as HTML, with
 * the answers it shows, or null (the browser then renders it alone, as before). It is a guest's page:
 * its calls are answered with no cookie, by the features that own them (page-reads.ts).
 */
export async function serverRender(req: PageRequest, page: URL): Promise<RenderedPage | null> {
  // A member's page shows their account, watchlist and plan: the browser renders it, as before.
  if (!rendersPage(req)) return null;
  const answer: ApiTransport = (path, init) => {
    const url = new URL(path, page);
    if (!isSharedRead(init.method ?? "GET", url, page)) return Promise.reject(new Error(`${path}: not part of a server-rendered page`));
    return Promise.resolve(answerPageRead(url, req));
  };
  try {
    return await current.run(answer, () => renderPage({ url: page.href, now: Date.now() }));
  } catch (error) {
    logger("pages", req.requestId).error("server render failed", { path: page.pathname, error });
    return null;
  }
}
