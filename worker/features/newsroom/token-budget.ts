import { eq, sql } from "drizzle-orm";
import { llmUsage } from "#schema/db/newsroom.ts";
import type { TokenUsage } from "#worker/ports/llm/llm.ts";
import type { NewsroomDeps } from "./deps.ts";
import { utcDate } from "./deps.ts";

export const DEFAULT_DAILY_TOKEN_BUDGET = 300_000;

/** The day's budget is spent: generation stops until the next UTC day, without automatic retries. */
export class TokenBudgetError extends Error {
  readonly budget = true;
  // Waiting minutes does not refill a daily budget: the Workflow does not retry it.
  readonly needsPerson = true;
  constructor(message: string) {
    super(message);
    this.name = "DependencyError";
  }
}

export function dailyBudget(env: Pick<Env, "LLM_DAILY_TOKEN_BUDGET">): number {
  const n = Number(env.LLM_DAILY_TOKEN_BUDGET);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : DEFAULT_DAILY_TOKEN_BUDGET;
}

export async function tokensUsed(deps: Pick<NewsroomDeps, "db" | "now">, date = utcDate(deps.now())): Promise<number> {
  const [row] = await deps.db.select().from(llmUsage).where(eq(llmUsage.date, date)).limit(1);
  return row ? row.promptTokens + row.completionTokens : 0;
}

/** Throws when today's tokens are spent, before a call that would spend more. */
export async function spendable(deps: Pick<NewsroomDeps, "db" | "now" | "env">): Promise<void> {
  const budget = dailyBudget(deps.env);
  const used = await tokensUsed(deps);
  if (used >= budget) {
    throw new TokenBudgetError(
      `The daily token budget is spent (${used} of ${budget} tokens on ${utcDate(deps.now())}); writing resumes tomorrow`,
    );
  }
}

export async function recordUsage(deps: Pick<NewsroomDeps, "db" | "now">, usage: TokenUsage): Promise<void> {
  const date = utcDate(deps.now());
  await deps.db
    .insert(llmUsage)
    .values({ date, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens, calls: 1 })
    .onConflictDoUpdate({
      target: llmUsage.date,
      set: {
        promptTokens: sql`${llmUsage.promptTokens} + ${usage.promptTokens}`,
        completionTokens: sql`${llmUsage.completionTokens} + ${usage.completionTokens}`,
        calls: sql`${llmUsage.calls} + 1`,
      },
    });
}
