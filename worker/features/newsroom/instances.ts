import type { NewsroomDeps } from "./deps.ts";
import { OPEN_STATUSES, type RunRow } from "./runs.ts";

/**
 * A new instance id for a start of a date's tasks: `newsroom-2026-11-27-5f3a9c1e`. Never reused, so
 * a row's instance id is also its claim's version (`claimRun`): two starts never share one, and a
 * start that read a row can tell whether another has taken it since. Of two triggers of a day's
 * scheduled start (the cron and `npm start`) only the one that added the day's rows starts anything.
 */
export function newInstanceId(date: string): string {
  return `newsroom-${date}-${crypto.randomUUID().slice(0, 8)}`;
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
