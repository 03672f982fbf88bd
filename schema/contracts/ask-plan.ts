import { z } from "zod";

/**
 * The plan of a free-text Ask question (docs/decisions/ask/free-text-plans.md): what the member asked,
 * in a shape the server can build a brief from and the member can read above the answer. Offline the
 * worker's own parser proposes it; live, a model will, and both are held to this schema. Only the
 * worker imports this file: when the web shows plans it gets a zod-free twin, as ask-types.ts is for ask.ts.
 */

import {
  type AskPlan,
  type AskPlanRefusal,
  metricsOf,
  PLAN_INTENTS,
  PLAN_MAX_COINS,
  PLAN_METRICS,
  PLAN_PERIODS,
  PLAN_QUESTION_MAX,
  PLAN_SCOPES,
  periodsOf,
  REFUSAL_REASONS,
  SCREEN_ORDERS,
} from "./ask-free-types.ts";

// The lists and types live in the zod-free twin (the web reads them); the worker keeps importing them from here.
export type { AskPlan, AskPlanRefusal, PlanIntent, PlanMetric, PlanPeriod, RefusalReason } from "./ask-free-types.ts";
export { metricsOf, PLAN_INTENTS, PLAN_MAX_COINS, PLAN_METRICS, PLAN_PERIODS, periodsOf, REFUSAL_REASONS, SCREEN_ORDERS };

/** The site tracks the top 500 by market cap; a screen ranks within the top N of them. */
const SCREEN_MAX_UNIVERSE = 500;
/** Rows a screen may list (the watchlist holds at most 100 coins, and so may a table). */
const SCREEN_MAX_ROWS = 100;

const planCoinSchema = z.object({ id: z.string().min(1), symbol: z.string().min(1), name: z.string().min(1) }).strict();

const screenSchema = z
  .object({
    /** The top N coins by market cap, or the member's watchlist. */
    universe: z.union([z.number().int().min(1).max(SCREEN_MAX_UNIVERSE), z.literal("watchlist")]),
    order: z.enum(SCREEN_ORDERS),
    limit: z.number().int().min(1).max(SCREEN_MAX_ROWS),
  })
  .strict();

export const askPlanSchema = z
  .object({
    kind: z.literal("plan"),
    intent: z.enum(PLAN_INTENTS),
    scope: z.enum(PLAN_SCOPES),
    coins: z.array(planCoinSchema).max(PLAN_MAX_COINS),
    period: z.enum(PLAN_PERIODS),
    metric: z.enum(PLAN_METRICS),
    screen: screenSchema.nullable(),
    /** What the member sees above the answer ("Comparing Solana and Ethereum over 7 days"). */
    summary: z.string().trim().min(1).max(200),
  })
  .strict()
  .superRefine((plan, ctx) => {
    const problem = planProblem(plan);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }) satisfies z.ZodType<AskPlan>;

/**
 * The rules between fields a model's plan could break: the schema refuses such a plan rather than
 * letting the brief builder guess what was meant.
 */
function planProblem(plan: Omit<AskPlan, "summary">): string | null {
  if (!metricsOf(plan.intent).includes(plan.metric)) return `${plan.intent} does not answer ${plan.metric}`;
  if (!periodsOf(plan.metric).includes(plan.period)) return `${plan.metric} is not recorded over ${plan.period}`;
  if (new Set(plan.coins.map((c) => c.id)).size !== plan.coins.length) return "a coin is named twice";
  const { intent, scope, coins, screen } = plan;
  if (intent === "screen") {
    if (!screen || coins.length) return "a screen ranks a universe, not named coins";
    if (scope !== (screen.universe === "watchlist" ? "watchlist" : "market")) return "a screen's scope is its universe";
    if (typeof screen.universe === "number" && screen.limit > screen.universe) return "a screen lists more rows than its universe";
    if (screen.order === "biggest_move" && plan.metric !== "change") return "biggest moves rank changes only";
    return null;
  }
  if (screen) return "only a screen has a screen";
  if (intent === "watchlist") return scope === "watchlist" && !coins.length ? null : "a watchlist plan is about the watchlist only";
  if (scope !== "coins") return `${intent} is about named coins`;
  if (intent === "compare") return coins.length >= 2 ? null : "a comparison needs two coins";
  if (intent === "news") return coins.length >= 1 ? null : "news needs a coin";
  return coins.length === 1 ? null : `${intent} is about one coin`;
}

export const askPlanRefusalSchema = z
  .object({
    kind: z.literal("refusal"),
    reason: z.enum(REFUSAL_REASONS),
    /** Short and kind, and says what Coinsight can answer instead. */
    message: z.string().min(1).max(400),
  })
  .strict() satisfies z.ZodType<AskPlanRefusal>;

export { PLAN_QUESTION_MAX };

/** POST /api/ask-coinsight/plan: a question in the member's words, and the plan of the turn before (a follow-up). */
export const askPlanRequestSchema = z
  .object({
    question: z.string().trim().min(1, "Type a question").max(PLAN_QUESTION_MAX, `A question is at most ${PLAN_QUESTION_MAX} characters`),
    previous: askPlanSchema.nullable().optional(),
  })
  .strict();

/** What planning a question answers: the plan to show above the answer, or a kind refusal (nothing is counted). */
export const askPlanAnswerSchema = z.union([askPlanSchema, askPlanRefusalSchema]);
