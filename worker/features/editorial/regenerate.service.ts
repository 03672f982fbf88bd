import { and, eq } from "drizzle-orm";
import { type StartedRuns, type TaskKey, taskKeys } from "#schema/contracts/newsroom.ts";
import { articles, articleVersions } from "#schema/db/content.ts";
import { assertRetryable, type NewsroomDeps, retryGeneration, utcDate } from "#worker/features/newsroom/index.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { liveArticle } from "./editor.service.ts";
import { invalidateNow } from "./invalidate.ts";

/** "2026-11-22:trending_top_100:pepe" or "2026-11-22:daily_roundup" → the task and date that wrote it. */
export function parseGenerationKey(key: string | null): { task: TaskKey; date: string } | null {
  const [date, task] = key?.split(":") ?? [];
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  if (!task || task === "lunarcrush_data" || !(taskKeys as readonly string[]).includes(task)) return null;
  return { task: task as TaskKey, date };
}

/**
 * POST /api/admin/articles/{id}/regenerate: re-runs a held article's generation through the
 * newsroom's own retry. The held draft was never public, so it is removed first (freeing its
 * generation key and slug); the task then writes that coin's (or day's) article again from the
 * same stored data, and the grounding check publishes it or holds it again.
 */
export async function regenerateArticle(deps: NewsroomDeps, id: number): Promise<StartedRuns> {
  const row = await liveArticle(deps.db, id);
  if (row.status !== "review") throw new ApiError("BAD_REQUEST", "Only articles held for review can be regenerated.");
  const origin = parseGenerationKey(row.generationKey);
  if (!origin) throw new ApiError("BAD_REQUEST", "This article was not written by the newsroom, so it cannot be regenerated.");
  const body = { generationType: origin.task, date: origin.date };
  assertRetryable(utcDate(deps.now()), body);
  await deps.db.batch([
    deps.db.delete(articleVersions).where(eq(articleVersions.articleId, id)),
    deps.db.delete(articles).where(and(eq(articles.id, id), eq(articles.status, "review"))),
  ]);
  await invalidateNow(deps.env, id);
  return retryGeneration(deps, body);
}
