import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Article } from "#schema/contracts/article.ts";
import type { EditableArticle, SavedArticle } from "#schema/contracts/editorial.ts";
import { articleSlugRedirects, articles, articleTags } from "#schema/db/content.ts";
import indexHtml from "#web/index.html?raw";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { call, getJson } from "#worker/test/http.ts";
import { readHead } from "#worker/test/parse.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";
import { readSitemaps } from "#worker/test/sitemaps.ts";
import { SLUG_TAKEN, SLUG_WAS_TAKEN } from "./article-meta.ts";
import { saveBody } from "./test-support.ts";

beforeAll(() => {
  // The pages read the SPA's shell from the assets: the source index.html stands in for the build.
  vi.spyOn(env.ASSETS, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== "/") return new Response("Not found", { status: 404 });
    return new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8" } });
  });
});

type Err = { error: { code: string; message: string; issues?: { path: string; message: string }[] } };

async function open(id: number) {
  const admin = await signedIn("chief@example.com");
  const article = (await send<EditableArticle>(admin, "GET", `/api/articles/${id}/edit`)).body;
  const save = (changes: Record<string, unknown>) =>
    send<SavedArticle & Err>(admin, "PUT", `/api/articles/${id}`, saveBody(article, changes));
  return { admin, article, save };
}

async function sitemapPaths(): Promise<string[]> {
  const { files } = await readSitemaps();
  return files.flatMap((f) => f.urls.map((u) => new URL(u.loc).pathname));
}

const redirectsOf = (articleId: number) =>
  getDb(env.DB).select().from(articleSlugRedirects).where(eq(articleSlugRedirects.articleId, articleId));

describe("an edited slug", () => {
  it("moves the article: its old page answers 301 to the new one, the API answers the article with its current slug", async () => {
    const row = await insertArticle({ slug: "btc-rally-draft-title", title: "Bitcoin rallies" });
    // Read (and so cached: KV copy, colo copy, kept page) under the old address first.
    expect((await call("/article/btc-rally-draft-title")).status).toBe(200);
    expect((await getJson<Article>("/api/articles/btc-rally-draft-title")).body.slug).toBe("btc-rally-draft-title");
    expect((await getJson("/api/articles/bitcoin-rallies-past-70k")).status).toBe(404);
    const { save } = await open(row.id);
    const saved = await save({ slug: "bitcoin-rallies-past-70k" });
    expect(saved.status).toBe(200);
    expect(saved.body.article.slug).toBe("bitcoin-rallies-past-70k");

    const old = await call("/article/btc-rally-draft-title?utm_source=x", { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/article/bitcoin-rallies-past-70k?utm_source=x");
    expect((await call("/article/bitcoin-rallies-past-70k")).status).toBe(200);

    // The SPA reads the article at the address it was opened with, and moves to the slug it is given.
    const api = await getJson<Article>("/api/articles/btc-rally-draft-title");
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({ id: row.id, slug: "bitcoin-rallies-past-70k" });

    const paths = await sitemapPaths();
    expect(paths).toContain("/article/bitcoin-rallies-past-70k");
    expect(paths).not.toContain("/article/btc-rally-draft-title");
  });

  it("keeps every old slug pointing straight at the article, and taking one back removes it from the list", async () => {
    const row = await insertArticle({ slug: "first-name-of-it" });
    let editor = await open(row.id);
    expect((await editor.save({ slug: "second-name-of-it" })).status).toBe(200);
    editor = await open(row.id);
    expect((await editor.save({ slug: "third-name-of-it" })).status).toBe(200);
    // No chain: the first address leads to the current one in one hop.
    for (const old of ["first-name-of-it", "second-name-of-it"]) {
      const res = await call(`/article/${old}`, { redirect: "manual" });
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe("/article/third-name-of-it");
    }
    expect((await redirectsOf(row.id)).map((r) => r.slug).sort()).toEqual(["first-name-of-it", "second-name-of-it"]);

    editor = await open(row.id);
    expect((await editor.save({ slug: "first-name-of-it" })).status).toBe(200);
    expect((await redirectsOf(row.id)).map((r) => r.slug).sort()).toEqual(["second-name-of-it", "third-name-of-it"]);
    expect((await call("/article/first-name-of-it")).status).toBe(200);
    expect((await call("/article/third-name-of-it", { redirect: "manual" })).headers.get("location")).toBe("/article/first-name-of-it");
  });

  it("refuses a slug another article uses now or used before, and a malformed one, under `slug` (nothing written)", async () => {
    await insertArticle({ slug: "taken-by-another" });
    const other = await insertArticle({ slug: "other-old-address" });
    const otherEditor = await open(other.id);
    expect((await otherEditor.save({ slug: "other-new-address" })).status).toBe(200);

    const row = await insertArticle({ slug: "wants-a-new-slug" });
    const { save } = await open(row.id);
    const cases: [string, string][] = [
      ["taken-by-another", SLUG_TAKEN],
      ["other-old-address", SLUG_WAS_TAKEN],
      ["Not A Slug", "Slug may only contain lowercase letters, digits and single hyphens (no hyphen at either end)"],
      ["double--hyphen", "Slug may only contain lowercase letters, digits and single hyphens (no hyphen at either end)"],
      ["ab", "Slug must be at least 3 characters"],
      ["a".repeat(121), "Slug must be at most 120 characters"],
    ];
    for (const [slug, message] of cases) {
      const res = await save({ slug, title: "Typed but refused" });
      expect(res.status, slug).toBe(400);
      expect(res.body.error.issues).toContainEqual({ path: "slug", message });
    }
    const [stored] = await getDb(env.DB).select().from(articles).where(eq(articles.id, row.id));
    expect(stored).toMatchObject({ slug: "wants-a-new-slug", revision: 1 });
    expect(await redirectsOf(row.id)).toEqual([]);
  });

  it("a stale save (409) writes no redirect, and a save without the new fields leaves them as they are", async () => {
    const row = await insertArticle({ slug: "stale-save-slug", byline: "Ana Ruiz" });
    const first = await open(row.id);
    expect((await first.save({ tags: ["Bitcoin"], metaTitle: "Kept title" })).status).toBe(200);
    const stale = await first.save({ slug: "never-applied-slug" });
    expect(stale.status).toBe(409);
    expect(await redirectsOf(row.id)).toEqual([]);

    // An older client's body: no slug, tags, search fields or byline.
    const current = await open(row.id);
    const saved = await current.save({ title: "Only the title changes" });
    expect(saved.status).toBe(200);
    expect(saved.body.article).toMatchObject({
      slug: "stale-save-slug",
      tags: [{ slug: "bitcoin", name: "Bitcoin" }],
      metaTitle: "Kept title",
      byline: "Ana Ruiz",
    });
  });
});

describe("deleting for good", () => {
  it("takes the article's old addresses and tags with it", async () => {
    const row = await insertArticle({ slug: "soon-gone-first" });
    const editor = await open(row.id);
    expect((await editor.save({ slug: "soon-gone-second", tags: ["Soon gone"] })).status).toBe(200);
    expect((await call("/article/soon-gone-first", { redirect: "manual" })).status).toBe(301);
    expect((await send(editor.admin, "DELETE", `/api/articles/${row.id}`)).status).toBe(200);
    expect((await call("/article/soon-gone-first", { redirect: "manual" })).status).toBe(404);
    expect((await send(editor.admin, "DELETE", `/api/admin/trash/${row.id}`)).status).toBe(200);
    expect(await redirectsOf(row.id)).toEqual([]);
    expect(await getDb(env.DB).select().from(articleTags).where(eq(articleTags.articleId, row.id))).toEqual([]);
    expect((await getJson("/api/tags/soon-gone")).status).toBe(404);
  });
});

describe("search and social fields", () => {
  it("fill the page's head, falling back to title, excerpt and cover; the newsroom's keywords and structured data stay", async () => {
    const row = await insertArticle({
      slug: "seo-fields-article",
      title: "A long headline about Bitcoin",
      excerpt: "The excerpt readers see.",
      seoJson: JSON.stringify({ metaTags: { keywords: "bitcoin, etf" }, structuredData: { genre: "analysis" } }),
    });
    let head = await readHead(await (await call("/article/seo-fields-article")).text());
    expect(head.title).toBe("A long headline about Bitcoin | Coinsight");
    expect(head.meta.get("description")).toBe("The excerpt readers see.");

    const { save } = await open(row.id);
    const saved = await save({
      metaTitle: "Bitcoin in one line",
      metaDescription: "What moved Bitcoin today, in 160 characters or fewer.",
      socialImage: "https://cdn.example.com/bitcoin-card.png",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.article).toMatchObject({ metaTitle: "Bitcoin in one line", socialImage: "https://cdn.example.com/bitcoin-card.png" });
    head = await readHead(await (await call("/article/seo-fields-article")).text());
    expect(head.title).toBe("Bitcoin in one line | Coinsight");
    expect(head.meta.get("description")).toBe("What moved Bitcoin today, in 160 characters or fewer.");
    expect(head.meta.get("og:image")).toBe("https://cdn.example.com/bitcoin-card.png");
    expect(head.meta.get("keywords")).toBe("bitcoin, etf");
    expect(head.jsonLd[0]).toMatchObject({ genre: "analysis" });
  });

  it("refuses a meta title over 70, a description over 160 and a social image that is not https", async () => {
    const row = await insertArticle({ slug: "seo-limits-article" });
    const { save } = await open(row.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ metaTitle: "t".repeat(71) }, "metaTitle"],
      [{ metaDescription: "d".repeat(161) }, "metaDescription"],
      [{ socialImage: "http://cdn.example.com/a.png" }, "socialImage"],
      [{ socialImage: "javascript:alert(1)" }, "socialImage"],
      [{ byline: "b".repeat(101) }, "byline"],
    ];
    for (const [changes, path] of cases) {
      const res = await save(changes);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe("BAD_REQUEST");
      expect(res.body.error.issues?.map((i) => i.path)).toContain(path);
    }
  });
});

describe("bylines", () => {
  it("shows the editor's byline; a generated piece without one keeps the newsroom's; a hand-written one shows none", async () => {
    const generated = await insertArticle({ slug: "generated-no-byline", categoryId: 17 });
    await insertArticle({ slug: "guide-no-byline", categoryId: 20 });
    expect((await getJson<Article>("/api/articles/generated-no-byline")).body.byline).toBe("Coinsight Newsroom");
    expect((await getJson<Article>("/api/articles/guide-no-byline")).body.byline).toBeNull();

    const { save } = await open(generated.id);
    expect((await save({ byline: "Ana Ruiz, markets editor" })).status).toBe(200);
    expect((await getJson<Article>("/api/articles/generated-no-byline")).body.byline).toBe("Ana Ruiz, markets editor");
    // In the structured data an editor's byline is a person; the newsroom's default stays the organisation.
    const jsonLdAuthor = async (slug: string) => (await readHead(await (await call(`/article/${slug}`)).text())).jsonLd[0]?.author;
    expect(await jsonLdAuthor("generated-no-byline")).toEqual({ "@type": "Person", name: "Ana Ruiz, markets editor" });
    expect(await jsonLdAuthor("guide-no-byline")).toMatchObject({ "@type": "Organization", name: "Coinsight" });
  });
});

describe("tags typed on the desk", () => {
  it("are normalised to slugs (one per slug, the first spelling kept), shown on the article, at most ten", async () => {
    const row = await insertArticle({ slug: "tagged-on-the-desk" });
    const { save } = await open(row.id);
    const saved = await save({ tags: ["Bitcoin ETF", "bitcoin etf", "  Layer 2 / Rollups ", "Ünïcode"] });
    expect(saved.status).toBe(200);
    expect(saved.body.article.tags).toEqual([
      { slug: "bitcoin-etf", name: "Bitcoin ETF" },
      { slug: "layer-2-rollups", name: "Layer 2 / Rollups" },
      { slug: "unicode", name: "Ünïcode" },
    ]);
    expect((await getJson<Article>("/api/articles/tagged-on-the-desk")).body.tags.map((t) => t.slug)).toEqual([
      "bitcoin-etf",
      "layer-2-rollups",
      "unicode",
    ]);
    expect((await getJson("/api/tags/layer-2-rollups")).status).toBe(200);

    const again = await open(row.id);
    const tooMany = await again.save({ tags: Array.from({ length: 11 }, (_, i) => `tag ${i}`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.issues?.[0]?.path).toBe("tags");
    const empty = await again.save({ tags: ["---"] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.issues?.[0]?.path).toMatch(/^tags/);

    // Removing every tag: the tag no public article carries has no page any more.
    expect((await again.save({ tags: [] })).status).toBe(200);
    expect((await getJson("/api/tags/layer-2-rollups")).status).toBe(404);
  });
});
