import { type StepDetail, type TaskKey, taskDependencies, taskLabels } from "#schema/contracts/newsroom.ts";
import type { RunStatus } from "#schema/db/newsroom.ts";
import type { NewsroomDeps } from "./deps.ts";
import {
  claimLease,
  getRun,
  getRunById,
  NO_ERROR,
  parseState,
  parseSteps,
  promoteDueRetries,
  type RunRow,
  runnableRuns,
  runsWithStatus,
  updateRun,
} from "./runs.ts";
import { classify, DependencyError, retryable, suggestAction } from "./task-errors.ts";
import { TASKS } from "./tasks/registry.ts";
import { createMemo, type Step, type StepContext } from "./tasks/task.ts";

/** Automatic retries after the first failure, 1, 2 then 4 minutes apart. */
export const MAX_RETRIES = 3;
export const RETRY_BASE_MS = 60_000;
/** An invocation holds a run this long per step; a step that outlives it is taken over or reset. */
export const LEASE_MS = 3 * 60_000;
/** A run in progress with no step finished for this long is stuck; the watchdog resets it. */
export const STUCK_AFTER_MS = 10 * 60_000;

/** Wall-clock limit of one invocation's work, measured on the real clock (tests fix the other one). */
export type Budget = { deadline: number };
export function budgetOf(ms: number): Budget {
  return { deadline: Date.now() + ms };
}

export function backoffMs(retryCount: number): number {
  return Math.min(30 * 60_000, RETRY_BASE_MS * 2 ** Math.max(0, retryCount - 1));
}

const iso = (ms: number) => new Date(ms).toISOString();

function stepDetails(steps: Step[], done: number, durations: (number | null)[], current: "running" | "failed" | null): StepDetail[] {
  return steps.map((s, i) => ({
    name: s.name,
    status: i < done ? "completed" : i === done && current ? current : "pending",
    duration: durations[i] ?? null,
  }));
}

function log(level: "info" | "warn" | "error", run: Pick<RunRow, "task" | "date">, fields: Record<string, unknown>): void {
  const line = JSON.stringify({ level, job: "newsroom", task: run.task, date: run.date, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/**
 * Records a failure: retried with exponential backoff while retries remain and the category is
 * retryable, failed otherwise. The run keeps its completed steps, so a retry resumes where it broke.
 */
export async function failRun(deps: NewsroomDeps, run: RunRow, err: unknown, stepsJson: string): Promise<RunStatus> {
  const e = err instanceof Error ? err : new Error(String(err));
  const category = classify(e);
  const now = deps.now();
  const willRetry = retryable(category) && run.retryCount < MAX_RETRIES;
  const retryCount = willRetry ? run.retryCount + 1 : run.retryCount;
  const status: RunStatus = willRetry ? "retrying" : "failed";
  await updateRun(
    deps.db,
    run.id,
    {
      status,
      retryCount,
      nextRetryAt: willRetry ? iso(now + backoffMs(retryCount)) : null,
      errorCategory: category,
      errorMessage: e.message.slice(0, 1000),
      errorAt: iso(now),
      errorStack: e.stack?.slice(0, 4000) ?? null,
      errorSuggestedAction: suggestAction(category, e, run.date),
      stepsJson,
      leaseId: null,
      leaseUntil: null,
      heartbeatAt: iso(now),
    },
    iso(now),
  );
  log(willRetry ? "warn" : "error", run, { status, category, error: e.message, retryCount });
  return status;
}

/**
 * Advances one run step by step until it completes, fails, or the budget runs out. Progress is
 * saved before and after every step, so the next invocation resumes at the first unfinished step.
 */
export async function advanceRun(deps: NewsroomDeps, id: number, budget: Budget, memo: StepContext["memo"]): Promise<RunStatus | "busy"> {
  const run = await getRunById(deps.db, id);
  if (!run) return "failed";
  if (run.status !== "in_progress") return run.status;
  const leaseId = crypto.randomUUID();
  if (!(await claimLease(deps.db, id, leaseId, iso(deps.now()), iso(deps.now() + LEASE_MS)))) return "busy";
  const definition = TASKS[run.task as TaskKey];
  const state = parseState(run);
  const durations = parseSteps(run).map((d) => d.duration);
  const ctx: StepContext = { deps, date: run.date, state, memo };
  let done = run.completedSteps;
  for (;;) {
    const steps = definition.steps(state, run.date);
    const now = iso(deps.now());
    if (done >= steps.length) {
      await updateRun(
        deps.db,
        id,
        {
          status: "completed",
          completedAt: now,
          currentStep: null,
          completedSteps: steps.length,
          totalSteps: steps.length,
          stepsJson: JSON.stringify(stepDetails(steps, done, durations, null)),
          stateJson: JSON.stringify(state),
          nextRetryAt: null,
          heartbeatAt: now,
          leaseId: null,
          leaseUntil: null,
          ...NO_ERROR,
        },
        now,
      );
      log("info", run, { status: "completed", steps: steps.length, ...(state.results ? { results: state.results } : {}) });
      return "completed";
    }
    const step = steps[done] as Step;
    if (Date.now() >= budget.deadline) {
      await updateRun(deps.db, id, { currentStep: step.name, leaseId: null, leaseUntil: null }, now);
      return "in_progress";
    }
    await updateRun(
      deps.db,
      id,
      {
        currentStep: step.name,
        completedSteps: done,
        totalSteps: steps.length,
        stepsJson: JSON.stringify(stepDetails(steps, done, durations, "running")),
        heartbeatAt: now,
        leaseUntil: iso(deps.now() + LEASE_MS),
      },
      now,
    );
    const started = Date.now();
    try {
      await step.run(ctx);
    } catch (err) {
      durations[done] = Math.round((Date.now() - started) / 10) / 100;
      const failedSteps = JSON.stringify(stepDetails(steps, done, durations, "failed"));
      return failRun(deps, { ...run, stateJson: JSON.stringify(state) }, err, failedSteps);
    }
    durations[done] = Math.round((Date.now() - started) / 10) / 100;
    done++;
    const next = definition.steps(state, run.date);
    await updateRun(
      deps.db,
      id,
      {
        completedSteps: done,
        totalSteps: next.length,
        currentStep: next[done]?.name ?? null,
        stepsJson: JSON.stringify(stepDetails(next, done, durations, null)),
        stateJson: JSON.stringify(state),
        heartbeatAt: iso(deps.now()),
      },
      iso(deps.now()),
    );
  }
}

/** Resets runs stuck in progress (no step finished for STUCK_AFTER_MS): they retry, or fail when out of retries. */
export async function watchdog(deps: NewsroomDeps): Promise<number> {
  const cutoff = deps.now() - STUCK_AFTER_MS;
  const stuck = (await runsWithStatus(deps.db, "in_progress")).filter((r) => {
    const last = r.heartbeatAt ?? r.startedAt ?? r.updatedAt;
    return Date.parse(last) < cutoff;
  });
  for (const run of stuck) {
    const minutes = Math.round((deps.now() - Date.parse(run.heartbeatAt ?? run.startedAt ?? run.updatedAt)) / 60_000);
    const error = new Error(`No progress for ${minutes} minutes in step "${run.currentStep ?? "start"}"; reset by the watchdog`);
    error.name = "TimeoutError";
    const steps = parseSteps(run).map((s) => (s.status === "running" ? { ...s, status: "failed" as const } : s));
    await failRun(deps, run, error, JSON.stringify(steps));
  }
  return stuck.length;
}

/**
 * Starts waiting runs whose prerequisites completed for the same date; a run whose prerequisite
 * failed fails too (category dependency) until someone retries the prerequisite.
 */
export async function releaseWaiting(deps: NewsroomDeps): Promise<void> {
  for (const run of await runsWithStatus(deps.db, "not_started")) {
    const needs = taskDependencies[run.task as TaskKey] ?? [];
    const before = await Promise.all(needs.map(async (task) => (await getRun(deps.db, task, run.date))?.status ?? null));
    const now = iso(deps.now());
    if (before.every((s) => s === "completed")) {
      await updateRun(deps.db, run.id, { status: "in_progress", startedAt: run.startedAt ?? now, heartbeatAt: now }, now);
    } else {
      const failed = needs.filter((_, i) => before[i] === "failed");
      if (failed.length) {
        const names = failed.map((t) => taskLabels[t]).join(", ");
        await failRun(deps, run, new DependencyError(`${names} failed for ${run.date}; this task needs it`), run.stepsJson);
      }
    }
  }
}

export type TickReport = { recovered: number; promoted: number; completed: string[]; failed: string[] };

/**
 * One pass of the pipeline: watchdog, due retries, released dependents, then every runnable run
 * advanced within the budget. Cron calls it every minute; requests call it after starting runs.
 */
export async function tick(deps: NewsroomDeps, budget: Budget): Promise<TickReport> {
  const report: TickReport = { recovered: await watchdog(deps), promoted: 0, completed: [], failed: [] };
  report.promoted = await promoteDueRetries(deps.db, iso(deps.now()));
  await releaseWaiting(deps);
  const memos = new Map<string, StepContext["memo"]>();
  const tried = new Set<number>();
  while (Date.now() < budget.deadline) {
    const next = (await runnableRuns(deps.db, iso(deps.now()))).find((r) => !tried.has(r.id));
    if (!next) break;
    tried.add(next.id);
    // One memo per date: the market table is shared, the day's social metrics are per date.
    const memo = memos.get(next.date) ?? createMemo();
    memos.set(next.date, memo);
    const outcome = await advanceRun(deps, next.id, budget, memo);
    const label = `${next.task}:${next.date}`;
    if (outcome === "completed") {
      report.completed.push(label);
      await releaseWaiting(deps);
    } else if (outcome === "failed" || outcome === "retrying") {
      report.failed.push(label);
      await releaseWaiting(deps);
    }
  }
  return report;
}
