import { env } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import type { BillingInfo } from "#schema/contracts/billing.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { LOCAL_WEBHOOK_SECRET } from "#worker/ports/payments/offline.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { NOT_SELLING } from "./billing.service.ts";
import { quotaCounter } from "./quota-counter.ts";
import { billingRowOf, member, postJson, stripeEvent, subscribe, subscriptionOf } from "./test-support.ts";

describe("billing API (offline: the local test checkout)", () => {
  it("refuses signed-out visitors and invalid plans", async () => {
    const guest = new BrowserAgent();
    expect((await postJson(guest, "/api/create-subscription", { tier: "basic" })).status).toBe(401);
    expect((await postJson(guest, "/api/billing/credits")).status).toBe(401);
    expect((await guest.json("/api/billing")).status).toBe(401);
    const { agent } = await member();
    for (const body of [{ tier: "free" }, { tier: "enterprise" }, {}, { tier: "basic", price: 1 }]) {
      const res = await postJson(agent, "/api/create-subscription", body);
      expect(res.status).toBe(400);
      expect(res.body.error.issues?.length).toBeGreaterThan(0);
    }
  });

  it("says it sells through the test checkout, and a member who never paid has no billing to manage", async () => {
    const { agent } = await member();
    const info = await agent.json<BillingInfo>("/api/billing");
    expect(info.body).toEqual({ mode: "test", publishableKey: null, hasPaid: false, message: null });
    const portal = await postJson(agent, "/api/billing/portal");
    expect(portal.status).toBe(409);
    expect(portal.body.error.message).toBe("There is no billing to manage until you subscribe to a paid plan.");
  });

  it("sells credits to active subscribers only", async () => {
    const { agent, userId } = await member();
    const refused = await postJson(agent, "/api/billing/credits");
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("Top-up credits are for active subscribers. Subscribe to a plan first.");
    await subscribe(agent, "basic");
    const started = await postJson<{ clientSecret: string }>(agent, "/api/billing/credits");
    expect(started.status).toBe(200);
    const paid = await postJson(agent, "/api/billing/test-checkout", { clientSecret: started.body.clientSecret });
    expect(paid.status).toBe(200);
    expect((await quotaCounter(env, userId).state(userId)).credits).toBe(10);
    // The same checkout cannot be paid twice.
    expect((await postJson(agent, "/api/billing/test-checkout", { clientSecret: started.body.clientSecret })).status).toBe(409);
    expect((await quotaCounter(env, userId).state(userId)).credits).toBe(10);
  });

  it("keeps the plan unchanged when the test card is declined, and lets the member pay after", async () => {
    const { agent } = await member();
    const started = await postJson<{ clientSecret: string }>(agent, "/api/create-subscription", { tier: "pro" });
    const declined = await postJson(agent, "/api/billing/test-checkout", { clientSecret: started.body.clientSecret, outcome: "decline" });
    expect(declined.status).toBe(402);
    expect(declined.body.error.message).toContain("Your card was declined.");
    expect((await subscriptionOf(agent)).tier).toBe("free");
    expect((await postJson(agent, "/api/billing/test-checkout", { clientSecret: started.body.clientSecret })).status).toBe(200);
    expect((await subscriptionOf(agent)).subscription).toMatchObject({ tier: "pro", queryLimit: 80 });
  });

  it("never pays another member's checkout", async () => {
    const a = await member();
    const b = await member();
    const started = await postJson<{ clientSecret: string }>(a.agent, "/api/create-subscription", { tier: "lite" });
    await postJson(b.agent, "/api/create-subscription", { tier: "lite" });
    const res = await postJson(b.agent, "/api/billing/test-checkout", { clientSecret: started.body.clientSecret });
    expect(res.status).toBe(404);
    expect((await subscriptionOf(a.agent)).tier).toBe("free");
  });

  it("opens the test portal for a paying member, whose cancel ends the plan through the webhook", async () => {
    const { agent, userId } = await member();
    await subscribe(agent, "lite");
    expect((await agent.json<BillingInfo>("/api/billing")).body.hasPaid).toBe(true);
    const portal = await postJson<{ url: string }>(agent, "/api/billing/portal");
    expect(portal.body.url).toBe("/api/billing/test-portal");
    const page = await agent.fetch("/api/billing/test-portal");
    const html = await page.text();
    expect(html).toContain("Test mode: no card is charged.");
    expect(html).toContain("Lite (active)");
    const cancel = await agent.fetch("/api/billing/test-portal/cancel", { method: "POST" });
    expect(cancel.status).toBe(303);
    expect((await subscriptionOf(agent)).subscription).toMatchObject({ tier: "free", status: "active", queryLimit: 0 });
    // Manage Billing stays available: they have paid before.
    expect((await billingRowOf(userId)).firstPaidAt).not.toBeNull();
  });

  it("refuses a second plan while one is held", async () => {
    const { agent } = await member();
    await subscribe(agent, "basic");
    const res = await postJson(agent, "/api/create-subscription", { tier: "pro" });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("You already have the Basic plan. Use Manage Billing on your account page to change or cancel it.");
  });
});

describe("billing in production", () => {
  const SESSION_SECRET = "a-production-session-secret-of-more-than-32-chars";

  async function productionMember(overrides: Partial<Env> = {}) {
    const local = new BrowserAgent({ SESSION_SECRET });
    await local.signInOffline(`prod-${crypto.randomUUID().slice(0, 8)}@example.com`, "Prod");
    const prod = new BrowserAgent({ APP_ENV: "production", SESSION_SECRET, ...overrides });
    for (const [k, v] of local.cookies) prod.cookies.set(k, v);
    return prod;
  }

  it("without a Stripe key refuses to sell, with a clear message, and has no test checkout", async () => {
    const agent = await productionMember();
    const info = await agent.json<BillingInfo>("/api/billing");
    expect(info.body).toMatchObject({ mode: "unavailable", message: NOT_SELLING });
    for (const [path, body] of [
      ["/api/create-subscription", { tier: "basic" }],
      ["/api/billing/credits", {}],
    ] as const) {
      const res = await postJson(agent, path, body);
      expect(res.status).toBe(503);
      expect(res.body.error.message).toBe(NOT_SELLING);
    }
    expect((await postJson(agent, "/api/billing/test-checkout", { clientSecret: "pi_local_x_secret_y" })).status).toBe(404);
    expect((await agent.fetch("/api/billing/test-portal")).status).toBe(404);
  });

  it("refuses webhooks without an endpoint secret, and never accepts the local one", async () => {
    const event = stripeEvent("payment_intent.succeeded", { id: "pi_prod", object: "payment_intent", customer: "cus_x", metadata: {} });
    const payload = JSON.stringify(event);
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: LOCAL_WEBHOOK_SECRET });
    const post = (overrides: Partial<Env>) =>
      new BrowserAgent(overrides).fetch("/api/webhooks/stripe", {
        method: "POST",
        site: "none",
        headers: { "stripe-signature": signature },
        body: payload,
      });
    expect((await post({ APP_ENV: "production" })).status).toBe(503);
    const res = await post({ APP_ENV: "production", STRIPE_WEBHOOK_SECRET: "whsec_production" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe("Invalid Stripe signature.");
  });
});
