import { type Context, Hono } from "hono";
import { slugParam } from "#schema/contracts/article.ts";
import { symbolParam } from "#schema/contracts/crypto.ts";
import { longDay } from "#schema/contracts/format.ts";
import type { RenderedPage } from "#schema/contracts/server-render.ts";
import { isSpaPath } from "#schema/contracts/spa-paths.ts";
import { categoryArticles, getArticle, listArticles, sitemapArticles } from "#worker/features/content/articles.service.ts";
import { getCategory, listCategories } from "#worker/features/content/categories.service.ts";
import { currentSnapshot, findBySymbol } from "#worker/features/cryptos/cryptos.service.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { createMarketData } from "#worker/ports/market/create-market-data.ts";
import { RECORDED_AT } from "#worker/ports/market/offline.ts";
import { FEED_ITEMS, renderRss, replayNote } from "./feeds.ts";
import { fillHead, type PageMeta } from "./html-head.ts";
import { inlineSheet } from "./inline-styles.ts";
import { cachedPage } from "./page-cache.ts";
import { articleMeta, categoryMeta, coinMeta, notFoundMeta } from "./page-meta.ts";
import {
  articleHints,
  categoryHints,
  coinHints,
  crypto101Hints,
  homeHints,
  legalHints,
  marketsHints,
  type PreloadHints,
  pageModules,
  preloadTags,
  subscribeHints,
} from "./preload-hints.ts";
import { inlinedSheets } from "./rendered-body.ts";
import { serverRender } from "./server-render.ts";
import { absoluteUrl, SITE_DESCRIPTION, SITE_NAME, siteOrigin } from "./site.ts";
import { articleUrls, renderSitemap, robotsTxt, STATIC_PATHS } from "./sitemap.ts";

type Ctx = Context<AppEnv>;

const FEED_CACHE = "public, max-age=300";

const origin = (c: Ctx) => siteOrigin(c.env, c.req.url);

/** The replay's label for feed items, when the site shows recorded market data instead of live figures. */
function feedNote(c: Ctx): string | undefined {
  if (createMarketData(c.env).source === "coingecko") return undefined;
  return replayNote(longDay(RECORDED_AT.slice(0, 10)));
}

/** The SPA's index.html, fetched fresh (no conditional headers, so never a bodiless 304). */
function loadShell(c: Ctx): Promise<Response> {
  return c.env.ASSETS.fetch(new Request(new URL("/", c.req.url), { headers: { accept: "text/html" } }));
}

/**
 * The shell with this page's head, and its first screen when the Worker rendered it (then its sheets
 * are written in and its scripts load after the first paint: rendered-body.ts); else with the hints
 * the browser's own render needs first.
 */
async function respond(
  c: Ctx,
  shell: Response,
  meta: PageMeta | null,
  hints: PreloadHints,
  rendered: RenderedPage | null,
): Promise<Response> {
  let res: Response;
  if (!rendered) res = fillHead(shell, meta, 200, await preloadTags(c, hints));
  else {
    const own = await pageModules(c, hints.route);
    const styleFor = (href: string) => inlineSheet(c, href);
    const sheets = await inlinedSheets(own.css, styleFor);
    res = fillHead(shell, meta, 200, sheets.join("\n    "), { page: rendered, styleFor, modules: own.js });
  }
  // A member (the hint cookie) gets the shell, a guest the rendered page.
  res.headers.append("vary", "Cookie");
  return res;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.code === "NOT_FOUND";

/**
 * Serves the SPA with this page's <head>. A missing page answers 404 with noindex (the SPA still
 * shows its not-found state); if the data cannot be read at all, the plain shell is served.
 */
async function page(c: Ctx, what: string, build: () => Promise<{ meta: PageMeta; hints: PreloadHints }>): Promise<Response> {
  const shell = await loadShell(c);
  if (!shell.ok) return shell;
  return cachedPage(c, shell, async () => {
    try {
      const { meta, hints } = await build();
      // Rendered once the page is known to exist, so a made-up address (never cached) costs no render.
      // The head's read is a memory or cache hit for a page readers open, and warms the render's own.
      const rendered = await serverRender(c);
      return { res: await respond(c, shell, meta, hints, rendered), shared: rendered !== null };
    } catch (error) {
      if (isNotFound(error)) return { res: fillHead(shell, notFoundMeta(origin(c), c.req.path, what), 404), shared: false };
      console.error(JSON.stringify({ level: "error", msg: "edge head failed", path: c.req.path, error: String(error) }));
      return { res: shell, shared: false };
    }
  });
}

/** A page whose <head> is the site-wide one: only its preload hints are added. */
async function hintedPage(c: Ctx, hints: PreloadHints): Promise<Response> {
  const shell = await loadShell(c);
  if (!shell.ok) return shell;
  return cachedPage(c, shell, async () => {
    const rendered = await serverRender(c);
    return { res: await respond(c, shell, null, hints, rendered), shared: rendered !== null };
  });
}

function notFound(): never {
  throw new ApiError("NOT_FOUND", "Not found");
}

function articlePage(c: Ctx) {
  return page(c, "Article", async () => {
    const slug = slugParam.safeParse(c.req.param("slug"));
    if (!slug.success) notFound();
    const article = await getArticle(c.env, slug.data);
    return { meta: articleMeta(article, origin(c)), hints: articleHints(slug.data, article.cryptoSymbol?.toUpperCase() ?? null) };
  });
}

function xml(c: Ctx, body: string, type: string) {
  c.header("content-type", `${type}; charset=utf-8`);
  c.header("cache-control", FEED_CACHE);
  return c.body(body, 200);
}

export const pagesRoutes = new Hono<AppEnv>()
  .get("/", (c) => hintedPage(c, homeHints()))
  .get("/markets", (c) => hintedPage(c, marketsHints(new URL(c.req.url).search)))
  .get("/crypto-101", (c) => hintedPage(c, crypto101Hints()))
  .get("/subscribe", (c) => hintedPage(c, subscribeHints()))
  .get("/privacy", (c) => hintedPage(c, legalHints()))
  .get("/terms", (c) => hintedPage(c, legalHints()))
  .get("/cookies", (c) => hintedPage(c, legalHints()))
  .get("/article/:slug", articlePage)
  .get("/crypto-101/:slug", articlePage)
  .get("/coin/:symbol", (c) =>
    page(c, "Cryptocurrency", async () => {
      const symbol = symbolParam.safeParse(c.req.param("symbol"));
      if (!symbol.success) notFound();
      const meta = coinMeta(await findBySymbol(runtimeDeps(c), symbol.data), origin(c));
      // The page asks with the symbol as its address spells it.
      return { meta, hints: coinHints(c.req.param("symbol")) };
    }),
  )
  .get("/categories/:slug", (c) =>
    page(c, "Category", async () => {
      const slug = slugParam.safeParse(c.req.param("slug"));
      if (!slug.success) notFound();
      return { meta: categoryMeta(await getCategory(c.env, slug.data), origin(c)), hints: categoryHints() };
    }),
  )
  .get("/rss.xml", async (c) => {
    const site = origin(c);
    const items = await listArticles(c.env, { kind: "news", limit: FEED_ITEMS });
    const channel = {
      title: `${SITE_NAME}: crypto news and analysis`,
      description: SITE_DESCRIPTION,
      link: absoluteUrl(site, "/news"),
      self: absoluteUrl(site, "/rss.xml"),
    };
    return xml(c, renderRss(channel, items, site, feedNote(c)), "application/rss+xml");
  })
  .get("/categories/:slug/rss.xml", async (c) => {
    const slug = slugParam.safeParse(c.req.param("slug"));
    const category = slug.success ? (await listCategories(c.env)).find((cat) => cat.slug === slug.data) : undefined;
    if (!category) return c.text("Feed not found", 404);
    const site = origin(c);
    const items = await categoryArticles(c.env, category, FEED_ITEMS);
    const channel = {
      title: `${SITE_NAME}: ${category.name}`,
      description: category.description || SITE_DESCRIPTION,
      link: absoluteUrl(site, `/categories/${category.slug}`),
      self: absoluteUrl(site, `/categories/${category.slug}/rss.xml`),
    };
    return xml(c, renderRss(channel, items, site, feedNote(c)), "application/rss+xml");
  })
  .get("/sitemap.xml", async (c) => {
    const [articles, snapshot] = await Promise.all([sitemapArticles(c.env), currentSnapshot(runtimeDeps(c)).catch(() => null)]);
    const coins = (snapshot?.coins ?? []).map((coin) => ({ path: `/coin/${coin.symbol.toLowerCase()}` }));
    // Two coins may share a symbol; the page belongs to the higher-ranked one, listed once.
    const uniqueCoins = [...new Map(coins.map((u) => [u.path, u])).values()];
    const urls = [...STATIC_PATHS.map((path) => ({ path })), ...articleUrls(articles), ...uniqueCoins];
    return xml(c, renderSitemap(urls, origin(c)), "application/xml");
  })
  .get("/robots.txt", (c) => {
    c.header("cache-control", "public, max-age=3600");
    return c.text(robotsTxt(origin(c)));
  })
  // Anything else is a static file, a page the SPA draws alone, or no page at all (wrangler.toml).
  .all("*", async (c) => {
    const res = await c.env.ASSETS.fetch(c.req.raw);
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || isSpaPath(c.req.path) || !isShell(res)) return res;
    // The assets layer answers an unknown address with the SPA's shell: the app shows its not-found
    // page, and the status says so too (crawlers and link checkers read the status, not the page).
    const shell = await loadShell(c);
    return shell.ok ? fillHead(shell, notFoundMeta(origin(c), c.req.path, "Page"), 404) : res;
  });

/** The SPA's shell as the assets layer answers it for a path without a file (or a 304 for it). */
function isShell(res: Response): boolean {
  return res.status === 304 || (res.ok && (res.headers.get("content-type") ?? "").startsWith("text/html"));
}
