import { and, eq } from "drizzle-orm";
import { type ArticleDraft, draftFormSchema } from "#schema/contracts/article-draft.ts";
import type { EditorialResult } from "#schema/contracts/editorial.ts";
import { articleDrafts } from "#schema/db/content.ts";
import type { Db } from "#worker/lib/db.ts";
import { liveArticle } from "./editor.service.ts";

/**
 * Autosaved editor forms, one per article and admin (docs/decisions/editorial/autosave-and-recovery.md).
 * Stored as typed and never sanitised here: a draft is read back only by the admin who wrote it, into the
 * editor, which sanitises what it shows; the save that publishes it sanitises on the server as ever.
 */
export async function getDraft(db: Db, articleId: number, userId: string): Promise<{ draft: ArticleDraft | null }> {
  await liveArticle(db, articleId);
  const [row] = await db
    .select()
    .from(articleDrafts)
    .where(and(eq(articleDrafts.articleId, articleId), eq(articleDrafts.userId, userId)));
  if (!row) return { draft: null };
  // A row whose form no longer parses (the form gained a field since) is as good as none.
  const form = draftFormSchema.safeParse(safeParse(row.form));
  return { draft: form.success ? { form: form.data, baseRevision: row.baseRevision, savedAt: row.savedAt } : null };
}

export async function putDraft(db: Db, articleId: number, userId: string, draft: Omit<ArticleDraft, "savedAt">): Promise<ArticleDraft> {
  await liveArticle(db, articleId);
  const savedAt = new Date().toISOString();
  const values = { form: JSON.stringify(draft.form), baseRevision: draft.baseRevision, savedAt };
  await db
    .insert(articleDrafts)
    .values({ articleId, userId, ...values })
    .onConflictDoUpdate({ target: [articleDrafts.articleId, articleDrafts.userId], set: values });
  return { ...draft, savedAt };
}

export async function deleteDraft(db: Db, articleId: number, userId: string): Promise<EditorialResult> {
  await liveArticle(db, articleId);
  await clearDraft(db, articleId, userId);
  return { success: true, message: "Draft discarded" };
}

/** After a successful save: the saved article is what the draft was waiting to become. */
export async function clearDraft(db: Db, articleId: number, userId: string): Promise<void> {
  await db.delete(articleDrafts).where(and(eq(articleDrafts.articleId, articleId), eq(articleDrafts.userId, userId)));
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
