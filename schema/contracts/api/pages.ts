import { z } from "zod";
import { symbolParams } from "../crypto.ts";
import { content, HTML, type RouteContract, redirect } from "./route-contract.ts";

const RSS = "application/rss+xml; charset=utf-8";
const XML = "application/xml; charset=utf-8";
/** Pages whose <head> is filled at the edge: the SPA's shell, 404 with noindex when the thing is missing. */
const edgePage = <P extends string>(path: P, summary: string) =>
  ({
    method: "GET",
    path,
    summary,
    tags: ["Pages and feeds"],
    access: "public",
    responses: {
      200: content("The SPA with this page's title, description and structured data", HTML),
      404: content("Not found (noindex)", HTML),
    },
  }) as const satisfies RouteContract;

/** An article's page: at an address it had before its slug was edited, a 301 to the current one. */
const movablePage = <P extends string>(path: P, summary: string, what = "the article") => {
  const page = edgePage(path, summary);
  return {
    ...page,
    responses: { ...page.responses, 301: redirect(`An earlier address of ${what}: Location is the current one`) },
  } as const;
};

/** A page whose HTML the Worker serves with its preload hints (worker/features/pages/preload-hints.ts). */
const hintedPage = <P extends string>(path: P, summary: string) =>
  ({
    method: "GET",
    path,
    summary,
    tags: ["Pages and feeds"],
    access: "public",
    responses: { 200: content("The SPA with this page's preload hints", HTML) },
  }) as const satisfies RouteContract;

/** A slug in an edge page's path (the page answers 404 for an invalid one, never 400). */
const pageSlug = z.object({ slug: z.string() });

/** Pages whose HTML the Worker serves (edge-filled heads, preload hints), feeds, sitemap and robots.txt. */
export const pagesContract = {
  homePage: hintedPage("/", "The home page"),
  marketsPage: hintedPage("/markets", "The Top 500 page (tab, page and sort in the query)"),
  crypto101Page: hintedPage("/crypto-101", "The Crypto 101 guides page"),
  subscribePage: hintedPage("/subscribe", "The plans page"),
  privacyPage: hintedPage("/privacy", "The privacy policy"),
  termsPage: hintedPage("/terms", "The terms of service"),
  cookiesPage: hintedPage("/cookies", "The cookie policy"),
  articlePage: { ...movablePage("/article/:slug", "A news article's page"), request: { params: pageSlug } },
  guidePage: { ...movablePage("/crypto-101/:slug", "A Crypto 101 guide's page"), request: { params: pageSlug } },
  coinPage: { ...edgePage("/coin/:symbol", "A coin's page"), request: { params: symbolParams } },
  categoryPage: { ...edgePage("/categories/:slug", "A category's page"), request: { params: pageSlug } },
  tagPage: { ...movablePage("/tag/:slug", "A tag's page: its public articles", "a renamed or merged tag"), request: { params: pageSlug } },
  previewPage: {
    method: "GET",
    path: "/preview/:token",
    summary: "An unsaved article's preview (the desk's Preview on site; the page reads it as an admin)",
    tags: ["Pages and feeds"],
    access: "public",
    request: { params: z.object({ token: z.string() }) },
    responses: { 200: content("The SPA, noindex and never cached", HTML) },
  },
  rssFeed: {
    method: "GET",
    path: "/rss.xml",
    summary: "The news feed (RSS 2.0)",
    tags: ["Pages and feeds"],
    access: "public",
    responses: { 200: content("The newest news articles", RSS) },
  },
  categoryRssFeed: {
    method: "GET",
    path: "/categories/:slug/rss.xml",
    summary: "One category's feed (RSS 2.0)",
    tags: ["Pages and feeds"],
    access: "public",
    request: { params: pageSlug },
    responses: { 200: content("The category's newest articles", RSS), 404: content("No such category", "text/plain; charset=utf-8") },
  },
  sitemap: {
    method: "GET",
    path: "/sitemap.xml",
    summary: "The sitemap",
    tags: ["Pages and feeds"],
    access: "public",
    responses: { 200: content("The sitemap index: the pages-and-coins file, the tags file and one file per block of articles", XML) },
  },
  tagsSitemap: {
    method: "GET",
    path: "/sitemap-tags.xml",
    summary: "The sitemap of the tag pages",
    tags: ["Pages and feeds"],
    access: "public",
    responses: { 200: content("Every tag a public article carries", XML) },
  },
  pagesSitemap: {
    method: "GET",
    path: "/sitemap-pages.xml",
    summary: "The sitemap of the static pages and the coins",
    tags: ["Pages and feeds"],
    access: "public",
    responses: { 200: content("Static pages and coins", XML) },
  },
  articlesSitemap: {
    method: "GET",
    path: "/:file{sitemap-articles-[0-9]+\\.xml}",
    summary: "One block of articles' sitemap (sitemap-articles-<block>.xml)",
    tags: ["Pages and feeds"],
    access: "public",
    responses: { 200: content("The block's articles", XML), 404: content("No such block", "text/plain; charset=utf-8") },
  },
  robotsTxt: {
    method: "GET",
    path: "/robots.txt",
    summary: "robots.txt",
    tags: ["Pages and feeds"],
    access: "public",
    responses: { 200: content("Crawling rules and the sitemap's address", "text/plain; charset=utf-8") },
  },
} as const satisfies Record<string, RouteContract>;
