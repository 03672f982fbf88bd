import { type DepsFactory, utcDate } from "./deps.ts";
import { budgetOf, type TickReport, tick } from "./engine.ts";
import { startDay } from "./pipeline.ts";

/** One cron invocation's share of work; the rest waits for the next minute (CPU and wall-time limits). */
const CRON_BUDGET_MS = 20_000;

/** Collects the background promises of one cron invocation so they finish before it ends. */
async function withDeps<T>(env: Env, makeDeps: DepsFactory, work: (deps: ReturnType<DepsFactory>) => Promise<T>): Promise<T> {
  const pending: Promise<unknown>[] = [];
  const deps = makeDeps(env, (p) => pending.push(p));
  try {
    return await work(deps);
  } finally {
    await Promise.allSettled(pending);
  }
}

/** The daily cron: create the day's runs, then start on them. */
export function runDailyPipeline(env: Env, scheduledTime: number, makeDeps: DepsFactory): Promise<TickReport> {
  return withDeps(env, makeDeps, async (deps) => {
    await startDay(deps, utcDate(scheduledTime), "schedule");
    return tick(deps, budgetOf(CRON_BUDGET_MS));
  });
}

/** The every-minute cron: watchdog, due retries, released dependents, and bounded progress. */
export function runNewsroomTick(env: Env, makeDeps: DepsFactory): Promise<TickReport> {
  return withDeps(env, makeDeps, (deps) => tick(deps, budgetOf(CRON_BUDGET_MS)));
}
