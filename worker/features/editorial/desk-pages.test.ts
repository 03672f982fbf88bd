import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_PAGE_SIZE, type AdminArticlePage } from "#schema/contracts/editorial.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { ADMIN_EMAIL, send, signedIn } from "#worker/test/signed-in.ts";

describe("the admin article list's pages (read from the desk index, from the nearer end)", () => {
  it("pages through every article once, newest first, whichever end a page is counted from", async () => {
    const admin = await signedIn(ADMIN_EMAIL);
    const base = Date.parse("2026-01-01T00:00:00Z");
    // Two share a creation time: the id breaks the tie, in both directions.
    for (let i = 0; i < 23; i++) {
      await insertArticle({
        slug: `desk-${i}`,
        status: i % 3 === 0 ? "draft" : "published",
        createdAt: new Date(base + Math.min(i, 21) * 60_000).toISOString(),
      });
    }
    const page = async (n: number, extra = "") =>
      (await send<AdminArticlePage>(admin, "GET", `/api/articles?page=${n}&limit=5${extra}`)).body;

    const first = await page(1);
    const all = [];
    for (let n = 1; n <= first.totalPages; n++) all.push(...(await page(n)).articles);
    const ids = all.map((a) => a.id);
    expect(new Set(ids).size).toBe(first.total);
    const expected = [...all].sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
    expect(ids).toEqual(expected.map((a) => a.id));
    // Past the end: an empty page with the same totals.
    const beyond = await page(first.totalPages + 1);
    expect(beyond.articles).toEqual([]);
    expect(beyond.total).toBe(first.total);

    // A filter pages the same way.
    const drafts = await page(1, "&status=draft");
    const draftIds = [];
    for (let n = 1; n <= drafts.totalPages; n++) draftIds.push(...(await page(n, "&status=draft")).articles.map((a) => a.id));
    expect(draftIds).toEqual(expected.filter((a) => a.status === "draft").map((a) => a.id));
  });

  it("answers a full page of ADMIN_PAGE_SIZE articles (the ids are one bound value, not one each)", async () => {
    const admin = await signedIn(ADMIN_EMAIL);
    const insert = env.DB.prepare(
      `INSERT INTO articles (slug, title, excerpt, content, category_id, status, read_time)
       VALUES (?1, ?1, 'excerpt', 'content', 18, 'draft', 1)`,
    );
    await env.DB.batch(Array.from({ length: ADMIN_PAGE_SIZE + 1 }, (_, i) => insert.bind(`desk-full-${i}`)));
    const { status, body } = await send<AdminArticlePage>(admin, "GET", `/api/articles?page=1&limit=${ADMIN_PAGE_SIZE}`);
    expect(status).toBe(200);
    expect(body.articles).toHaveLength(ADMIN_PAGE_SIZE);
    expect(new Set(body.articles.map((a) => a.id)).size).toBe(ADMIN_PAGE_SIZE);
  });
});
