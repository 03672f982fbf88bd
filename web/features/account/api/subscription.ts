import { queryOptions } from "@tanstack/react-query";
import type { Subscription, Tier } from "#schema/contracts/auth.ts";
import { FREE_TRIAL_QUERIES, PLANS } from "#schema/contracts/plans.ts";
import { request } from "#web/lib/api-client.ts";
import { SUBSCRIPTION_KEY } from "#web/lib/subscription-key.ts";

export const subscriptionKeys = { mine: SUBSCRIPTION_KEY };

/** The member's plan; only asked for signed-in non-admins. Fresh for 30 s, one retry (assistant-plans-admin.md §7). */
export function subscriptionQuery(enabled: boolean) {
  return queryOptions({
    queryKey: subscriptionKeys.mine,
    queryFn: async () => (await request("getSubscription")).subscription,
    enabled,
    staleTime: 30_000,
    retry: 1,
  });
}

export function tierName(tier: Tier): string {
  return PLANS[tier].name;
}

/** Used share of the allowance, 0-100: trial as (2 - remaining) / 2, paid as count / limit. */
export function usagePercent(sub: Subscription): number {
  const ratio =
    sub.tier === "free"
      ? (FREE_TRIAL_QUERIES - sub.trialQueriesRemaining) / FREE_TRIAL_QUERIES
      : sub.queryLimit > 0
        ? sub.queryCount / sub.queryLimit
        : 0;
  return Math.round(Math.min(1, Math.max(0, ratio)) * 100);
}
