// No zod here: the coin page's Ask card imports these, and the validator stays on the server.
import type { Subscription } from "./auth.ts";
import type { ErrorBody } from "./error.ts";

/** The five questions of the Ask Coinsight card, in the card's order (assistant-plans-admin.md §2). */
export const QUESTION_TYPES = ["about", "price_movement", "future_price", "social_sentiment", "latest_news"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Only `about` is free (assistant-plans-admin.md §5). */
export const FREE_QUESTION: QuestionType = "about";

/** The body of POST /api/ask-coinsight (validated by askRequestSchema in ask.ts). */
export type AskRequest = {
  coinSymbol: string;
  coinName: string;
  questionType: QuestionType;
  priceChange24h?: string | number | null | undefined;
};

/** Questions left and when they come back; null for admins (unlimited). */
export type RateLimitInfo = { remaining: number | null; resetTime: string | null };

/** The answer (assistant-plans-admin.md §3): Markdown-ish text ending with its data time and sources. */
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

/** 402 and 429 carry the plan beside the one error shape, so the card can pick assistant-plans-admin.md §8's banner. */
export type AskRefusal = ErrorBody & { subscription: Subscription | null };

/** One of the member's answers kept for 24 hours (GET /api/ask-coinsight/answers): re-reading it is free. */
export type StoredAnswer = {
  questionType: QuestionType;
  response: string;
  /** When the figures behind it were taken (ISO). */
  asOf: string;
  /** When it was answered (ISO). */
  answeredAt: string;
};
