import {
  type DailySummary,
  type GenerationStatus,
  type Progress,
  suggestedActionFor,
  type TaskKey,
  type TaskStatus,
  taskDependencies,
  taskKeys,
  taskLabels,
} from "#schema/contracts/newsroom.ts";
import { countByTask, heldForReview } from "./articles.ts";
import type { NewsroomDeps } from "./deps.ts";
import { stuckReason } from "./instances.ts";
import { MAX_RETRIES } from "./progress.ts";
import { parseSteps, type RunRow, runsOfDate } from "./runs.ts";

/** When the daily cron starts the pipeline (docs/architecture.md, Schedule); before it, a missing run is not late. */
export const PIPELINE_HOUR_UTC = 6;

function seconds(fromIso: string, toMs: number): number {
  return Math.max(0, Math.round((toMs - Date.parse(fromIso)) / 1000));
}

function progressOf(run: RunRow, now: number): Progress | null {
  if (run.status === "not_started" && run.totalSteps === 0) return null;
  const steps = parseSteps(run);
  const total = run.totalSteps || steps.length;
  const done = Math.min(run.completedSteps, total);
  const end = run.completedAt ? Date.parse(run.completedAt) : now;
  const elapsed = run.startedAt ? seconds(run.startedAt, end) : 0;
  const running = run.status === "in_progress" || run.status === "retrying";
  const remaining = run.status === "completed" ? 0 : running && done > 0 ? Math.round((elapsed / done) * (total - done)) : null;
  return {
    currentStep: run.status === "completed" ? null : run.currentStep,
    completedSteps: done,
    totalSteps: total,
    percentage: total ? Math.round((done / total) * 100) : 0,
    elapsedTime: elapsed,
    estimatedTimeRemaining: remaining,
    stepDetails: steps,
  };
}

function statusOf(task: TaskKey, date: string, run: RunRow | undefined, byTask: Map<string, RunRow>, now: number): TaskStatus {
  const blockedBy = taskDependencies[task].filter((dep) => byTask.get(dep)?.status !== "completed");
  const base = { task, date, blockedBy: [...blockedBy], articles: { published: 0, review: 0 } };
  if (!run) {
    return { ...base, status: "not_started", progress: null, error: null, nextRetryIn: null, completed_at: null, startedAt: null };
  }
  const error = run.errorCategory
    ? {
        category: run.errorCategory,
        message: run.errorMessage ?? "",
        timestamp: run.errorAt ?? run.updatedAt,
        retryCount: run.retryCount,
        suggestedAction: run.errorSuggestedAction ?? suggestedActionFor(run.errorCategory),
        stackTrace: run.errorStack,
      }
    : null;
  const nextRetryIn =
    run.status === "retrying" && run.nextRetryAt ? Math.max(0, Math.ceil((Date.parse(run.nextRetryAt) - now) / 1000)) : null;
  return {
    ...base,
    status: run.status,
    progress: progressOf(run, now),
    error,
    nextRetryIn,
    completed_at: run.completedAt,
    startedAt: run.startedAt,
  };
}

/**
 * The date's rows as the panel should read them: a row that says queued or running while its
 * Workflow instance has ended is shown failed, with why (recovery or a retry starts it again).
 */
async function observedRuns(deps: NewsroomDeps, date: string): Promise<RunRow[]> {
  const rows = await runsOfDate(deps.db, date);
  return Promise.all(
    rows.map(async (row): Promise<RunRow> => {
      const stuck = await stuckReason(deps, row);
      if (!stuck) return row;
      const steps = parseSteps(row).map((s) => (s.status === "running" ? { ...s, status: "failed" as const } : s));
      return {
        ...row,
        status: "failed",
        nextRetryAt: null,
        stepsJson: JSON.stringify(steps),
        errorCategory: "timeout",
        errorMessage: stuck,
        errorAt: row.updatedAt,
        errorStack: null,
        errorSuggestedAction: "Press Recover stuck tasks, or retry the task",
      };
    }),
  );
}

/** GET /api/admin/generation-status: each task's run for the date, with progress and errors. */
export async function generationStatus(deps: NewsroomDeps, date: string): Promise<GenerationStatus> {
  const [runs, articles] = await Promise.all([observedRuns(deps, date), countByTask(deps.db, date)]);
  const byTask = new Map(runs.map((r) => [r.task, r]));
  const now = deps.now();
  const out = {} as GenerationStatus;
  for (const task of taskKeys) {
    const status = statusOf(task, date, byTask.get(task), byTask, now);
    out[task] = { ...status, articles: articles.get(task) ?? status.articles };
  }
  return out;
}

/** GET /api/admin/daily-summary: how the date's pipeline went, with what needs attention. */
export async function dailySummary(deps: NewsroomDeps, date: string): Promise<DailySummary> {
  const [runs, review] = await Promise.all([observedRuns(deps, date), heldForReview(deps.db, date)]);
  const byTask = new Map(runs.map((r) => [r.task as TaskKey, r]));
  const completed = runs.filter((r) => r.status === "completed");
  const failed = runs.filter((r) => r.status === "failed");
  const durations = completed
    .filter((r) => r.startedAt && r.completedAt)
    .map((r) => seconds(r.startedAt ?? "", Date.parse(r.completedAt ?? "")));
  const criticalFailures = failed.map((r) => `${taskLabels[r.task as TaskKey]} failed: ${r.errorMessage ?? "unknown error"}`);
  const warnings: string[] = [];
  for (const r of runs.filter((x) => x.status === "retrying")) {
    warnings.push(`${taskLabels[r.task as TaskKey]} is retrying (retry ${r.retryCount} of ${MAX_RETRIES}): ${r.errorMessage ?? ""}`.trim());
  }
  if (review.length) {
    warnings.push(
      `${review.length} article${review.length === 1 ? "" : "s"} held for review (figures did not match the data): ${review.join("; ")}`,
    );
  }
  const startedBy = Date.parse(`${date}T${String(PIPELINE_HOUR_UTC).padStart(2, "0")}:15:00Z`);
  if (deps.now() > startedBy) {
    for (const task of taskKeys) if (!byTask.has(task)) warnings.push(`${taskLabels[task]} has not started for ${date}`);
  }
  if (deps.sentiment.source === "offline")
    warnings.push("Social data comes from the offline sentiment model: LUNARCRUSH_API_KEY is not set");
  if (deps.writer.source === "offline") warnings.push("Articles are written by the offline template writer: no LLM is configured");
  return {
    summary: {
      date,
      completedTasks: completed.length,
      failedTasks: failed.length,
      completionRate: Math.round((completed.length / taskKeys.length) * 1000) / 10,
      averageCompletionTime: durations.length ? Math.round(durations.reduce((s, d) => s + d, 0) / durations.length) : 0,
      criticalFailures,
      warnings,
    },
  };
}
