/** The pages feature's public face: the routes that fill and render the SPA's pages, feeds and sitemaps. */
export { pagesRoutes } from "./pages.routes.ts";
export { renderArticleAhead, renderArticleAheadLater, renderTickPagesAhead } from "./render-ahead.ts";
