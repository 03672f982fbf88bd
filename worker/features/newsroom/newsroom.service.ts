import {
  type GenerateCall,
  generateCalls,
  type LunarcrushFile,
  lunarcrushFileName,
  type RankRange,
  type RetryBody,
  type StartedRuns,
  type TaskKey,
  taskDependencies,
  taskKeys,
  taskLabels,
} from "#schema/contracts/newsroom.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { countByTask } from "./articles.ts";
import { type NewsroomDeps, utcDate } from "./deps.ts";
import { stuckReason } from "./instances.ts";
import { restartTasks, startDay } from "./pipeline.ts";
import { failStuckRun, openRuns, type RunRow, runsOfDate } from "./runs.ts";
import { BANDS, latestSnapshotDate, readBand } from "./snapshots.ts";

/** How far back a retry may reach: the stored snapshots of a recent day can be written up again. */
const RETRY_WINDOW_DAYS = 7;
/** These read live data, so they can only be (re)run for the current UTC day. */
const LIVE_TASKS: readonly TaskKey[] = ["lunarcrush_data", "daily_roundup"];

function started(runs: RunRow[], message: string): StartedRuns {
  return {
    success: true,
    message,
    runs: runs.map((r) => ({ task: r.task as TaskKey, date: r.date, status: r.status })),
  };
}

/** The admin generate calls: start (or start over) the call's tasks for today, in a new Workflow instance. */
export async function generate(deps: NewsroomDeps, call: GenerateCall): Promise<StartedRuns> {
  const date = utcDate(deps.now());
  const tasks: readonly TaskKey[] = generateCalls[call];
  const { runs } = await restartTasks(deps, tasks, date, "manual");
  const names = tasks.map((t) => taskLabels[t]).join(", ");
  // Tasks whose prerequisite is neither done nor part of this start wait for it (in their instance).
  const done = new Set((await runsOfDate(deps.db, date)).filter((r) => r.status === "completed").map((r) => r.task));
  const waiting = tasks.filter((t) => taskDependencies[t].some((need) => !done.has(need) && !tasks.includes(need)));
  const note = waiting.length
    ? ` ${waiting.map((t) => taskLabels[t]).join(", ")} will start when ${taskLabels.lunarcrush_data} is completed.`
    : "";
  return started(runs, `Started ${names} for ${date}.${note}`);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Why the pipeline cannot do this retry (each reason is about the date asked for), or null when it can. */
function retryRefusal(today: string, body: RetryBody): string | null {
  const { generationType: task, date } = body;
  if (date > today) return `Date ${date} is in the future (today is ${today} UTC)`;
  if (daysBetween(date, today) > RETRY_WINDOW_DAYS) return `Only the last ${RETRY_WINDOW_DAYS} days can be retried (today is ${today} UTC)`;
  if (LIVE_TASKS.includes(task) && date !== today)
    return `${taskLabels[task]} reads live data, so it can only run for today (${today} UTC)`;
  return null;
}

/**
 * Refuses a retry the pipeline cannot do (the editors' desk checks before it replaces a held article).
 * Its caller sent no date, so the refusal names no field.
 */
export function assertRetryable(today: string, body: RetryBody): void {
  const reason = retryRefusal(today, body);
  if (reason) throw new ApiError("BAD_REQUEST", reason);
}

/** POST /api/admin/retry-generation: re-runs one task for a date (today, or a recent day's stored data). */
export async function retryGeneration(deps: NewsroomDeps, body: RetryBody): Promise<StartedRuns> {
  const { generationType: task, date } = body;
  const reason = retryRefusal(utcDate(deps.now()), body);
  // The admin typed this date: the refusal names the field, so the retry form shows it under the date.
  if (reason) throw new ApiError("BAD_REQUEST", reason, { issues: [{ path: "date", message: reason }] });
  const { runs } = await restartTasks(deps, [task], date, "retry");
  return started(runs, `Retrying ${taskLabels[task]} for ${date}.`);
}

/**
 * POST /api/admin/watchdog-recovery ("Recover stuck tasks"): the progress table checked against
 * the Workflow instances. A task whose row says queued or running while its instance has ended
 * (terminated, say, or a run from before the Workflow) is failed with why, then started again in
 * a new instance where a retry may reach its date. Nothing here times steps out: the Workflow does.
 */
export async function watchdogRecovery(deps: NewsroomDeps): Promise<{ recovered: number }> {
  const today = utcDate(deps.now());
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - RETRY_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
  const restart = new Map<string, TaskKey[]>();
  let recovered = 0;
  for (const row of await openRuns(deps.db, since)) {
    const reason = await stuckReason(deps, row);
    if (!reason || !(await failStuckRun(deps.db, row, reason, new Date(deps.now()).toISOString()))) continue;
    recovered++;
    const task = row.task as TaskKey;
    if (!retryRefusal(today, { generationType: task, date: row.date })) restart.set(row.date, [...(restart.get(row.date) ?? []), task]);
  }
  for (const [date, tasks] of restart) await restartTasks(deps, tasks, date, "recovery");
  return { recovered };
}

/** The JSON file of one rank range's LunarCrush rows, with the source's field names. */
export async function lunarcrushDownload(
  deps: NewsroomDeps,
  range: RankRange,
  requested?: string,
): Promise<{ fileName: string; body: LunarcrushFile }> {
  const date = requested ?? (await latestSnapshotDate(deps.db, utcDate(deps.now())));
  const rows = date ? await readBand(deps.db, date, BANDS[range]) : [];
  if (!date || rows.length === 0) {
    throw new ApiError(
      "NOT_FOUND",
      `No LunarCrush data for ranks ${range}${requested ? ` on ${requested}` : ""} yet. Run '${taskLabels.lunarcrush_data}' first.`,
    );
  }
  return {
    fileName: lunarcrushFileName(range, date),
    body: {
      range,
      date,
      source: rows[0]?.source ?? "unknown",
      count: rows.length,
      coins: rows.map((r) => ({
        rank: r.rank,
        coin_id: r.coinId,
        symbol: r.symbol.toUpperCase(),
        name: r.name,
        price: r.price,
        percent_change_24h: r.change24h,
        percent_change_7d: r.change7d,
        market_cap: r.marketCap,
        volume_24h: r.volume24h,
        galaxy_score: r.galaxyScore,
        galaxy_score_previous: r.galaxyScorePrevious,
        alt_rank: r.altRank,
        alt_rank_previous: r.altRankPrevious,
        sentiment: r.sentiment,
        social_volume_24h: r.socialVolume24h,
        interactions_24h: r.interactions24h,
        social_dominance: r.socialDominance,
        market_dominance: r.marketDominance,
        categories: r.categories,
        market_as_of: r.marketAsOf,
        fetched_at: r.fetchedAt,
      })),
    },
  };
}

export type DayReport = {
  date: string;
  done: boolean;
  tasks: Record<TaskKey, string>;
  articles: { published: number; review: number };
};

/** How often the first-run helper looks at the progress table while the day's instance works. */
const POLL_MS = 250;

/**
 * Starts today's pipeline (the day's instance, unless it ran) and waits until every task has
 * finished or the time is up: the first `npm start` uses it so a new site has articles. Tasks that
 * already finished are left as they are.
 */
export async function runToday(deps: NewsroomDeps, limitMs: number): Promise<DayReport> {
  const date = utcDate(deps.now());
  const deadline = Date.now() + limitMs;
  let { runs } = await startDay(deps, date, "dev");
  const finished = (r: RunRow) => r.status === "completed" || r.status === "failed";
  while (Date.now() < deadline && !(runs.length === taskKeys.length && runs.every(finished))) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    runs = await runsOfDate(deps.db, date);
  }
  const counts = await countByTask(deps.db, date);
  const articles = { published: 0, review: 0 };
  for (const c of counts.values()) {
    articles.published += c.published;
    articles.review += c.review;
  }
  const tasks = Object.fromEntries(taskKeys.map((t) => [t, runs.find((r) => r.task === t)?.status ?? "not_started"])) as Record<
    TaskKey,
    string
  >;
  return { date, done: runs.length === taskKeys.length && runs.every(finished), tasks, articles };
}
