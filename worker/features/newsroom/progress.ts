import { NonRetryableError } from "cloudflare:workflows";
import type { StepDetail, TaskKey } from "#schema/contracts/newsroom.ts";
import { logger } from "#worker/lib/log.ts";
import type { NewsroomDeps } from "./deps.ts";
import { getRun, NO_ERROR, OPEN_STATUSES, parseState, parseSteps, updateRun } from "./runs.ts";
import { classify, retryable, suggestAction } from "./task-errors.ts";
import { TASKS } from "./tasks/registry.ts";
import type { Step, StepContext, TaskState } from "./tasks/task.ts";

/**
 * What the newsroom Workflow's steps write into the progress table (`generation_runs`) so the admin
 * panel can show each task's status, step details, error and next retry. Every write names the
 * instance: a row another start has taken over is left alone.
 */

/** Retries of a failing step after its first attempt. */
export const MAX_RETRIES = 3;

/**
 * The wait before the Workflow retries a task step whose `attempt`th try failed: 1, 2, then 4 minutes.
 * The engine calls this very function (the delay of the step config, TASK_STEP), and the progress
 * table's next retry is its answer too, so the panel's "next retry" is the engine's by construction.
 */
export function taskRetryDelayMs(attempt: number): number {
  return 60_000 * 2 ** Math.max(0, attempt - 1);
}

export type RunAt = { deps: NewsroomDeps; instanceId: string; date: string; task: TaskKey };

/** What the engine tells a step callback about the attempt (a subset of WorkflowStepContext). */
export type Attempt = { attempt: number; config: { retries?: { limit: number } } };

const iso = (ms: number) => new Date(ms).toISOString();
const seconds = (ms: number) => Math.round(ms / 10) / 100;

function details(steps: Step[], done: number, durations: (number | null)[], current: "running" | "failed" | null): StepDetail[] {
  return steps.map((s, i) => ({
    name: s.name,
    status: i < done ? "completed" : i === done && current ? current : "pending",
    duration: durations[i] ?? null,
  }));
}

const log = logger("newsroom");
/** Names the task run on each of its log lines. */
const run = (at: RunAt) => ({ task: at.task, date: at.date, instance: at.instanceId });

/**
 * The task's first step: marks it in progress and answers the state a re-run keeps (a trending
 * task's picks), or null when the row belongs to another instance now.
 */
export async function beginTask(at: RunAt): Promise<{ state: TaskState } | null> {
  const row = await getRun(at.deps.db, at.task, at.date);
  if (!row || row.instanceId !== at.instanceId) return null;
  const state = parseState(row);
  const steps = TASKS[at.task].steps(state, at.date);
  const now = iso(at.deps.now());
  const taken = await updateRun(
    at.deps.db,
    at.task,
    at.date,
    at.instanceId,
    {
      status: "in_progress",
      startedAt: row.status === "not_started" || !row.startedAt ? now : row.startedAt,
      completedAt: null,
      currentStep: steps[0]?.name ?? null,
      completedSteps: 0,
      totalSteps: steps.length,
      stepsJson: JSON.stringify(details(steps, 0, [], null)),
    },
    now,
  );
  return taken ? { state } : null;
}

/**
 * Runs step `index` of the task on a copy of `state` inside the Workflow's `step.do`, recording it
 * before and after. A failure is recorded as retrying (with the time of the Workflow's next try)
 * or failed; one that a retry cannot mend leaves as a NonRetryableError carrying its reason.
 */
export async function runStep(at: RunAt, index: number, input: TaskState, memo: StepContext["memo"], engine: Attempt): Promise<TaskState> {
  const { deps, task, date, instanceId } = at;
  const state = structuredClone(input);
  const steps = TASKS[task].steps(state, date);
  const step = steps[index];
  if (!step) return state;
  const row = await getRun(deps.db, task, date);
  const durations = row ? parseSteps(row).map((d) => d.duration) : [];
  const startedAt = iso(deps.now());
  await updateRun(
    deps.db,
    task,
    date,
    instanceId,
    {
      status: "in_progress",
      currentStep: step.name,
      completedSteps: index,
      totalSteps: steps.length,
      stepsJson: JSON.stringify(details(steps, index, durations, "running")),
    },
    startedAt,
  );
  const started = Date.now();
  try {
    await step.run({ deps, date, state, memo });
  } catch (err) {
    durations[index] = seconds(Date.now() - started);
    throw await recordStepFailure(at, err, engine, JSON.stringify(details(steps, index, durations, "failed")));
  }
  durations[index] = seconds(Date.now() - started);
  const next = TASKS[task].steps(state, date);
  await updateRun(
    deps.db,
    task,
    date,
    instanceId,
    {
      completedSteps: index + 1,
      totalSteps: next.length,
      currentStep: next[index + 1]?.name ?? null,
      stepsJson: JSON.stringify(details(next, index + 1, durations, null)),
      stateJson: JSON.stringify(state),
    },
    iso(deps.now()),
  );
  return state;
}

/** Records a failed attempt and answers what the step must throw: the error itself to be retried, or a NonRetryableError. */
async function recordStepFailure(at: RunAt, err: unknown, engine: Attempt, stepsJson: string): Promise<Error> {
  const e = err instanceof Error ? err : new Error(String(err));
  const willRetry = retryable(e) && engine.attempt <= (engine.config.retries?.limit ?? 0);
  const now = at.deps.now();
  const category = classify(e);
  await updateRun(
    at.deps.db,
    at.task,
    at.date,
    at.instanceId,
    {
      status: willRetry ? "retrying" : "failed",
      retryCount: willRetry ? engine.attempt : engine.attempt - 1,
      nextRetryAt: willRetry ? iso(now + taskRetryDelayMs(engine.attempt)) : null,
      errorCategory: category,
      errorMessage: e.message.slice(0, 1000),
      errorAt: iso(now),
      errorStack: e.stack?.slice(0, 4000) ?? null,
      errorSuggestedAction: suggestAction(category, e, at.date),
      stepsJson,
    },
    iso(now),
  );
  const fields = { ...run(at), status: willRetry ? "retrying" : "failed", category, error: e, attempt: engine.attempt };
  if (willRetry) log.warn("task step failed; retrying", fields);
  else log.error("task failed", fields);
  return willRetry ? e : new NonRetryableError(e.message);
}

/** The task's last step: completed, with every step's duration. */
export async function finishTask(at: RunAt, state: TaskState): Promise<void> {
  const row = await getRun(at.deps.db, at.task, at.date);
  const steps = TASKS[at.task].steps(state, at.date);
  const durations = row ? parseSteps(row).map((d) => d.duration) : [];
  const now = iso(at.deps.now());
  await updateRun(
    at.deps.db,
    at.task,
    at.date,
    at.instanceId,
    {
      status: "completed",
      completedAt: now,
      currentStep: null,
      completedSteps: steps.length,
      totalSteps: steps.length,
      stepsJson: JSON.stringify(details(steps, steps.length, durations, null)),
      nextRetryAt: null,
      ...NO_ERROR,
    },
    now,
  );
  log.info("task completed", {
    ...run(at),
    status: "completed",
    steps: steps.length,
    ...(state.results ? { results: state.results } : {}),
  });
}

/**
 * Fails a task that is still open: one blocked by its prerequisite, or one whose step the engine
 * gave up on without the step recording it (a timeout). A row the step already failed is left as it is.
 * That is every row a NonRetryableError comes back from (as a plain Error reading
 * "NonRetryableError: <reason>"): runStep records the bare reason before it throws one.
 */
export async function failOpenTask(at: RunAt, err: unknown): Promise<void> {
  const row = await getRun(at.deps.db, at.task, at.date);
  if (!row || row.instanceId !== at.instanceId || !OPEN_STATUSES.includes(row.status)) return;
  const e = err instanceof Error ? err : new Error(String(err));
  const category = classify(e);
  const now = at.deps.now();
  await updateRun(
    at.deps.db,
    at.task,
    at.date,
    at.instanceId,
    {
      status: "failed",
      nextRetryAt: null,
      errorCategory: category,
      errorMessage: e.message.slice(0, 1000),
      errorAt: iso(now),
      errorStack: e.stack?.slice(0, 4000) ?? null,
      errorSuggestedAction: suggestAction(category, e, at.date),
      stepsJson: JSON.stringify(parseSteps(row).map((s) => (s.status === "running" ? { ...s, status: "failed" as const } : s))),
    },
    iso(now),
  );
  log.error("task failed", { ...run(at), status: "failed", category, error: e.message });
}
