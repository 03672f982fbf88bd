import type { BillingAccount, Payment } from "#schema/contracts/billing.ts";
import { PLANS } from "#schema/contracts/plans.ts";
import { createPayments } from "#worker/ports/payments/create-payments.ts";
import { CREDITS_PACK, type PaymentRecord, PaymentsError } from "#worker/ports/payments/payments.ts";
import { type BillingDeps, billingRow } from "./billing.service.ts";

/** "$9.99"; another currency as "9.99 EUR". */
export function amountText(cents: number, currency: string): string {
  const value = (cents / 100).toFixed(2);
  return currency.toLowerCase() === "usd" ? `$${value}` : `${value} ${currency.toUpperCase()}`;
}

function present(p: PaymentRecord): Payment {
  const description =
    p.kind === "credits"
      ? `${CREDITS_PACK.credits} Ask Coinsight credits`
      : p.tier
        ? `Coinsight ${PLANS[p.tier].name} plan, one month`
        : "Coinsight plan";
  return {
    id: p.id,
    paidAt: p.paidAt,
    kind: p.kind,
    description,
    amountCents: p.amountCents,
    currency: p.currency,
    amount: amountText(p.amountCents, p.currency),
  };
}

const EMPTY: BillingAccount = { payments: [], plan: null, message: null };

/**
 * GET /api/billing/account: the member's payments and their paid plan as the provider holds them
 * now (Stripe's invoices and payment intents live; the local checkout's records offline). A
 * provider outage is answered with a message, not an error: the rest of the account page stands.
 */
export async function billingAccount({ env, db }: BillingDeps, userId: string): Promise<BillingAccount> {
  const payments = createPayments(env);
  const row = await billingRow(db, userId);
  if (!payments || !row) return EMPTY;
  try {
    const [list, sub] = await Promise.all([
      payments.listPayments(row.customerId),
      row.subscriptionId ? payments.getSubscription(row.subscriptionId) : Promise.resolve(null),
    ]);
    const live = sub && !["canceled", "incomplete", "incomplete_expired"].includes(sub.status);
    return {
      payments: list.map(present),
      plan: live
        ? {
            tier: sub.tier,
            status: sub.status,
            cancelAt: sub.cancelAt ?? null,
            renewsAt: sub.cancelAt ? null : sub.periodEnd,
          }
        : null,
      message: null,
    };
  } catch (err) {
    if (!(err instanceof PaymentsError)) throw err;
    return { ...EMPTY, message: "Your payments could not be loaded from the payment provider right now. Please try again later." };
  }
}
