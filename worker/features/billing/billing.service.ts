import { eq, sql } from "drizzle-orm";
import type { AuthUser } from "#schema/contracts/auth.ts";
import type { BillingInfo, PaidTier } from "#schema/contracts/billing.ts";
import { PLANS } from "#schema/contracts/plans.ts";
import { billingCustomers } from "#schema/db/billing.ts";
import type { Db } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { logger } from "#worker/lib/log.ts";
import { createPayments } from "#worker/ports/payments/create-payments.ts";
import { type PaymentStart, PaymentsError, type PaymentsPort } from "#worker/ports/payments/payments.ts";
import { quotaCounter } from "./quota-counter.ts";

const log = logger("billing");

export const NOT_SELLING = "Payments are not configured on this server, so no plan or credits can be bought right now.";

export type BillingDeps = { env: Env; db: Db };

/** The payments port, or a clear refusal (production without a Stripe key sells nothing). */
export function paymentsOrRefuse(env: Env): PaymentsPort {
  const payments = createPayments(env);
  if (!payments) {
    log.error("not configured", { config: "STRIPE_SECRET_KEY is not set; payments are refused in production" });
    throw new ApiError("UNAVAILABLE", NOT_SELLING);
  }
  return payments;
}

export async function billingRow(db: Db, userId: string) {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)).limit(1);
  return row ?? null;
}

export async function memberOfCustomer(db: Db, customerId: string) {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.customerId, customerId)).limit(1);
  return row ?? null;
}

/** What /subscribe and /account need to know about selling to this member. */
export async function billingInfo({ env, db }: BillingDeps, userId: string): Promise<BillingInfo> {
  const payments = createPayments(env);
  const row = await billingRow(db, userId);
  const hasPaid = Boolean(row?.firstPaidAt);
  if (!payments) return { mode: "unavailable", publishableKey: null, hasPaid, message: NOT_SELLING };
  if (payments.mode === "live" && !env.STRIPE_PUBLISHABLE_KEY) {
    log.error("not configured", { config: "STRIPE_PUBLISHABLE_KEY is not set; the Payment Element cannot load" });
    return { mode: "unavailable", publishableKey: null, hasPaid, message: NOT_SELLING };
  }
  return {
    mode: payments.mode,
    publishableKey: payments.mode === "live" ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    hasPaid,
    message: null,
  };
}

/** The member's customer at the provider, created on first purchase. */
async function customerFor(payments: PaymentsPort, db: Db, user: AuthUser): Promise<string> {
  const known = await billingRow(db, user.id);
  if (known) return known.customerId;
  const customerId = await payments.createCustomer({ userId: user.id, email: user.email });
  await db.insert(billingCustomers).values({ userId: user.id, customerId }).onConflictDoNothing();
  // Two first purchases at once: the idempotent create gave both the same customer; read the winner.
  const row = await billingRow(db, user.id);
  if (!row) throw new Error(`no billing row for ${user.id}`);
  return row.customerId;
}

function providerRefusal(err: unknown): never {
  if (err instanceof PaymentsError) throw new ApiError(err.status === 402 ? "PAYMENT_REQUIRED" : "UNAVAILABLE", err.message);
  throw err;
}

/** POST /api/create-subscription: an incomplete subscription whose first invoice the member pays. */
export async function createSubscription(deps: BillingDeps, user: AuthUser, tier: PaidTier): Promise<PaymentStart> {
  if (user.role === "admin") throw new ApiError("CONFLICT", "Admins already have unlimited Ask Coinsight; there is nothing to buy.");
  const payments = paymentsOrRefuse(deps.env);
  const state = await quotaCounter(deps.env, user.id).state(user.id);
  // A complimentary plan may be replaced by a paid one (the payment ends the complimentary allowance).
  if (state.tier !== "free" && !state.complimentary)
    throw new ApiError(
      "CONFLICT",
      `You already have the ${PLANS[state.tier].name} plan. Use Manage Billing on your account page to change or cancel it.`,
    );
  try {
    const customerId = await customerFor(payments, deps.db, user);
    return await payments.startSubscription({ customerId, userId: user.id, tier });
  } catch (err) {
    providerRefusal(err);
  }
}

/** POST /api/billing/credits: the one-time top-up, for members with an active paid plan only. */
export async function createCreditsPayment(deps: BillingDeps, user: AuthUser): Promise<PaymentStart> {
  const payments = paymentsOrRefuse(deps.env);
  const state = await quotaCounter(deps.env, user.id).state(user.id);
  if (state.tier === "free" || state.status !== "active")
    throw new ApiError("FORBIDDEN", "Top-up credits are for active subscribers. Subscribe to a plan first.");
  try {
    const customerId = await customerFor(payments, deps.db, user);
    return await payments.startCreditsPayment({ customerId, userId: user.id });
  } catch (err) {
    providerRefusal(err);
  }
}

/** POST /api/billing/portal: Stripe's customer portal, for members who have paid. */
export async function portalUrl(deps: BillingDeps, userId: string, returnUrl: string): Promise<string> {
  const payments = paymentsOrRefuse(deps.env);
  const row = await billingRow(deps.db, userId);
  if (!row?.firstPaidAt) throw new ApiError("CONFLICT", "There is no billing to manage until you subscribe to a paid plan.");
  try {
    return await payments.createPortalSession({ customerId: row.customerId, returnUrl });
  } catch (err) {
    providerRefusal(err);
  }
}

/** Records a successful payment on the member's billing row (Manage Billing, late-invoice guard). */
export async function recordPayment(db: Db, userId: string, p: { subscriptionId?: string; paidThrough?: string }) {
  const nowIso = new Date().toISOString();
  await db
    .update(billingCustomers)
    .set({
      firstPaidAt: sql`coalesce(${billingCustomers.firstPaidAt}, ${nowIso})`,
      ...(p.subscriptionId ? { subscriptionId: p.subscriptionId } : {}),
      ...(p.paidThrough ? { paidThrough: sql`max(coalesce(${billingCustomers.paidThrough}, ''), ${p.paidThrough})` } : {}),
      updatedAt: nowIso,
    })
    .where(eq(billingCustomers.userId, userId));
}
