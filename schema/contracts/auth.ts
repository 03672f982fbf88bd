import { z } from "zod";

export const roleSchema = z.enum(["user", "premium", "admin"]);
export type Role = z.infer<typeof roleSchema>;

/** GET /api/auth/user: the signed-in member (401 when signed out). */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  isActive: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const tierSchema = z.enum(["free", "lite", "basic", "pro"]);
export type Tier = z.infer<typeof tierSchema>;

/** The member's plan and Ask allowance (assistant-plans-admin.md §3). */
export const subscriptionSchema = z.object({
  tier: tierSchema,
  /** "active" while the plan is usable; anything else shows "Subscription inactive". */
  status: z.string(),
  trialQueriesRemaining: z.number().int(),
  queryCount: z.number().int(),
  queryLimit: z.number().int(),
  /** Top-up credits left: spent after the monthly allowance, never expire (assistant-plans-admin.md §9). */
  credits: z.number().int(),
  /** True while the plan is the premium role's complimentary Pro allowance rather than a paid one. */
  complimentary: z.boolean(),
  /** End of the current paid month; null on the free tier. */
  periodEnd: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/user/subscription. */
export const subscriptionResponseSchema = z.object({
  success: z.literal(true),
  tier: tierSchema,
  subscription: subscriptionSchema,
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** Where to go after signing in: a same-origin path (anything else is replaced by "/"). */
export const returnToQuery = z.object({ returnTo: z.string().max(2048).optional() }).strict();

/** The local sign-in form (offline identity adapter). */
export const offlineSignInForm = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Enter your email address")
    .max(254, "That email address is too long")
    .pipe(z.email("Enter a valid email address, like name@example.com")),
  firstName: z.string().trim().min(1, "Enter your first name").max(60, "Use at most 60 characters"),
  lastName: z.string().trim().max(60, "Use at most 60 characters").optional().default(""),
  returnTo: z.string().max(2048).optional().default("/"),
});

/** GET /api/callback: the provider's answer. Providers add their own parameters (session_state, iss, scope...); each is bounded. */
export const callbackQuery = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(1024).optional(),
  })
  .catchall(z.string().max(2048));
