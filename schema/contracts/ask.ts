import { z } from "zod";
import type { Subscription } from "./auth.ts";
import { symbolParam } from "./crypto.ts";
import type { ErrorBody } from "./error.ts";

/** The five questions of the Ask Coinsight card, in the card's order (assistant-plans-admin.md §2). */
export const QUESTION_TYPES = ["about", "price_movement", "future_price", "social_sentiment", "latest_news"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Only `about` is free (§5). */
export const FREE_QUESTION: QuestionType = "about";

/**
 * POST /api/ask-coinsight (§7). `coinName` and `priceChange24h` are what the card shows; the answer is
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
export type AskRequest = z.infer<typeof askRequestSchema>;

/** Questions left and when they come back; null for admins (unlimited). */
export type RateLimitInfo = { remaining: number | null; resetTime: string | null };

/** The answer (§3): Markdown-ish text ending with its data time and sources. */
export type AskResponse = {
  success: true;
  response: string;
  cached: boolean;
  rateLimit: RateLimitInfo;
  /** The member's plan after this answer, in the shape of /api/user/subscription; null for guests and admins. */
  subscription: Subscription | null;
  questionType: QuestionType;
  /** When the figures the answer was written from were taken (ISO). */
  asOf: string;
};

/** 402 and 429 carry the plan beside the one error shape, so the card can pick §8's banner. */
export type AskRefusal = ErrorBody & { subscription: Subscription | null };
