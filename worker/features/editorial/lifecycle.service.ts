import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { EditorialResult, OverrideRequest, TrashedArticle } from "#schema/contracts/editorial.ts";
import { users } from "#schema/db/accounts.ts";
import { articleSlugRedirects, articles, articleTags, articleVersions, categories } from "#schema/db/content.ts";
import type { Db } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { ARTICLE_NOT_FOUND, liveArticle } from "./editor.service.ts";
import { overrideFor, overrideOf, storedHeldReasons } from "./held.ts";
import { invalidateNow } from "./invalidate.ts";
import { dropSchedule } from "./schedule-store.ts";

type EditorialEnv = Env;

/** DELETE /api/articles/{id}: into the trash (reversible); readers lose it at once. */
export async function moveToTrash(db: Db, env: EditorialEnv, id: number, userId: string): Promise<EditorialResult> {
  await liveArticle(db, id);
  const now = new Date().toISOString();
  const [row] = await db
    .update(articles)
    .set({ deletedAt: now, deletedBy: userId, revision: sql`${articles.revision} + 1`, updatedAt: now })
    .where(and(eq(articles.id, id), isNull(articles.deletedAt)))
    .returning({ id: articles.id });
  if (!row) throw new ApiError("NOT_FOUND", ARTICLE_NOT_FOUND);
  // A trashed article is never published by its schedule; restoring it does not bring the schedule back.
  await dropSchedule(db, env, id);
  await invalidateNow(env, id);
  return { success: true, message: "Article moved to trash" };
}

/** GET /api/admin/trash: most recently deleted first, with who deleted it (name, else email). */
export async function listTrash(db: Db): Promise<TrashedArticle[]> {
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      excerpt: articles.excerpt,
      categoryId: articles.categoryId,
      categoryName: categories.name,
      cryptoSymbol: articles.cryptoSymbol,
      deletedAt: articles.deletedAt,
      deletedById: articles.deletedBy,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.deletedBy))
    .where(isNotNull(articles.deletedAt))
    .orderBy(desc(articles.deletedAt), desc(articles.id));
  return rows.map((r) => {
    const name = [r.firstName, r.lastName].filter(Boolean).join(" ");
    return {
      id: r.id,
      title: r.title,
      excerpt: r.excerpt,
      categoryId: r.categoryId,
      categoryName: r.categoryName,
      cryptoSymbol: r.cryptoSymbol,
      deletedAt: r.deletedAt ?? "",
      deletedBy: name || r.email || r.deletedById,
    };
  });
}

async function trashed(db: Db, id: number) {
  const [row] = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(and(eq(articles.id, id), isNotNull(articles.deletedAt)))
    .limit(1);
  if (!row) throw new ApiError("NOT_FOUND", "Article not found in trash");
  return row;
}

/**
 * POST /api/admin/trash/{id}/restore: back where it was, with its slug, creation and publish dates.
 * Nothing is sent: the newsletter picks its articles when an edition starts, never on a restore.
 */
export async function restoreFromTrash(db: Db, env: EditorialEnv, id: number): Promise<EditorialResult> {
  const row = await trashed(db, id);
  await db
    .update(articles)
    .set({ deletedAt: null, deletedBy: null, revision: sql`${articles.revision} + 1`, updatedAt: new Date().toISOString() })
    .where(eq(articles.id, id));
  await invalidateNow(env, id);
  return { success: true, message: `"${row.title}" restored` };
}

/**
 * DELETE /api/admin/trash/{id}: gone for good. Versions go in the same batch (the foreign key
 * cascades too), the search index rows with the row (its delete trigger), and the caches after.
 */
export async function deleteForever(db: Db, env: EditorialEnv, id: number): Promise<EditorialResult> {
  const row = await trashed(db, id);
  await db.batch([
    db.delete(articleVersions).where(eq(articleVersions.articleId, id)),
    // Its old addresses go with it (they 404 from now on) and so do its tags; a tag left on no article has no page.
    db.delete(articleSlugRedirects).where(eq(articleSlugRedirects.articleId, id)),
    db.delete(articleTags).where(eq(articleTags.articleId, id)),
    db.delete(articles).where(and(eq(articles.id, id), isNotNull(articles.deletedAt))),
  ]);
  await invalidateNow(env, id);
  return { success: true, message: `"${row.title}" permanently deleted` };
}

/**
 * POST /api/admin/articles/{id}/publish: "Publish anyway" for a held (or draft) article. A held one is
 * published only over the held reasons the editor confirmed, and that override is recorded.
 */
export async function publishNow(
  db: Db,
  env: EditorialEnv,
  id: number,
  request: OverrideRequest | undefined,
  editor: { id: string; email: string | null },
): Promise<EditorialResult> {
  const row = await liveArticle(db, id);
  if (row.status === "published") return { success: true, message: "Article is already published" };
  const now = new Date().toISOString();
  const held = storedHeldReasons(row);
  const override = held.length ? overrideFor(held, request, overrideOf(row), editor, now) : null;
  await db
    .update(articles)
    .set({
      status: "published",
      publishedAt: row.publishedAt ?? now,
      reviewReason: null,
      ...(override ? { overrideJson: JSON.stringify(override) } : {}),
      revision: sql`${articles.revision} + 1`,
      updatedAt: now,
    })
    .where(eq(articles.id, id));
  // Published by hand: its schedule has nothing left to do.
  await dropSchedule(db, env, id);
  await invalidateNow(env, id);
  return { success: true, message: held.length ? "Article published over its held sentences (override recorded)" : "Article published" };
}
