import "./lib/zod-config.ts";
import { dehydrate, type Query, type QueryCache } from "@tanstack/react-query";
import { renderToReadableStream, renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { ApiTransport, RenderInput, RenderPage } from "#schema/contracts/server-render.ts";
import { Providers } from "./app/providers.tsx";
import { routes } from "./app/router.tsx";
import { setApiTransport } from "./lib/api.ts";
import { authKeys } from "./lib/auth.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { RenderContext } from "./lib/render-context.ts";

/**
 * The Worker's page renderer (built into dist/server by `npm run build`; worker/features/pages/
 * server-render.ts calls it). It renders a page's first screen with the data the browser would ask
 * for: a render finds the queries the page starts, the Worker answers them in-process, and the page
 * is rendered again with the answers, until nothing new is asked (at most MAX_PASSES renders).
 * docs/decisions/performance/server-rendering.md.
 */
const MAX_PASSES = 3;

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === "function" ? enabled(query) !== false : enabled !== false;
}

/**
 * The queries each page's last render found, by address: the next render of that address asks for
 * them before its first pass, so it renders once instead of once per round of discovery. Bounded;
 * an address's list is replaced by what its latest render asked.
 */
const MAX_REMEMBERED = 256;
type QueryOptions = Parameters<QueryCache["build"]>[1];
const remembered = new Map<string, QueryOptions[]>();

function remember(key: string, options: QueryOptions[]): void {
  remembered.delete(key);
  remembered.set(key, options);
  for (const oldest of remembered.keys()) {
    if (remembered.size <= MAX_REMEMBERED) break;
    remembered.delete(oldest);
  }
}

/** Made once per isolate: it ranks the route table, the same for every render. */
const handler = createStaticHandler(routes);

export type { ApiTransport };
export { setApiTransport };

export const renderPage: RenderPage = async ({ url, now }: RenderInput) => {
  const context = await handler.query(new Request(url));
  // A redirect or an answer of its own: not a page to render.
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  // Nothing outlives the request: no garbage-collection timers for a cache that is thrown away.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, gcTime: Number.POSITIVE_INFINITY } });
  // The page is rendered for a guest (the Worker renders none for a member): the same HTML for everyone,
  // and the answer the browser's own auth query gives a guest, so both render the same.
  client.setQueryData(authKeys.user, null);
  const snapshot = { origin: new URL(url).origin, now };
  const asked = new Set<string>();
  let failed = false;

  // Read only once everything is ready: each Suspense boundary is then written in place, with no
  // inline script to swap it in later (the CSP allows none).
  const app = (
    <RenderContext value={snapshot}>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </RenderContext>
  );
  const streamed = async () => {
    const stream = await renderToReadableStream(app, {
      // A large boundary is otherwise written apart and swapped in by an inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        failed = true;
        console.error(
          JSON.stringify({
            level: "error",
            msg: "server render failed",
            url,
            error: error instanceof Error ? error.stack : String(error),
          }),
        );
      },
    });
    await stream.allReady;
    return new Response(stream).text();
  };
  /**
   * In one synchronous pass when nothing suspends (every page module already loaded in this isolate,
   * its answers already in the cache): no stream, no chunk encoded and decoded again. A boundary that
   * suspended comes out as "render on the client" (`<!--$!-->`): that pass is made again as a stream,
   * which waits for it.
   */
  const render = async () => {
    try {
      const html = renderToString(app);
      if (!html.includes("<!--$!-->")) return html;
    } catch {
      // Anything the synchronous renderer cannot do, the streaming one is asked to.
    }
    return streamed();
  };

  const address = new URL(url);
  const key = address.pathname + address.search;
  const known = remembered.get(key) ?? [];
  await Promise.all(
    known.map((options) => {
      const query = client.getQueryCache().build(client, options);
      asked.add(query.queryHash);
      return query.fetch().catch(() => client.getQueryCache().remove(query));
    }),
  );

  let html = "";
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    html = await render();
    if (failed) return null;
    const due = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === "pending" && !asked.has(q.queryHash) && isEnabled(q));
    if (due.length === 0 || pass === MAX_PASSES) break;
    await Promise.all(
      due.map((q) => {
        asked.add(q.queryHash);
        // A call that fails is left to the browser: the page shows it loading, as the browser will.
        return q.fetch().catch(() => client.getQueryCache().remove(q));
      }),
    );
  }
  remember(
    key,
    client
      .getQueryCache()
      .getAll()
      .filter((q) => asked.has(q.queryHash))
      .map((q) => q.options as QueryOptions),
  );
  const queries = dehydrate(client);
  return { html, state: { now, queries } };
};
