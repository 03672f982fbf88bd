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

/**
 * How long past its time a schedule may still be live before the cron restarts it: the platform's
 * engine wakes an instance within seconds of its time, so only one it lost track of is older than this.
 */
const OVERDUE_GRACE_MS = 15_000;

/** Restarts the live instances of the schedules due before `before` (all of them when null). */
async function restartLive(db: Db, env: ScheduleEnv, before: string | null): Promise<number> {
  const query = db.select({ instanceId: articleSchedules.instanceId }).from(articleSchedules);
  const rows = await (before === null ? query : query.where(lt(articleSchedules.publishAt, before)));
  let restarted = 0;
  for (const { instanceId } of rows) {
    try {
      const instance = await env.PUBLISH_SCHEDULE.get(instanceId);
      if (!LIVE_STATUSES.has((await instance.status()).status)) continue;
      // From its start: a time still ahead is slept until again, a time passed publishes at once.
      await instance.restart();
      restarted += 1;
    } catch (error) {
      logger("editorial").warn("schedule instance not restarted", { instanceId, error });
    }
  }
  return restarted;
}

/**
 * The every-minute cron's job: restarts every instance still live past its time. The platform's engine
 * wakes its sleeping instances by itself, so there this finds nothing; the local one (`wrangler dev`,
 * Miniflare) keeps no alarm for a sleep, so one that spanned a stop or a reload never wakes
 * (docs/decisions/editorial/scheduled-publishing-is-a-sleeping-workflow.md, Restarts).
 */
export function resumeOverdue(db: Db, env: ScheduleEnv, now: number): Promise<number> {
  return restartLive(db, env, new Date(now - OVERDUE_GRACE_MS).toISOString());
}

/**
 * POST /api/dev/schedules/resume (local only), which `npm start` calls: every live schedule's instance is
 * restarted, so the restarted local engine sleeps again until each time, or publishes one already passed.
 */
export function resumeAll(db: Db, env: ScheduleEnv): Promise<number> {
  return restartLive(db, env, null);
}
