import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ArticleVersion, type EditableArticle, MAX_CONTENT_CHARS, type SavedArticle } from "#schema/contracts/editorial.ts";
import { MAX_HTML_ELEMENTS, TOO_MANY_ELEMENTS } from "#schema/contracts/html-allowlist.ts";
import { articles, articleVersions } from "#schema/db/content.ts";
import { CATEGORY_ROUNDUP, type GeneratedArticle, saveGenerated } from "#worker/features/newsroom/index.ts";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { getJson } from "#worker/test/http.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";

/** The repro that retired the old sanitiser: eight nested raw-text elements, each of its passes peeled one. */
const PEELED = `${"<xmp>".repeat(8)}<img src=x onerror=alert(1)>${"</xmp>".repeat(8)}<p>kept</p>`;
const DANGEROUS = /onerror|<xmp|<img|javascript:|<form|<button|<input|<meta|<base|<iframe|srcdoc|style=/i;
const deep = (n: number) => `${"<div>".repeat(n)}deep${"</div>".repeat(n)}`;

type Err = { error: { code: string; message: string; issues?: { path: string; message: string }[] } };
const db = () => getDb(env.DB);

async function openInEditor(id: number) {
  const admin = await signedIn("chief@example.com");
  const opened = (await send<EditableArticle>(admin, "GET", `/api/articles/${id}/edit`)).body;
  const body = (content: string, revision = opened.revision) => ({
    title: opened.title,
    excerpt: opened.excerpt,
    content,
    imageUrl: opened.imageUrl,
    categoryId: opened.categoryId,
    isPublished: true,
    revision,
  });
  return { admin, opened, body };
}

describe("every path that stores article HTML goes through the sanitiser", () => {
  it("an editor's save: nested raw-text layers are dropped with their content, and the public JSON has none of it", async () => {
    const row = await insertArticle({ contentFormat: "html", content: "<p>before</p>" });
    const { admin, body } = await openInEditor(row.id);
    const saved = await send<SavedArticle>(admin, "PUT", `/api/articles/${row.id}`, body(PEELED));
    expect(saved.status).toBe(200);
    expect(saved.body.article.content).toBe("<p>kept</p>");
    const [stored] = await db().select().from(articles).where(eq(articles.id, row.id));
    expect(stored?.content).toBe("<p>kept</p>");
    const publicJson = await getJson<{ content: string }>(`/api/articles/${row.slug}`);
    expect(publicJson.body.content).not.toMatch(DANGEROUS);
  });

  it("an editor's save that cannot be made safe is refused with 400 and the reason, and nothing is stored", async () => {
    const row = await insertArticle({ contentFormat: "html", content: "<p>before</p>" });
    const { admin, body, opened } = await openInEditor(row.id);
    const refused = await send<Err>(admin, "PUT", `/api/articles/${row.id}`, body(deep(300)));
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("BAD_REQUEST");
    expect(refused.body.error.message).toMatch(/nest/i);
    expect(refused.body.error.issues).toEqual([{ path: "content", message: refused.body.error.message }]);
    const [stored] = await db().select().from(articles).where(eq(articles.id, row.id));
    expect(stored).toMatchObject({ content: "<p>before</p>", revision: opened.revision });
    expect(await db().select().from(articleVersions).where(eq(articleVersions.articleId, row.id))).toEqual([]);
  });

  it("a restore brings a version back only through the sanitiser (versions may predate it)", async () => {
    const row = await insertArticle({ contentFormat: "html", content: "<p>now</p>" });
    const [version] = await db()
      .insert(articleVersions)
      .values({
        articleId: row.id,
        versionNumber: 1,
        title: row.title,
        excerpt: row.excerpt,
        content: PEELED,
        contentFormat: "html",
        categoryId: row.categoryId,
        authorNotes: "old",
        createdBy: "test",
      })
      .returning();
    const { admin } = await openInEditor(row.id);
    const restored = await send<SavedArticle>(admin, "POST", `/api/articles/${row.id}/versions/${version?.id}/restore`);
    expect(restored.status).toBe(200);
    const [stored] = await db().select().from(articles).where(eq(articles.id, row.id));
    expect(stored?.content).toBe("<p>kept</p>");
    // The list leads with the current text, then the two saved versions (the old one and the one the restore kept).
    const versions = (await send<ArticleVersion[]>(admin, "GET", `/api/articles/${row.id}/versions`)).body;
    expect(versions).toHaveLength(3);
    expect(versions[0]).toMatchObject({ id: null, current: true });
  });

  it("the editor opens stored HTML sanitised (the Visual tab never gets the raw markup)", async () => {
    const row = await insertArticle({
      contentFormat: "html",
      content: `${PEELED}<form action="/api/logout" method="post"><button>Go</button></form>`,
    });
    const { opened } = await openInEditor(row.id);
    expect(opened.content).toBe("<p>kept</p>");
  });

  it("readers get stored markup that predates the sanitiser cleaned on the way out", async () => {
    const row = await insertArticle({
      contentFormat: "html",
      content: `${PEELED}<a href="jav&#x09;ascript:alert(1)">x</a><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="//evil.example/">`,
    });
    const res = await getJson<{ content: string }>(`/api/articles/${row.slug}`);
    expect(res.status).toBe(200);
    expect(res.body.content).toBe("<p>kept</p><a>x</a>");
  });

  it("a generated article's Markdown keeps no raw HTML that could peel", async () => {
    const article: GeneratedArticle = {
      key: "2026-11-22:daily_roundup:peel-test",
      slug: "peel-test-roundup",
      categoryId: CATEGORY_ROUNDUP,
      draft: { title: "Peel test", excerpt: "x", body: `## Markets\n\n${PEELED}\n\nBitcoin rose.` } as GeneratedArticle["draft"],
      grounding: { ok: true, figures: [] } as unknown as GeneratedArticle["grounding"],
      generation: { writer: "template", model: "t", attempts: 1, usage: null, promptHash: null, raw: null },
      dataAsOf: "2026-11-22T06:00:00.000Z",
      sources: [],
    };
    const saved = await saveGenerated(db(), env, article, new Date("2026-11-22T06:05:00.000Z"));
    const [stored] = await db().select().from(articles).where(eq(articles.slug, saved.slug));
    expect(stored?.content).toContain("## Markets");
    expect(stored?.content).not.toMatch(/xmp|onerror|<img/i);
    const reader = await getJson<{ content: string }>(`/api/articles/${saved.slug}`);
    expect(reader.body.content).toContain("<p>kept</p>");
    expect(reader.body.content).not.toMatch(DANGEROUS);
  });
});

describe("an editor's save and the element cap (issue 40)", () => {
  const paragraphs = (n: number) => "<p>x</p>".repeat(n);
  /** The sanitiser's passes are HTMLRewriter runs: counted, the work a request did is checked without timing it. */
  const passes = () => vi.spyOn(HTMLRewriter.prototype, "transform");
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a 390 KB body of 50,000 elements is refused with 400 and the cap's message before any parsing; nothing is stored", async () => {
    const row = await insertArticle({ contentFormat: "html", content: "<p>before</p>" });
    const { admin, body, opened } = await openInEditor(row.id);
    const content = paragraphs(50_000);
    // Inside the size limits: only the element count refuses it.
    expect(content.length).toBe(MAX_CONTENT_CHARS);
    const parsed = passes();
    const refused = await send<Err>(admin, "PUT", `/api/articles/${row.id}`, body(content));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "BAD_REQUEST", message: TOO_MANY_ELEMENTS });
    expect(refused.body.error.issues).toEqual([{ path: "content", message: TOO_MANY_ELEMENTS }]);
    expect(parsed).not.toHaveBeenCalled();
    const [stored] = await db().select().from(articles).where(eq(articles.id, row.id));
    expect(stored).toMatchObject({ content: "<p>before</p>", revision: opened.revision });
  });

  it("a body of exactly the cap saves in one pass, and its first public read takes one more", { timeout: 60_000 }, async () => {
    const row = await insertArticle({ contentFormat: "html", content: "<p>before</p>" });
    const { admin, body } = await openInEditor(row.id);
    const content = paragraphs(MAX_HTML_ELEMENTS);
    const parsed = passes();
    const saved = await send<SavedArticle>(admin, "PUT", `/api/articles/${row.id}`, body(content));
    expect(saved.status).toBe(200);
    expect(saved.body.article.content).toBe(content);
    expect(parsed).toHaveBeenCalledTimes(1);
    const [stored] = await db().select().from(articles).where(eq(articles.id, row.id));
    expect(stored?.content).toBe(content);
    const reader = await getJson<{ content: string }>(`/api/articles/${row.slug}`);
    expect(reader.body.content).toBe(content);
    expect(parsed).toHaveBeenCalledTimes(2);
  });
});
