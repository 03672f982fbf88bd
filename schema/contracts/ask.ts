import { z } from "zod";
import type { AskStreamEvent, AskStreamEventName } from "./ask-stream.ts";
import { type AskRefusal, type AskResponse, QUESTION_TYPES, type StoredAnswer } from "./ask-types.ts";
import { subscriptionSchema } from "./auth.ts";
import { symbolParam } from "./crypto.ts";
import { errorBodySchema } from "./error.ts";

export * from "./ask-stream.ts";
export * from "./ask-types.ts";

/**
 * POST /api/ask-coinsight (assistant-plans-admin.md §7). `coinName` and `priceChange24h` are what the card shows; the answer is
 * built from the server's own figures, so they only have to be well-formed.
 */
export const askRequestSchema = z
  .object({
    coinSymbol: symbolParam,
    coinName: z.string().trim().min(1).max(120),
    questionType: z.enum(QUESTION_TYPES),
    priceChange24h: z.union([z.string().max(32), z.number(), z.null()]).optional(),
  })
  .strict();

/** The answer of POST /api/ask-coinsight (the types live in ask-types.ts, free of zod, for the Ask card). */
export const askResponseSchema = z.object({
  success: z.literal(true),
  response: z.string(),
  cached: z.boolean(),
  rateLimit: z.object({ remaining: z.number().int().nullable(), resetTime: z.string().nullable() }),
  subscription: subscriptionSchema.nullable(),
  questionType: z.enum(QUESTION_TYPES),
  asOf: z.string(),
}) satisfies z.ZodType<AskResponse>;

/** 402, 429 and 503: the one error body plus the plan, so the card can pick its banner. */
export const askRefusalSchema = errorBodySchema.extend({ subscription: subscriptionSchema.nullable() }) satisfies z.ZodType<AskRefusal>;

/** The stream's events (ask-stream.ts), one schema each: the Worker's tests read every event it writes with these. */
export const askStreamEventSchemas = {
  delta: z.object({ text: z.string() }).strict(),
  reset: z.object({}).strict(),
  done: askResponseSchema,
  error: askRefusalSchema,
} satisfies { [K in AskStreamEventName]: z.ZodType<Extract<AskStreamEvent, { event: K }>["data"]> };

/** 404: the coin is unknown, or Coinsight holds too little to answer (nothing is counted); the plan when there is one. */
export const askNotFoundSchema = errorBodySchema.extend({ subscription: subscriptionSchema.nullable().optional() });

/** GET /api/ask-coinsight/answers?symbol=: the member's answers about one coin from the last 24 hours. */
export const storedAnswersQuery = z.object({ symbol: symbolParam }).strict();
export const storedAnswerSchema = z.object({
  questionType: z.enum(QUESTION_TYPES),
  response: z.string(),
  asOf: z.string(),
  answeredAt: z.string(),
}) satisfies z.ZodType<StoredAnswer>;
export const storedAnswersSchema = z.object({ answers: z.array(storedAnswerSchema) });
export type StoredAnswers = z.infer<typeof storedAnswersSchema>;
