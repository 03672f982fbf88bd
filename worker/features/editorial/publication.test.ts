import { describe, expect, it } from "vitest";
import type { ArticlePage } from "#schema/contracts/article.ts";
import type { AdminArticlePage, EditableArticle } from "#schema/contracts/editorial.ts";
import { runOf, settle } from "#worker/features/newsroom/test-support.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { call } from "#worker/test/http.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";
import { sitemapLocs } from "#worker/test/sitemaps.ts";

const publicList = async () => (await (await call("/api/articles?page=1&limit=100")).json()) as ArticlePage;
const feed = async () => (await call("/rss.xml")).text();
const sitemap = async () => (await sitemapLocs()).join("\n");
const search = async (q: string) =>
  ((await (await call(`/api/search?q=${encodeURIComponent(q)}`)).json()) as { articles: { id: number }[] }).articles;

describe("the admin article list", () => {
  it("gives an admin drafts and held articles with content, votes and twitterPosted, privately and uncached", async () => {
    const draft = await insertArticle({ status: "draft", publishedAt: null, title: "Quasar draft", upvotes: 3, downvotes: 1 });
    const held = await insertArticle({
      status: "review",
      publishedAt: null,
      title: "Quasar held",
      reviewReason: "BTC: $1 vs $2\nETH: 5% vs 4%",
    });
    const live = await insertArticle({ title: "Quasar live", twitterPosted: true });
    const admin = await signedIn("chief@example.com");
    // Warm the public cache first: the admin answer must not come from it.
    await publicList();
    const res = await send<AdminArticlePage>(admin, "GET", "/api/articles?page=1&limit=100");
    expect(res.status).toBe(200);
    expect(res.res.headers.get("cache-control")).toBe("private, no-store");
    const byId = new Map(res.body.articles.map((a) => [a.id, a]));
    expect(byId.get(draft.id)).toMatchObject({ publishedAt: null, status: "draft", upvotes: 3, downvotes: 1, twitterPosted: false });
    expect(byId.get(held.id)).toMatchObject({ status: "review", reviewReason: "BTC: $1 vs $2\nETH: 5% vs 4%" });
    expect(byId.get(live.id)).toMatchObject({ twitterPosted: true, content: live.content, categoryName: "Daily Roundup" });
    expect(res.body.total).toBeGreaterThanOrEqual(3);
    // ...and the public answer never saw the admin's.
    expect((await publicList()).articles.some((a) => a.id === draft.id || a.id === held.id)).toBe(false);
    // The public pages' own list calls stay public for an admin (/news never shows them drafts).
    for (const path of ["/api/articles", "/api/articles?kind=news", "/api/articles?page=1&kind=news"]) {
      const list = await send<{ id: number }[] | { articles: { id: number }[] }>(admin, "GET", path);
      const ids = (Array.isArray(list.body) ? list.body : list.body.articles).map((a) => a.id);
      expect(ids, path).toContain(live.id);
      expect(ids, path).not.toContain(draft.id);
    }
  });

  it("searches title and content through the index, filters by category and by held for review, and pages by 100", async () => {
    await insertArticle({ title: "Zephyrcoin rallies", content: "Nothing else" });
    await insertArticle({ title: "Other", content: "The zephyrcoin body mention", categoryId: 17 });
    await insertArticle({ title: "Zephyrcoin held", status: "review", publishedAt: null, categoryId: 17 });
    const admin = await signedIn("chief@example.com");
    const get = async (q: string) => (await send<AdminArticlePage>(admin, "GET", `/api/articles?page=1&limit=100&${q}`)).body;
    expect((await get("q=ZEPHYR")).total).toBe(3);
    expect((await get("q=zephyr&categoryId=17")).total).toBe(2);
    const review = await get("q=zephyr&status=review");
    expect(review.articles.map((a) => a.title)).toEqual(["Zephyrcoin held"]);
    expect((await get("q=ze")).total).toBeGreaterThanOrEqual(3);
    for (const bad of ["limit=101", "status=gone", "categoryId=x", "q=".concat("x".repeat(101))]) {
      expect((await send(admin, "GET", `/api/articles?page=1&${bad}`)).status, bad).toBe(400);
    }
  });
});

describe("publication through the desk", () => {
  it("publishing and unpublishing update lists, feeds, sitemap and search at once", async () => {
    const a = await insertArticle({ title: "Nebulacoin surges on volume", slug: "nebulacoin-surges", status: "review", publishedAt: null });
    const admin = await signedIn("chief@example.com");
    // Readers' caches are warm before the change.
    expect((await publicList()).articles.some((x) => x.id === a.id)).toBe(false);
    expect(await feed()).not.toContain("nebulacoin-surges");

    // Held with no recorded reason: "Publish anyway" confirms exactly that.
    expect((await send(admin, "POST", `/api/admin/articles/${a.id}/publish`)).status).toBe(409);
    const override = { reasons: ["Held for review (no reason was recorded)"] };
    expect((await send(admin, "POST", `/api/admin/articles/${a.id}/publish`, { override })).status).toBe(200);
    expect((await publicList()).articles.some((x) => x.id === a.id)).toBe(true);
    expect(await feed()).toContain("nebulacoin-surges");
    expect(await sitemap()).toContain("nebulacoin-surges");
    expect((await search("Nebulacoin")).map((x) => x.id)).toContain(a.id);
    expect((await call("/api/articles/nebulacoin-surges")).status).toBe(200);

    const opened = (await send<EditableArticle>(admin, "GET", `/api/articles/${a.id}/edit`)).body;
    const {
      id: _,
      slug: __,
      convertedFromMarkdown: ___,
      status: ____,
      reviewReason: _____,
      cryptoSymbol: ______,
      createdAt: _______,
      updatedAt: ________,
      publishedAt: _________,
      check: __________,
      override: ___________,
      ...fields
    } = opened;
    expect((await send(admin, "PUT", `/api/articles/${a.id}`, { ...fields, isPublished: false })).status).toBe(200);
    expect((await publicList()).articles.some((x) => x.id === a.id)).toBe(false);
    expect(await feed()).not.toContain("nebulacoin-surges");
    expect(await sitemap()).not.toContain("nebulacoin-surges");
    expect(await search("Nebulacoin")).toEqual([]);
    expect((await call("/api/articles/nebulacoin-surges")).status).toBe(404);
  });

  it("trash takes an article off every public surface; restore brings it back on the same slug", async () => {
    const a = await insertArticle({ title: "Pulsarcoin steady", slug: "pulsarcoin-steady" });
    const admin = await signedIn("chief@example.com");
    expect((await search("Pulsarcoin")).map((x) => x.id)).toEqual([a.id]);
    await send(admin, "DELETE", `/api/articles/${a.id}`);
    expect((await publicList()).articles.some((x) => x.id === a.id)).toBe(false);
    expect(await search("Pulsarcoin")).toEqual([]);
    expect((await call("/api/articles/pulsarcoin-steady")).status).toBe(404);
    await send(admin, "POST", `/api/admin/trash/${a.id}/restore`);
    expect((await call("/api/articles/pulsarcoin-steady")).status).toBe(200);
    expect((await search("Pulsarcoin")).map((x) => x.id)).toEqual([a.id]);
  });

  it("regenerate is for held newsroom articles only", async () => {
    const admin = await signedIn("chief@example.com");
    const handWritten = await insertArticle({ status: "review", publishedAt: null });
    const published = await insertArticle({ generationKey: "2026-11-20:trending_top_100:btc" });
    const old = await insertArticle({ status: "review", publishedAt: null, generationKey: "2020-01-01:trending_top_100:btc" });
    for (const id of [handWritten.id, published.id, old.id]) {
      expect((await send(admin, "POST", `/api/admin/articles/${id}/regenerate`)).status).toBe(400);
    }
    expect((await send(new BrowserAgent(), "POST", `/api/admin/articles/${old.id}/regenerate`)).status).toBe(401);
  });

  it("regenerate re-runs a held article's generation: the newsroom writes it again on the same slug", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const slug = `daily-crypto-roundup-${today}`;
    const held = await insertArticle({
      slug,
      categoryId: 18,
      status: "review",
      publishedAt: null,
      title: "Held roundup",
      reviewReason: "Bitcoin: $1 does not match the data ($64,000)",
      generationKey: `${today}:daily_roundup`,
    });
    const admin = await signedIn("chief@example.com");
    const res = await send<{ success: boolean; runs: { task: string }[] }>(admin, "POST", `/api/admin/articles/${held.id}/regenerate`);
    expect(res.status).toBe(202);
    expect(res.body.runs.map((r) => r.task)).toEqual(["daily_roundup"]);
    // The newsroom's Workflow instance writes the roundup again.
    expect((await settle(String((await runOf("daily_roundup", today))?.instance_id))).status).toBe("complete");
    const list = (await send<AdminArticlePage>(admin, "GET", "/api/articles?page=1&categoryId=18")).body.articles;
    const again = list.find((a) => a.slug === slug);
    expect(again).toBeDefined();
    expect(again?.id).not.toBe(held.id);
    expect(again?.title).not.toBe("Held roundup");
  });
});
