import type { PaidTier } from "#schema/contracts/billing.ts";

// The QuotaCounter Durable Object (branch `ask`) is the single writer of a member's allowance;
// billing only calls its payment methods (QUOTA.md). These are the shapes of those calls.
export type QuotaState = {
  tier: "free" | PaidTier;
  status: string;
  trialQueriesRemaining: number;
  queryCount: number;
  queryLimit: number;
  credits: number;
  periodStart: string | null;
  periodEnd: string | null;
};

type QuotaPayments = {
  state(userId: string): Promise<QuotaState>;
  applyPaidPeriod(userId: string, p: { key: string; tier: PaidTier; periodStart: string; periodEnd: string }): Promise<QuotaState>;
  setPlanStatus(userId: string, p: { key: string; tier: "free" | PaidTier; status: string; periodEnd: string | null }): Promise<QuotaState>;
  addCredits(userId: string, p: { key: string; amount: number }): Promise<QuotaState>;
};

/** The member's QuotaCounter stub. */
export function quotaOf(env: Env, userId: string): QuotaPayments {
  const ns = (env as unknown as { QUOTA_COUNTER: DurableObjectNamespace }).QUOTA_COUNTER;
  return ns.get(ns.idFromName(userId)) as unknown as QuotaPayments;
}
