import {
  dailySummarySchema,
  dayReportSchema,
  downloadParam,
  downloadQuery,
  type GenerateCall,
  generationRecordsSchema,
  generationStatusSchema,
  lunarcrushFileSchema,
  retryBody,
  startedRunsSchema,
  statusQuery,
  watchdogResultSchema,
} from "../newsroom.ts";
import { errors, json, type RouteContract } from "./route-contract.ts";

/** One of the newsroom's generate calls: starts (or queues) runs and answers at once. */
const generateCall = <P extends GenerateCall>(path: P, summary: string) =>
  ({
    method: "POST",
    path: `/api/admin/${path}`,
    summary,
    tags: ["Admin: newsroom"],
    access: "admin",
    responses: { 202: json("The runs it started or queued", startedRunsSchema), ...errors(401, 403, 409, 413) },
  }) as const satisfies RouteContract;

/** The newsroom's admin calls (generation, status, retries, downloads) and the local run-today helper. */
export const newsroomContract = {
  generateDailyRoundup: generateCall("generate-daily-roundup", "Write today's Daily Roundup"),
  generateTrendingAnalysis: generateCall("generate-trending-analysis", "Write today's Trending Analyses (all three rank bands)"),
  generateLunarcrushData: generateCall("generate-lunarcrush-data", "Fetch today's LunarCrush data"),
  generateTrendingTop100: generateCall("generate-trending-top-100", "Write today's Trending Analysis for ranks 1-100"),
  generateTrending101To300: generateCall("generate-trending-101-300", "Write today's Trending Analysis for ranks 101-300"),
  generateTrending301To500: generateCall("generate-trending-301-500", "Write today's Trending Analysis for ranks 301-500"),
  getGenerationStatus: {
    method: "GET",
    path: "/api/admin/generation-status",
    summary: "Each generation task's status for a day (default today, UTC)",
    tags: ["Admin: newsroom"],
    access: "admin",
    request: { query: statusQuery },
    responses: { 200: json("One entry per task", generationStatusSchema), ...errors(400, 401, 403) },
  },
  getDailySummary: {
    method: "GET",
    path: "/api/admin/daily-summary",
    summary: "A day's generation summary",
    tags: ["Admin: newsroom"],
    access: "admin",
    request: { query: statusQuery },
    responses: { 200: json("The summary", dailySummarySchema), ...errors(400, 401, 403) },
  },
  getGenerationRecords: {
    method: "GET",
    path: "/api/admin/generation-records",
    summary: "How each generated article of a day was written and checked",
    tags: ["Admin: newsroom"],
    access: "admin",
    request: { query: statusQuery },
    responses: { 200: json("The day's records and token use", generationRecordsSchema), ...errors(400, 401, 403) },
  },
  retryGeneration: {
    method: "POST",
    path: "/api/admin/retry-generation",
    summary: "Run a task again for a recent day",
    tags: ["Admin: newsroom"],
    access: "admin",
    request: { body: retryBody },
    responses: { 202: json("The runs it started or queued", startedRunsSchema), ...errors(400, 401, 403, 409, 413) },
  },
  watchdogRecovery: {
    method: "POST",
    path: "/api/admin/watchdog-recovery",
    summary: "Recover runs that stopped without finishing",
    tags: ["Admin: newsroom"],
    access: "admin",
    responses: { 200: json("How many runs were recovered", watchdogResultSchema), ...errors(401, 403, 413) },
  },
  downloadLunarcrushData: {
    method: "GET",
    path: "/api/admin/download-lunarcrush-data/:range",
    summary: "One rank range's LunarCrush rows as a JSON file",
    tags: ["Admin: newsroom"],
    access: "admin",
    request: { params: downloadParam, query: downloadQuery },
    responses: { 200: json("The file (Content-Disposition: attachment)", lunarcrushFileSchema), ...errors(400, 401, 403, 404) },
  },
  runToday: {
    method: "POST",
    path: "/api/dev/newsroom/run-today",
    summary: "Run today's newsroom pipeline (development and test only)",
    description: "`npm start` calls it once so a fresh site has articles. Answers 404 anywhere else.",
    tags: ["Local development"],
    access: "public",
    responses: { 200: json("How far today's pipeline got", dayReportSchema), ...errors(403, 404, 409, 413) },
  },
} as const satisfies Record<string, RouteContract>;
