import { type TaskKey, taskDependencies, taskKeys, taskLabels } from "#schema/contracts/newsroom.ts";
import { ApiError } from "#worker/lib/errors.ts";
import type { NewsroomDeps } from "./deps.ts";
import { releaseWaiting } from "./engine.ts";
import { ensureRun, getRun, NO_ERROR, parseState, type RunRow, runsOfDate, updateRun } from "./runs.ts";
import { TASKS } from "./tasks/registry.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The order the day's runs are created in, which is the order they are worked on. The trending
 * bands go from the smallest coins to the biggest, so the top 100's analyses are the day's newest:
 * the home page shows the six latest, which are then the top 100 and 101-300 bands, the coins most
 * readers know.
 */
const CREATION_ORDER: readonly TaskKey[] = ["lunarcrush_data", "daily_roundup", "trending_301_500", "trending_101_300", "trending_top_100"];

/**
 * The scheduled start of a day: creates the day's runs that do not exist yet and releases those
 * whose prerequisites are met. Runs that exist (even failed ones) are left alone, so the schedule
 * firing twice changes nothing.
 */
export async function startDay(deps: NewsroomDeps, date: string, trigger: string): Promise<RunRow[]> {
  const now = iso(deps.now());
  for (const task of CREATION_ORDER) await ensureRun(deps.db, { task, date, status: "not_started", trigger, now });
  await releaseWaiting(deps);
  return runsOfDate(deps.db, date);
}

/** A run some invocation is working on right now. */
function isBusy(run: RunRow, now: number): boolean {
  return run.status === "in_progress" && run.leaseUntil !== null && Date.parse(run.leaseUntil) > now;
}

/**
 * Starts tasks afresh for a date (the admin's generate and retry calls). A finished or failed run
 * starts over with a clean retry budget, keeping only what makes the re-run idempotent (a trending
 * run's picks); a run being worked on right now is refused. A manual retry of a prerequisite also
 * re-queues the tasks that failed waiting for it.
 */
export async function restartTasks(deps: NewsroomDeps, tasks: readonly TaskKey[], date: string, trigger: string): Promise<RunRow[]> {
  const nowMs = deps.now();
  const now = iso(nowMs);
  const existing = await Promise.all(tasks.map((task) => getRun(deps.db, task, date)));
  const busy = existing.filter((run): run is RunRow => run !== null && isBusy(run, nowMs));
  if (busy.length) {
    const names = busy.map((r) => taskLabels[r.task as TaskKey]).join(", ");
    throw new ApiError("CONFLICT", `${names} is already running for ${date}. Watch its progress in the generation status.`);
  }
  for (const [i, task] of tasks.entries()) {
    const run = existing[i] ?? (await ensureRun(deps.db, { task, date, status: "not_started", trigger, now }));
    await resetRun(deps, run, trigger, now);
  }
  const dependents = taskKeys.filter((t) => tasks.some((done) => taskDependencies[t].includes(done)) && !tasks.includes(t));
  for (const task of dependents) {
    const run = await getRun(deps.db, task, date);
    if (run?.status === "failed" && run.errorCategory === "dependency") await resetRun(deps, run, trigger, now);
  }
  await releaseWaiting(deps);
  return (await runsOfDate(deps.db, date)).filter((r) => tasks.includes(r.task as TaskKey));
}

async function resetRun(deps: NewsroomDeps, run: RunRow, trigger: string, now: string): Promise<void> {
  const keep = TASKS[run.task as TaskKey].keepOnRestart?.(parseState(run)) ?? {};
  await updateRun(
    deps.db,
    run.id,
    {
      status: "not_started",
      trigger,
      currentStep: null,
      completedSteps: 0,
      totalSteps: 0,
      stepsJson: "[]",
      stateJson: JSON.stringify(keep),
      startedAt: null,
      heartbeatAt: null,
      completedAt: null,
      retryCount: 0,
      nextRetryAt: null,
      leaseId: null,
      leaseUntil: null,
      ...NO_ERROR,
    },
    now,
  );
}
