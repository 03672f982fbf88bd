import { Hono } from "hono";
import type { SubscriptionResponse } from "#schema/contracts/auth.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { currentUser, requireUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { subscriptionOf } from "./account.service.ts";

/** /api/user: the signed-in member's own records. */
export const accountRoutes = new Hono<AppEnv>().get("/subscription", requireUser, async (c) => {
  const subscription = await subscriptionOf(getDb(c.env.DB), currentUser(c).id);
  return c.json({ success: true, tier: subscription.tier, subscription } satisfies SubscriptionResponse, 200);
});
