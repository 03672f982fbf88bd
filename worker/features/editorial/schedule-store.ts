import { eq } from "drizzle-orm";
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
