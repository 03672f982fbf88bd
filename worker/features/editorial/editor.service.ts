import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type articleSaveBody,
  DEFAULT_VERSION_NOTES,
  type EditableArticle,
  type OverrideRequest,
  type SavedArticle,
} from "#schema/contracts/editorial.ts";
import { readTimeMinutes } from "#schema/contracts/read-time.ts";
import { articles, articleVersions, categories } from "#schema/db/content.ts";
import { displayHtml, markdownToHtml, sanitizeArticleContent, textOf } from "#worker/features/content/index.ts";
import type { Db } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { type ArticleRow, findArticle } from "./article-admin-store.ts";
import { assertSlugFree, isSlugRace, metaCheckText, metaColumns, metaOf, metaStatements, slugRaceError } from "./article-meta.ts";
import { checkOf, overrideFor, overrideOf, reviewReasonOf, storedHeldReasons } from "./held.ts";
import { invalidateNow } from "./invalidate.ts";
import { checkRecord, checkTextOf, parseClaimInput, recheck } from "./recheck.ts";
import { dropSchedule } from "./schedule-store.ts";
import { currentTagNames } from "./tags-admin.ts";

type EditorEnv = Env;
export const ARTICLE_NOT_FOUND = "Article not found";
export const STALE_SAVE =
  "This article was changed by someone else after you opened it. Nothing was overwritten: your text is still in the form. Copy what you need, reload the article, and apply your changes again.";

/** A live (not trashed) article, or 404. */
export async function liveArticle(db: Db, id: number): Promise<ArticleRow> {
  const row = await findArticle(db, id);
  if (!row || row.deletedAt) throw new ApiError("NOT_FOUND", ARTICLE_NOT_FOUND);
  return row;
}

/**
 * `cleanHtml`: the row's HTML body when this request has just sanitised it. Sanitised HTML is its own
 * fixed point, so showing it through the sanitiser again would only repeat the work.
 */
export async function present(db: Db, row: ArticleRow, cleanHtml?: string): Promise<EditableArticle> {
  const converted = row.contentFormat === "markdown";
  return {
    ...(await metaOf(db, row)),
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    // Stored markup is shown as the sanitiser keeps it today (rows may predate its current rules).
    content: cleanHtml ?? (converted ? await markdownToHtml(row.content) : await displayHtml(row.content)),
    convertedFromMarkdown: converted,
    imageUrl: row.imageUrl,
    categoryId: row.categoryId,
    isPublished: row.status === "published",
    status: row.status,
    reviewReason: row.reviewReason,
    check: checkOf(row),
    override: overrideOf(row),
    cryptoSymbol: row.cryptoSymbol,
    revision: row.revision,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishedAt: row.status === "published" ? row.publishedAt : null,
  };
}

/** GET /api/articles/{id}/edit. */
export async function getEditable(db: Db, id: number): Promise<EditableArticle> {
  return present(db, await liveArticle(db, id));
}

/**
 * Copies the article's current state into a new version (numbered after the last), only if it is
 * still at `revision`: inside the same batch as the update, a stale save stores nothing at all.
 */
function snapshotStatement(db: Db, id: number, revision: number, notes: string, by: string) {
  return db.insert(articleVersions).select(
    db
      .select({
        // Every column in table order (drizzle's insert-select rule); a null id takes the next one.
        id: sql<number>`NULL`.as("id"),
        articleId: articles.id,
        versionNumber: sql<number>`(SELECT coalesce(max(v.version_number), 0) + 1 FROM article_versions v WHERE v.article_id = ${id})`.as(
          "version_number",
        ),
        title: articles.title,
        excerpt: articles.excerpt,
        content: articles.content,
        contentFormat: articles.contentFormat,
        imageUrl: articles.imageUrl,
        categoryId: articles.categoryId,
        authorNotes: sql<string>`${notes}`.as("author_notes"),
        createdBy: sql<string>`${by}`.as("created_by"),
        createdAt: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("created_at"),
      })
      .from(articles)
      .where(and(eq(articles.id, id), eq(articles.revision, revision), isNull(articles.deletedAt))),
  );
}

async function assertCategory(db: Db, categoryId: number): Promise<void> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!row)
    throw new ApiError("BAD_REQUEST", `Unknown category ${categoryId}`, { issues: [{ path: "categoryId", message: "Unknown category" }] });
}

/** Publication after a save: publishing keeps the first publish time; unpublishing keeps a held article held. */
function publication(row: ArticleRow, isPublished: boolean, now: string) {
  if (isPublished) return { status: "published" as const, publishedAt: row.publishedAt ?? now, reviewReason: null };
  return {
    status: row.status === "review" ? ("review" as const) : ("draft" as const),
    publishedAt: row.publishedAt,
    reviewReason: row.reviewReason,
  };
}

export type Editor = { id: string; email: string | null };

/**
 * Publication after a save, with the claim check (also the publication a schedule carries out at its
 * time: scheduled-publish.ts). An AI-written article (its facts are stored) is checked again on every save: passing, it is published or a draft as asked; held, it stays held
 * unless the editor publishes over the held reasons with an override (recorded). Any other article
 * keeps the held reasons it was stored with.
 */
export function checkedPublication(
  row: ArticleRow,
  body: Pick<z.output<typeof articleSaveBody>, "title" | "excerpt" | "isPublished" | "override">,
  content: string,
  editor: Editor,
  now: string,
) {
  const input = parseClaimInput(row.claimInputJson);
  if (!input) {
    const held = body.isPublished ? storedHeldReasons(row) : [];
    const override = held.length ? overrideFor(held, body.override, overrideOf(row), editor, now) : null;
    return { ...publication(row, body.isPublished, now), ...(override ? { overrideJson: JSON.stringify(override) } : {}) };
  }
  const report = recheck(checkTextOf(body.title, body.excerpt, content), input);
  const checkJson = JSON.stringify(checkRecord(report, "editor", now));
  if (report.ok) {
    if (body.isPublished) return { ...publication(row, true, now), checkJson };
    return { status: "draft" as const, publishedAt: row.publishedAt, reviewReason: null, checkJson };
  }
  if (!body.isPublished)
    return { status: "review" as const, publishedAt: row.publishedAt, reviewReason: reviewReasonOf(report.problems), checkJson };
  const override = overrideFor(report.problems, body.override, overrideOf(row), editor, now);
  return { ...publication(row, true, now), checkJson, ...(override ? { overrideJson: JSON.stringify(override) } : {}) };
}

/**
 * A restored version is a save like any other: an AI article's restored text is checked again.
 * Publication does not change, so a published article takes held sentences back only under an
 * override; a held or draft one is held or a draft as the check says.
 */
async function checkedRestore(
  row: ArticleRow,
  version: { title: string; excerpt: string; content: string; contentFormat: "markdown" | "html" },
  override: OverrideRequest | undefined,
  editor: Editor,
  now: string,
) {
  const input = parseClaimInput(row.claimInputJson);
  if (!input) return {};
  const html = version.contentFormat === "html" ? version.content : await markdownToHtml(version.content);
  const report = recheck(checkTextOf(version.title, version.excerpt, html), input);
  const checkJson = JSON.stringify(checkRecord(report, "editor", now));
  if (report.ok) return { checkJson, ...(row.status === "review" ? { status: "draft" as const, reviewReason: null } : {}) };
  if (row.status !== "published") return { checkJson, status: "review" as const, reviewReason: reviewReasonOf(report.problems) };
  const recorded = overrideFor(report.problems, override, overrideOf(row), editor, now);
  return { checkJson, ...(recorded ? { overrideJson: JSON.stringify(recorded) } : {}) };
}

/**
 * PUT /api/articles/{id}: stores the previous state as a version, then the new one, in one batch
 * that only applies at the revision the editor started from (409 otherwise, nothing written).
 * The creation date is never touched; the content is sanitised here, whatever the client sent. A new slug
 * must be free (400 under `slug` otherwise); the old one becomes a redirect in the same batch.
 */
export async function saveArticle(
  db: Db,
  env: EditorEnv,
  id: number,
  body: z.output<typeof articleSaveBody>,
  editor: Editor,
): Promise<SavedArticle> {
  const row = await liveArticle(db, id);
  if (row.revision !== body.revision) throw new ApiError("CONFLICT", STALE_SAVE);
  await assertCategory(db, body.categoryId);
  if (body.slug !== undefined && body.slug !== row.slug) await assertSlugFree(db, id, body.slug);
  const content = await sanitizeArticleContent(body.content, "html");
  const text = textOf(content);
  if (!text.trim() && !/<img\b/i.test(content)) throw new ApiError("BAD_REQUEST", "Title and content are required");
  // A tag renamed or merged since the editor opened is written as the tag it became.
  const tagged = body.tags === undefined ? body : { ...body, tags: await currentTagNames(db, body.tags) };
  const now = new Date().toISOString();
  // Before anything is written: a refused publication (409) stores nothing, and the form keeps every edit.
  const checkedExcerpt = [body.excerpt, metaCheckText(row, body)].filter(Boolean).join("\n\n");
  const published = checkedPublication(row, { ...body, excerpt: checkedExcerpt }, content, editor, now);
  const notes = body.authorNotes?.trim() || DEFAULT_VERSION_NOTES;
  const results = await db
    .batch([
      snapshotStatement(db, id, body.revision, notes, editor.id),
      ...metaStatements(db, row, tagged, body.revision),
      db
        .update(articles)
        .set({
          ...metaColumns(row, body),
          title: body.title,
          excerpt: body.excerpt,
          content,
          contentFormat: "html",
          imageUrl: body.imageUrl,
          categoryId: body.categoryId,
          readTime: readTimeMinutes(content),
          ...published,
          revision: sql`${articles.revision} + 1`,
          updatedAt: now,
        })
        .where(and(eq(articles.id, id), eq(articles.revision, body.revision), isNull(articles.deletedAt)))
        .returning(),
    ])
    .catch((error: unknown) => {
      throw isSlugRace(error) ? slugRaceError() : error;
    });
  const saved = (results.at(-1) as ArticleRow[] | undefined)?.[0];
  if (!saved) throw new ApiError("CONFLICT", STALE_SAVE);
  // Published by hand: its schedule has nothing left to do. A draft save keeps its schedule.
  if (saved.status === "published" && row.status !== "published") await dropSchedule(db, env, id);
  await invalidateNow(env, id);
  return { success: true, message: "Article updated successfully", article: await present(db, saved, content) };
}

/**
 * POST /api/articles/{id}/versions/{versionId}/restore: the current state is saved as a new
 * version first, then the chosen version's fields come back (publication, slug and dates stay).
 */
export async function restoreVersion(
  db: Db,
  env: EditorEnv,
  id: number,
  versionId: number,
  editor: Editor,
  expected: { revision?: number | undefined; override?: OverrideRequest | undefined } = {},
): Promise<SavedArticle> {
  const row = await liveArticle(db, id);
  if (expected.revision !== undefined && expected.revision !== row.revision) throw new ApiError("CONFLICT", STALE_SAVE);
  const [version] = await db
    .select()
    .from(articleVersions)
    .where(and(eq(articleVersions.id, versionId), eq(articleVersions.articleId, id)))
    .limit(1);
  if (!version) throw new ApiError("NOT_FOUND", "Version not found");
  // A version may have been stored under older rules: it comes back only through today's sanitiser.
  const content = await sanitizeArticleContent(version.content, version.contentFormat);
  const now = new Date().toISOString();
  // Before anything is written, as for a save: a refused restore (409) stores nothing.
  const checked = await checkedRestore(row, { ...version, content }, expected.override, editor, now);
  const [, updated] = await db.batch([
    // The stored row's note is read as the note of the text that replaces it (versions.service.ts).
    snapshotStatement(db, id, row.revision, `Restored version ${version.versionNumber}`, editor.id),
    db
      .update(articles)
      .set({
        title: version.title,
        excerpt: version.excerpt,
        content,
        contentFormat: version.contentFormat,
        imageUrl: version.imageUrl,
        categoryId: version.categoryId,
        readTime: readTimeMinutes(content),
        ...checked,
        revision: sql`${articles.revision} + 1`,
        updatedAt: now,
      })
      .where(and(eq(articles.id, id), eq(articles.revision, row.revision), isNull(articles.deletedAt)))
      .returning(),
  ]);
  const saved = updated[0];
  if (!saved) throw new ApiError("CONFLICT", STALE_SAVE);
  await invalidateNow(env, id);
  const cleanHtml = saved.contentFormat === "html" ? content : undefined;
  return { success: true, message: `Version ${version.versionNumber} restored`, article: await present(db, saved, cleanHtml) };
}
