import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Article, ArticlePage, ArticleSummary, Category } from "#schema/contracts/article.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { articles } from "#schema/db/content.ts";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { getJson } from "#worker/test/http.ts";
import { cachedContent, invalidateContentCache } from "./content-cache.ts";

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const slugs = (list: ArticleSummary[]) => list.map((a) => a.slug);

const HIDDEN = ["a-draft", "held-for-review", "in-the-trash", "scheduled-tomorrow", "published-without-a-date"];

beforeAll(async () => {
  await insertArticle({ slug: "roundup-today", categoryId: 18, publishedAt: hoursAgo(1) });
  await insertArticle({ slug: "roundup-yesterday", categoryId: 18, publishedAt: hoursAgo(25) });
  await insertArticle({
    slug: "solana-social-momentum",
    title: "Solana (SOL) leads social momentum in the top 100",
    categoryId: 17,
    cryptoName: "Solana",
    cryptoSymbol: "SOL",
    rank: 6,
    publishedAt: hoursAgo(0.5),
    dataAsOf: hoursAgo(0.6),
    sourcesJson: JSON.stringify([{ name: "CoinGecko", url: "https://www.coingecko.com" }, "LunarCrush"]),
    seoJson: JSON.stringify({ metaTags: { title: "Solana social momentum" }, structuredData: { "@type": "NewsArticle" } }),
  });
  await insertArticle({ slug: "what-is-a-wallet", categoryId: 20, publishedAt: hoursAgo(48) });
  await insertArticle({ slug: "buying-your-first-crypto", categoryId: 20, publishedAt: hoursAgo(72) });
  await insertArticle({ slug: "spotting-crypto-scams", categoryId: 21, publishedAt: hoursAgo(96) });
  // Never public:
  await insertArticle({ slug: "a-draft", status: "draft", publishedAt: null });
  await insertArticle({ slug: "held-for-review", status: "review", publishedAt: hoursAgo(2) });
  await insertArticle({ slug: "in-the-trash", publishedAt: hoursAgo(3), deletedAt: hoursAgo(1) });
  await insertArticle({ slug: "scheduled-tomorrow", publishedAt: hoursAgo(-24) });
  await insertArticle({ slug: "published-without-a-date", publishedAt: null });
});

describe("GET /api/articles", () => {
  it("lists public articles newest first, without bodies, and never drafts, held, trashed or scheduled ones", async () => {
    const { status, body, res } = await getJson<ArticleSummary[]>("/api/articles");
    expect(status).toBe(200);
    expect(slugs(body)).toEqual([
      "solana-social-momentum",
      "roundup-today",
      "roundup-yesterday",
      "what-is-a-wallet",
      "buying-your-first-crypto",
      "spotting-crypto-scams",
    ]);
    expect(body[0]).toMatchObject({ categoryId: 17, categoryName: "Trending Analysis", categorySlug: "trending-analysis", rank: 6 });
    expect(body[0]).not.toHaveProperty("content");
    expect(res.headers.get("cache-control")).toContain("max-age=60");
  });

  it("filters by kind and limits", async () => {
    const news = await getJson<ArticleSummary[]>("/api/articles?kind=news");
    expect(slugs(news.body)).toEqual(["solana-social-momentum", "roundup-today", "roundup-yesterday"]);
    const guides = await getJson<ArticleSummary[]>("/api/articles?kind=guide&limit=2");
    expect(slugs(guides.body)).toEqual(["what-is-a-wallet", "buying-your-first-crypto"]);
  });

  it("pages on the server when asked, with the total", async () => {
    const { status, body } = await getJson<ArticlePage>("/api/articles?page=2&limit=4");
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 6, page: 2, limit: 4, totalPages: 2 });
    expect(slugs(body.articles)).toEqual(["buying-your-first-crypto", "spotting-crypto-scams"]);
  });

  it.each(["limit=0", "limit=501", "limit=x", "page=0", "page=1.5", "kind=opinion", "status=draft"])(
    "refuses ?%s with the one 400 error body",
    async (query) => {
      const { status, body } = await getJson<ErrorBody>(`/api/articles?${query}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe("BAD_REQUEST");
      expect(body.error.issues?.length).toBeGreaterThan(0);
    },
  );
});

describe("GET /api/articles/{slug}", () => {
  it("answers the whole article with its category, sources and _seo", async () => {
    const { status, body } = await getJson<Article>("/api/articles/solana-social-momentum");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      slug: "solana-social-momentum",
      categoryName: "Trending Analysis",
      contentFormat: "html",
      cryptoName: "Solana",
      cryptoSymbol: "SOL",
      rank: 6,
      sources: [{ name: "CoinGecko", url: "https://www.coingecko.com" }, { name: "LunarCrush" }],
      _seo: { metaTags: { title: "Solana social momentum" }, structuredData: { "@type": "NewsArticle" } },
    });
    // Stored as Markdown, sent as the HTML it renders to.
    expect(body.content).toContain("<h2>Market overview</h2>");
    expect(body.content).not.toContain("## ");
    expect(body.dataAsOf).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it.each([
    ["markdown", "## Heading\n\n<script>window.pwned = 1</script>\n\n[a link](javascript:alert(1)) <img src=x onerror=alert(1)>"],
    ["html", '<h2>Heading</h2><script>window.pwned = 1</script><a href="javascript:alert(1)">a link</a><img src="x" onerror="alert(1)">'],
  ] as const)("sends a body stored as %s as sanitised HTML", async (contentFormat, content) => {
    const slug = `stored-as-${contentFormat}`;
    await insertArticle({ slug, content, contentFormat });
    // Out of the lists the other tests count, whatever happens below.
    const { body } = await getJson<Article>(`/api/articles/${slug}`).finally(() =>
      getDb(env.DB).delete(articles).where(eq(articles.slug, slug)),
    );
    expect(body.contentFormat).toBe("html");
    expect(body.content).toContain("<h2>Heading</h2>");
    expect(body.content).toContain("a link");
    expect(body.content).not.toMatch(/<script|javascript:|onerror/i);
  });

  it.each(HIDDEN)("hides %s behind 'Article not found'", async (slug) => {
    const { status, body, res } = await getJson<ErrorBody>(`/api/articles/${slug}`);
    expect(status).toBe(404);
    // A not-yet-public article must not stay cached as missing once it is published.
    expect(res.headers.get("cache-control")).toBeNull();
    expect(body.error).toMatchObject({ code: "NOT_FOUND", message: "Article not found" });
  });

  it.each(["Bad_Slug", "UPPER", "a--b", "-leading", "trailing-", "dots.not.allowed", "x".repeat(161), "%20"])(
    "refuses the malformed slug %s with 400",
    async (slug) => {
      const { status, body } = await getJson<ErrorBody>(`/api/articles/${slug}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe("BAD_REQUEST");
    },
  );

  it("ignores broken _seo and sources JSON rather than failing", async () => {
    await insertArticle({ slug: "broken-json", publishedAt: hoursAgo(200), seoJson: "{not json", sourcesJson: '{"a":1}' });
    await invalidateContentCache(env);
    const { status, body } = await getJson<Article>("/api/articles/broken-json");
    expect(status).toBe(200);
    expect(body._seo).toBeUndefined();
    expect(body.sources).toEqual([]);
  });
});

describe("trending and related", () => {
  it("trending is the latest news, guides left out, 5 by default", async () => {
    const three = await getJson<ArticleSummary[]>("/api/articles/trending?limit=3");
    expect(slugs(three.body)).toEqual(["solana-social-momentum", "roundup-today", "roundup-yesterday"]);
    const byDefault = await getJson<ArticleSummary[]>("/api/articles/trending");
    expect(byDefault.body.every((a) => a.categoryId === 17 || a.categoryId === 18)).toBe(true);
    expect((await getJson("/api/articles/trending?limit=21")).status).toBe(400);
  });

  it("related takes the same category first, then the same kind, never the article itself", async () => {
    const news = await getJson<ArticleSummary[]>("/api/articles/roundup-today/related");
    expect(slugs(news.body)[0]).toBe("roundup-yesterday");
    expect(slugs(news.body)).not.toContain("roundup-today");
    expect(news.body.every((a) => a.categoryId === 17 || a.categoryId === 18)).toBe(true);

    const guides = await getJson<ArticleSummary[]>("/api/articles/what-is-a-wallet/related?limit=3");
    expect(slugs(guides.body)).toEqual(["buying-your-first-crypto", "spotting-crypto-scams"]);
    expect((await getJson("/api/articles/a-draft/related")).status).toBe(404);
  });
});

describe("categories", () => {
  it("lists the seven fixed categories with their ids", async () => {
    const { status, body } = await getJson<Category[]>("/api/categories");
    expect(status).toBe(200);
    expect(body.map((c) => [c.id, c.slug])).toEqual([
      [17, "trending-analysis"],
      [18, "daily-roundup"],
      [19, "crypto-101"],
      [20, "getting-started"],
      [21, "security-safety"],
      [22, "trading-investing"],
      [23, "advanced-topics"],
    ]);
  });

  it("answers one category by slug, 404 for an unknown one and 400 for a malformed one", async () => {
    expect((await getJson<Category>("/api/categories/daily-roundup")).body).toMatchObject({ id: 18, name: "Daily Roundup", kind: "news" });
    const unknown = await getJson<ErrorBody>("/api/categories/opinion");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("Category not found");
    expect((await getJson("/api/categories/Not_A_Slug")).status).toBe(400);
    expect((await getJson("/api/categories/opinion/articles")).status).toBe(404);
  });

  it("lists a category's public articles; Crypto 101 holds every guide; an empty one is []", async () => {
    const roundups = await getJson<ArticleSummary[]>("/api/categories/daily-roundup/articles");
    expect(slugs(roundups.body)).toEqual(["roundup-today", "roundup-yesterday", "broken-json"]);
    const all = await getJson<ArticleSummary[]>("/api/categories/crypto-101/articles");
    expect(slugs(all.body)).toEqual(["what-is-a-wallet", "buying-your-first-crypto", "spotting-crypto-scams"]);
    const started = await getJson<ArticleSummary[]>("/api/categories/getting-started/articles?limit=1");
    expect(slugs(started.body)).toEqual(["what-is-a-wallet"]);
    expect((await getJson<ArticleSummary[]>("/api/categories/advanced-topics/articles")).body).toEqual([]);
  });

  it("GET /api/guides lists every public guide", async () => {
    const { status, body } = await getJson<ArticleSummary[]>("/api/guides");
    expect(status).toBe(200);
    expect(slugs(body)).toEqual(["what-is-a-wallet", "buying-your-first-crypto", "spotting-crypto-scams"]);
    expect((await getJson("/api/guides?limit=3")).status).toBe(400);
  });
});

describe("the hot-list cache", () => {
  it("serves lists from the cache until an article changes, then reloads", async () => {
    const before = slugs((await getJson<ArticleSummary[]>("/api/guides")).body);
    expect((await getJson("/api/articles/spotting-crypto-scams")).status).toBe(200);
    const db = getDb(env.DB);
    await db.update(articles).set({ deletedAt: new Date().toISOString() }).where(eq(articles.slug, "spotting-crypto-scams"));

    // Written straight to the table, so no invalidation yet: the cached list still answers.
    expect(slugs((await getJson<ArticleSummary[]>("/api/guides")).body)).toEqual(before);
    expect((await getJson("/api/articles/spotting-crypto-scams")).status).toBe(200);

    await invalidateContentCache(env);
    expect(slugs((await getJson<ArticleSummary[]>("/api/guides")).body)).toEqual(["what-is-a-wallet", "buying-your-first-crypto"]);
    expect((await getJson("/api/articles/spotting-crypto-scams")).status).toBe(404);
  });
});

describe("no KV writes for misses", () => {
  it("unknown article and category slugs write nothing to KV", async () => {
    await getJson("/api/categories");
    const keys = async () => (await env.KV.list({ prefix: "content:" })).keys.map((k) => k.name).sort();
    const before = await keys();
    for (let i = 0; i < 10; i++) {
      const slug = `no-such-article-${crypto.randomUUID().slice(0, 8)}`;
      expect((await getJson(`/api/articles/${slug}`)).status).toBe(404);
      expect((await getJson(`/api/articles/${slug}/related`)).status).toBe(404);
      expect((await getJson(`/api/categories/${slug}`)).status).toBe(404);
      expect((await getJson(`/api/categories/${slug}/articles`)).status).toBe(404);
    }
    expect(await keys()).toEqual(before);
  });

  it("a miss stays a miss only until the article exists (nothing negative is remembered)", async () => {
    expect((await getJson("/api/articles/arrives-later")).status).toBe(404);
    await insertArticle({ slug: "arrives-later", title: "Arrives later" });
    expect((await getJson("/api/articles/arrives-later")).status).toBe(200);
  });
});

describe("scheduled articles", () => {
  afterEach(() => vi.useRealTimers());

  it("a cached list goes stale the moment the next scheduled article is due", async () => {
    const due = new Date(Date.now() + 3_600_000);
    await insertArticle({ slug: "goes-live-in-an-hour", categoryId: 18, publishedAt: due.toISOString() });
    await invalidateContentCache(env);
    let loads = 0;
    const load = async () => ++loads;
    await cachedContent(env, "probe", load);
    await cachedContent(env, "probe", load);
    expect(loads).toBe(1);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(due.getTime() + 1_000);
    await cachedContent(env, "probe", load);
    expect(loads).toBe(2);
    expect(slugs((await getJson<ArticleSummary[]>("/api/articles/trending?limit=1")).body)).toEqual(["goes-live-in-an-hour"]);
  });
});
