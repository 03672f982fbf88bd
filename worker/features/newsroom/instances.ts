import type { NewsroomDeps } from "./deps.ts";
import { OPEN_STATUSES, type RunRow } from "./runs.ts";

/**
 * The instance id of a date's `attempt`th start: `newsroom-2026-11-27` for the first, then
 * `newsroom-2026-11-27-2`, ... Deterministic, so two triggers of the same start (the cron and
 * `npm start`, two clicks) create one instance: the second `create` finds the id taken.
 */
export function instanceIdFor(date: string, attempt: number): string {
  return attempt <= 1 ? `newsroom-${date}` : `newsroom-${date}-${attempt}`;
}

/** Statuses of an instance that will still run steps (or is hibernating until it does). */
const LIVE = new Set(["queued", "running", "waiting", "paused", "waitingForPause"]);
/** A row written this recently may belong to an instance being created right now. */
const GRACE_MS = 60_000;

/** The instance's status as the Workflows engine reports it, or "missing" when it has none. */
export async function instanceStatus(env: Pick<Env, "NEWSROOM">, id: string): Promise<string> {
  try {
    return (await (await env.NEWSROOM.get(id)).status()).status;
  } catch {
    return "missing";
  }
}

/**
 * Why an open row will never move (its instance ended, or it was never given one: a run of the
 * engine before migration 0015), or null while an instance works on it.
 */
export async function stuckReason(deps: Pick<NewsroomDeps, "env" | "now">, row: RunRow): Promise<string | null> {
  if (!OPEN_STATUSES.includes(row.status)) return null;
  if (deps.now() - Date.parse(row.updatedAt) < GRACE_MS) return null;
  if (!row.instanceId) return "The run stopped before finishing: it has no Workflow instance (a run from before the Workflow)";
  const status = await instanceStatus(deps.env, row.instanceId);
  if (LIVE.has(status)) return null;
  return `The run stopped before finishing: its Workflow instance ${row.instanceId} is ${status}`;
}

/** Whether an instance is working (or will work) on the row right now. */
export async function isBusy(deps: Pick<NewsroomDeps, "env" | "now">, row: RunRow | null): Promise<boolean> {
  return row !== null && OPEN_STATUSES.includes(row.status) && (await stuckReason(deps, row)) === null;
}

/**
 * Whether `NEWSROOM.create` refused an id another start already took. The engine's error class does
 * not survive the call into this Worker (it arrives as a plain Error named "Error"), so its message is
 * all there is to read. The local engine writes
 * `(instance.already_exists) Workflow instance with id "…" already exists` (`duplicateInstanceError`,
 * packages/workflows-shared/src/lib/errors.ts in cloudflare/workers-sdk, which miniflare runs);
 * the runtime's own types (`Workflow.create` in worker-configuration.d.ts) promise no more than "If a
 * provided id exists, an error will be thrown", so either spelling counts.
 * resilience.test.ts holds it against the engine's real error.
 */
export function alreadyExists(err: unknown): boolean {
  return /already[_ ]exists/i.test((err as Error)?.message ?? "");
}
