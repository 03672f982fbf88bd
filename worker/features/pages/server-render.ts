import { AsyncLocalStorage } from "node:async_hooks";
import { renderPage, setApiTransport } from "coinsight-ssr";
import type { ApiTransport, RenderedPage } from "#schema/contracts/server-render.ts";
import { logger } from "#worker/lib/log.ts";
import { type PageRequest, rendersPage } from "./page-request.ts";

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
];

/** Whether a call from a page render is answered: a GET, on this site, of a read in SHARED_READS. */
export function isSharedRead(method: string, url: URL, page: URL): boolean {
  return method === "GET" && url.origin === page.origin && SHARED_READS.some((read) => read.test(url.pathname));
}

/** The request a render's calls are answered for: renders of concurrent requests share the isolate. */
const current = new AsyncLocalStorage<ApiTransport>();

setApiTransport((path, init) => {
  const answer = current.getStore();
  return answer ? answer(path, init) : Promise.reject(new Error(`${path}: called outside a page render`));
});

/** How the app answers a request in-process (its own `fetch`). */
type AppFetch = (request: Request, env: Env, ctx: ExecutionContext | undefined) => Response | Promise<Response>;

/**
 * The app that answers a render's reads. worker/app.ts hands itself over once it is built: importing
 * the app from here would close a circle (app → pages routes → page cache → this module → app), and
 * the app is what mounts this feature, so it is the one that knows itself.
 */
let appFetch: AppFetch | undefined;

export function answerRendersWith(fetch: AppFetch): void {
  appFetch = fetch;
}

/** The app as registered, for a render started without a request (render-ahead.ts). */
export const registeredApp = (): AppFetch | undefined => appFetch;

/**
 * The first screen of the page at `page` (its path and own parameters: page-query.ts) as HTML, with
 * the answers it shows, or null (the browser then renders it alone, as before). It is a guest's page:
 * the calls are answered by the app itself with no cookie.
 */
export async function serverRender(req: PageRequest, page: URL): Promise<RenderedPage | null> {
  // A member's page shows their account, watchlist and plan: the browser renders it, as before.
  if (!rendersPage(req)) return null;
  const fetch = appFetch;
  if (!fetch) {
    // Only an app built without worker/app.ts gets here: serve the page as a member's, unrendered.
    logger("pages", req.requestId).error("server render skipped: no app registered (answerRendersWith)", { path: page.pathname });
    return null;
  }
  const answer: ApiTransport = (path, init) => {
    const url = new URL(path, page);
    if (!isSharedRead(init.method ?? "GET", url, page)) return Promise.reject(new Error(`${path}: not part of a server-rendered page`));
    return Promise.resolve(fetch(new Request(url, { headers: { accept: "application/json" } }), req.env, req.executionCtx));
  };
  try {
    return await current.run(answer, () => renderPage({ url: page.href, now: Date.now() }));
  } catch (error) {
    logger("pages", req.requestId).error("server render failed", { path: page.pathname, error });
    return null;
  }
}
