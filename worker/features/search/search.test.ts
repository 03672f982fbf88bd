import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "#schema/contracts/article.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { articles } from "#schema/db/content.ts";
import { invalidateContentCache } from "#worker/features/content/index.ts";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { getJson } from "#worker/test/http.ts";
import { searchArticlesFts, searchArticlesScan } from "./article-search.ts";

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const search = (q: string, extra = "") => getJson<SearchResult>(`/api/search?q=${encodeURIComponent(q)}${extra}`);
const found = (r: SearchResult) => r.articles.map((a) => a.slug);

beforeAll(async () => {
  await insertArticle({
    slug: "staking-in-title",
    title: "Ethereum Staking Explained",
    excerpt: "How validators earn rewards.",
    content: "Validators lock up ETH to secure the network.",
    publishedAt: hoursAgo(10),
  });
  await insertArticle({
    slug: "staking-in-excerpt",
    title: "Proof of stake networks compared",
    excerpt: "A look at staking yields across chains.",
    content: "Cardano, Solana and Polkadot all secure their chains differently.",
    publishedAt: hoursAgo(5),
  });
  await insertArticle({
    slug: "staking-in-body",
    title: "Weekly market wrap",
    excerpt: "Prices drifted lower on thin volume.",
    content: "Liquid STAKING tokens were the only sector in the green this week.",
    publishedAt: hoursAgo(1),
  });
  await insertArticle({
    slug: "zk-rollups",
    title: "Zero-knowledge rollups in plain English",
    excerpt: "zk proofs let a chain check work without redoing it.",
    content: "Rollups such as zkSync batch transactions. A 100% valid proof is required.",
    categoryId: 23,
    publishedAt: hoursAgo(30),
  });
  await insertArticle({ slug: "staking-draft", title: "Staking draft", status: "draft", publishedAt: null });
  await insertArticle({ slug: "staking-trashed", title: "Staking trashed", deletedAt: hoursAgo(1) });
  await insertArticle({ slug: "staking-scheduled", title: "Staking scheduled", publishedAt: hoursAgo(-5) });
});

describe("GET /api/search: articles", () => {
  it("matches a substring inside a word, in any case, in title, excerpt or content", async () => {
    const { status, body } = await search("TAKIN");
    expect(status).toBe(200);
    expect(new Set(found(body))).toEqual(new Set(["staking-in-title", "staking-in-excerpt", "staking-in-body"]));
    expect(body.counts.articles).toBe(3);
  });

  it("ranks a title hit over an excerpt hit over a body hit, even when the body hit is newer", async () => {
    expect(found((await search("staking")).body)).toEqual(["staking-in-title", "staking-in-excerpt", "staking-in-body"]);
  });

  it("never finds drafts, trashed or scheduled articles", async () => {
    const slugs = found((await search("Staking")).body);
    for (const hidden of ["staking-draft", "staking-trashed", "staking-scheduled"]) expect(slugs).not.toContain(hidden);
  });

  it("answers one- and two-character queries by substring too (below a trigram)", async () => {
    expect(found((await search("zk")).body)).toEqual(["zk-rollups"]);
    expect(found((await search("ZK")).body)).toEqual(["zk-rollups"]);
  });

  it("treats quotes, operators and LIKE wildcards as plain text", async () => {
    expect(found((await search("100%")).body)).toEqual(["zk-rollups"]);
    expect(found((await search("%")).body)).toEqual(["zk-rollups"]);
    expect((await search("_")).body.counts.articles).toBe(0);
    for (const q of ['"', 'staking" OR "market', "staking AND NOT", "title:staking", "NEAR(a b)", "*", "a'b"]) {
      const { status, body } = await search(q);
      expect(status, q).toBe(200);
      expect(body.query).toBe(q.trim());
    }
    expect((await search('staking" OR "market')).body.counts.articles).toBe(0);
  });

  it("limits the list but counts every hit", async () => {
    const { body } = await search("staking", "&limit=1");
    expect(body.articles).toHaveLength(1);
    expect(body.counts.articles).toBe(3);
  });

  it("counts exactly up to 1000 hits, then says 1000+", async () => {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1001)
       INSERT INTO articles (slug, title, excerpt, content, category_id, status, published_at)
       SELECT 'capybara-' || i, 'Capybara market note ' || i, 'Short note.', 'Body text.', 18, 'published', '2026-01-01T00:00:00.000Z' FROM n`,
    ).run();
    const { body } = await search("capybara");
    expect(body.articles).toHaveLength(20);
    expect(body.counts).toMatchObject({ articles: 1000, articlesCapped: true });
    await env.DB.prepare("DELETE FROM articles WHERE slug LIKE 'capybara-%' AND CAST(substr(slug, 10) AS INTEGER) > 10").run();
    // Straight to D1: bump the content version as every article writer does (answers are edge-cached by it).
    await invalidateContentCache(env);
    expect((await search("capybara")).body.counts).toMatchObject({ articles: 10, articlesCapped: false });
  });

  it("stays in step with edits and deletes (triggers)", async () => {
    const db = getDb(env.DB);
    await db.update(articles).set({ title: "Restaking and EigenLayer" }).where(eq(articles.slug, "staking-in-excerpt"));
    expect(found((await search("eigenlay")).body)).toEqual(["staking-in-excerpt"]);
    expect(found((await search("proof of stake")).body)).toEqual([]);
    await db.delete(articles).where(eq(articles.slug, "staking-in-excerpt"));
    await invalidateContentCache(env);
    expect(found((await search("eigenlay")).body)).toEqual([]);
  });

  it("the index and the scan agree on what matches", async () => {
    const db = getDb(env.DB);
    const now = new Date().toISOString();
    for (const q of ["stak", "Validators", "chain", "network", "rollups in plain", "the", "zero-knowledge"]) {
      const fts = await searchArticlesFts(db, q, 50, now);
      const scan = await searchArticlesScan(db, q, 50, now);
      expect(new Set(fts.articles.map((a) => a.slug)), q).toEqual(new Set(scan.articles.map((a) => a.slug)));
      expect(fts.total, q).toBe(scan.total);
    }
  });
});

describe("GET /api/search: coins", () => {
  it("puts the exact ticker first, then the rest by market cap", async () => {
    const { body } = await search("eth");
    expect(body.cryptos[0]).toMatchObject({ symbol: "ETH", name: "Ethereum" });
    expect(body.counts.cryptos).toBeGreaterThan(1);
    const ranks = body.cryptos.slice(1).map((c) => c.rank);
    expect(body.cryptos.every((c) => `${c.name} ${c.symbol}`.toLowerCase().includes("eth"))).toBe(true);
    expect(ranks.length).toBeGreaterThan(0);
  });

  it("matches names by substring, case-insensitively", async () => {
    const { body } = await search("ITCOI");
    expect(body.cryptos[0]).toMatchObject({ symbol: "BTC" });
    expect(body.cryptos.every((c) => c.name.toLowerCase().includes("itcoi"))).toBe(true);
  });

  it("answers empty lists and zero counts when nothing matches", async () => {
    const { status, body } = await search("qqqzzzxxx");
    expect(status).toBe(200);
    expect(body).toEqual({ query: "qqqzzzxxx", cryptos: [], articles: [], counts: { cryptos: 0, articles: 0, articlesCapped: false } });
  });
});

describe("GET /api/search: validation", () => {
  it.each([
    ["", "Search query is required"],
    ["q=", "Search query is required"],
    ["q=%20%20%20", "Search query is required"],
    [`q=${"a".repeat(101)}`, "Search query must be at most 100 characters"],
    ["q=btc&limit=0", "Too small"],
    ["q=btc&limit=51", "Too big"],
    ["q=btc&page=2", "Unrecognized key"],
  ])("refuses ?%s", async (query, message) => {
    const { status, body } = await getJson<ErrorBody>(`/api/search?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("BAD_REQUEST");
    expect(body.error.message.toLowerCase()).toContain(message.toLowerCase().split(" ")[0]);
  });

  it("accepts exactly 100 characters and trims the query", async () => {
    expect((await search("a".repeat(100))).status).toBe(200);
    expect((await search("  staking  ")).body.query).toBe("staking");
  });
});

describe("GET /api/search: control characters", () => {
  it.each(["abc%00def", "%00", "a%01b", "tab%09here", "line%0Abreak", "%7F", "a%C2%85b"])(
    "q=%s answers 400 in the error shape, never 500 or everything",
    async (q) => {
      const res = await getJson<ErrorBody>(`/api/search?q=${q}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("BAD_REQUEST");
      expect(res.body.error.message).toContain("Search query must not contain control characters");
      expect(typeof res.body.error.requestId).toBe("string");
    },
  );
});
