import { z } from "zod";
import { askRefusalSchema } from "./ask.ts";
import {
  type AnswerTable,
  ASK_HISTORY_DEFAULT_LIMIT,
  ASK_HISTORY_MAX_LIMIT,
  type AskFreeEvent,
  type AskFreeEventName,
  type AskFreeRequest,
  type AskFreeResponse,
  type AskHistory,
  type AskHistoryEntry,
} from "./ask-free-types.ts";
import { askPlanSchema, PLAN_QUESTION_MAX } from "./ask-plan.ts";
import { subscriptionSchema } from "./auth.ts";

/**
 * POST /api/ask-coinsight/answer and the member's free-text history (issue 43). Only the worker and
 * the tests import this file (zod); the web reads the twin types of ask-free-types.ts.
 */

/** The question as the planner took it, and the plan the member saw (re-validated and its coins re-resolved on the server). */
export const askFreeRequestSchema = z
  .object({
    question: z.string().trim().min(1, "Type a question").max(PLAN_QUESTION_MAX, `A question is at most ${PLAN_QUESTION_MAX} characters`),
    plan: askPlanSchema,
  })
  .strict() satisfies z.ZodType<AskFreeRequest>;

export const answerTableSchema = z
  .object({
    title: z.string(),
    columns: z.array(z.object({ key: z.string(), label: z.string(), numeric: z.boolean() }).strict()),
    rows: z.array(
      z
        .object({
          symbol: z.string(),
          name: z.string(),
          cells: z.array(z.object({ text: z.string(), tone: z.enum(["up", "down"]).nullable() }).strict()),
        })
        .strict(),
    ),
    note: z.string().nullable(),
  })
  .strict() satisfies z.ZodType<AnswerTable>;

export const askFreeResponseSchema = z
  .object({
    success: z.literal(true),
    id: z.string().nullable(),
    question: z.string(),
    plan: askPlanSchema,
    summary: z.string(),
    response: z.string(),
    tables: z.array(answerTableSchema),
    asOf: z.string(),
    cached: z.boolean(),
    charged: z.boolean(),
    subscription: subscriptionSchema.nullable(),
    rateLimit: z.object({ remaining: z.number().int().nullable(), resetTime: z.string().nullable() }),
  })
  .strict() satisfies z.ZodType<AskFreeResponse>;

/** The stream's events (ask-free-types.ts), one schema each: the Worker's tests read every event it writes with these. */
export const askFreeEventSchemas = {
  table: answerTableSchema,
  delta: z.object({ text: z.string() }).strict(),
  reset: z.object({}).strict(),
  done: askFreeResponseSchema,
  error: askRefusalSchema,
} satisfies { [K in AskFreeEventName]: z.ZodType<Extract<AskFreeEvent, { event: K }>["data"]> };

/** GET /api/ask-coinsight/history?limit=&before=: `before` is the `nextBefore` of the page read before. */
export const askHistoryQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(ASK_HISTORY_MAX_LIMIT).default(ASK_HISTORY_DEFAULT_LIMIT),
    before: z.string().min(1).max(64).optional(),
  })
  .strict();

export const askHistoryEntrySchema = z
  .object({
    id: z.string(),
    question: z.string(),
    plan: askPlanSchema,
    response: z.string(),
    tables: z.array(answerTableSchema),
    asOf: z.string(),
    createdAt: z.string(),
  })
  .strict() satisfies z.ZodType<AskHistoryEntry>;

export const askHistorySchema = z
  .object({ entries: z.array(askHistoryEntrySchema), nextBefore: z.string().nullable() })
  .strict() satisfies z.ZodType<AskHistory>;

/** DELETE /api/ask-coinsight/history/{id}. */
export const askHistoryParams = z.object({ id: z.string().min(1).max(64) }).strict();
export const askHistoryDeletedSchema = z.object({ success: z.literal(true) }).strict();
