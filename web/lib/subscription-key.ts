/**
 * The query key of the member's plan (GET /api/user/subscription). The account feature reads it for
 * the header's plan line; Ask writes the plan each answer returns under the same key.
 */
export const SUBSCRIPTION_KEY = ["user", "subscription"] as const;
