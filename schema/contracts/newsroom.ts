import { z } from "zod";

/** The generation tasks (assistant-plans-admin.md §3), in pipeline order. */
export const taskKeys = ["lunarcrush_data", "daily_roundup", "trending_top_100", "trending_101_300", "trending_301_500"] as const;
export type TaskKey = (typeof taskKeys)[number];

export const taskLabels: Record<TaskKey, string> = {
  lunarcrush_data: "LunarCrush data",
  daily_roundup: "Daily roundup",
  trending_top_100: "Trending top 100",
  trending_101_300: "Trending 101-300",
  trending_301_500: "Trending 301-500",
};

/** The three trending tasks wait for that day's LunarCrush data; the roundup has none (assistant-plans-admin.md §4). */
export const taskDependencies: Record<TaskKey, readonly TaskKey[]> = {
  lunarcrush_data: [],
  daily_roundup: [],
  trending_top_100: ["lunarcrush_data"],
  trending_101_300: ["lunarcrush_data"],
  trending_301_500: ["lunarcrush_data"],
};

export const rankRanges = ["1-100", "101-300", "301-500"] as const;
export type RankRange = (typeof rankRanges)[number];

export const runStatusValues = ["not_started", "in_progress", "retrying", "completed", "failed"] as const;
export type RunStatusValue = (typeof runStatusValues)[number];

export const errorCategories = ["timeout", "api_failure", "dependency", "validation", "system"] as const;
export type ErrorCategory = (typeof errorCategories)[number];

export const stepStatuses = ["completed", "running", "failed", "pending"] as const;

/** A calendar day in UTC, YYYY-MM-DD, that exists (no 2026-02-30). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Date must be in YYYY-MM-DD form")
  .refine((value) => {
    const at = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
  }, "Date is not a real calendar day");

export const stepDetailSchema = z.object({
  name: z.string(),
  status: z.enum(stepStatuses),
  /** Seconds; null until the step has run. */
  duration: z.number().nullable(),
});
export type StepDetail = z.infer<typeof stepDetailSchema>;

export const progressSchema = z.object({
  currentStep: z.string().nullable(),
  completedSteps: z.number().int(),
  totalSteps: z.number().int(),
  percentage: z.number(),
  /** Seconds since the attempt started. */
  elapsedTime: z.number(),
  /** Seconds, estimated from the steps done so far; null before the first step completes. */
  estimatedTimeRemaining: z.number().nullable(),
  stepDetails: z.array(stepDetailSchema),
});
export type Progress = z.infer<typeof progressSchema>;

export const taskErrorSchema = z.object({
  category: z.string(),
  message: z.string(),
  timestamp: z.string(),
  retryCount: z.number().int(),
  suggestedAction: z.string(),
  stackTrace: z.string().nullable(),
});
export type TaskError = z.infer<typeof taskErrorSchema>;

export const taskStatusSchema = z.object({
  task: z.enum(taskKeys),
  date: z.string(),
  status: z.enum(runStatusValues),
  progress: progressSchema.nullable(),
  error: taskErrorSchema.nullable(),
  /** Seconds until the next automatic retry; null when none is scheduled. */
  nextRetryIn: z.number().int().nullable(),
  completed_at: z.string().nullable(),
  /** Prerequisite tasks not completed yet for this date. */
  blockedBy: z.array(z.enum(taskKeys)),
  startedAt: z.string().nullable(),
  /** Articles this task wrote for the date: public, and held for review. */
  articles: z.object({ published: z.number().int(), review: z.number().int() }),
});
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** GET /api/admin/generation-status: one entry per task key, for one date (default today, UTC). */
export const generationStatusSchema = z.record(z.enum(taskKeys), taskStatusSchema);
export type GenerationStatus = Record<TaskKey, TaskStatus>;

export const statusQuery = z.object({ date: isoDate.optional() }).strict();

export const dailySummarySchema = z.object({
  summary: z.object({
    date: z.string(),
    completedTasks: z.number().int(),
    failedTasks: z.number().int(),
    /** Completed tasks as a percentage of all tasks of the day, one decimal. */
    completionRate: z.number(),
    /** Seconds, over the tasks completed that day; 0 when none. */
    averageCompletionTime: z.number(),
    criticalFailures: z.array(z.string()),
    warnings: z.array(z.string()),
  }),
});
export type DailySummary = z.infer<typeof dailySummarySchema>;

export const retryBody = z.object({ generationType: z.enum(taskKeys), date: isoDate }).strict();
export type RetryBody = z.infer<typeof retryBody>;

/** What a generate or retry call answers: the runs it started or queued. */
export const startedRunsSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  runs: z.array(z.object({ task: z.enum(taskKeys), date: z.string(), status: z.enum(runStatusValues) })),
});
export type StartedRuns = z.infer<typeof startedRunsSchema>;

export const watchdogResultSchema = z.object({ recovered: z.number().int() });

/** GET /api/admin/generation-records: how each generated article of a day was written and checked. */
export const generationRecordsSchema = z.object({
  date: z.string(),
  tokens: z.object({ used: z.number().int(), budget: z.number().int() }),
  articles: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      title: z.string(),
      status: z.string(),
      generationKey: z.string().nullable(),
      reviewReason: z.string().nullable(),
      /** Model, tokens, prompt hash and raw answer, as stored (null when absent). */
      generation: z.unknown(),
      /** The grounding check's figure table, as stored. */
      figures: z.unknown(),
      /** Every sentence's reading and verdict (SentenceReading[], schema/contracts/editorial.ts), as stored; null before readings. */
      readings: z.unknown(),
      sources: z.unknown(),
    }),
  ),
});

/** GET /api/admin/download-lunarcrush-data/{range}: one rank range's rows with the source's field names. */
export const lunarcrushFileSchema = z.object({
  range: z.enum(rankRanges),
  date: z.string(),
  source: z.string(),
  count: z.number().int(),
  coins: z.array(z.looseObject({ rank: z.number().int(), coin_id: z.string(), symbol: z.string(), name: z.string() })),
});
export type LunarcrushFile = z.infer<typeof lunarcrushFileSchema>;

/** POST /api/dev/newsroom/run-today (local only): how far today's pipeline got. */
export const dayReportSchema = z.object({
  date: z.string(),
  done: z.boolean(),
  tasks: z.record(z.enum(taskKeys), z.string()),
  articles: z.object({ published: z.number().int(), review: z.number().int() }),
});

export const downloadParam = z.object({ range: z.enum(rankRanges) }).strict();
export const downloadQuery = z.object({ date: isoDate.optional() }).strict();

/**
 * The admin generate calls (assistant-plans-admin.md §7): path segment after /api/admin/ and the tasks each one starts.
 * "Trending analysis" runs the three rank bands.
 */
export const generateCalls = {
  "generate-daily-roundup": ["daily_roundup"],
  "generate-trending-analysis": ["trending_top_100", "trending_101_300", "trending_301_500"],
  "generate-lunarcrush-data": ["lunarcrush_data"],
  "generate-trending-top-100": ["trending_top_100"],
  "generate-trending-101-300": ["trending_101_300"],
  "generate-trending-301-500": ["trending_301_500"],
} as const satisfies Record<string, readonly TaskKey[]>;
export type GenerateCall = keyof typeof generateCalls;

/** The file a LunarCrush download saves as, e.g. lunarcrush-rank-1-100-2026-11-22.json. */
export function lunarcrushFileName(range: RankRange, date: string): string {
  return `lunarcrush-rank-${range}-${date}.json`;
}

/** assistant-plans-admin.md §8: the suggested action for each error category when the server gives none. */
export const suggestedActions: Record<ErrorCategory | "unknown", string> = {
  timeout: "Increase timeout limits or check system load",
  api_failure: "Verify API credentials and rate limits",
  dependency: "Check prerequisite tasks completion",
  validation: "Review input data format and requirements",
  system: "Check system resources and connectivity",
  unknown: "Contact system administrator for assistance",
};

export function suggestedActionFor(category: string): string {
  return (suggestedActions as Record<string, string>)[category] ?? suggestedActions.unknown;
}
