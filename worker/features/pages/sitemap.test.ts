import { describe, expect, it } from "vitest";
import { articlePath } from "#schema/contracts/article-rules.ts";
import { SITEMAP_BLOCK } from "#worker/features/content/index.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { call, ORIGIN } from "#worker/test/http.ts";
import { readSitemaps } from "#worker/test/sitemaps.ts";

/** The sitemaps protocol's limits (sitemaps.org/protocol.html): per file, and per index. */
const MAX_URLS = 50_000;
const MAX_BYTES = 50 * 1024 * 1024;
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

describe("the sitemap index", () => {
  it("is valid: an index of root-level files, each a urlset within the protocol's limits, every public article in exactly one", async () => {
    // Articles whose ids fall in three blocks, and two readers never see.
    const spread = [1, 2, 3].map((block) => (block - 1) * SITEMAP_BLOCK + 7);
    const shown = [];
    for (const id of spread) shown.push(await insertArticle({ id, slug: `block-article-${id}` }));
    shown.push(await insertArticle({ slug: "a-guide-in-the-index", categoryId: 20 }));
    await insertArticle({ id: SITEMAP_BLOCK * 3 + 5, slug: "held-in-block-four", status: "review", publishedAt: null });
    await insertArticle({ slug: "in-the-trash", deletedAt: new Date().toISOString() });

    const { index, files } = await readSitemaps();
    expect(index.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(files.length).toBeLessThanOrEqual(MAX_URLS);
    const names = files.map((f) => new URL(f.loc).pathname);
    // At the root: a sitemap may list only addresses under its own directory.
    expect(names).toEqual(["/sitemap-pages.xml", "/sitemap-articles-1.xml", "/sitemap-articles-2.xml", "/sitemap-articles-3.xml"]);

    const seen = new Map<string, number>();
    for (const file of files) {
      expect(new URL(file.loc).origin).toBe(ORIGIN);
      if (file.lastmod !== undefined) expect(file.lastmod).toMatch(W3C_DATETIME);
      expect(file.urls.length).toBeGreaterThan(0);
      expect(file.urls.length).toBeLessThanOrEqual(MAX_URLS);
      expect(file.bytes).toBeLessThanOrEqual(MAX_BYTES);
      for (const url of file.urls) {
        expect(new URL(url.loc).origin).toBe(ORIGIN);
        if (url.lastmod !== undefined) expect(url.lastmod).toMatch(W3C_DATETIME);
        seen.set(url.loc, (seen.get(url.loc) ?? 0) + 1);
      }
    }
    for (const article of shown) expect(seen.get(`${ORIGIN}${articlePath(article)}`), article.slug).toBe(1);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect([...seen.keys()].some((loc) => loc.includes("held-in-block-four") || loc.includes("in-the-trash"))).toBe(false);
    // A block's lastmod is its newest article's change (the guide came after id 20,007: same block).
    const third = files.find((f) => f.loc.endsWith("/sitemap-articles-3.xml"));
    const inThird = shown.filter((a) => a.id > 2 * SITEMAP_BLOCK && a.id <= 3 * SITEMAP_BLOCK).map((a) => a.updatedAt);
    expect(inThird).toHaveLength(2);
    expect(third?.lastmod).toBe(new Date(inThird.sort().at(-1) ?? "").toISOString());
  });

  it("answers 404 for a block without public articles, and for a file it never names", async () => {
    await insertArticle({ id: SITEMAP_BLOCK * 5 + 1, slug: "a-draft-alone", status: "draft", publishedAt: null });
    for (const path of ["/sitemap-articles-6.xml", "/sitemap-articles-0.xml", "/sitemap-articles-999999.xml"]) {
      expect((await call(path, undefined, { unchecked: true })).status, path).toBe(404);
    }
  });
});
