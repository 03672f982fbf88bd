import { eq, lt } from "drizzle-orm";
import { articleSchedules } from "#schema/db/content.ts";
import type { Db } from "#worker/lib/db.ts";
import { logger } from "#worker/lib/log.ts";

/**
 * The schedule's row and instance as the desk's other writes (trash, a publication by hand) end them: apart
 * from schedule.service.ts, which reads articles through editor.service.ts, so neither imports the other.
 */
export type ScheduleEnv = Pick<Env, "PUBLISH_SCHEDULE">;

/** Statuses of an instance that will still run its step (or sleeps until it does). */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(["queued", "running", "waiting", "paused", "waitingForPause"]);

/** Ends an instance unless it has ended already (published, held, terminated before, or lost): nothing to do then. */
export async function terminate(env: ScheduleEnv, instanceId: string): Promise<void> {
  try {
    const instance = await env.PUBLISH_SCHEDULE.get(instanceId);
    if (LIVE_STATUSES.has((await instance.status()).status)) await instance.terminate();
  } catch (error) {
    // Ended between the two calls, or missing: either way it will publish nothing.
    logger("editorial").info("schedule instance not terminated", { instanceId, error });
  }
}

/**
 * Drops the article's schedule, if it has one, and terminates its instance. Called by the DELETE
 * route, the trash, and a publication by hand (a published article has nothing left to schedule).
 * Returns whether there was one.
 */
export async function dropSchedule(db: Db, env: ScheduleEnv, articleId: number): Promise<boolean> {
  const [gone] = await db
    .delete(articleSchedules)
    .where(eq(articleSchedules.articleId, articleId))
    .returning({ instanceId: articleSchedules.instanceId });
  if (gone) await terminate(env, gone.instanceId);
  return gone !== undefined;
}

/** How long past its time a schedule may still be waiting before it counts as stranded. */
const OVERDUE_GRACE_MS = 60_000;

/**
 * Restarts every instance still waiting well past its time; the restarted run finds the time passed and
 * publishes at once. The platform's engine resumes its sleeping instances by itself; the local one
 * (`wrangler dev`, Miniflare) keeps no alarm for them, so a sleep that spanned a restart or a reload never
 * wakes. Run by the every-minute cron and once by `npm start` (docs/decisions/editorial/scheduled-publishing-is-a-sleeping-workflow.md).
 */
export async function resumeOverdue(db: Db, env: ScheduleEnv, now: number): Promise<number> {
  const overdue = await db
    .select({ instanceId: articleSchedules.instanceId })
    .from(articleSchedules)
    .where(lt(articleSchedules.publishAt, new Date(now - OVERDUE_GRACE_MS).toISOString()));
  let resumed = 0;
  for (const { instanceId } of overdue) {
    try {
      const instance = await env.PUBLISH_SCHEDULE.get(instanceId);
      if (!LIVE_STATUSES.has((await instance.status()).status)) continue;
      await instance.restart();
      resumed += 1;
    } catch (error) {
      logger("editorial").warn("overdue schedule not restarted", { instanceId, error });
    }
  }
  return resumed;
}
