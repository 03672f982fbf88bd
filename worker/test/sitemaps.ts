import { call } from "./http.ts";
import { all, parseXml, textOf } from "./parse.ts";

export const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

export type SitemapFile = { loc: string; lastmod: string | undefined; urls: { loc: string; lastmod: string | undefined }[]; bytes: number };

/**
 * The sitemap index at /sitemap.xml and every file it names, each parsed strictly (well-formed XML)
 * and checked for the root element and namespace the sitemaps protocol requires.
 */
export async function readSitemaps(): Promise<{ index: string; files: SitemapFile[] }> {
  const res = await call("/sitemap.xml");
  if (res.status !== 200) throw new Error(`/sitemap.xml answered ${res.status}`);
  const index = await res.text();
  const root = parseXml(index);
  if (root.name !== "sitemapindex" || root.attrs.xmlns !== SITEMAP_NS) throw new Error(`not a sitemap index: <${root.name}>`);
  const files: SitemapFile[] = [];
  for (const entry of all(root, "sitemap")) {
    const loc = textOf(entry, "loc") ?? "";
    const file = await call(new URL(loc).pathname);
    if (file.status !== 200) throw new Error(`${loc} answered ${file.status}`);
    const text = await file.text();
    const urlset = parseXml(text);
    if (urlset.name !== "urlset" || urlset.attrs.xmlns !== SITEMAP_NS) throw new Error(`${loc} is not a urlset: <${urlset.name}>`);
    files.push({
      loc,
      lastmod: textOf(entry, "lastmod"),
      urls: all(urlset, "url").map((u) => ({ loc: textOf(u, "loc") ?? "", lastmod: textOf(u, "lastmod") })),
      bytes: new TextEncoder().encode(text).byteLength,
    });
  }
  return { index, files };
}

/** Every address the sitemaps list. */
export async function sitemapLocs(): Promise<string[]> {
  return (await readSitemaps()).files.flatMap((f) => f.urls.map((u) => u.loc));
}
