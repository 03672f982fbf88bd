import { z } from "zod";

export const paidTierSchema = z.enum(["lite", "basic", "pro"]);
export type PaidTier = z.infer<typeof paidTierSchema>;

/** POST /api/create-subscription: the plan only; its price comes from the server's configuration. */
export const createSubscriptionBody = z.object({ tier: paidTierSchema }).strict();

/** POST /api/create-subscription and POST /api/billing/credits. */
export type ClientSecretResponse = { clientSecret: string };

/**
 * GET /api/billing: how this server sells. "live": Stripe's Payment Element with `publishableKey`;
 * "test": the local test checkout (no card is charged); "unavailable": nothing is sold (`message` says why).
 * `hasPaid`: the member has paid at least once, so Manage Billing opens the customer portal.
 */
export type BillingInfo = {
  mode: "live" | "test" | "unavailable";
  publishableKey: string | null;
  hasPaid: boolean;
  message: string | null;
};

/** POST /api/billing/test-checkout: the local test checkout's Pay (or declined-card) button. */
export const testCheckoutBody = z
  .object({
    clientSecret: z.string().min(1).max(200),
    outcome: z.enum(["succeed", "decline"]).default("succeed"),
  })
  .strict();
export type TestCheckoutResponse = { success: true; events: number };

/** POST /api/billing/portal. */
export type PortalResponse = { url: string };
