import { queryOptions } from "@tanstack/react-query";
import {
  type DailySummary,
  type GenerateCall,
  type GenerationStatus,
  lunarcrushFileName,
  type RankRange,
  type RetryBody,
  type StartedRuns,
} from "#schema/contracts/newsroom.ts";
import { api, HttpError } from "#web/lib/api.ts";

/** assistant-plans-admin.md §9: generation status every 10 s, daily summary every 30 s. */
export const GENERATION_STATUS_REFRESH_MS = 10_000;
export const DAILY_SUMMARY_REFRESH_MS = 30_000;

export const newsroomKeys = {
  all: ["admin", "newsroom"] as const,
  status: () => ["admin", "newsroom", "generation-status"] as const,
  summary: () => ["admin", "newsroom", "daily-summary"] as const,
};

export function generationStatusQuery() {
  return queryOptions({
    queryKey: newsroomKeys.status(),
    queryFn: () => api<GenerationStatus | null>("/api/admin/generation-status"),
    refetchInterval: GENERATION_STATUS_REFRESH_MS,
  });
}

export function dailySummaryQuery() {
  return queryOptions({
    queryKey: newsroomKeys.summary(),
    queryFn: () => api<DailySummary>("/api/admin/daily-summary"),
    refetchInterval: DAILY_SUMMARY_REFRESH_MS,
  });
}

export function startGeneration(call: GenerateCall): Promise<StartedRuns> {
  return api<StartedRuns>(`/api/admin/${call}`, { method: "POST" });
}

export function retryGeneration(body: RetryBody): Promise<StartedRuns> {
  return api<StartedRuns>("/api/admin/retry-generation", { method: "POST", json: body });
}

export function recoverStuckTasks(): Promise<{ recovered: number }> {
  return api<{ recovered: number }>("/api/admin/watchdog-recovery", { method: "POST" });
}

/** Today in UTC, YYYY-MM-DD: the day the pipeline and its retries are keyed by. */
export function todayUtc(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

function fileNameFrom(res: Response, fallback: string): string {
  const match = /filename="?([^";]+)"?/.exec(res.headers.get("content-disposition") ?? "");
  return match?.[1] ?? fallback;
}

/**
 * Downloads one rank range of the day's LunarCrush data and saves it as a file. The session is
 * the HttpOnly cookie, so a same-origin fetch with credentials (docs/decisions/admin/downloads-use-the-session-cookie.md).
 */
export async function downloadLunarcrush(range: RankRange): Promise<string> {
  const res = await fetch(`/api/admin/download-lunarcrush-data/${range}`, { credentials: "include" });
  if (!res.ok) throw new HttpError(res.status, res.statusText, await res.text().catch(() => ""));
  const name = fileNameFrom(res, lunarcrushFileName(range, todayUtc()));
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(url);
  }
  return name;
}

/** The server's message for a toast, else the "status: body" text. */
export function errorText(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
