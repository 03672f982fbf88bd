import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Article, ArticleSummary } from "#schema/contracts/article.ts";
import type { Tag } from "#schema/contracts/article-meta.ts";
import { articleTags, tags } from "#schema/db/content.ts";
import indexHtml from "#web/index.html?raw";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { call, getJson } from "#worker/test/http.ts";
import { readHead } from "#worker/test/parse.ts";
import { readSitemaps } from "#worker/test/sitemaps.ts";
import { invalidateContentCache } from "./content-cache.ts";

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/** Tags an article as the desk's save does (the desk's own path is tested in editorial/article-meta.test.ts). */
async function tagArticle(articleId: number, slug: string, name: string, position = 0) {
  const db = getDb(env.DB);
  await db.insert(tags).values({ slug, name }).onConflictDoNothing();
  const [row] = await db.select().from(tags).where(eq(tags.slug, slug));
  if (!row) throw new Error(`no tag ${slug}`);
  await db.insert(articleTags).values({ articleId, tagId: row.id, position });
  await invalidateContentCache(env);
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  // The pages read the SPA's shell from the assets: the source index.html stands in for the build.
  vi.spyOn(env.ASSETS, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== "/") return new Response("Not found", { status: 404 });
    return new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8" } });
  });
  const rows = {
    older: await insertArticle({ slug: "etf-older", title: "ETF flows, last week", publishedAt: hoursAgo(30) }),
    newer: await insertArticle({ slug: "etf-newer", title: "ETF flows, today", publishedAt: hoursAgo(2) }),
    draft: await insertArticle({ slug: "etf-draft", status: "draft", publishedAt: null }),
    held: await insertArticle({ slug: "etf-held", status: "review", publishedAt: null }),
    trashed: await insertArticle({ slug: "etf-trashed", deletedAt: hoursAgo(1) }),
    scheduled: await insertArticle({ slug: "etf-scheduled", publishedAt: new Date(Date.now() + 86_400_000).toISOString() }),
    drafted: await insertArticle({ slug: "only-a-draft", status: "draft", publishedAt: null }),
  };
  for (const [key, row] of Object.entries(rows)) ids[key] = row.id;
  for (const key of ["older", "newer", "draft", "held", "trashed", "scheduled"])
    await tagArticle(rows[key as keyof typeof rows].id, "bitcoin-etf", "Bitcoin ETF");
  await tagArticle(rows.newer.id, "flows", "Flows", 1);
  await tagArticle(rows.drafted.id, "secret-plans", "Secret plans");
});

describe("tag pages", () => {
  it("the API lists a tag's published articles only, newest first", async () => {
    const tag = await getJson<Tag>("/api/tags/bitcoin-etf");
    expect(tag.status).toBe(200);
    expect(tag.body).toEqual({ slug: "bitcoin-etf", name: "Bitcoin ETF" });
    const list = await getJson<ArticleSummary[]>("/api/tags/bitcoin-etf/articles");
    expect(list.status).toBe(200);
    expect(list.body.map((a) => a.slug)).toEqual(["etf-newer", "etf-older"]);
    expect((await getJson<ArticleSummary[]>("/api/tags/bitcoin-etf/articles?limit=1")).body.map((a) => a.slug)).toEqual(["etf-newer"]);
  });

  it("an article carries its tags in the editor's order", async () => {
    const article = await getJson<Article>("/api/articles/etf-newer");
    expect(article.body.tags).toEqual([
      { slug: "bitcoin-etf", name: "Bitcoin ETF" },
      { slug: "flows", name: "Flows" },
    ]);
  });

  it("an unknown tag, or one only drafts carry, is 404 in the API and on the page (noindex); a malformed one is 400", async () => {
    for (const slug of ["no-such-tag", "secret-plans"]) {
      expect((await getJson(`/api/tags/${slug}`)).status).toBe(404);
      expect((await getJson(`/api/tags/${slug}/articles`)).status).toBe(404);
      const page = await call(`/tag/${slug}`);
      expect(page.status).toBe(404);
      expect((await readHead(await page.text())).meta.get("robots")).toBe("noindex");
    }
    expect((await getJson("/api/tags/Not%20A%20Tag")).status).toBe(400);
    expect((await call("/tag/Not%20A%20Tag")).status).toBe(404);
  });

  it("the page has the tag's title, description and canonical address", async () => {
    const res = await call("/tag/bitcoin-etf?utm_source=x");
    expect(res.status).toBe(200);
    const html = await res.text();
    // A guest's page arrives rendered, its articles in it (the render reads the tag routes like the browser).
    expect(html).toMatch(/<h1[^>]*>Bitcoin ETF<\/h1>/);
    expect(html).toContain("ETF flows, today");
    expect(html).not.toContain("etf-draft");
    const head = await readHead(html);
    expect(head.title).toBe("Bitcoin ETF: articles | Coinsight");
    expect(head.meta.get("description")).toContain("tagged Bitcoin ETF");
    expect(head.links.find((l) => l.rel === "canonical")?.href).toBe("https://coinsight.test/tag/bitcoin-etf");
  });

  it("the sitemap index names the tags' file, which lists the tags public articles carry and no other", async () => {
    const { files } = await readSitemaps();
    const tagFile = files.find((f) => new URL(f.loc).pathname === "/sitemap-tags.xml");
    expect(tagFile?.urls.map((u) => new URL(u.loc).pathname)).toEqual(["/tag/bitcoin-etf", "/tag/flows"]);
    expect(tagFile?.lastmod).toBeDefined();
  });
});
