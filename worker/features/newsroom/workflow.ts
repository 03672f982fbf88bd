import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from "cloudflare:workers";
import { type DailySummary, type TaskKey, taskDependencies, taskKeys, taskLabels } from "#schema/contracts/newsroom.ts";
import { logger } from "#worker/lib/log.ts";
import { type NewsroomDeps, utcDate, workflowDeps } from "./deps.ts";
import { stuckReason } from "./instances.ts";
import { beginTask, failOpenTask, finishTask, MAX_RETRIES, type RunAt, runStep, taskRetryDelayMs } from "./progress.ts";
import { getRun } from "./runs.ts";
import { dailySummary } from "./status.ts";
import { DependencyError } from "./task-errors.ts";
import { PIPELINE_ORDER, TASKS } from "./tasks/registry.ts";
import { createMemo, type StepContext, type TaskState } from "./tasks/task.ts";

const log = logger("newsroom");

/** What starts an instance: the day, the tasks it runs, and who asked (schedule, manual, retry, recovery, dev). */
export type NewsroomParams = { date: string; tasks: TaskKey[]; trigger: string };

export type TaskOutcome = "completed" | "failed" | "skipped";
/** What the newsletter step did: the send's result, or why the instance sent nothing. */
export type NewsletterOutcome = { status: string; reason?: string; queued?: number; messages?: number };
export type InstanceOutput = {
  date: string;
  tasks: Partial<Record<TaskKey, TaskOutcome>>;
  summary: DailySummary["summary"];
  newsletter: NewsletterOutcome | null;
};

/**
 * A pipeline step: one upstream call or one article, retried by the Workflow 1, 2 then 4 minutes apart.
 * The delay is a function the engine calls per failed try ("constant": the engine adds no backoff of its
 * own), the same one that tells the panel when the next try comes.
 */
export const TASK_STEP: WorkflowStepConfig = {
  retries: { limit: MAX_RETRIES, delay: ({ ctx }) => taskRetryDelayMs(ctx.attempt), backoff: "constant" },
  timeout: "5 minutes",
};
/** Reads and writes of the progress table around the steps: quick, and retried quickly. */
const BOOKKEEPING: WorkflowStepConfig = { retries: { limit: 5, delay: "5 seconds", backoff: "exponential" }, timeout: "1 minute" };
/**
 * The newsletter onto the mail queue. A retry is safe: the send takes each page of subscribers in one
 * transaction and queues what an earlier try recorded but never queued (newsletter/daily-send.ts).
 */
const NEWSLETTER_STEP: WorkflowStepConfig = {
  retries: { limit: 5, delay: "30 seconds", backoff: "exponential" },
  timeout: "5 minutes",
};
export const NEWSLETTER_STEP_NAME = "Send the day's newsletter";

/** The event a finished prerequisite sends to instances whose tasks wait for it. */
export const PREREQUISITE_EVENT = "prerequisite-finished";
/** A task waits this many times for its prerequisite, each up to WAIT_TIMEOUT, before it fails as blocked. */
const MAX_WAITS = 24;
const WAIT_TIMEOUT = "15 minutes";

/**
 * The newsroom pipeline as a Cloudflare Workflow: one instance runs the given tasks of one UTC day,
 * each task a sequence of durable steps (tasks/*.ts) whose state passes only through their return
 * values. Steps record their progress in `generation_runs` for the admin panel. A task that fails
 * does not stop the others; the instance ends errored, naming each failure and its reason.
 */
export class NewsroomWorkflowBase extends WorkflowEntrypoint<Env, NewsroomParams> {
  override async run(event: Readonly<WorkflowEvent<NewsroomParams>>, step: WorkflowStep): Promise<InstanceOutput> {
    const waitUntil = (p: Promise<unknown>) => this.ctx.waitUntil(p);
    const deps = workflowDeps(this.env, waitUntil);
    deps.published ??= (id) => waitUntil(this.articlePublished(this.env, id));
    return runInstance({ deps, step, instanceId: event.instanceId }, event.payload);
  }

  /**
   * What an article published by a step sets off, after the step's own work. The runtime constructs
   * the Workflow, so this is a method of the class worker/index.ts exports (the name wrangler.toml
   * binds), which renders the article's page ahead of readers: the newsroom imports no pages.
   */
  protected articlePublished(_env: Env, _articleId: number): Promise<unknown> {
    return Promise.resolve();
  }
}

/** How an instance ends when some of its tasks failed; each task's row says why in full. */
export class TasksFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TasksFailedError";
  }
}

type Run = { deps: NewsroomDeps; step: WorkflowStep; instanceId: string };

export async function runInstance(run: Run, params: NewsroomParams): Promise<InstanceOutput> {
  const { date } = params;
  // One memo per instance run: the market table is loaded once for every task (again after a replay).
  const memo = createMemo();
  const outcomes: Partial<Record<TaskKey, TaskOutcome>> = {};
  for (const task of PIPELINE_ORDER.filter((t) => params.tasks.includes(t))) {
    outcomes[task] = await runTask(run, { deps: run.deps, instanceId: run.instanceId, date, task }, memo);
  }
  // The instance that wrote (or failed) the day's roundup sends the day's newsletter: no cron polls for it.
  const newsletter =
    outcomes.daily_roundup && outcomes.daily_roundup !== "skipped"
      ? await run.step.do(NEWSLETTER_STEP_NAME, NEWSLETTER_STEP, () => sendNewsletter(run.deps, date))
      : null;
  const { summary } = await run.step.do("Summarise the day", BOOKKEEPING, () => dailySummary(run.deps, date));
  const failed = taskKeys.filter((t) => outcomes[t] === "failed");
  if (failed.length > 0) {
    const reasons = await run.step.do("Name the failures", BOOKKEEPING, async () =>
      Promise.all(failed.map(async (t) => `${taskLabels[t]}: ${(await getRun(run.deps.db, t, date))?.errorMessage ?? "failed"}`)),
    );
    // Thrown outside any step, so nothing retries it: the instance ends errored with the reasons.
    throw new TasksFailedError(`${failed.length} of ${Object.keys(outcomes).length} tasks failed for ${date}. ${reasons.join(" | ")}`);
  }
  return { date, tasks: outcomes, summary, newsletter };
}

/**
 * Today's newsletter, once its roundup is public (a failed roundup leaves the edition skipped, with
 * why). A re-run of an earlier day's roundup mails nothing: that day's newsletter is history.
 */
async function sendNewsletter(deps: NewsroomDeps, date: string): Promise<NewsletterOutcome> {
  const now = deps.now();
  if (utcDate(now) !== date) return { status: "not sent", reason: `The roundup of ${date} was written on ${utcDate(now)}` };
  return deps.sendNewsletter(now);
}

async function runTask(run: Run, at: RunAt, memo: StepContext["memo"]): Promise<TaskOutcome> {
  const { step } = run;
  for (const needed of taskDependencies[at.task]) {
    const blocked = await awaitPrerequisite(run, at, needed);
    if (blocked) {
      await step.do(`${at.task}: blocked`, BOOKKEEPING, () => failOpenTask(at, new DependencyError(blocked)));
      return "failed";
    }
  }
  // States travel between steps as JSON text: what a step returns is what its replay gets back.
  const begun = await step.do(`${at.task}: start`, BOOKKEEPING, async () => {
    const start = await beginTask(at);
    return start ? JSON.stringify(start.state) : null;
  });
  // Another start has taken the task over since this instance was created: it is that one's now.
  if (begun === null) return "skipped";
  let state = JSON.parse(begun) as TaskState;
  let outcome: TaskOutcome = "completed";
  try {
    for (let index = 0; ; index++) {
      const current = TASKS[at.task].steps(state, at.date)[index];
      if (!current) break;
      const input = state;
      // Numbered, so names stay unique when a trending band names two steps alike; replays find them by name.
      const output = await step.do(`${at.task} ${index + 1}: ${current.name}`, TASK_STEP, async (ctx) =>
        JSON.stringify(await runStep(at, index, input, memo, ctx)),
      );
      state = JSON.parse(output) as TaskState;
    }
  } catch (err) {
    // The step recorded its failure; this catches what it could not (a timeout the engine enforced).
    await step.do(`${at.task}: failed`, BOOKKEEPING, () => failOpenTask(at, err));
    outcome = "failed";
  }
  if (outcome === "completed") {
    const done = state;
    await step.do(`${at.task}: finish`, BOOKKEEPING, () => finishTask(at, done));
  }
  if (taskKeys.some((t) => taskDependencies[t].includes(at.task))) {
    await step.do(`${at.task}: tell waiting tasks`, BOOKKEEPING, () => notifyDependents(at));
  }
  return outcome;
}

/**
 * Waits until `needed` has finished for the date, when another instance runs it or it has not run
 * yet; answers why the task is blocked, or null when it may start. Within one instance the
 * prerequisite ran first, so this answers at once.
 */
async function awaitPrerequisite(run: Run, at: RunAt, needed: TaskKey): Promise<string | null> {
  const label = taskLabels[needed];
  for (let round = 1; round <= MAX_WAITS; round++) {
    const status = await run.step.do(`${at.task}: check ${needed} (${round})`, BOOKKEEPING, async () => {
      const row = await getRun(at.deps.db, needed, at.date);
      // A prerequisite whose own instance ended unfinished will not finish: blocked, as if it failed.
      return row && (await stuckReason(at.deps, row)) ? "failed" : (row?.status ?? "missing");
    });
    if (status === "completed") return null;
    if (status === "failed") return `${label} failed for ${at.date}; this task needs it`;
    try {
      await run.step.waitForEvent(`${at.task}: wait for ${needed} (${round})`, { type: PREREQUISITE_EVENT, timeout: WAIT_TIMEOUT });
    } catch {
      // Timed out: look at the row again (an event may have gone to an instance that no longer waited).
    }
  }
  return `${label} did not finish for ${at.date} within ${MAX_WAITS / 4} hours; this task needs it`;
}

/** Wakes the instances whose tasks wait for this one (started by another trigger of the same day). */
async function notifyDependents(at: RunAt): Promise<number> {
  const waiting = taskKeys.filter((t) => taskDependencies[t].includes(at.task));
  const rows = await Promise.all(waiting.map((t) => getRun(at.deps.db, t, at.date)));
  const instances = new Set(
    rows.flatMap((r) => (r?.status === "not_started" && r.instanceId && r.instanceId !== at.instanceId ? [r.instanceId] : [])),
  );
  let told = 0;
  for (const id of instances) {
    try {
      await (await at.deps.env.NEWSROOM.get(id)).sendEvent({ type: PREREQUISITE_EVENT, payload: { task: at.task } });
      told++;
    } catch (err) {
      // An instance that ended cannot wait any more; recovery and the status view see to its rows.
      log.warn("a waiting instance could not be woken", { notify: id, error: err });
    }
  }
  return told;
}
