import { and, asc, eq, isNull, lt, lte, or } from "drizzle-orm";
import type { StepDetail, TaskKey } from "#schema/contracts/newsroom.ts";
import { generationRuns, type RunStatus } from "#schema/db/newsroom.ts";
import type { Db } from "#worker/lib/db.ts";

export type RunRow = typeof generationRuns.$inferSelect;
export type RunPatch = Partial<Omit<typeof generationRuns.$inferInsert, "id" | "task" | "date">>;

/** Error fields cleared when a run starts afresh or completes. */
export const NO_ERROR = {
  errorCategory: null,
  errorMessage: null,
  errorAt: null,
  errorStack: null,
  errorSuggestedAction: null,
} as const;

export async function getRun(db: Db, task: TaskKey, date: string): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(generationRuns)
    .where(and(eq(generationRuns.task, task), eq(generationRuns.date, date)))
    .limit(1);
  return row ?? null;
}

export async function getRunById(db: Db, id: number): Promise<RunRow | null> {
  const [row] = await db.select().from(generationRuns).where(eq(generationRuns.id, id)).limit(1);
  return row ?? null;
}

export async function runsOfDate(db: Db, date: string): Promise<RunRow[]> {
  return db.select().from(generationRuns).where(eq(generationRuns.date, date));
}

export async function runsWithStatus(db: Db, status: RunStatus): Promise<RunRow[]> {
  return db.select().from(generationRuns).where(eq(generationRuns.status, status)).orderBy(asc(generationRuns.id));
}

/** Creates the run of a task and date unless one exists; answers the stored row either way. */
export async function ensureRun(
  db: Db,
  values: { task: TaskKey; date: string; status: RunStatus; trigger: string; now: string },
): Promise<RunRow> {
  await db
    .insert(generationRuns)
    .values({
      task: values.task,
      date: values.date,
      status: values.status,
      trigger: values.trigger,
      startedAt: values.status === "in_progress" ? values.now : null,
      heartbeatAt: values.status === "in_progress" ? values.now : null,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing();
  const row = await getRun(db, values.task, values.date);
  if (!row) throw new Error(`Run ${values.task} ${values.date} could not be created`);
  return row;
}

export async function updateRun(db: Db, id: number, patch: RunPatch, now: string): Promise<void> {
  await db
    .update(generationRuns)
    .set({ ...patch, updatedAt: now })
    .where(eq(generationRuns.id, id));
}

/**
 * Takes the run for one invocation. Two invocations (the cron and a request's waitUntil) may try
 * at once; the conditional update lets exactly one through.
 */
export async function claimLease(db: Db, id: number, leaseId: string, now: string, until: string): Promise<boolean> {
  const rows = await db
    .update(generationRuns)
    .set({ leaseId, leaseUntil: until, updatedAt: now })
    .where(
      and(
        eq(generationRuns.id, id),
        eq(generationRuns.status, "in_progress"),
        or(isNull(generationRuns.leaseUntil), lt(generationRuns.leaseUntil, now)),
      ),
    )
    .returning({ id: generationRuns.id });
  return rows.length === 1;
}

/** Retries whose time has come go back to in progress, resuming at the step that failed. */
export async function promoteDueRetries(db: Db, now: string): Promise<number> {
  const rows = await db
    .update(generationRuns)
    .set({ status: "in_progress", nextRetryAt: null, heartbeatAt: now, leaseId: null, leaseUntil: null, updatedAt: now })
    .where(and(eq(generationRuns.status, "retrying"), lte(generationRuns.nextRetryAt, now)))
    .returning({ id: generationRuns.id });
  return rows.length;
}

/** In-progress runs that no invocation holds, oldest first. */
export async function runnableRuns(db: Db, now: string): Promise<RunRow[]> {
  return db
    .select()
    .from(generationRuns)
    .where(and(eq(generationRuns.status, "in_progress"), or(isNull(generationRuns.leaseUntil), lt(generationRuns.leaseUntil, now))))
    .orderBy(asc(generationRuns.id));
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
