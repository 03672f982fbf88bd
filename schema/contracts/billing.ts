import { z } from "zod";

export const paidTierSchema = z.enum(["lite", "basic", "pro"]);
export type PaidTier = z.infer<typeof paidTierSchema>;

/** POST /api/create-subscription: the plan only; its price comes from the server's configuration. */
export const createSubscriptionBody = z.object({ tier: paidTierSchema }).strict();

/** POST /api/create-subscription and POST /api/billing/credits. */
export const clientSecretResponseSchema = z.object({ clientSecret: z.string() });
export type ClientSecretResponse = z.infer<typeof clientSecretResponseSchema>;

/**
 * GET /api/billing: how this server sells. "live": Stripe's Payment Element with `publishableKey`;
 * "test": the local test checkout (no card is charged); "unavailable": nothing is sold (`message` says why).
 * `hasPaid`: the member has paid at least once, so Manage Billing opens the customer portal.
 */
export const billingInfoSchema = z.object({
  mode: z.enum(["live", "test", "unavailable"]),
  publishableKey: z.string().nullable(),
  hasPaid: z.boolean(),
  message: z.string().nullable(),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

/** POST /api/billing/test-checkout: the local test checkout's Pay (or declined-card) button. */
export const testCheckoutBody = z
  .object({
    clientSecret: z.string().min(1).max(200),
    outcome: z.enum(["succeed", "decline"]).default("succeed"),
  })
  .strict();
export const testCheckoutResponseSchema = z.object({ success: z.literal(true), events: z.number().int() });
export type TestCheckoutResponse = z.infer<typeof testCheckoutResponseSchema>;

/** POST /api/billing/portal. */
export const portalResponseSchema = z.object({ url: z.string() });
export type PortalResponse = z.infer<typeof portalResponseSchema>;

/** POST /api/webhooks/stripe: received once; a repeat delivery is acknowledged as a duplicate. */
export const webhookResultSchema = z.object({ received: z.literal(true), duplicate: z.boolean(), applied: z.boolean() });

/** One payment on the account page: when, what was bought, how much. */
export const paymentSchema = z.object({
  id: z.string(),
  /** When it was paid (ISO UTC). */
  paidAt: z.string(),
  kind: z.enum(["subscription", "credits"]),
  /** "Coinsight Basic plan, one month" or "10 Ask Coinsight credits". */
  description: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** The amount as shown: "$9.99". */
  amount: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * The member's paid plan as the payment provider holds it now: `cancelAt` is set when it will end
 * (cancelled at the period's end in the customer portal), `renewsAt` while it renews.
 */
export const providerPlanSchema = z.object({
  tier: paidTierSchema.nullable(),
  status: z.string(),
  renewsAt: z.string().nullable(),
  cancelAt: z.string().nullable(),
});
export type ProviderPlan = z.infer<typeof providerPlanSchema>;

/** GET /api/billing/account: the account page's billing part. `plan` is null without a paid subscription. */
export const billingAccountSchema = z.object({
  payments: z.array(paymentSchema),
  plan: providerPlanSchema.nullable(),
  /** Set when the provider could not be asked (the rest is then empty): shown instead of the list. */
  message: z.string().nullable(),
});
export type BillingAccount = z.infer<typeof billingAccountSchema>;

/** POST /api/billing/test-portal/plan/{tier}: a plan change in the local test portal. */
export const testPortalPlanParam = z.object({ tier: paidTierSchema });
