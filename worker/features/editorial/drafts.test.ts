import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ArticleDraft } from "#schema/contracts/article-draft.ts";
import type { EditableArticle, SavedArticle } from "#schema/contracts/editorial.ts";
import { articleDrafts } from "#schema/db/content.ts";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";
import { DRAFT_FORM, saveBody } from "./test-support.ts";

type Err = { error: { code: string; message: string; requestId: string; issues?: { path: string; message: string }[] } };
type Answer = { draft: ArticleDraft | null };

describe("autosaved drafts", () => {
  it("keeps one draft per admin and article, replaced by the next autosave and read back only by its author", async () => {
    const row = await insertArticle({ title: "Stored title" });
    const chief = await signedIn("chief@example.com");
    const deputy = await signedIn("deputy@example.com");
    const path = `/api/articles/${row.id}/draft`;

    expect((await send<Answer>(chief, "GET", path)).body).toEqual({ draft: null });
    const first = await send<ArticleDraft>(chief, "PUT", path, { form: DRAFT_FORM, baseRevision: 1 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ form: DRAFT_FORM, baseRevision: 1, savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const second = await send<ArticleDraft>(chief, "PUT", path, { form: { ...DRAFT_FORM, title: "Second take" }, baseRevision: 1 });
    expect(second.status).toBe(200);

    const mine = await send<Answer>(chief, "GET", path);
    expect(mine.status).toBe(200);
    expect(mine.res.headers.get("cache-control")).toContain("no-store");
    expect(mine.body.draft).toMatchObject({ form: { title: "Second take" }, baseRevision: 1 });
    // The deputy has none of the chief's, and their own is separate.
    expect((await send<Answer>(deputy, "GET", path)).body).toEqual({ draft: null });
    await send(deputy, "PUT", path, { form: { ...DRAFT_FORM, title: "Deputy's take" }, baseRevision: 1 });
    const rows = await getDb(env.DB).select().from(articleDrafts);
    expect(
      rows
        .filter((r) => r.articleId === row.id)
        .map((r) => JSON.parse(r.form).title)
        .sort(),
    ).toEqual(["Deputy's take", "Second take"]);

    // Discard removes only the caller's.
    const discarded = await send(chief, "DELETE", path);
    expect(discarded).toMatchObject({ status: 200, body: { success: true } });
    expect((await send<Answer>(chief, "GET", path)).body).toEqual({ draft: null });
    expect((await send<Answer>(deputy, "GET", path)).body.draft?.form.title).toBe("Deputy's take");
  });

  it("is cleared by the author's successful save, and not by a refused one (409)", async () => {
    const row = await insertArticle();
    const chief = await signedIn("chief@example.com");
    const deputy = await signedIn("deputy@example.com");
    const path = `/api/articles/${row.id}/draft`;
    const opened = (await send<EditableArticle>(chief, "GET", `/api/articles/${row.id}/edit`)).body;
    await send(chief, "PUT", path, { form: DRAFT_FORM, baseRevision: opened.revision });
    await send(deputy, "PUT", path, { form: DRAFT_FORM, baseRevision: opened.revision });

    const stale = await send(chief, "PUT", `/api/articles/${row.id}`, saveBody(opened, { revision: opened.revision + 5 }));
    expect(stale.status).toBe(409);
    expect((await send<Answer>(chief, "GET", path)).body.draft).not.toBeNull();

    const saved = await send<SavedArticle>(chief, "PUT", `/api/articles/${row.id}`, saveBody(opened, { title: "Saved" }));
    expect(saved.status).toBe(200);
    expect((await send<Answer>(chief, "GET", path)).body).toEqual({ draft: null });
    // Another admin's draft is theirs to keep (their notice will say it started from an older revision).
    expect((await send<Answer>(deputy, "GET", path)).body.draft?.baseRevision).toBe(opened.revision);
  });

  it("answers 400 in the error shape for a bad body, 404 for a missing or trashed article, 413 past the size limit", async () => {
    const row = await insertArticle();
    const chief = await signedIn("chief@example.com");
    const path = `/api/articles/${row.id}/draft`;

    for (const body of [
      { form: { ...DRAFT_FORM, isPublished: "yes" }, baseRevision: 1 },
      { form: DRAFT_FORM, baseRevision: 0 },
      { form: { ...DRAFT_FORM, script: "<x>" }, baseRevision: 1 },
      { form: DRAFT_FORM },
      "not an object",
    ]) {
      const res = await send<Err>(chief, "PUT", path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: "BAD_REQUEST", requestId: expect.any(String) });
    }
    const bad = await send<Err>(chief, "PUT", path, { form: { ...DRAFT_FORM, title: "t".repeat(301) }, baseRevision: 1 });
    expect(bad.body.error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: "form.title" })]));

    expect((await send<Err>(chief, "GET", "/api/articles/99999999/draft")).status).toBe(404);
    expect((await send<Err>(chief, "PUT", "/api/articles/99999999/draft", { form: DRAFT_FORM, baseRevision: 1 })).status).toBe(404);
    expect((await send<Err>(chief, "GET", "/api/articles/abc/draft")).status).toBe(400);

    const huge = await send<Err>(chief, "PUT", path, { form: { ...DRAFT_FORM, content: "x".repeat(600 * 1024) }, baseRevision: 1 });
    expect(huge.status).toBe(413);

    expect((await send(chief, "DELETE", `/api/articles/${row.id}`)).status).toBe(200);
    expect((await send<Err>(chief, "PUT", path, { form: DRAFT_FORM, baseRevision: 1 })).status).toBe(404);
  });
});
