import { type DepsFactory, utcDate } from "./deps.ts";
import { type Start, startDay } from "./pipeline.ts";

/**
 * The daily cron: starts the day's Workflow instance (`newsroom-YYYY-MM-DD`) for the tasks that
 * have not run yet. The Workflow does the rest: steps, retries, backoff, waiting for prerequisites.
 */
export async function runDailyPipeline(
  env: Env,
  scheduledTime: number,
  makeDeps: DepsFactory,
): Promise<{ instanceId: string | null; tasks: string[] }> {
  const deps = makeDeps(env, () => {});
  const { instanceId, runs }: Start = await startDay(deps, utcDate(scheduledTime), "schedule");
  return { instanceId, tasks: instanceId ? runs.filter((r) => r.instanceId === instanceId).map((r) => r.task) : [] };
}
