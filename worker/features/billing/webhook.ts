import { eq, lt } from "drizzle-orm";
import Stripe from "stripe";
import { stripeEvents } from "#schema/db/billing.ts";
import type { Db } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { logger } from "#worker/lib/log.ts";
import { createPayments, usesLocalTestCheckout } from "#worker/ports/payments/create-payments.ts";
import { LOCAL_WEBHOOK_SECRET } from "#worker/ports/payments/offline.ts";
import {
  CREDITS_PACK,
  CREDITS_PURPOSE,
  type PaymentsPort,
  type ProviderPayment,
  type ProviderSubscription,
} from "#worker/ports/payments/payments.ts";
import { type BillingDeps, memberOfCustomer, recordPayment } from "./billing.service.ts";
import { quotaCounter } from "./quota-counter.ts";
import { type HandledEvent, parseStripeEvent, type StripeInvoice, type StripePaymentIntent } from "./stripe-events.ts";

const log = logger("billing");

/** Stripe's events stay small; anything bigger is not one (the body limit in app.ts allows this much). */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

const cryptoProvider = Stripe.createSubtleCryptoProvider();

const iso = (unix: number) => new Date(unix * 1000).toISOString();
const ENDED = new Set(["canceled", "incomplete_expired"]);
const PAYABLE = new Set(["active", "trialing", "past_due", "incomplete"]);

/**
 * The signing secrets this server accepts: the endpoint's, and the public local one only where the
 * local test checkout is the payments adapter. Beside a Stripe key the local secret would let anyone
 * who read this repository sign events (docs/decisions/billing/webhook-secrets-by-mode.md).
 */
function webhookSecrets(env: Env): string[] {
  const secrets = env.STRIPE_WEBHOOK_SECRET ? [env.STRIPE_WEBHOOK_SECRET] : [];
  if (usesLocalTestCheckout(env)) secrets.push(LOCAL_WEBHOOK_SECRET);
  return secrets;
}

/** Stripe's library refuses signatures older than its tolerance but not ones dated ahead; we allow a minute of clock skew. */
export const MAX_FUTURE_SKEW_SECONDS = 60;
export const FUTURE_TIMESTAMP = "The Stripe-Signature timestamp is in the future; check the server's clock.";

/** The header's one `t=` (the library reads the same one; a header with two is not Stripe's). */
function signedAt(signature: string): number | null {
  const stamps = signature.split(",").filter((part) => part.trim().startsWith("t="));
  const value = stamps.length === 1 ? Number(stamps[0]?.trim().slice(2)) : Number.NaN;
  return Number.isSafeInteger(value) ? value : null;
}

/** The body once its signature is verified: still untrusted in shape (./stripe-events.ts reads it). */
async function verify(env: Env, payload: string, signature: string | undefined): Promise<unknown> {
  const secrets = webhookSecrets(env);
  if (secrets.length === 0) {
    log.error("not configured", { config: "STRIPE_WEBHOOK_SECRET is not set; webhooks are refused" });
    throw new ApiError("UNAVAILABLE", "Webhooks are not configured on this server.");
  }
  if (!signature) throw new ApiError("BAD_REQUEST", "Missing Stripe-Signature header.");
  const at = signedAt(signature);
  if (at === null) throw new ApiError("BAD_REQUEST", "Invalid Stripe signature.");
  let verified: { body: unknown } | undefined;
  for (const secret of secrets) {
    try {
      verified = { body: await Stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, cryptoProvider) };
      break;
    } catch {
      // Try the next accepted secret; none matching is answered below.
    }
  }
  if (!verified) throw new ApiError("BAD_REQUEST", "Invalid Stripe signature.");
  if (at > Date.now() / 1000 + MAX_FUTURE_SKEW_SECONDS) throw new ApiError("BAD_REQUEST", FUTURE_TIMESTAMP);
  return verified.body;
}

export type WebhookResult = { received: true; duplicate: boolean; applied: boolean };

/**
 * Verifies and applies one Stripe event, at most once per event id. Effects are also idempotent
 * per key inside the QuotaCounter (invoice id, payment intent id, event id), so an event whose
 * application was cut short and is delivered again never counts twice.
 */
export async function receiveStripeEvent(deps: BillingDeps, payload: string, signature: string | undefined): Promise<WebhookResult> {
  const event = parseStripeEvent(await verify(deps.env, payload, signature));
  // A type this handler does not act on changes nothing, so there is nothing to apply once.
  if (!event) return { received: true, duplicate: false, applied: false };
  const [seen] = await deps.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
  if (seen) return { received: true, duplicate: true, applied: false };
  const applied = await applyEvent(deps, event);
  await deps.db.insert(stripeEvents).values({ id: event.id, type: event.type, created: event.created }).onConflictDoNothing();
  return { received: true, duplicate: false, applied };
}

async function applyEvent(deps: BillingDeps, event: HandledEvent): Promise<boolean> {
  switch (event.type) {
    case "invoice.paid":
      return invoicePaid(deps, event.data.object);
    case "payment_intent.succeeded":
      return creditsPaid(deps, event.data.object);
    default:
      return subscriptionChanged(deps, event.id, event.data.object.id);
  }
}

function ignored(why: string, detail: Record<string, unknown>): false {
  log.info("webhook event ignored", { webhook: "ignored", why, ...detail });
  return false;
}

/** invoice.paid: the tier the subscription has now, the invoice's period, a fresh monthly count. */
async function invoicePaid(deps: BillingDeps, invoice: StripeInvoice): Promise<boolean> {
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  if (!subscriptionId) return ignored("invoice without subscription", { invoice: invoice.id });
  const member = await memberOfCustomer(deps.db, invoice.customer);
  if (!member) return ignored("unknown customer", { invoice: invoice.id });
  const sub = await currentSubscription(deps, subscriptionId);
  if (!sub?.tier || !PAYABLE.has(sub.status)) return ignored("subscription not payable now", { invoice: invoice.id, status: sub?.status });
  const line = invoice.lines.data.reduce<{ start: number; end: number } | null>(
    (latest, l) => (latest && latest.end >= l.period.end ? latest : l.period),
    null,
  );
  if (!line) return ignored("invoice without period", { invoice: invoice.id });
  const invoicedThrough = iso(line.end);
  // A renewal invoice delivered after a later one must not roll the member's month back.
  if (member.paidThrough && invoicedThrough < member.paidThrough) return ignored("older period", { invoice: invoice.id });
  // The subscription's own period, not the invoice line's: a mid-month upgrade's proration line
  // starts mid-period and must change the tier without restarting the month's count.
  const periodStart = sub.periodStart ?? iso(line.start);
  const periodEnd = sub.periodEnd ?? invoicedThrough;
  await quotaCounter(deps.env, member.userId).applyPaidPeriod(member.userId, {
    key: invoice.id,
    tier: sub.tier,
    periodStart,
    periodEnd,
  });
  await recordPayment(deps.db, member.userId, { subscriptionId, paidThrough: periodEnd > invoicedThrough ? periodEnd : invoicedThrough });
  return true;
}

/** Subscription events: whatever order they arrive in, the member gets the subscription's state now. */
async function subscriptionChanged(deps: BillingDeps, eventId: string, subscriptionId: string): Promise<boolean> {
  const sub = await currentSubscription(deps, subscriptionId);
  if (!sub) return ignored("subscription unknown to the provider", { subscription: subscriptionId });
  const member = await memberOfCustomer(deps.db, sub.customerId);
  // Only the subscription the member paid for drives their plan: an abandoned checkout expiring,
  // or an old subscription's late event, changes nothing.
  if (!member || member.subscriptionId !== sub.id) return ignored("not the member's paid subscription", { subscription: sub.id });
  const quota = quotaCounter(deps.env, member.userId);
  if (ENDED.has(sub.status)) {
    await quota.setPlanStatus(member.userId, { key: eventId, tier: "free", status: "active", periodEnd: null });
    return true;
  }
  if (!sub.tier || sub.status === "incomplete") return ignored("no plan change", { subscription: sub.id, status: sub.status });
  await quota.setPlanStatus(member.userId, {
    key: eventId,
    tier: sub.tier,
    status: sub.status === "trialing" ? "active" : sub.status,
    periodEnd: sub.periodEnd,
  });
  return true;
}

/**
 * Why a provider's payment is not a paid credits pack, or null when it is. The event only names the
 * payment: what was paid, by whom, is read back from the provider (a signed event could still be
 * forged with a leaked secret, or describe a payment that later failed).
 */
function notAPaidPack(payment: ProviderPayment | null, eventCustomer: string | null | undefined): string | null {
  if (!payment) return "payment unknown to the provider";
  if (payment.purpose !== CREDITS_PURPOSE) return "not a credits payment";
  if (payment.status !== "succeeded") return `payment ${payment.status}`;
  if (payment.amountCents !== CREDITS_PACK.amountCents || payment.amountReceivedCents !== CREDITS_PACK.amountCents)
    return "amount is not the pack's";
  if (payment.currency !== CREDITS_PACK.currency) return "currency is not the pack's";
  if (!payment.customerId || payment.customerId !== eventCustomer) return "customer differs from the event's";
  return null;
}

/** payment_intent.succeeded for the credits pack: 10 credits, once per payment intent, once the provider confirms it. */
async function creditsPaid(deps: BillingDeps, pi: StripePaymentIntent): Promise<boolean> {
  if (pi.metadata?.purpose !== CREDITS_PURPOSE) return false;
  const payment = await paymentsOf(deps).getPayment(pi.id);
  const problem = notAPaidPack(payment, pi.customer);
  if (problem || !payment?.customerId) return ignored(problem ?? "no customer", { paymentIntent: pi.id });
  const member = await memberOfCustomer(deps.db, payment.customerId);
  if (!member) return ignored("unknown customer", { paymentIntent: pi.id });
  await quotaCounter(deps.env, member.userId).addCredits(member.userId, { key: pi.id, amount: CREDITS_PACK.credits });
  await recordPayment(deps.db, member.userId, {});
  return true;
}

function paymentsOf(deps: BillingDeps): PaymentsPort {
  const payments = createPayments(deps.env);
  if (!payments) throw new ApiError("UNAVAILABLE", "Payments are not configured on this server.");
  return payments;
}

async function currentSubscription(deps: BillingDeps, id: string): Promise<ProviderSubscription | null> {
  return paymentsOf(deps).getSubscription(id);
}

/** Event ids are kept 90 days: Stripe stops retrying an event after 3, so older ids cannot come back. */
export const STRIPE_EVENT_RETENTION_DAYS = 90;

export async function pruneStripeEvents(db: Db, now: number): Promise<number> {
  const before = new Date(now - STRIPE_EVENT_RETENTION_DAYS * 86_400_000).toISOString();
  const removed = await db.delete(stripeEvents).where(lt(stripeEvents.receivedAt, before)).returning({ id: stripeEvents.id });
  return removed.length;
}
