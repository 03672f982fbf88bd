import { z } from "zod";
import { QUESTION_TYPES } from "./ask-types.ts";
import { symbolParam } from "./crypto.ts";

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
