import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Article } from "#schema/contracts/article.ts";
import type { ArticlePreview } from "#schema/contracts/article-meta.ts";
import type { EditableArticle } from "#schema/contracts/editorial.ts";
import { articles } from "#schema/db/content.ts";
import indexHtml from "#web/index.html?raw";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { call } from "#worker/test/http.ts";
import { readHead } from "#worker/test/parse.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";

type Err = { error: { code: string; issues?: { path: string }[] } };

beforeAll(() => {
  // The preview page reads the SPA's shell from the assets: the source index.html stands in for the build.
  vi.spyOn(env.ASSETS, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== "/") return new Response("Not found", { status: 404 });
    return new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8" } });
  });
});

function form(a: EditableArticle, changes: Record<string, unknown> = {}) {
  return { title: a.title, excerpt: a.excerpt, content: a.content, imageUrl: a.imageUrl, categoryId: a.categoryId, ...changes };
}

describe("preview on site", () => {
  it("shows an admin the unsaved form as the reader's article, sanitised, and saves nothing", async () => {
    const row = await insertArticle({ slug: "preview-me", title: "Saved title", categoryId: 18 });
    const admin = await signedIn("chief@example.com");
    const opened = (await send<EditableArticle>(admin, "GET", `/api/articles/${row.id}/edit`)).body;
    const created = await send<ArticlePreview>(
      admin,
      "POST",
      `/api/admin/articles/${row.id}/preview`,
      form(opened, {
        title: "Unsaved title",
        content: '<p onclick="steal()">Unsaved <strong>body</strong><script>alert(1)</script></p>',
        categoryId: 20,
        slug: "preview-me-renamed",
        tags: ["Bitcoin ETF"],
        byline: "Ana Ruiz",
        metaDescription: "An unsaved description.",
      }),
    );
    expect(created.status).toBe(200);
    expect(created.body.path).toBe(`/preview/${created.body.token}`);
    expect(Date.parse(created.body.expiresAt)).toBeGreaterThan(Date.now());

    const shown = await send<Article>(admin, "GET", `/api/admin/previews/${created.body.token}`);
    expect(shown.status).toBe(200);
    expect(shown.res.headers.get("cache-control")).toContain("no-store");
    expect(shown.body).toMatchObject({
      title: "Unsaved title",
      slug: "preview-me-renamed",
      categoryId: 20,
      categoryName: "Getting Started",
      tags: [{ slug: "bitcoin-etf", name: "Bitcoin ETF" }],
      byline: "Ana Ruiz",
      _seo: { metaTags: { description: "An unsaved description." } },
    });
    expect(shown.body.content).toBe("<p>Unsaved <strong>body</strong></p>");

    const [stored] = await getDb(env.DB).select().from(articles).where(eq(articles.id, row.id));
    expect(stored).toMatchObject({ title: "Saved title", slug: "preview-me", revision: 1, categoryId: 18 });
  });

  it("gives a member and a guest nothing, and an unknown or malformed token 404 / 400", async () => {
    const row = await insertArticle({ slug: "preview-private" });
    const admin = await signedIn("chief@example.com");
    const opened = (await send<EditableArticle>(admin, "GET", `/api/articles/${row.id}/edit`)).body;
    const { token } = (await send<ArticlePreview>(admin, "POST", `/api/admin/articles/${row.id}/preview`, form(opened))).body;

    const member = await signedIn("reader@example.com");
    expect((await send<Err>(member, "GET", `/api/admin/previews/${token}`)).status).toBe(403);
    expect((await send<Err>(member, "POST", `/api/admin/articles/${row.id}/preview`, form(opened))).status).toBe(403);
    const guest = await call(`/api/admin/previews/${token}`);
    expect(guest.status).toBe(401);

    expect((await send<Err>(admin, "GET", `/api/admin/previews/${"0".repeat(32)}`)).status).toBe(404);
    expect((await send<Err>(admin, "GET", "/api/admin/previews/not-a-token")).status).toBe(400);
    expect((await send<Err>(admin, "POST", "/api/admin/articles/999999/preview", form(opened))).status).toBe(404);
  });

  it("refuses what a save would refuse, under the same fields", async () => {
    const row = await insertArticle({ slug: "preview-invalid" });
    const admin = await signedIn("chief@example.com");
    const opened = (await send<EditableArticle>(admin, "GET", `/api/articles/${row.id}/edit`)).body;
    const res = await send<Err>(
      admin,
      "POST",
      `/api/admin/articles/${row.id}/preview`,
      form(opened, { title: "", socialImage: "http://x.test/a.png" }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.issues?.map((i) => i.path).sort()).toEqual(["socialImage", "title"]);
  });

  it("the preview page is the shell, noindex and never kept", async () => {
    const res = await call(`/preview/${"a".repeat(32)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect((await readHead(await res.text())).meta.get("robots")).toBe("noindex");
    expect((await (await call("/robots.txt")).text()).split("\n")).toContain("Disallow: /preview/");
  });
});
