import { z } from "zod";

export const errorCodes = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "GONE",
  "PAYLOAD_TOO_LARGE",
  "UPGRADE_REQUIRED",
  "PAYMENT_REQUIRED",
  "RATE_LIMITED",
  "INTERNAL",
  "UNAVAILABLE",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The one error body every API route answers with. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    requestId: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
