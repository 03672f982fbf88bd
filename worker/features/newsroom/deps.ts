import type { PriceSnapshot } from "#worker/features/cryptos/index.ts";
import { currentSnapshot } from "#worker/features/cryptos/index.ts";
import { type DailySendResult, runDailySend } from "#worker/features/newsletter/index.ts";
import { type Db, getDb } from "#worker/lib/db.ts";
import type { WaitUntil } from "#worker/lib/deps.ts";
import { createArticleWriter } from "#worker/ports/llm/create-writer.ts";
import type { ArticleWriter } from "#worker/ports/llm/llm.ts";
import { createSentiment } from "#worker/ports/sentiment/create-sentiment.ts";
import type { SentimentPort } from "#worker/ports/sentiment/sentiment.ts";

/** Everything the pipeline touches, built once per invocation; tests replace the ports and the clock. */
export type NewsroomDeps = {
  env: Env;
  db: Db;
  sentiment: SentimentPort;
  writer: ArticleWriter;
  /** The market table as every price read serves it. */
  market: () => Promise<PriceSnapshot>;
  /** The clock of the progress table's timestamps and of the market data's age. */
  now: () => number;
  /** Puts the day's newsletter on the mail queue: the last step of the instance that wrote the day's roundup. */
  sendNewsletter: (now: number) => Promise<DailySendResult>;
  /**
   * Told of each article published, after its step's own work: the Workflow exported by
   * worker/index.ts renders its page ahead of readers (pages/render-ahead.ts). The newsroom imports
   * no pages: they read the articles it writes.
   */
  published?: (articleId: number) => void;
  waitUntil: WaitUntil;
};

export function newsroomDeps(
  env: Env,
  waitUntil: WaitUntil,
  overrides: Partial<Omit<NewsroomDeps, "env" | "waitUntil">> = {},
): NewsroomDeps {
  return {
    env,
    db: overrides.db ?? getDb(env.DB),
    sentiment: overrides.sentiment ?? createSentiment(env),
    writer: overrides.writer ?? createArticleWriter(env),
    market: overrides.market ?? (() => currentSnapshot({ env, waitUntil })),
    now: overrides.now ?? Date.now,
    sendNewsletter: overrides.sendNewsletter ?? ((now) => runDailySend(env, { now })),
    waitUntil,
  };
}

/** Builds the deps of one request or cron invocation; tests pass their own. */
export type DepsFactory = (env: Env, waitUntil: WaitUntil) => NewsroomDeps;

export const defaultDeps: DepsFactory = (env, waitUntil) => newsroomDeps(env, waitUntil);

let workflowFactory: DepsFactory = defaultDeps;

/**
 * The deps a newsroom Workflow run builds. A Workflow instance runs in the Worker's own isolate,
 * so a test can hand it the same ports and clock as its requests (`setWorkflowDeps`).
 */
export function workflowDeps(env: Env, waitUntil: WaitUntil): NewsroomDeps {
  return workflowFactory(env, waitUntil);
}

/** Tests only: the factory the Workflow uses from now on (null: the defaults again). */
export function setWorkflowDeps(factory: DepsFactory | null): void {
  workflowFactory = factory ?? defaultDeps;
}

/** The UTC day of a time, YYYY-MM-DD. */
export function utcDate(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}
