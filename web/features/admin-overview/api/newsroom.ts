import { queryOptions } from "@tanstack/react-query";
import { type GenerateCall, lunarcrushFileName, type RankRange, type RetryBody } from "#schema/contracts/newsroom.ts";
import { HttpError } from "#web/lib/api.ts";
import { apiUrl, request } from "#web/lib/api-client.ts";
import type { WebOperation } from "#web/lib/api-routes.ts";

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
    queryFn: () => request("getGenerationStatus"),
    refetchInterval: GENERATION_STATUS_REFRESH_MS,
  });
}

export function dailySummaryQuery() {
  return queryOptions({
    queryKey: newsroomKeys.summary(),
    queryFn: () => request("getDailySummary"),
    refetchInterval: DAILY_SUMMARY_REFRESH_MS,
  });
}

/** Each generate call is its own route in the contract. */
const generateOperations = {
  "generate-daily-roundup": "generateDailyRoundup",
  "generate-trending-analysis": "generateTrendingAnalysis",
  "generate-lunarcrush-data": "generateLunarcrushData",
  "generate-trending-top-100": "generateTrendingTop100",
  "generate-trending-101-300": "generateTrending101To300",
  "generate-trending-301-500": "generateTrending301To500",
} as const satisfies Record<GenerateCall, WebOperation>;

export function startGeneration(call: GenerateCall) {
  return request(generateOperations[call]);
}

export function retryGeneration(body: RetryBody) {
  return request("retryGeneration", { body });
}

export function recoverStuckTasks() {
  return request("watchdogRecovery");
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
  const res = await fetch(apiUrl("downloadLunarcrushData", { params: { range } }), { credentials: "include" });
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
