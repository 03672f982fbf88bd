import { and, eq, gte, inArray, isNull, notInArray } from "drizzle-orm";
import type { StepDetail, TaskKey } from "#schema/contracts/newsroom.ts";
import { generationRuns, type RunStatus } from "#schema/db/newsroom.ts";
import type { Db } from "#worker/lib/db.ts";

/**
 * The progress table of the newsroom (`generation_runs`, one row per task and day): written by the
 * Workflow's steps, read by the admin panel beside the instance status.
 */
export type RunRow = typeof generationRuns.$inferSelect;
export type RunPatch = Partial<Omit<typeof generationRuns.$inferInsert, "id" | "task" | "date">>;

/** Error fields cleared when a task starts afresh or completes. */
export const NO_ERROR = {
  errorCategory: null,
  errorMessage: null,
  errorAt: null,
  errorStack: null,
  errorSuggestedAction: null,
} as const;

/** A row a Workflow instance has been given and not finished: queued, running or waiting to retry. */
export const OPEN_STATUSES: readonly RunStatus[] = ["not_started", "in_progress", "retrying"];

export async function getRun(db: Db, task: TaskKey, date: string): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(generationRuns)
    .where(and(eq(generationRuns.task, task), eq(generationRuns.date, date)))
    .limit(1);
  return row ?? null;
}

export async function runsOfDate(db: Db, date: string): Promise<RunRow[]> {
  return db.select().from(generationRuns).where(eq(generationRuns.date, date));
}

/** Rows that say a task is queued or running, from `since` on (what recovery checks against the instances). */
export async function openRuns(db: Db, since: string): Promise<RunRow[]> {
  return db
    .select()
    .from(generationRuns)
    .where(and(inArray(generationRuns.status, [...OPEN_STATUSES]), gte(generationRuns.date, since)));
}

/** Rows for the tasks of a date that have none yet (not started, no instance); answers the tasks it added. */
export async function insertMissingRuns(db: Db, date: string, tasks: readonly TaskKey[], now: string): Promise<TaskKey[]> {
  if (tasks.length === 0) return [];
  const rows = await db
    .insert(generationRuns)
    .values(tasks.map((task) => ({ task, date, status: "not_started" as const, trigger: "schedule", createdAt: now, updatedAt: now })))
    .onConflictDoNothing()
    .returning({ task: generationRuns.task });
  return rows.map((r) => r.task as TaskKey);
}

/**
 * Hands a task of a date to `instanceId`, resetting its progress (keeping `state`, what a re-run
 * must keep). Compare-and-set: it takes only if the row still belongs to the instance the caller read
 * (`from`: null for a row no instance has had) and nobody is running it, so of two concurrent starts
 * of the same task exactly one gets it. Instance ids are never reused, so a row cannot come back to
 * the id a caller read.
 */
export async function claimRun(
  db: Db,
  values: { task: TaskKey; date: string; from: string | null; instanceId: string; trigger: string; state: string; now: string },
): Promise<boolean> {
  const rows = await db
    .update(generationRuns)
    .set({
      status: "not_started",
      trigger: values.trigger,
      instanceId: values.instanceId,
      currentStep: null,
      completedSteps: 0,
      totalSteps: 0,
      stepsJson: "[]",
      stateJson: values.state,
      startedAt: null,
      completedAt: null,
      retryCount: 0,
      nextRetryAt: null,
      ...NO_ERROR,
      updatedAt: values.now,
    })
    .where(
      and(
        eq(generationRuns.task, values.task),
        eq(generationRuns.date, values.date),
        values.from === null ? isNull(generationRuns.instanceId) : eq(generationRuns.instanceId, values.from),
        notInArray(generationRuns.status, ["in_progress", "retrying"]),
      ),
    )
    .returning({ id: generationRuns.id });
  return rows.length === 1;
}

/** Writes what a step of `instanceId` knows; a row that another instance has taken over is left alone. */
export async function updateRun(db: Db, task: TaskKey, date: string, instanceId: string, patch: RunPatch, now: string): Promise<boolean> {
  const rows = await db
    .update(generationRuns)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(generationRuns.task, task), eq(generationRuns.date, date), eq(generationRuns.instanceId, instanceId)))
    .returning({ id: generationRuns.id });
  return rows.length === 1;
}

/** Fails a row whose instance has ended, unless something wrote it since it was read. */
export async function failStuckRun(db: Db, row: RunRow, reason: string, now: string): Promise<boolean> {
  const rows = await db
    .update(generationRuns)
    .set({
      status: "failed",
      nextRetryAt: null,
      errorCategory: "timeout",
      errorMessage: reason,
      errorAt: now,
      errorStack: null,
      errorSuggestedAction: null,
      updatedAt: now,
    })
    .where(and(eq(generationRuns.id, row.id), eq(generationRuns.updatedAt, row.updatedAt)))
    .returning({ id: generationRuns.id });
  return rows.length === 1;
}

export function parseSteps(run: Pick<RunRow, "stepsJson">): StepDetail[] {
  try {
    return JSON.parse(run.stepsJson) as StepDetail[];
  } catch {
    return [];
  }
}

export function parseState(run: Pick<RunRow, "stateJson">): Record<string, unknown> {
  try {
    return JSON.parse(run.stateJson) as Record<string, unknown>;
  } catch {
    return {};
  }
}
