import type { Context } from "hono";
import Stripe from "stripe";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { TestCheckoutResponse } from "#schema/contracts/billing.ts";
import { PLANS } from "#schema/contracts/plans.ts";
import { PAGE_CSP } from "#worker/features/auth/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { currentUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { localTestPayments } from "#worker/ports/payments/create-payments.ts";
import { LOCAL_WEBHOOK_SECRET, type LocalEvent, type OfflinePayments } from "#worker/ports/payments/offline.ts";
import { PaymentsError } from "#worker/ports/payments/payments.ts";
import { billingAccount } from "./account.service.ts";
import { type BillingDeps, billingInfo, billingRow, createCreditsPayment, createSubscription, portalUrl } from "./billing.service.ts";
import { quotaCounter } from "./quota-counter.ts";
import { testPortalPage } from "./test-portal-page.ts";
import { MAX_WEBHOOK_BYTES, receiveStripeEvent } from "./webhook.ts";

type Ctx = Context<AppEnv>;

const {
  getBilling,
  createSubscription: subscribe,
  buyCredits,
  getBillingAccount,
  openBillingPortal,
  payTestCheckout,
  testBillingPortal,
  cancelTestSubscription,
  cancelTestSubscriptionAtPeriodEnd,
  resumeTestSubscription,
  changeTestPlan,
  stripeWebhook,
} = apiContract;

const deps = (c: Ctx): BillingDeps => ({ env: c.env, db: getDb(c.env.DB) });
const siteOrigin = (c: Ctx) => URL.parse(c.env.PUBLIC_ORIGIN ?? "")?.origin ?? new URL(c.req.url).origin;
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Exists only where the local test checkout is the payments adapter (no Stripe key, not production). */
function testPaymentsOr404(c: Ctx): OfflinePayments {
  const local = localTestPayments(c.env);
  if (!local) throw new ApiError("NOT_FOUND", `No route for ${c.req.method} ${c.req.path}`);
  return local;
}

/**
 * Delivers the local provider's events to the real webhook handler, signed as Stripe signs them,
 * so the test checkout runs the same verification and application as a live payment.
 */
async function deliverLocally(c: Ctx, events: LocalEvent[]): Promise<void> {
  for (const event of events) {
    const payload = JSON.stringify(event);
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: LOCAL_WEBHOOK_SECRET, cryptoProvider });
    await receiveStripeEvent(deps(c), payload, signature);
  }
}

/** A change made in the local test portal: the provider-side change, its events through the webhook, back to the account page. */
async function portalChange(c: Ctx, run: (local: OfflinePayments, subscriptionId: string, customerId: string) => Promise<LocalEvent[]>) {
  const local = testPaymentsOr404(c);
  const row = await billingRow(getDb(c.env.DB), currentUser(c).id);
  if (row?.subscriptionId) await deliverLocally(c, await run(local, row.subscriptionId, row.customerId));
  return c.redirect("/account", 303);
}

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** Plans, credits, Manage Billing and Stripe's webhook (mounted at /api). */
export const billingRoutes = contractRoutes(
  route(getBilling, async (c) => c.json(await billingInfo(deps(c), currentUser(c).id), 200)),
  route(subscribe, async (c) => {
    const { clientSecret } = await createSubscription(deps(c), currentUser(c), c.req.valid("json").tier);
    return c.json({ clientSecret }, 200);
  }),
  route(buyCredits, async (c) => {
    const { clientSecret } = await createCreditsPayment(deps(c), currentUser(c));
    return c.json({ clientSecret }, 200);
  }),
  route(getBillingAccount, async (c) => c.json(await billingAccount(deps(c), currentUser(c).id), 200)),
  route(openBillingPortal, async (c) => {
    const url = await portalUrl(deps(c), currentUser(c).id, `${siteOrigin(c)}/account`);
    return c.json({ url }, 200);
  }),
  route(payTestCheckout, async (c) => {
    const local = testPaymentsOr404(c);
    const { clientSecret, outcome } = c.req.valid("json");
    const row = await billingRow(getDb(c.env.DB), currentUser(c).id);
    const record = row ? await local.findByClientSecret(clientSecret, row.customerId) : null;
    if (!record) throw new ApiError("NOT_FOUND", "This payment was not found. Go back to the plans and start again.");
    let events: LocalEvent[];
    try {
      events = await local.pay(record, outcome);
    } catch (err) {
      if (err instanceof PaymentsError) throw new ApiError(err.status === 409 ? "CONFLICT" : "PAYMENT_REQUIRED", err.message);
      throw err;
    }
    await deliverLocally(c, events);
    await local.logPayment(record);
    return c.json({ success: true, events: events.length } satisfies TestCheckoutResponse, 200);
  }),
  route(testBillingPortal, async (c) => {
    const local = testPaymentsOr404(c);
    const user = currentUser(c);
    const state = await quotaCounter(c.env, user.id).state(user.id);
    const row = await billingRow(getDb(c.env.DB), user.id);
    const sub =
      row?.subscriptionId && state.tier !== "free" && !state.complimentary ? await local.getSubscription(row.subscriptionId) : null;
    c.header("cache-control", "no-store");
    // The site's own pages' policy: this page has no script and posts only to this origin.
    c.header("content-security-policy", PAGE_CSP);
    return c.html(
      testPortalPage({
        plan: `${PLANS[state.tier].name} (${state.status})`,
        tier: sub?.status === "active" ? sub.tier : null,
        cancelsOn: sub?.cancelAt ? longDate(sub.cancelAt) : null,
      }),
    );
  }),
  route(cancelTestSubscription, (c) => portalChange(c, (local, sub, customer) => local.cancel(sub, customer))),
  route(cancelTestSubscriptionAtPeriodEnd, (c) => portalChange(c, (local, sub, customer) => local.cancelAtPeriodEnd(sub, customer))),
  route(resumeTestSubscription, (c) => portalChange(c, (local, sub, customer) => local.resume(sub, customer))),
  route(changeTestPlan, (c) => portalChange(c, (local, sub, customer) => local.changePlan(sub, customer, c.req.valid("param").tier))),
  route(stripeWebhook, async (c) => {
    if (Number(c.req.header("content-length") ?? 0) > MAX_WEBHOOK_BYTES) throw new ApiError("BAD_REQUEST", "Event too large.");
    const payload = await c.req.text();
    if (payload.length > MAX_WEBHOOK_BYTES) throw new ApiError("BAD_REQUEST", "Event too large.");
    return c.json(await receiveStripeEvent(deps(c), payload, c.req.header("stripe-signature")), 200);
  }),
);
