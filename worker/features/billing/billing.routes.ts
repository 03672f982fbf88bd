import { type Context, Hono } from "hono";
import Stripe from "stripe";
import { apiContract } from "#schema/contracts/api/index.ts";
import { PLANS } from "#schema/contracts/plans.ts";
import { quotaCounter } from "#worker/durable-objects/quota-counter.ts";
import { PAGE_CSP } from "#worker/features/auth/pages.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { currentUser, requireUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { escapeHtml } from "#worker/lib/html.ts";
import { validate } from "#worker/lib/validate.ts";
import { localTestPayments } from "#worker/ports/payments/create-payments.ts";
import { LOCAL_WEBHOOK_SECRET, type LocalEvent, type OfflinePayments } from "#worker/ports/payments/offline.ts";
import { PaymentsError } from "#worker/ports/payments/payments.ts";
import { type BillingDeps, billingInfo, billingRow, createCreditsPayment, createSubscription, portalUrl } from "./billing.service.ts";
import { MAX_WEBHOOK_BYTES, receiveStripeEvent } from "./webhook.ts";

type Ctx = Context<AppEnv>;

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

/** The local stand-in for Stripe's customer portal: see the plan, cancel it, go back. */
function testPortalPage(plan: string, canCancel: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Test billing portal - Coinsight</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<h1>Test billing portal</h1>
<p><strong>Test mode: no card is charged.</strong> This page stands in for Stripe's customer portal when no Stripe key is configured.</p>
<p>Current plan: <strong>${escapeHtml(plan)}</strong></p>
${canCancel ? `<form method="post" action="/api/billing/test-portal/cancel"><button type="submit">Cancel subscription now</button></form>` : ""}
<p><a href="/account">Return to Coinsight</a></p>
</body></html>`;
}

/** Plans, credits, Manage Billing and Stripe's webhook (mounted at /api). */
export const billingRoutes = new Hono<AppEnv>()
  .get("/billing", requireUser, async (c) => c.json(await billingInfo(deps(c), currentUser(c).id), 200))
  .post("/create-subscription", requireUser, validate("json", apiContract.createSubscription.request.body), async (c) => {
    const { clientSecret } = await createSubscription(deps(c), currentUser(c), c.req.valid("json").tier);
    return c.json({ clientSecret }, 200);
  })
  .post("/billing/credits", requireUser, async (c) => {
    const { clientSecret } = await createCreditsPayment(deps(c), currentUser(c));
    return c.json({ clientSecret }, 200);
  })
  .post("/billing/portal", requireUser, async (c) => {
    const url = await portalUrl(deps(c), currentUser(c).id, `${siteOrigin(c)}/account`);
    return c.json({ url }, 200);
  })
  .post("/billing/test-checkout", requireUser, validate("json", apiContract.payTestCheckout.request.body), async (c) => {
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
    return c.json({ success: true, events: events.length }, 200);
  })
  .get("/billing/test-portal", requireUser, async (c) => {
    testPaymentsOr404(c);
    const user = currentUser(c);
    const state = await quotaCounter(c.env, user.id).state(user.id);
    const row = await billingRow(getDb(c.env.DB), user.id);
    c.header("cache-control", "no-store");
    // The site's own pages' policy: this page has no script and posts only to this origin.
    c.header("content-security-policy", PAGE_CSP);
    return c.html(testPortalPage(`${PLANS[state.tier].name} (${state.status})`, Boolean(row?.subscriptionId) && state.tier !== "free"));
  })
  .post("/billing/test-portal/cancel", requireUser, async (c) => {
    const local = testPaymentsOr404(c);
    const row = await billingRow(getDb(c.env.DB), currentUser(c).id);
    if (row?.subscriptionId) await deliverLocally(c, await local.cancel(row.subscriptionId, row.customerId));
    return c.redirect("/account", 303);
  })
  .post("/webhooks/stripe", async (c) => {
    if (Number(c.req.header("content-length") ?? 0) > MAX_WEBHOOK_BYTES) throw new ApiError("BAD_REQUEST", "Event too large.");
    const payload = await c.req.text();
    if (payload.length > MAX_WEBHOOK_BYTES) throw new ApiError("BAD_REQUEST", "Event too large.");
    return c.json(await receiveStripeEvent(deps(c), payload, c.req.header("stripe-signature")), 200);
  });
