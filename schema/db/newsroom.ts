import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * One row per coin per UTC day (ranks 1-500 of the market table), written by the `lunarcrush_data`
 * task. It carries the market figures of the same moment, so an article written from a row can be
 * checked against exactly what its writer saw. Social metrics are null when the source does not
 * track the coin.
 */
export const sentimentSnapshots = sqliteTable(
  "sentiment_snapshots",
  {
    date: text("date").notNull(),
    /** CoinGecko id, the key of the market table. */
    coinId: text("coin_id").notNull(),
    rank: integer("rank").notNull(),
    symbol: text("symbol").notNull(),
    name: text("name").notNull(),
    price: real("price").notNull(),
    change24h: real("change_24h"),
    change7d: real("change_7d"),
    marketCap: real("market_cap").notNull(),
    /** Null when the market source does not report it. */
    volume24h: real("volume_24h"),
    galaxyScore: real("galaxy_score"),
    galaxyScorePrevious: real("galaxy_score_previous"),
    altRank: integer("alt_rank"),
    altRankPrevious: integer("alt_rank_previous"),
    /** Percent of posts (weighted by interactions) that are positive, 0-100. */
    sentiment: real("sentiment"),
    socialVolume24h: real("social_volume_24h"),
    interactions24h: real("interactions_24h"),
    /** Percent of all social volume. */
    socialDominance: real("social_dominance"),
    /** Percent of the total market cap. */
    marketDominance: real("market_dominance"),
    /** JSON array of category slugs. */
    categories: text("categories").notNull().default("[]"),
    /** "lunarcrush" or "offline". */
    source: text("source").notNull(),
    /** When the market figures were taken (the price snapshot time). */
    marketAsOf: text("market_as_of").notNull(),
    /** When the social figures were fetched. */
    fetchedAt: text("fetched_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.coinId] }), index("sentiment_snapshots_rank_idx").on(t.date, t.rank)],
);

export const runStatuses = ["not_started", "in_progress", "retrying", "completed", "failed"] as const;
export type RunStatus = (typeof runStatuses)[number];

/**
 * The progress of one generation task for one UTC day, as the newsroom Workflow's steps write it
 * (features/newsroom/workflow.ts): status, step details, the last error and the retry the Workflow
 * has scheduled. The admin panel reads it beside the instance's own status. Rows from before
 * migration 0015 (the home-made engine's) stay readable; they have no instance.
 */
export const generationRuns = sqliteTable(
  "generation_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    task: text("task").notNull(),
    date: text("date").notNull(),
    status: text("status", { enum: runStatuses }).notNull().default("not_started"),
    /** What started the current attempt: schedule, manual, retry, recovery, dev. */
    trigger: text("trigger").notNull().default("schedule"),
    /**
     * The Workflow instance that runs (or ran) the current attempt, e.g. newsroom-2026-11-27-5f3a9c1e.
     * Never reused, so it is also the claim's version: a new start claims the row only from the
     * instance it read there (worker/features/newsroom/runs.ts, claimRun).
     */
    instanceId: text("instance_id"),
    currentStep: text("current_step"),
    completedSteps: integer("completed_steps").notNull().default(0),
    totalSteps: integer("total_steps").notNull().default(0),
    /** JSON array of { name, status, duration } (seconds). */
    stepsJson: text("steps_json").notNull().default("[]"),
    /** What a re-run of the date keeps (a trending task's picks), written by the step that chose it. */
    stateJson: text("state_json").notNull().default("{}"),
    startedAt: text("started_at"),
    completedAt: text("completed_at"),
    /** Retries the Workflow has made of the failing step (its config allows MAX_RETRIES). */
    retryCount: integer("retry_count").notNull().default(0),
    /** When the Workflow retries the failed step (its backoff), while the status is retrying. */
    nextRetryAt: text("next_retry_at"),
    errorCategory: text("error_category"),
    errorMessage: text("error_message"),
    errorAt: text("error_at"),
    errorStack: text("error_stack"),
    errorSuggestedAction: text("error_suggested_action"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [uniqueIndex("generation_runs_task_date_idx").on(t.task, t.date), index("generation_runs_status_idx").on(t.status)],
);

/** Tokens the article writer spent per UTC day, for the daily budget (LLM_DAILY_TOKEN_BUDGET). */
export const llmUsage = sqliteTable("llm_usage", {
  date: text("date").primaryKey(),
  promptTokens: integer("prompt_tokens").notNull().default(0),
  completionTokens: integer("completion_tokens").notNull().default(0),
  calls: integer("calls").notNull().default(0),
});
