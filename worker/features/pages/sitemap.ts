import { articlePath } from "#schema/contracts/article-rules.ts";
import { escapeXml } from "#worker/lib/html.ts";
import { absoluteUrl } from "./site.ts";

export type SitemapUrl = { path: string; lastmod?: string | undefined };

/** Pages worth indexing that are not articles or coins. */
export const STATIC_PATHS = [
  "/",
  "/news",
  "/markets",
  "/crypto-101",
  "/categories/daily-roundup",
  "/categories/trending-analysis",
  "/privacy",
  "/terms",
  "/cookies",
];

export function renderSitemap(urls: readonly SitemapUrl[], origin: string): string {
  const entries = urls.map(({ path, lastmod }) => {
    const date = lastmod ? `<lastmod>${escapeXml(new Date(lastmod).toISOString())}</lastmod>` : "";
    return `  <url><loc>${escapeXml(absoluteUrl(origin, path))}</loc>${date}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

/** A sitemap index (sitemaps.org): the files that list the site's pages, each with its newest change. */
export function renderSitemapIndex(files: readonly SitemapUrl[], origin: string): string {
  const entries = files.map(({ path, lastmod }) => {
    const date = lastmod ? `<lastmod>${escapeXml(new Date(lastmod).toISOString())}</lastmod>` : "";
    return `  <sitemap><loc>${escapeXml(absoluteUrl(origin, path))}</loc>${date}</sitemap>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</sitemapindex>",
    "",
  ].join("\n");
}

/**
 * The index's files, at the site's root: a sitemap may only list addresses under its own directory,
 * so a file in /sitemaps/ could not list /article/... One for the pages and coins, one per block of
 * articles.
 */
export const PAGES_SITEMAP = "/sitemap-pages.xml";
/** Every tag a public article carries (one file: a tag page is one per tag, far fewer than articles). */
export const TAGS_SITEMAP = "/sitemap-tags.xml";
export const articlesSitemap = (block: number) => `/sitemap-articles-${block}.xml`;
/** The block named by an articles file's name, or null. */
export function sitemapBlockOf(file: string): number | null {
  const n = /^sitemap-articles-([1-9][0-9]{0,5})\.xml$/.exec(file)?.[1];
  return n ? Number(n) : null;
}

export function articleUrls(entries: readonly { slug: string; categoryId: number; updatedAt: string }[]): SitemapUrl[] {
  return entries.map((e) => ({ path: articlePath(e), lastmod: e.updatedAt }));
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /account",
    "Disallow: /api/",
    "Disallow: /preview/",
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
