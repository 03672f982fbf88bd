import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ArticleVersion, EditableArticle, SavedArticle, TrashedArticle } from "#schema/contracts/editorial.ts";
import { articles, articleVersions } from "#schema/db/content.ts";
import { outbox } from "#schema/db/outbox.ts";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";
import { saveBody } from "./test-support.ts";

type Err = { error: { code: string; message: string } };

describe("the article editor", () => {
  it("opens a Markdown article as sanitised HTML, once converted on the server", async () => {
    const row = await insertArticle({ content: "## Overview\n\nBitcoin at **$64,000**.\n\n<script>alert(1)</script>" });
    const admin = await signedIn("chief@example.com");
    const res = await send<EditableArticle>(admin, "GET", `/api/articles/${row.id}/edit`);
    expect(res.status).toBe(200);
    expect(res.res.headers.get("cache-control")).toContain("no-store");
    expect(res.body).toMatchObject({ id: row.id, slug: row.slug, convertedFromMarkdown: true, isPublished: true, revision: 1 });
    expect(res.body.content).toContain("<h2>Overview</h2>");
    expect(res.body.content).toContain("<strong>$64,000</strong>");
    expect(res.body.content).not.toContain("script");
  });

  it("runs the lifecycle: edit → version → restore → trash → restore → delete forever", async () => {
    const row = await insertArticle({ title: "Original title", content: "Original **body** text" });
    const admin = await signedIn("chief@example.com");
    const db = getDb(env.DB);
    const opened = (await send<EditableArticle>(admin, "GET", `/api/articles/${row.id}/edit`)).body;

    // Edit: the previous state is stored first, with the default notes; content is sanitised.
    const saved = await send<SavedArticle>(
      admin,
      "PUT",
      `/api/articles/${row.id}`,
      saveBody(opened, { title: "Edited title", content: '<p onclick="x()">Edited <a href="javascript:alert(1)">body</a></p>' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.article).toMatchObject({ title: "Edited title", revision: 2, slug: row.slug, createdAt: row.createdAt });
    expect(saved.body.article.content).toBe("<p>Edited <a>body</a></p>");
    let versions = (await send<ArticleVersion[]>(admin, "GET", `/api/articles/${row.id}/versions`)).body;
    // The current text first, then the stored one; each with its own note and time.
    expect(versions).toEqual([
      {
        id: null,
        current: true,
        versionNumber: 2,
        title: "Edited title",
        authorNotes: "Manual edit via admin panel",
        createdAt: saved.body.article.updatedAt,
      },
      {
        id: expect.any(Number),
        current: false,
        versionNumber: 1,
        title: "Original title",
        authorNotes: "First version",
        createdAt: row.createdAt,
      },
    ]);

    // Restore version 1: the current (edited) state becomes version 2 first.
    const restored = await send<SavedArticle>(admin, "POST", `/api/articles/${row.id}/versions/${versions[1]?.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.article).toMatchObject({ title: "Original title", revision: 3, slug: row.slug });
    expect(restored.body.article.content).toContain("<strong>body</strong>");
    versions = (await send<ArticleVersion[]>(admin, "GET", `/api/articles/${row.id}/versions`)).body;
    expect(versions.map((v) => [v.versionNumber, v.title, v.authorNotes, v.current])).toEqual([
      [3, "Original title", "Restored version 1", true],
      [2, "Edited title", "Manual edit via admin panel", false],
      [1, "Original title", "First version", false],
    ]);
    const [stored] = await db.select().from(articles).where(eq(articles.id, row.id));
    expect(stored?.contentFormat).toBe("markdown");

    // Trash, then restore: same slug and creation date, and the newsletter sends nothing.
    const mailBefore = await db.select({ n: sql<number>`count(*)` }).from(outbox);
    expect((await send(admin, "DELETE", `/api/articles/${row.id}`)).status).toBe(200);
    expect((await send(admin, "GET", `/api/articles/${row.id}/edit`)).status).toBe(404);
    const trash = (await send<TrashedArticle[]>(admin, "GET", "/api/admin/trash")).body;
    expect(trash.find((t) => t.id === row.id)).toMatchObject({
      title: "Original title",
      categoryName: "Daily Roundup",
      deletedBy: "chief",
    });
    expect((await send(admin, "POST", `/api/admin/trash/${row.id}/restore`)).status).toBe(200);
    const back = (await send<EditableArticle>(admin, "GET", `/api/articles/${row.id}/edit`)).body;
    expect([back.slug, back.createdAt, back.isPublished]).toEqual([row.slug, row.createdAt, true]);
    expect(await db.select({ n: sql<number>`count(*)` }).from(outbox)).toEqual(mailBefore);

    // Delete forever: only from the trash; versions and search rows go with it.
    expect((await send<Err>(admin, "DELETE", `/api/admin/trash/${row.id}`)).status).toBe(404);
    await send(admin, "DELETE", `/api/articles/${row.id}`);
    expect((await send(admin, "DELETE", `/api/admin/trash/${row.id}`)).status).toBe(200);
    expect(await db.select().from(articles).where(eq(articles.id, row.id))).toEqual([]);
    expect(await db.select().from(articleVersions).where(eq(articleVersions.articleId, row.id))).toEqual([]);
    const fts = await env.DB.prepare("SELECT count(*) AS n FROM articles_fts WHERE articles_fts MATCH ?")
      .bind('"Original title"')
      .first<{ n: number }>();
    expect(fts?.n).toBe(0);
    expect((await send(admin, "POST", `/api/admin/trash/${row.id}/restore`)).status).toBe(404);
  });

  it("refuses the second of two concurrent saves with 409 and overwrites nothing", async () => {
    const row = await insertArticle({ title: "Shared article" });
    const [ada, bob] = await Promise.all([signedIn("chief@example.com"), signedIn("deputy@example.com")]);
    const opened = (await send<EditableArticle>(ada, "GET", `/api/articles/${row.id}/edit`)).body;
    const results = await Promise.all([
      send<SavedArticle | Err>(ada, "PUT", `/api/articles/${row.id}`, saveBody(opened, { title: "Ada's title" })),
      send<SavedArticle | Err>(bob, "PUT", `/api/articles/${row.id}`, saveBody(opened, { title: "Bob's title" })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)?.body as Err;
    expect(loser.error.code).toBe("CONFLICT");
    expect(loser.error.message).toContain("Nothing was overwritten");
    const winner = (results.find((r) => r.status === 200)?.body as SavedArticle | undefined)?.article.title;
    const now = (await send<EditableArticle>(ada, "GET", `/api/articles/${row.id}/edit`)).body;
    expect([now.title, now.revision]).toEqual([winner, 2]);
    // Exactly one version: the losing save stored nothing.
    expect((await send<ArticleVersion[]>(ada, "GET", `/api/articles/${row.id}/versions`)).body).toHaveLength(2);
    // A stale restore is refused the same way.
    const versionId = (await send<ArticleVersion[]>(ada, "GET", `/api/articles/${row.id}/versions`)).body[1]?.id;
    const stale = await send<Err>(ada, "POST", `/api/articles/${row.id}/versions/${versionId}/restore`, { revision: 1 });
    expect(stale.status).toBe(409);
  });

  it("never changes the creation date, and validates every field (a slug only in its own form: article-meta.test.ts)", async () => {
    const row = await insertArticle();
    const admin = await signedIn("chief@example.com");
    const opened = (await send<EditableArticle>(admin, "GET", `/api/articles/${row.id}/edit`)).body;
    const bad = [
      saveBody(opened, { slug: "Hijacked/../slug" }),
      saveBody(opened, { createdAt: "2000-01-01T00:00:00Z" }),
      saveBody(opened, { title: "  " }),
      saveBody(opened, { content: "   " }),
      saveBody(opened, { imageUrl: "javascript:alert(1)" }),
      saveBody(opened, { categoryId: "abc" }),
      saveBody(opened, { revision: undefined }),
    ];
    for (const body of bad) expect((await send(admin, "PUT", `/api/articles/${row.id}`, body)).status, JSON.stringify(body)).toBe(400);
    expect((await send<Err>(admin, "PUT", `/api/articles/${row.id}`, saveBody(opened, { categoryId: 999 }))).status).toBe(400);
    // Markup that sanitises to nothing is empty content.
    expect((await send<Err>(admin, "PUT", `/api/articles/${row.id}`, saveBody(opened, { content: "<script>x</script>" }))).status).toBe(
      400,
    );
    expect((await send(admin, "PUT", "/api/articles/999999", saveBody(opened))).status).toBe(404);
    expect((await send(admin, "GET", "/api/articles/abc/edit")).status).toBe(400);
    const res = await admin.fetch(`/api/articles/${row.id}`, {
      method: "PUT",
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    const [stored] = await getDb(env.DB).select().from(articles).where(eq(articles.id, row.id));
    expect([stored?.slug, stored?.createdAt, stored?.revision]).toEqual([row.slug, row.createdAt, 1]);
  });

  it("takes notes for the stored version, and publishing keeps a held article's first publish time", async () => {
    const held = await insertArticle({ status: "review", publishedAt: null, reviewReason: "BTC: $70,000 does not match $64,000" });
    const admin = await signedIn("chief@example.com");
    const opened = (await send<EditableArticle>(admin, "GET", `/api/articles/${held.id}/edit`)).body;
    expect([opened.isPublished, opened.status, opened.publishedAt]).toEqual([false, "review", null]);
    const unpublishedSave = await send<SavedArticle>(
      admin,
      "PUT",
      `/api/articles/${held.id}`,
      saveBody(opened, { authorNotes: "Fixed the BTC figure", content: "<p>BTC at $64,000</p>" }),
    );
    expect(unpublishedSave.body.article.status).toBe("review");
    const published = await send<SavedArticle>(
      admin,
      "PUT",
      `/api/articles/${held.id}`,
      // Held: publishing needs the override of the reasons it was held for (the desk shows them).
      saveBody(unpublishedSave.body.article, { isPublished: true, override: { reasons: ["BTC: $70,000 does not match $64,000"] } }),
    );
    expect(published.body.article).toMatchObject({ status: "published", isPublished: true, reviewReason: null });
    expect(published.body.article.override?.reasons).toEqual(["BTC: $70,000 does not match $64,000"]);
    const firstPublish = published.body.article.publishedAt;
    expect(firstPublish).toEqual(expect.any(String));
    const versions = (await send<ArticleVersion[]>(admin, "GET", `/api/articles/${held.id}/versions`)).body;
    expect(versions.map((v) => v.authorNotes)).toEqual(["Manual edit via admin panel", "Fixed the BTC figure", "First version"]);
    // Unpublish, then publish again: Draft in between, the same publish time after.
    const draft = await send<SavedArticle>(
      admin,
      "PUT",
      `/api/articles/${held.id}`,
      saveBody(published.body.article, { isPublished: false }),
    );
    expect([draft.body.article.status, draft.body.article.publishedAt]).toEqual(["draft", null]);
    const again = await send<SavedArticle>(admin, "PUT", `/api/articles/${held.id}`, saveBody(draft.body.article, { isPublished: true }));
    expect(again.body.article.publishedAt).toBe(firstPublish);
  });
});
