import { apiContract } from "#schema/contracts/api/index.ts";
import type { SubscriptionResponse } from "#schema/contracts/auth.ts";
import { accessOf, quotaCounter } from "#worker/features/billing/index.ts";
import { currentUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { subscriptionOf } from "./account.service.ts";

/** /api/user: the signed-in member's own records. */
export const accountRoutes = contractRoutes(
  route(apiContract.getSubscription, async (c) => {
    const user = currentUser(c);
    let subscription = await subscriptionOf(getDb(c.env.DB), user.id);
    // The role grants (or no longer grants) the complimentary plan, or its month is over: the member's
    // counter applies it, then the mirror is read again. (A paying premium member keeps their paid plan.)
    const { complimentary } = accessOf(user);
    const monthOver = subscription.complimentary && subscription.periodEnd !== null && Date.parse(subscription.periodEnd) <= Date.now();
    if ((complimentary && (subscription.tier === "free" || monthOver)) || (!complimentary && subscription.complimentary)) {
      await quotaCounter(c.env, user.id).state(user.id, accessOf(user));
      subscription = await subscriptionOf(getDb(c.env.DB), user.id);
    }
    return c.json({ success: true, tier: subscription.tier, subscription } satisfies SubscriptionResponse, 200);
  }),
);
