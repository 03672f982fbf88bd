import { and, eq, sql } from "drizzle-orm";
import { HELD_PUBLISH_REFUSED } from "#schema/contracts/editorial.ts";
import { articleSchedules, articles } from "#schema/db/content.ts";
import { markdownToHtml } from "#worker/features/content/index.ts";
import type { Db } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { findArticle } from "./article-admin-store.ts";
import { checkedPublication } from "./editor.service.ts";
import { invalidateNow } from "./invalidate.ts";
import { tellEditors } from "./presence.ts";

/**
 * What an instance did at its time: the instance's output, which the desk reads back from the engine
 * (schedule.service.ts). `skipped`: the schedule was replaced, cancelled, or the article had been
 * published or trashed meanwhile.
 */
export type ScheduleOutcome = { result: "published" | "held" | "skipped"; reasons: string[]; detail?: string };

const isHeldRefusal = (err: unknown): err is ApiError => err instanceof ApiError && err.message === HELD_PUBLISH_REFUSED;

/**
 * The schedule's step: the article is published as the desk's Publish and Save would publish it
 * (`checkedPublication`: an AI-written article's claim check runs again on its current text; a held one
 * is not published without an editor's override), then the caches are bumped and its page rendered
 * ahead (`invalidateNow`). Only while the schedule's row still names this instance: a replaced or
 * cancelled schedule whose terminate was lost publishes nothing.
 */
export async function publishAtItsTime(db: Db, env: Env, articleId: number, instanceId: string): Promise<ScheduleOutcome> {
  const [schedule] = await db.select().from(articleSchedules).where(eq(articleSchedules.articleId, articleId)).limit(1);
  if (schedule?.instanceId !== instanceId) return { result: "skipped", reasons: [], detail: "The schedule was replaced or cancelled" };
  const row = await findArticle(db, articleId);
  const mine = and(eq(articleSchedules.articleId, articleId), eq(articleSchedules.instanceId, instanceId));
  if (!row || row.deletedAt || row.status === "published") {
    await db.delete(articleSchedules).where(mine);
    return { result: "skipped", reasons: [], detail: row?.status === "published" ? "Already published" : "In the trash" };
  }
  const now = new Date().toISOString();
  const html = row.contentFormat === "html" ? row.content : await markdownToHtml(row.content);
  const editor = { id: schedule.createdBy, email: null };
  const asSaved = (isPublished: boolean) =>
    checkedPublication(row, { title: row.title, excerpt: row.excerpt, isPublished }, html, editor, now);
  const atRevision = and(eq(articles.id, articleId), eq(articles.revision, row.revision));
  let published: ReturnType<typeof asSaved>;
  try {
    published = asSaved(true);
  } catch (err) {
    if (!isHeldRefusal(err)) throw err;
    // Held: stored as a draft save would store it (held, with the check's result), so the desk shows why.
    const kept = asSaved(false);
    if ("checkJson" in kept) {
      const [held] = await db
        .update(articles)
        .set({ ...kept, revision: sql`${articles.revision} + 1`, updatedAt: now })
        .where(atRevision)
        .returning({ revision: articles.revision, status: articles.status });
      if (held) await tellEditors(env, articleId, { kind: "scheduled", by: null, ...held, at: now });
    }
    return { result: "held", reasons: (err.issues ?? []).map((i) => i.message) };
  }
  const [updated] = await db
    .update(articles)
    .set({ ...published, revision: sql`${articles.revision} + 1`, updatedAt: now })
    .where(atRevision)
    .returning({ revision: articles.revision, status: articles.status });
  // Saved by an editor in between: the step is retried on the new text (and its row kept for that try).
  if (!updated) throw new Error(`Article ${articleId} changed while it was being published`);
  // A retry after this point finds the article published and drops the row then.
  await db.delete(articleSchedules).where(mine);
  await invalidateNow(env, articleId);
  // Never throws: the publication stands whether or not the open editors hear of it.
  await tellEditors(env, articleId, { kind: "scheduled", by: null, ...updated, at: now });
  return { result: "published", reasons: [] };
}
