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
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
