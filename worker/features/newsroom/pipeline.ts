import { type TaskKey, taskDependencies, taskKeys, taskLabels } from "#schema/contracts/newsroom.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { logger } from "#worker/lib/log.ts";
import type { NewsroomDeps } from "./deps.ts";
import { isBusy, newInstanceId } from "./instances.ts";
import { claimRun, getRun, insertMissingRuns, parseState, type RunRow, runsOfDate } from "./runs.ts";
import { PIPELINE_ORDER, TASKS } from "./tasks/registry.ts";

const log = logger("newsroom");

const iso = (ms: number) => new Date(ms).toISOString();

export type Start = { instanceId: string | null; runs: RunRow[] };
/** A task to claim, from the instance the caller read on its row (null: none yet). */
type Claim = { task: TaskKey; from: string | null; state: string };

/**
 * Claims the tasks' rows for a new instance (each only if it is still as read) and creates the
 * instance for the tasks it got. Answers the instance id, or null when a concurrent start got every
 * task first.
 */
async function startInstance(deps: NewsroomDeps, date: string, claims: readonly Claim[], trigger: string): Promise<string | null> {
  const instanceId = newInstanceId(date);
  const now = iso(deps.now());
  const got: TaskKey[] = [];
  for (const { task, from, state } of claims) {
    if (await claimRun(deps.db, { task, date, from, instanceId, trigger, state, now })) got.push(task);
  }
  if (got.length === 0) return null;
  // A create that fails leaves the claimed rows with an instance that never ran: they show stuck, and
  // "Recover stuck tasks" starts them again (instances.ts, stuckReason).
  await deps.env.NEWSROOM.create({ id: instanceId, params: { date, tasks: got, trigger } });
  log.info("instance started", { instance: instanceId, tasks: got, trigger });
  return instanceId;
}

/**
 * The scheduled start of a day: one instance for the day's tasks that have not run yet. Tasks that
 * ran (even failed ones) are left alone, so of the schedule and `npm start` firing for the same day
 * only the first adds the day's rows and starts an instance; the other finds them there and starts
 * nothing.
 */
export async function startDay(deps: NewsroomDeps, date: string, trigger: string): Promise<Start> {
  const added = await insertMissingRuns(deps.db, date, PIPELINE_ORDER, iso(deps.now()));
  const claims = PIPELINE_ORDER.filter((t) => added.includes(t)).map((task) => ({ task, from: null, state: "{}" }));
  const instanceId = claims.length ? await startInstance(deps, date, claims, trigger) : null;
  return { instanceId, runs: await runsOfDate(deps.db, date) };
}

/**
 * Starts tasks afresh for a date (the admin's generate and retry calls, recovery) in a new instance.
 * A finished or failed task starts over, keeping only what makes the re-run idempotent (a trending
 * task's picks); a task an instance is working on (or will) is refused. Re-running a prerequisite
 * also re-runs the tasks that failed waiting for it.
 */
export async function restartTasks(deps: NewsroomDeps, tasks: readonly TaskKey[], date: string, trigger: string): Promise<Start> {
  const rows = await Promise.all(tasks.map((task) => getRun(deps.db, task, date)));
  const busy = (await Promise.all(rows.map(async (row) => ((await isBusy(deps, row)) ? row : null)))).filter((r) => r !== null);
  if (busy.length)
    throw alreadyRunning(
      busy.map((r) => r.task as TaskKey),
      date,
    );
  const dependents = await Promise.all(
    taskKeys
      .filter((t) => !tasks.includes(t) && tasks.some((done) => taskDependencies[t].includes(done)))
      .map((t) => getRun(deps.db, t, date)),
  );
  const requeued = dependents.filter((r) => r?.status === "failed" && r.errorCategory === "dependency") as RunRow[];
  await insertMissingRuns(deps.db, date, tasks, iso(deps.now()));
  const claims = [
    ...rows.map((row, i) => ({ row, task: tasks[i] as TaskKey })),
    ...requeued.map((row) => ({ row, task: row.task as TaskKey })),
  ].map(
    ({ row, task }): Claim => ({
      task,
      from: row?.instanceId ?? null,
      state: JSON.stringify(row ? (TASKS[task].keepOnRestart?.(parseState(row)) ?? {}) : {}),
    }),
  );
  const instanceId = await startInstance(deps, date, claims, trigger);
  // A concurrent start of the same tasks (a double click) got them first: that one's instance runs them.
  if (!instanceId) throw alreadyRunning(tasks, date);
  return { instanceId, runs: (await runsOfDate(deps.db, date)).filter((r) => tasks.includes(r.task as TaskKey)) };
}

function alreadyRunning(tasks: readonly TaskKey[], date: string): ApiError {
  const names = tasks.map((t) => taskLabels[t]).join(", ");
  return new ApiError("CONFLICT", `${names} is already running for ${date}. Watch its progress in the generation status.`);
}
