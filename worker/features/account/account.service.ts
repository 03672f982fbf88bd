import { eq } from "drizzle-orm";
import type { Subscription } from "#schema/contracts/auth.ts";
import { subscriptions } from "#schema/db/accounts.ts";
import type { Db } from "#worker/lib/db.ts";

/** The member's plan record, created on first read for members that predate it. */
export async function subscriptionOf(db: Db, userId: string): Promise<Subscription> {
  const read = () => db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  let [row] = await read();
  if (!row) {
    await db.insert(subscriptions).values({ userId }).onConflictDoNothing();
    [row] = await read();
  }
  if (!row) throw new Error(`no subscription row for ${userId}`);
  return {
    tier: row.tier,
    status: row.status,
    trialQueriesRemaining: row.trialQueriesRemaining,
    queryCount: row.queryCount,
    queryLimit: row.queryLimit,
    credits: row.credits,
    complimentary: row.complimentary,
    periodEnd: row.periodEnd,
  };
}
