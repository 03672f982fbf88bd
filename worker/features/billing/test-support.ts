// Test helpers for the billing feature (imported by its *.test.ts files only).
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { AuthUser, SubscriptionResponse } from "#schema/contracts/auth.ts";
import type { ClientSecretResponse } from "#schema/contracts/billing.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { billingCustomers } from "#schema/db/billing.ts";
import { getDb } from "#worker/lib/db.ts";
import { LOCAL_WEBHOOK_SECRET } from "#worker/ports/payments/offline.ts";
import { CREDITS_PURPOSE } from "#worker/ports/payments/payments.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { call, callWithEnv } from "#worker/test/http.ts";

let n = 0;

export async function member(prefix = "payer"): Promise<{ agent: BrowserAgent; userId: string }> {
  n += 1;
  const agent = new BrowserAgent();
  await agent.signInOffline(`${prefix}${n}-${crypto.randomUUID().slice(0, 8)}@example.com`, "Payer");
  const me = await agent.json<AuthUser>("/api/auth/user");
  return { agent, userId: me.body.id };
}

export function postJson<T>(agent: BrowserAgent, path: string, body: unknown = {}) {
  return agent.json<T & ErrorBody>(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

export const subscriptionOf = async (agent: BrowserAgent) => (await agent.json<SubscriptionResponse>("/api/user/subscription")).body;

/** Subscribes through the API and pays in the local test checkout (the real webhook path). */
export async function subscribe(agent: BrowserAgent, tier: "lite" | "basic" | "pro") {
  const started = await postJson<ClientSecretResponse>(agent, "/api/create-subscription", { tier });
  if (started.status !== 200) throw new Error(`create-subscription: ${started.status} ${JSON.stringify(started.body)}`);
  return postJson(agent, "/api/billing/test-checkout", { clientSecret: started.body.clientSecret });
}

export async function billingRowOf(userId: string) {
  const [row] = await getDb(env.DB).select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  if (!row) throw new Error(`no billing row for ${userId}`);
  return row;
}

/** Changes the local provider's copy of a subscription or payment, as a change made at Stripe would. */
export async function changeAtProvider(id: string, patch: Record<string, unknown>) {
  const key = `payments:local:${id}`;
  const record = await env.KV.get<Record<string, unknown>>(key, "json");
  if (!record) throw new Error(`no local record ${id}`);
  await env.KV.put(key, JSON.stringify({ ...record, ...patch }));
}

let e = 0;
/** A Stripe-format event. */
export function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  e += 1;
  return {
    id: `evt_test_${e}_${crypto.randomUUID().slice(0, 8)}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    type,
    data: { object },
  };
}

/** payment_intent.succeeded for a credits payment, as Stripe sends it (the webhook checks it with the provider). */
export function creditsPayment(customer: string, id = `pi_test_${crypto.randomUUID().slice(0, 8)}`) {
  return stripeEvent("payment_intent.succeeded", {
    id,
    object: "payment_intent",
    customer,
    status: "succeeded",
    metadata: { purpose: CREDITS_PURPOSE },
  });
}

/**
 * POSTs an event to the webhook the way Stripe does: no cookies, no Origin, signed with `secret` by
 * the stripe package's own test-header helper (its async form: Workers have Web Crypto only).
 */
export async function deliver(
  event: unknown,
  secret = LOCAL_WEBHOOK_SECRET,
  init: { signature?: string; timestamp?: number; env?: Partial<Env> } = {},
) {
  const payload = JSON.stringify(event);
  const signature = init.signature ?? (await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp: init.timestamp }));
  const request = { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload };
  return init.env ? callWithEnv(init.env, "/api/webhooks/stripe", request) : call("/api/webhooks/stripe", request);
}

/**
 * A credits payment the local provider holds as succeeded, whose event has not been delivered yet
 * (as when Stripe has taken the money and the webhook is on its way); answers its payment intent id.
 */
export async function paidAtProvider(agent: BrowserAgent): Promise<string> {
  const started = await postJson<ClientSecretResponse>(agent, "/api/billing/credits");
  if (started.status !== 200) throw new Error(`billing/credits: ${started.status} ${JSON.stringify(started.body)}`);
  const id = started.body.clientSecret.split("_secret_")[0] ?? "";
  await changeAtProvider(id, { status: "succeeded" });
  return id;
}

/** Starts a credits payment and pays it in the local test checkout; answers its payment intent id. */
export async function buyCredits(agent: BrowserAgent): Promise<string> {
  const started = await postJson<ClientSecretResponse>(agent, "/api/billing/credits");
  if (started.status !== 200) throw new Error(`billing/credits: ${started.status} ${JSON.stringify(started.body)}`);
  const paid = await postJson(agent, "/api/billing/test-checkout", { clientSecret: started.body.clientSecret });
  if (paid.status !== 200) throw new Error(`test-checkout: ${paid.status} ${JSON.stringify(paid.body)}`);
  return started.body.clientSecret.split("_secret_")[0] ?? "";
}
