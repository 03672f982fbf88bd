import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { billingCustomers } from "#schema/db/billing.ts";
import { getDb } from "#worker/lib/db.ts";
import recordedIntent from "#worker/ports/payments/fixtures/payment-intent-succeeded.json";
import { quotaCounter } from "./quota-counter.ts";
import { buyCredits, creditsPayment, deliver, member, postJson, subscribe } from "./test-support.ts";

/** Live keys beside a development server, as docs/operations.md suggests for trying them. */
const LIVE = { APP_ENV: "development", STRIPE_SECRET_KEY: "sk_test_coinsight", STRIPE_WEBHOOK_SECRET: "whsec_endpoint_of_this_site" };
const CUSTOMER = recordedIntent.customer;

const succeeded = (id: string, customer: string) => creditsPayment(customer, id);

/** Stripe's API answers with `intent` (recorded shape), whatever is asked; every request is kept. */
function stripeAnswers(intent: Record<string, unknown> | null) {
  const urls: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    urls.push(String(input instanceof Request ? input.url : input));
    if (!intent)
      return Response.json(
        { error: { code: "resource_missing", message: "No such payment_intent", type: "invalid_request_error" } },
        { status: 404 },
      );
    return Response.json(intent, { headers: { "request-id": "req_test" } });
  });
  return urls;
}

/** A member whose Stripe customer is the recorded one (as if they had bought before). */
async function liveMember() {
  const m = await member("live");
  await getDb(env.DB).delete(billingCustomers).where(eq(billingCustomers.customerId, CUSTOMER));
  await getDb(env.DB).insert(billingCustomers).values({ userId: m.userId, customerId: CUSTOMER });
  return m;
}

const credits = async (userId: string) => (await quotaCounter(env, userId).state(userId)).credits;

afterEach(() => vi.restoreAllMocks());

describe("which signing secrets the webhook accepts", () => {
  it("refuses the public local secret once a Stripe secret key is set, and takes the endpoint's", async () => {
    const { userId } = await liveMember();
    const urls = stripeAnswers(recordedIntent);
    const event = succeeded(recordedIntent.id, CUSTOMER);
    const forged = await deliver(event, "whsec_coinsight_local", { env: LIVE });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe("Invalid Stripe signature.");
    expect(urls).toEqual([]);
    expect(await credits(userId)).toBe(0);

    const genuine = await deliver(event, LIVE.STRIPE_WEBHOOK_SECRET, { env: LIVE });
    expect(await genuine.json()).toMatchObject({ applied: true });
    expect(await credits(userId)).toBe(10);
  });

  it("keeps accepting the local secret where the local test checkout is the adapter", async () => {
    const { agent, userId } = await member();
    await subscribe(agent, "basic");
    await buyCredits(agent);
    expect(await credits(userId)).toBe(10);
  });
});

describe("a credits payment is applied only once the provider confirms it", () => {
  it("live: asks Stripe for the payment intent and applies it only when succeeded, for the pack's amount, currency and customer", async () => {
    const { userId } = await liveMember();
    const event = succeeded("pi_3SRb0nLkdIwHu7ix0PaidCred", CUSTOMER);
    const refusedAnswers = [
      { ...recordedIntent, status: "requires_payment_method", amount_received: 0 },
      { ...recordedIntent, amount: 50, amount_received: 50 },
      { ...recordedIntent, currency: "eur" },
      { ...recordedIntent, customer: "cus_SomeoneElse00" },
      { ...recordedIntent, metadata: {} },
      null,
    ];
    for (const answer of refusedAnswers) {
      stripeAnswers(answer && { ...answer, id: "pi_3SRb0nLkdIwHu7ix0PaidCred" });
      const res = await deliver({ ...event, id: `${event.id}_${refusedAnswers.indexOf(answer)}` }, LIVE.STRIPE_WEBHOOK_SECRET, {
        env: LIVE,
      });
      expect(res.status, JSON.stringify(answer)).toBe(200);
      expect(await res.json(), JSON.stringify(answer)).toMatchObject({ applied: false });
      vi.restoreAllMocks();
    }
    expect(await credits(userId)).toBe(0);

    const urls = stripeAnswers({ ...recordedIntent, id: "pi_3SRb0nLkdIwHu7ix0PaidCred" });
    expect(await (await deliver(event, LIVE.STRIPE_WEBHOOK_SECRET, { env: LIVE })).json()).toMatchObject({ applied: true });
    expect(urls).toEqual(["https://api.stripe.com/v1/payment_intents/pi_3SRb0nLkdIwHu7ix0PaidCred"]);
    expect(await credits(userId)).toBe(10);
  });

  it("offline: a signed event for a payment the local checkout never took grants nothing", async () => {
    const { agent, userId } = await member();
    await subscribe(agent, "basic");
    const { customerId } = (await getDb(env.DB).select().from(billingCustomers)).find((r) => r.userId === userId) ?? {};
    if (!customerId) throw new Error("no customer");
    // Metadata alone says "credits": an invented payment intent, and a started but unpaid one.
    const invented = await deliver(succeeded("pi_local_invented", customerId));
    expect(await invented.json()).toMatchObject({ applied: false });
    const started = await postJson<{ clientSecret: string }>(agent, "/api/billing/credits");
    const unpaid = started.body.clientSecret.split("_secret_")[0] ?? "";
    expect(await (await deliver(succeeded(unpaid, customerId))).json()).toMatchObject({ applied: false });
    expect(await credits(userId)).toBe(0);
    // Paid in the checkout, the same event is applied.
    await postJson(agent, "/api/billing/test-checkout", { clientSecret: started.body.clientSecret });
    expect(await credits(userId)).toBe(10);
  });
});

describe("webhook timestamps", () => {
  it("refuses a signature dated more than a minute ahead, and keeps Stripe's tolerance for the past", async () => {
    const { agent, userId } = await member();
    await subscribe(agent, "basic");
    const pi = await buyCredits(agent);
    const { customerId } = (await getDb(env.DB).select().from(billingCustomers)).find((r) => r.userId === userId) ?? {};
    const now = Math.floor(Date.now() / 1000);
    const ahead = await deliver(succeeded(pi, customerId ?? ""), undefined, { timestamp: now + 600 });
    expect(ahead.status).toBe(400);
    expect(((await ahead.json()) as { error: { message: string } }).error.message).toBe(
      "The Stripe-Signature timestamp is in the future; check the server's clock.",
    );
    for (const timestamp of [now + 30, now - 240]) {
      const res = await deliver(succeeded(pi, customerId ?? ""), undefined, { timestamp });
      expect(res.status, String(timestamp - now)).toBe(200);
    }
  });
});

describe("the local test portal", () => {
  it("has a strict Content-Security-Policy", async () => {
    const { agent } = await member();
    await subscribe(agent, "basic");
    const res = await agent.fetch("/api/billing/test-portal");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});
