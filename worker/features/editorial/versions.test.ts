import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ArticleVersion, ArticleVersionDetail, EditableArticle, SavedArticle } from "#schema/contracts/editorial.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";
import { saveBody } from "./test-support.ts";

describe("version history: each version's own note and time, the current text, and a version whole", () => {
  it("gives each text the note and time of the save that wrote it, and the current one as 'Current'", async () => {
    const row = await insertArticle({ title: "v1", content: "First **text**" });
    const admin = await signedIn("chief@example.com");
    let article = (await send<EditableArticle>(admin, "GET", `/api/articles/${row.id}/edit`)).body;
    const first = (
      await send<SavedArticle>(
        admin,
        "PUT",
        `/api/articles/${row.id}`,
        saveBody(article, { title: "v2", authorNotes: "Fixed the headline" }),
      )
    ).body;
    article = first.article;
    const second = (
      await send<SavedArticle>(
        admin,
        "PUT",
        `/api/articles/${row.id}`,
        saveBody(article, { title: "v3", authorNotes: "Tightened the intro" }),
      )
    ).body;
    const list = (await send<ArticleVersion[]>(admin, "GET", `/api/articles/${row.id}/versions`)).body;
    expect(list.map((v) => [v.versionNumber, v.title, v.authorNotes, v.current])).toEqual([
      [3, "v3", "Tightened the intro", true],
      [2, "v2", "Fixed the headline", false],
      [1, "v1", "First version", false],
    ]);
    // Each time is its own save's (the stored row's clock is the database's: within a second of the article's).
    const near = (a: string | undefined, b: string) => Math.abs(Date.parse(a ?? "") - Date.parse(b));
    expect(list[0]?.createdAt).toBe(second.article.updatedAt);
    expect(near(list[1]?.createdAt, first.article.updatedAt)).toBeLessThan(1000);
    expect(list[2]?.createdAt).toBe(row.createdAt);

    const v1 = list.at(-1);
    const detail = await send<ArticleVersionDetail>(admin, "GET", `/api/articles/${row.id}/versions/${v1?.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: v1?.id, versionNumber: 1, title: "v1", authorNotes: "First version", current: false });
    // A Markdown version comes back as the HTML the editor shows.
    expect(detail.body.content).toContain("<strong>text</strong>");
  });

  it("reads a restore's note written before this change as the restored text's note", async () => {
    const row = await insertArticle({ title: "legacy" });
    const admin = await signedIn("chief@example.com");
    await env.DB.prepare(
      "INSERT INTO article_versions (article_id, version_number, title, content, category_id, author_notes) VALUES (?, 1, 'older', 'x', 18, 'Before restoring version 1')",
    )
      .bind(row.id)
      .run();
    const list = (await send<ArticleVersion[]>(admin, "GET", `/api/articles/${row.id}/versions`)).body;
    expect(list[0]).toMatchObject({ current: true, authorNotes: "Restored version 1" });
  });

  it("answers 404 for another article's version or an unknown one, and refuses members", async () => {
    const a = await insertArticle({});
    const b = await insertArticle({});
    const admin = await signedIn("chief@example.com");
    const opened = (await send<EditableArticle>(admin, "GET", `/api/articles/${a.id}/edit`)).body;
    await send(admin, "PUT", `/api/articles/${a.id}`, saveBody(opened, { title: "changed" }));
    const id = (await send<ArticleVersion[]>(admin, "GET", `/api/articles/${a.id}/versions`)).body[1]?.id;
    expect((await send(admin, "GET", `/api/articles/${b.id}/versions/${id}`)).status).toBe(404);
    expect((await send(admin, "GET", `/api/articles/${a.id}/versions/999999`)).status).toBe(404);
    const member = await signedIn("reader@example.com");
    expect((await send(member, "GET", `/api/articles/${a.id}/versions/${id}`)).status).toBe(403);
  });
});
