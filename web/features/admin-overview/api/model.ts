import { type RunStatusValue, suggestedActionFor, type TaskError, type TaskStatus } from "#schema/contracts/newsroom.ts";

export const statusLabels: Record<RunStatusValue, string> = {
  not_started: "Not Started",
  in_progress: "In Progress",
  retrying: "Retrying",
  completed: "Completed",
  failed: "Failed",
};

export type DependencyState = "completed" | "failed" | "running" | "ready" | "waiting";

/** The dependency view's states said as words a reader can act on, not the raw state names. */
export const dependencyLabels: Record<DependencyState, string> = {
  completed: "Done",
  failed: "Failed",
  running: "Running",
  ready: "Ready to run",
  waiting: "Waiting",
};

/** An error category as a sentence, the raw name kept in brackets for searching the logs. */
export function categorySentence(category: string): string {
  const sentence: Record<string, string> = {
    timeout: "The task ran out of time",
    api_failure: "An outside service failed to answer",
    dependency: "A task it needs had not finished",
    validation: "The data it was given was not usable",
    system: "The system failed while running it",
  };
  return `${sentence[category] ?? "An unknown kind of failure"} (${category})`;
}

/** assistant-plans-admin.md §4: how the dependency view reads a task's status. */
export function dependencyState(task: Pick<TaskStatus, "status" | "blockedBy">): DependencyState {
  switch (task.status) {
    case "completed":
      return "completed";
    case "failed":
      return "failed";
    case "in_progress":
    case "retrying":
      return "running";
    default:
      return task.blockedBy.length ? "waiting" : "ready";
  }
}

/** assistant-plans-admin.md §9: the next retry shows in minutes, rounded up from seconds. */
export function nextRetryMinutes(seconds: number): number {
  return Math.ceil(seconds / 60);
}

/** assistant-plans-admin.md §9: green at 90 or above, yellow at 70 or above, else red. */
export function successTone(rate: number): "green" | "yellow" | "red" {
  if (rate >= 90) return "green";
  if (rate >= 70) return "yellow";
  return "red";
}

/** assistant-plans-admin.md §8: the server's suggestion, or the category's when none is given. */
export function suggestedAction(error: Pick<TaskError, "category" | "suggestedAction">): string {
  return error.suggestedAction?.trim() || suggestedActionFor(error.category);
}

/** "<1s", "45s", "3m 05s", "1h 02m". */
export function duration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return "-";
  if (seconds < 0.5) return "<1s";
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/** A UTC time as "06:00:12 UTC" (the admin reads the pipeline in UTC, like its schedule). */
export function utcTime(iso: string | null | undefined): string {
  if (!iso) return "-";
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? "-" : `${at.toISOString().slice(11, 19)} UTC`;
}
