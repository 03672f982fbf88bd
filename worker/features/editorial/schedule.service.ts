import { asc, eq } from "drizzle-orm";
import {
  type ArticleSchedule,
  NO_SCHEDULE,
  SCHEDULE_IN_PAST,
  SCHEDULE_MAX_DAYS,
  SCHEDULE_PUBLISHED,
  SCHEDULE_TOO_FAR,
  type ScheduledArticle,
} from "#schema/contracts/schedule.ts";
import { users } from "#schema/db/accounts.ts";
import { articleSchedules, articles } from "#schema/db/content.ts";
import type { Db } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { liveArticle } from "./editor.service.ts";
import { dropSchedule, LIVE_STATUSES, type ScheduleEnv, terminate } from "./schedule-store.ts";
import type { ScheduleOutcome } from "./scheduled-publish.ts";

type ScheduleRow = typeof articleSchedules.$inferSelect;
const DAY_MS = 86_400_000;

/**
 * A new id per schedule: the engine never reuses an instance id, even one terminated, and a
 * reschedule must not meet the instance it replaces.
 */
const instanceIdFor = (articleId: number) => `publish-${articleId}-${crypto.randomUUID()}`;

/**
 * Where the schedule stands, read from its instance (the engine holds that state; the row does not
 * copy it). Null: nothing left to show (published, replaced, cancelled).
 */
async function stateOf(env: ScheduleEnv, instanceId: string): Promise<Pick<ArticleSchedule, "state" | "reasons" | "message"> | null> {
  let status: InstanceStatus;
  try {
    status = await (await env.PUBLISH_SCHEDULE.get(instanceId)).status();
  } catch {
    // The engine lost it (a local state directory wiped, say): the admin must schedule again.
    return { state: "failed", reasons: [], message: `Its Workflow instance ${instanceId} is missing: schedule it again.` };
  }
  if (LIVE_STATUSES.has(status.status)) return { state: "scheduled", reasons: [], message: null };
  if (status.status === "complete") {
    const outcome = status.output as ScheduleOutcome | undefined;
    return outcome?.result === "held" ? { state: "held", reasons: outcome.reasons, message: null } : null;
  }
  if (status.status === "terminated") return null;
  return { state: "failed", reasons: [], message: status.error?.message ?? `Its Workflow instance ended ${status.status}.` };
}

const byName = (u: { firstName: string | null; lastName: string | null; email: string | null } | null, id: string) =>
  [u?.firstName, u?.lastName].filter(Boolean).join(" ") || u?.email || id;

async function rowsWithAuthors(db: Db, articleId?: number) {
  const query = db
    .select({
      schedule: articleSchedules,
      title: articles.title,
      slug: articles.slug,
      status: articles.status,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(articleSchedules)
    .innerJoin(articles, eq(articles.id, articleSchedules.articleId))
    .leftJoin(users, eq(users.id, articleSchedules.createdBy));
  return articleId === undefined
    ? query.orderBy(asc(articleSchedules.publishAt), asc(articleSchedules.articleId))
    : query.where(eq(articleSchedules.articleId, articleId));
}

async function present(env: ScheduleEnv, r: Awaited<ReturnType<typeof rowsWithAuthors>>[number]): Promise<ArticleSchedule | null> {
  const state = await stateOf(env, r.schedule.instanceId);
  if (!state) return null;
  return {
    articleId: r.schedule.articleId,
    publishAt: r.schedule.publishAt,
    ...state,
    scheduledBy: byName(r, r.schedule.createdBy),
    scheduledAt: r.schedule.createdAt,
  };
}

/** GET /api/articles/{id}/schedule. */
export async function getSchedule(db: Db, env: ScheduleEnv, articleId: number): Promise<{ schedule: ArticleSchedule | null }> {
  await liveArticle(db, articleId);
  const [row] = await rowsWithAuthors(db, articleId);
  return { schedule: row ? await present(env, row) : null };
}

/** GET /api/admin/scheduled-articles: soonest first. A few rows at most, each one status read from the engine. */
export async function listScheduled(db: Db, env: ScheduleEnv): Promise<{ articles: ScheduledArticle[] }> {
  const rows = await rowsWithAuthors(db);
  const shown = await Promise.all(
    rows.map(async (r) => {
      const schedule = await present(env, r);
      return schedule ? { ...schedule, title: r.title, slug: r.slug, status: r.status } : null;
    }),
  );
  return { articles: shown.filter((s) => s !== null) };
}

function assertTime(publishAt: string, now: number): string {
  const at = Date.parse(publishAt);
  const issue = (message: string) => new ApiError("BAD_REQUEST", message, { issues: [{ path: "publishAt", message }] });
  if (at <= now) throw issue(SCHEDULE_IN_PAST);
  if (at > now + SCHEDULE_MAX_DAYS * DAY_MS) throw issue(SCHEDULE_TOO_FAR);
  return new Date(at).toISOString();
}

/**
 * PUT /api/articles/{id}/schedule: a new instance sleeps until `publishAt`, then the row points at it,
 * then the one it replaces is terminated. Stopped at any point in between, no article is published
 * twice or early: an instance publishes only while the row still names it (scheduled-publish.ts).
 */
export async function setSchedule(
  db: Db,
  env: ScheduleEnv,
  articleId: number,
  publishAt: string,
  by: string,
  now = Date.now(),
): Promise<ArticleSchedule> {
  const article = await liveArticle(db, articleId);
  if (article.status === "published") throw new ApiError("CONFLICT", SCHEDULE_PUBLISHED);
  const at = assertTime(publishAt, now);
  const [previous] = await db.select().from(articleSchedules).where(eq(articleSchedules.articleId, articleId)).limit(1);
  const instanceId = instanceIdFor(articleId);
  await env.PUBLISH_SCHEDULE.create({ id: instanceId, params: { articleId, publishAt: at } });
  const row: ScheduleRow = { articleId, instanceId, publishAt: at, createdBy: by, createdAt: new Date(now).toISOString() };
  await db
    .insert(articleSchedules)
    .values(row)
    .onConflictDoUpdate({
      target: articleSchedules.articleId,
      set: { instanceId, publishAt: at, createdBy: by, createdAt: row.createdAt },
    });
  if (previous) await terminate(env, previous.instanceId);
  const [shown] = await rowsWithAuthors(db, articleId);
  const schedule = shown ? await present(env, shown) : null;
  // Just created, so the engine reports it queued or waiting; anything else is the engine's failure.
  if (!schedule) throw new ApiError("INTERNAL", "The schedule's Workflow instance ended at once");
  return schedule;
}

/** DELETE /api/articles/{id}/schedule. */
export async function cancelSchedule(db: Db, env: ScheduleEnv, articleId: number) {
  await liveArticle(db, articleId);
  if (!(await dropSchedule(db, env, articleId))) throw new ApiError("NOT_FOUND", NO_SCHEDULE);
  return { success: true as const, message: "Schedule cancelled: nothing will be published at that time" };
}
