import type { Context } from "hono";
import { apiContract } from "#schema/contracts/api/index.ts";
import { slugParam } from "#schema/contracts/article.ts";
import { articlePath } from "#schema/contracts/article-rules.ts";
import { symbolParam } from "#schema/contracts/crypto.ts";
import { longDay } from "#schema/contracts/format.ts";
import type { RenderedPage } from "#schema/contracts/server-render.ts";
import { isSpaPath } from "#schema/contracts/spa-paths.ts";
import {
  categoryArticles,
  getArticle,
  getCategory,
  getTag,
  listArticles,
  listCategories,
  sitemapBlock,
  sitemapBlocks,
  tagSitemap,
} from "#worker/features/content/index.ts";
import { currentSnapshot, findBySymbol } from "#worker/features/cryptos/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { logger } from "#worker/lib/log.ts";
import { contractRoutes, type RouteOptions, route } from "#worker/lib/route.ts";
import { createMarketData } from "#worker/ports/market/create-market-data.ts";
import { RECORDED_AT } from "#worker/ports/market/offline.ts";
import { FEED_ITEMS, renderRss, replayNote } from "./feeds.ts";
import { fillHead, fillRenderedPage, type PageMeta } from "./html-head.ts";
import { inlineSheet } from "./inline-styles.ts";
import { cachedPage } from "./page-cache.ts";
import { articleMeta, categoryMeta, coinMeta, notFoundMeta, tagMeta } from "./page-meta.ts";
import { CATEGORY_PARAMS, MARKETS_PARAMS, NO_PARAMS, type PageParams } from "./page-query.ts";
import { type PageRequest, pageDeps, pageRequest } from "./page-request.ts";
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
  tagHints,
} from "./preload-hints.ts";
import { inlinedSheets } from "./rendered-body.ts";
import { serverRender } from "./server-render.ts";
import { loadShell } from "./shell.ts";
import { absoluteUrl, SITE_DESCRIPTION, SITE_NAME, siteOrigin } from "./site.ts";
import {
  articlesSitemap,
  articleUrls,
  PAGES_SITEMAP,
  renderSitemap,
  renderSitemapIndex,
  robotsTxt,
  STATIC_PATHS,
  sitemapBlockOf,
  TAGS_SITEMAP,
} from "./sitemap.ts";

type Ctx = Context<AppEnv>;

const FEED_CACHE = CACHE_POLICIES.feeds.browser;

const origin = (req: Pick<PageRequest, "env" | "url">) => siteOrigin(req.env, req.url.href);
/** The same for the feeds and sitemaps, which answer through Hono's own helpers. */
const hostOrigin = (c: Ctx) => siteOrigin(c.env, c.req.url);

/** The replay's label for feed items, when the site shows recorded market data instead of live figures. */
function feedNote(c: Ctx): string | undefined {
  if (createMarketData(c.env).source === "coingecko") return undefined;
  return replayNote(longDay(RECORDED_AT.slice(0, 10)));
}

/**
 * The shell with this page's head, and its first screen when the Worker rendered it (then its sheets
 * are written in and its scripts load after the first paint: rendered-body.ts); else with the hints
 * the browser's own render needs first.
 */
async function respond(
  req: PageRequest,
  shell: Response,
  meta: PageMeta | null,
  hints: PreloadHints,
  rendered: RenderedPage | null,
): Promise<Response> {
  let res: Response;
  if (!rendered) res = fillHead(shell, meta, 200, await preloadTags(req, hints));
  else {
    const own = await pageModules(req, hints.route);
    const styleFor = (href: string) => inlineSheet(req, href);
    const sheets = await inlinedSheets(own.css, styleFor);
    res = await fillRenderedPage(shell, meta, sheets.join("\n    "), { page: rendered, styleFor, modules: own.js });
  }
  // A member (the hint cookie) gets the shell, a guest the rendered page.
  res.headers.append("vary", "Cookie");
  return res;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.code === "NOT_FOUND";

/** The not-found page: the shell with noindex and HTTP 404, no render, never cached. */
async function notFoundPage(req: PageRequest, what: string): Promise<Response> {
  const shell = await loadShell(req);
  return shell.ok ? fillHead(shell, notFoundMeta(origin(req), req.url.pathname, what), 404) : shell;
}

type Head = { meta: PageMeta; hints: PreloadHints };
/** What a page's head data may answer instead: the page lives at another address now. */
type Moved = { movedTo: string };

/**
 * Serves the SPA with this page's <head>, rendered for a guest. The head's data is read first, so a
 * missing page answers 404 with noindex (the SPA still shows its not-found state) before any cache
 * lookup or render: a made-up address costs a lookup in memory (the slug filter, the price snapshot,
 * the categories). A page now at another address answers 301 there. If the data cannot be read at all,
 * the plain shell is served.
 */
async function page(req: PageRequest, what: string, params: PageParams, build: () => Promise<Head | Moved>): Promise<Response> {
  let head: Head | Moved;
  try {
    head = await build();
  } catch (error) {
    if (isNotFound(error)) return notFoundPage(req, what);
    logger("pages", req.requestId).error("edge head failed", { path: req.url.pathname, error });
    return loadShell(req);
  }
  if ("movedTo" in head) return new Response(null, { status: 301, headers: { location: head.movedTo } });
  return renderedPage(req, head.meta, head.hints, params);
}

/**
 * The page from the colo's cache, or rendered for its address (page-query.ts) and kept there; a
 * member's page, or one the server does not render, is the shell with its hints. `meta` null: the
 * site-wide <head>.
 */
async function renderedPage(req: PageRequest, meta: PageMeta | null, hints: PreloadHints, params: PageParams): Promise<Response> {
  const shell = await loadShell(req);
  if (!shell.ok) return shell;
  return cachedPage(req, shell, { params, prices: PRICE_PAGES.has(hints.route) }, async (address) => {
    const rendered = address ? await serverRender(req, address) : null;
    return { res: await respond(req, shell, meta, hints, rendered), shared: rendered !== null };
  });
}

/** A page without data of its own in its head: the site-wide <head> and the page's hints. */
const plainPage = (hints: (req: PageRequest) => PreloadHints, params: PageParams) => (c: Ctx) => {
  const req = pageRequest(c);
  return renderedPage(req, null, hints(req), params);
};

/**
 * The pages whose first screen is made of prices: kept per price tick. Every other page is kept per
 * content version (page-store.ts); its market strip and coin chips refresh in the browser.
 */
const PRICE_PAGES = new Set(["home", "markets", "coin"]);

function notFound(): never {
  throw new ApiError("NOT_FOUND", "Not found");
}

async function articlePage(c: Ctx) {
  const req = pageRequest(c);
  return page(req, "Article", NO_PARAMS, async () => {
    const slug = slugParam.safeParse(c.req.param("slug"));
    if (!slug.success) notFound();
    const article = await getArticle(req.env, slug.data);
    // An address the article had before its slug was edited: a 301 to the current one (the query
    // kept), before any cache or render, so the page is never kept under an old address.
    if (article.slug !== slug.data) return { movedTo: `${articlePath(article)}${req.url.search}` };
    return { meta: articleMeta(article, origin(req)), hints: articleHints(slug.data, article.cryptoSymbol?.toUpperCase() ?? null) };
  });
}

function xml(c: Ctx, body: string, type: string) {
  c.header("content-type", `${type}; charset=utf-8`);
  c.header("cache-control", FEED_CACHE);
  return c.body(body, 200);
}

// The edge pages and the feed read their own slug: a bad one is a 404 page, never the JSON 400.
const OWN_PARAMS = { skipValidation: ["params"] } as const satisfies RouteOptions;

export const pagesRoutes = contractRoutes(
  route(apiContract.homePage, plainPage(homeHints, NO_PARAMS)),
  route(
    apiContract.marketsPage,
    plainPage((req) => marketsHints(req.url.search), MARKETS_PARAMS),
  ),
  route(apiContract.crypto101Page, plainPage(crypto101Hints, NO_PARAMS)),
  route(apiContract.subscribePage, plainPage(subscribeHints, NO_PARAMS)),
  route(apiContract.privacyPage, plainPage(legalHints, NO_PARAMS)),
  route(apiContract.termsPage, plainPage(legalHints, NO_PARAMS)),
  route(apiContract.cookiesPage, plainPage(legalHints, NO_PARAMS)),
  route(apiContract.articlePage, articlePage, OWN_PARAMS),
  route(apiContract.guidePage, articlePage, OWN_PARAMS),
  route(
    apiContract.coinPage,
    (c) => {
      const req = pageRequest(c);
      return page(req, "Cryptocurrency", NO_PARAMS, async () => {
        const symbol = symbolParam.safeParse(c.req.param("symbol"));
        if (!symbol.success) notFound();
        const meta = coinMeta(await findBySymbol(pageDeps(req), symbol.data), origin(req));
        // The page asks with the symbol as its address spells it.
        return { meta, hints: coinHints(c.req.param("symbol")) };
      });
    },
    OWN_PARAMS,
  ),
  route(
    apiContract.categoryPage,
    (c) => {
      const req = pageRequest(c);
      return page(req, "Category", CATEGORY_PARAMS, async () => {
        const slug = slugParam.safeParse(c.req.param("slug"));
        if (!slug.success) notFound();
        return { meta: categoryMeta(await getCategory(req.env, slug.data), origin(req)), hints: categoryHints() };
      });
    },
    OWN_PARAMS,
  ),
  route(
    apiContract.tagPage,
    (c) => {
      const req = pageRequest(c);
      return page(req, "Tag", CATEGORY_PARAMS, async () => {
        const slug = slugParam.safeParse(c.req.param("slug"));
        if (!slug.success) notFound();
        const tag = await getTag(req.env, slug.data);
        // An earlier address of a renamed or merged tag: a 301 to its page now, the query kept.
        if (tag.slug !== slug.data) return { movedTo: `/tag/${tag.slug}${req.url.search}` };
        return { meta: tagMeta(tag, origin(req)), hints: tagHints(slug.data) };
      });
    },
    OWN_PARAMS,
  ),
  // An unsaved article's preview: the shell alone (the page reads it as an admin), never indexed or kept.
  route(
    apiContract.previewPage,
    async (c) => {
      const req = pageRequest(c);
      const shell = await loadShell(req);
      if (!shell.ok) return shell;
      const res = fillHead(shell, { ...notFoundMeta(origin(req), req.url.pathname, "Preview"), title: `Preview | ${SITE_NAME}` }, 200);
      res.headers.set("cache-control", "private, no-store");
      res.headers.set("x-robots-tag", "noindex, nofollow");
      return res;
    },
    OWN_PARAMS,
  ),
  route(apiContract.rssFeed, async (c) => {
    const site = hostOrigin(c);
    const items = await listArticles(c.env, { kind: "news", limit: FEED_ITEMS });
    const channel = {
      title: `${SITE_NAME}: crypto news and analysis`,
      description: SITE_DESCRIPTION,
      link: absoluteUrl(site, "/news"),
      self: absoluteUrl(site, "/rss.xml"),
    };
    return xml(c, renderRss(channel, items, site, feedNote(c)), "application/rss+xml");
  }),
  route(
    apiContract.categoryRssFeed,
    async (c) => {
      const slug = slugParam.safeParse(c.req.param("slug"));
      const category = slug.success ? (await listCategories(c.env)).find((cat) => cat.slug === slug.data) : undefined;
      if (!category) return c.text("Feed not found", 404);
      const site = hostOrigin(c);
      const items = await categoryArticles(c.env, category, FEED_ITEMS);
      const channel = {
        title: `${SITE_NAME}: ${category.name}`,
        description: category.description || SITE_DESCRIPTION,
        link: absoluteUrl(site, `/categories/${category.slug}`),
        self: absoluteUrl(site, `/categories/${category.slug}/rss.xml`),
      };
      return xml(c, renderRss(channel, items, site, feedNote(c)), "application/rss+xml");
    },
    OWN_PARAMS,
  ),
  // A sitemap index: the pages and coins in one file, the articles in blocks (sitemap.ts).
  route(apiContract.sitemap, async (c) => {
    const blocks = await sitemapBlocks(c.env);
    const tags = await tagSitemap(c.env);
    const tagsLastmod = tags.reduce<string | undefined>((m, t) => (t.lastmod && (!m || t.lastmod > m) ? t.lastmod : m), undefined);
    const tagFiles = tags.length ? [{ path: TAGS_SITEMAP, lastmod: tagsLastmod }] : [];
    const files = [{ path: PAGES_SITEMAP }, ...tagFiles, ...blocks.map((b) => ({ path: articlesSitemap(b.block), lastmod: b.lastmod }))];
    return xml(c, renderSitemapIndex(files, hostOrigin(c)), "application/xml");
  }),
  route(apiContract.pagesSitemap, async (c) => {
    const snapshot = await currentSnapshot(runtimeDeps(c)).catch(() => null);
    const coins = (snapshot?.coins ?? []).map((coin) => ({ path: `/coin/${coin.symbol.toLowerCase()}` }));
    // Two coins may share a symbol; the page belongs to the higher-ranked one, listed once.
    const uniqueCoins = [...new Map(coins.map((u) => [u.path, u])).values()];
    return xml(c, renderSitemap([...STATIC_PATHS.map((path) => ({ path })), ...uniqueCoins], hostOrigin(c)), "application/xml");
  }),
  route(apiContract.tagsSitemap, async (c) => {
    const tags = await tagSitemap(c.env);
    return xml(
      c,
      renderSitemap(
        tags.map((t) => ({ path: `/tag/${t.slug}`, lastmod: t.lastmod ?? undefined })),
        hostOrigin(c),
      ),
      "application/xml",
    );
  }),
  route(apiContract.articlesSitemap, async (c) => {
    const block = sitemapBlockOf(c.req.param("file"));
    const entries = block ? await sitemapBlock(c.env, block) : null;
    if (!entries) return c.text("Sitemap not found", 404);
    return xml(c, renderSitemap(articleUrls(entries), hostOrigin(c)), "application/xml");
  }),
  route(apiContract.robotsTxt, (c) => {
    c.header("cache-control", CACHE_POLICIES.robots.browser);
    return c.text(robotsTxt(hostOrigin(c)), 200);
  }),
)
  // Anything else is a static file, a page the SPA draws alone, or no page at all (wrangler.toml).
  .all("*", async (c) => {
    const res = await c.env.ASSETS.fetch(c.req.raw);
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || isSpaPath(c.req.path) || !isShell(res)) return res;
    // The assets layer answers an unknown address with the SPA's shell: the app shows its not-found
    // page, and the status says so too (crawlers and link checkers read the status, not the page).
    const req = pageRequest(c);
    const shell = await loadShell(req);
    return shell.ok ? fillHead(shell, notFoundMeta(origin(req), req.url.pathname, "Page"), 404) : res;
  });

/** The SPA's shell as the assets layer answers it for a path without a file (or a 304 for it). */
function isShell(res: Response): boolean {
  return res.status === 304 || (res.ok && (res.headers.get("content-type") ?? "").startsWith("text/html"));
}
