import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { stripeEvents } from "#schema/db/billing.ts";
import { getDb } from "#worker/lib/db.ts";
import { quotaCounter } from "./quota-counter.ts";
import {
  billingRowOf,
  changeAtProvider,
  creditsPayment,
  deliver,
  member,
  paidAtProvider,
  postJson,
  stripeEvent,
  subscribe,
  subscriptionOf,
} from "./test-support.ts";
import { pruneStripeEvents } from "./webhook.ts";

describe("POST /api/webhooks/stripe", () => {
  it("answers 400 to a bad or missing signature and applies nothing", async () => {
    const { agent, userId } = await member();
    await subscribe(agent, "basic");
    const { customerId } = await billingRowOf(userId);
    const event = creditsPayment(customerId);
    expect((await deliver(event, "whsec_not_the_secret")).status).toBe(400);
    const unsigned = await deliver(event, undefined, { signature: "t=1,v1=deadbeef" });
    expect(unsigned.status).toBe(400);
    expect(((await unsigned.json()) as { error: { message: string } }).error.message).toBe("Invalid Stripe signature.");
    expect((await subscriptionOf(agent)).subscription).toMatchObject({ tier: "basic" });
    expect((await quotaCounter(env, userId).state(userId)).credits).toBe(0);
  });

  it("is exempt from the same-origin guard (Stripe sends no Origin) but still needs the signature", async () => {
    const { agent, userId } = await member();
    await subscribe(agent, "lite");
    const { customerId } = await billingRowOf(userId);
    const res = await deliver(creditsPayment(customerId, await paidAtProvider(agent)));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false, applied: true });
  });

  it("shows a paid tier in /api/user/subscription: Basic, active, 0/30", async () => {
    const { agent } = await member();
    expect((await subscriptionOf(agent)).tier).toBe("free");
    const paid = await subscribe(agent, "basic");
    expect(paid.status).toBe(200);
    const after = await subscriptionOf(agent);
    expect(after.tier).toBe("basic");
    expect(after.subscription).toMatchObject({ tier: "basic", status: "active", queryCount: 0, queryLimit: 30 });
    expect(after.subscription.periodEnd).not.toBeNull();
  });

  it("applies a replayed event once, and a payment delivered under two event ids once", async () => {
    const { agent, userId } = await member();
    await subscribe(agent, "pro");
    const { customerId } = await billingRowOf(userId);
    const paid = await paidAtProvider(agent);
    const event = creditsPayment(customerId, paid);
    const first = await deliver(event);
    const replay = await deliver(event);
    expect(await first.json()).toMatchObject({ duplicate: false, applied: true });
    expect(await replay.json()).toMatchObject({ duplicate: true, applied: false });
    // Stripe may also send the same payment under a new event id: the payment intent is the key.
    await deliver(creditsPayment(customerId, paid));
    expect((await quotaCounter(env, userId).state(userId)).credits).toBe(10);
    await deliver(creditsPayment(customerId, await paidAtProvider(agent)));
    expect((await quotaCounter(env, userId).state(userId)).credits).toBe(20);
  });

  it("ends in the subscription's current state whatever order the updates arrive in", async () => {
    const { agent, userId } = await member();
    await subscribe(agent, "basic");
    const { subscriptionId } = await billingRowOf(userId);
    if (!subscriptionId) throw new Error("no subscription");
    const t = Math.floor(Date.now() / 1000);
    const asBasic = stripeEvent("customer.subscription.updated", { id: subscriptionId, object: "subscription", status: "active" }, t);
    const asPro = stripeEvent("customer.subscription.updated", { id: subscriptionId, object: "subscription", status: "active" }, t + 60);
    // Upgraded to Pro at the provider; the newer event arrives first, the older one after it.
    await changeAtProvider(subscriptionId, { tier: "pro" });
    await deliver(asPro);
    await deliver(asBasic);
    expect((await subscriptionOf(agent)).subscription).toMatchObject({ tier: "pro", status: "active", queryLimit: 80 });

    // Then cancelled: the deletion overtakes a late "past_due" update.
    const pastDue = stripeEvent(
      "customer.subscription.updated",
      { id: subscriptionId, object: "subscription", status: "past_due" },
      t + 120,
    );
    const deleted = stripeEvent(
      "customer.subscription.deleted",
      { id: subscriptionId, object: "subscription", status: "canceled" },
      t + 180,
    );
    await changeAtProvider(subscriptionId, { status: "canceled" });
    await deliver(deleted);
    await deliver(pastDue);
    expect((await subscriptionOf(agent)).subscription).toMatchObject({ tier: "free", status: "active", queryLimit: 0 });
  });

  it("starts a new month on renewal, and never rolls it back for a late invoice of an older one", async () => {
    const { agent, userId } = await member();
    await subscribe(agent, "lite");
    const { customerId, subscriptionId, paidThrough } = await billingRowOf(userId);
    if (!subscriptionId) throw new Error("no subscription");
    const invoice = (id: string, start: number, end: number, billing_reason = "subscription_cycle") =>
      stripeEvent("invoice.paid", {
        id,
        object: "invoice",
        customer: customerId,
        billing_reason,
        parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
        lines: { object: "list", data: [{ period: { start, end } }] },
      });
    const end = Math.floor(Date.parse(paidThrough ?? "") / 1000);
    const next = { start: end, end: end + 30 * 86400 };
    await quotaCounter(env, userId).reserve(userId);
    expect((await subscriptionOf(agent)).subscription.queryCount).toBe(1);
    // Stripe renews: the subscription's period moves on, then the renewal invoice is paid.
    await changeAtProvider(subscriptionId, { periodStart: next.start, periodEnd: next.end });
    await deliver(invoice("in_test_renewal", next.start, next.end));
    expect((await subscriptionOf(agent)).subscription).toMatchObject({ queryCount: 0, queryLimit: 15 });
    await quotaCounter(env, userId).reserve(userId);
    await deliver(invoice("in_test_old", end - 30 * 86400, end));
    const state = await quotaCounter(env, userId).state(userId);
    expect(state.periodEnd).toBe(new Date(next.end * 1000).toISOString());
    expect(state.queryCount).toBe(1);
  });

  it("upgrades mid-month on the proration invoice without restarting the month's count", async () => {
    const { agent, userId } = await member();
    await subscribe(agent, "basic");
    const { customerId, subscriptionId, paidThrough } = await billingRowOf(userId);
    if (!subscriptionId) throw new Error("no subscription");
    for (let i = 0; i < 3; i++) {
      const r = await quotaCounter(env, userId).reserve(userId);
      if (r.ok) await quotaCounter(env, userId).commit(userId, r.reservationId);
    }
    // Upgraded to Pro in the portal: the proration line runs from now to the period's end.
    await changeAtProvider(subscriptionId, { tier: "pro" });
    const end = Math.floor(Date.parse(paidThrough ?? "") / 1000);
    await deliver(
      stripeEvent("invoice.paid", {
        id: "in_test_proration",
        object: "invoice",
        customer: customerId,
        billing_reason: "subscription_update",
        parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
        lines: { object: "list", data: [{ period: { start: end - 10 * 86400, end } }] },
      }),
    );
    expect((await subscriptionOf(agent)).subscription).toMatchObject({ tier: "pro", queryLimit: 80, queryCount: 3 });
  });

  it("loses nothing when a credits payment lands while asks are in flight", async () => {
    const { agent, userId } = await member();
    await subscribe(agent, "basic");
    const { customerId } = await billingRowOf(userId);
    const paid = await paidAtProvider(agent);
    const quota = quotaCounter(env, userId);
    // 28 of the 30 monthly questions are being answered when the payment arrives with 6 more asks.
    const inFlight = await Promise.all(Array.from({ length: 28 }, () => quota.reserve(userId)));
    const [webhook, ...more] = await Promise.all([
      deliver(creditsPayment(customerId, paid)),
      ...Array.from({ length: 6 }, () => quota.reserve(userId)),
    ]);
    expect(webhook?.status).toBe(200);
    const all = [...inFlight, ...more];
    const taken = all.filter((r) => r.ok);
    for (const r of taken) await quota.commit(userId, r.reservationId);
    const monthly = taken.filter((r) => r.source === "monthly").length;
    const fromCredits = taken.filter((r) => r.source === "credits").length;
    expect(monthly).toBe(30);
    // Every ask either got a unit or was refused before the credits existed; no credit vanished.
    expect(taken.length + all.filter((r) => !r.ok).length).toBe(34);
    const state = await quota.state(userId);
    expect(state.credits).toBe(10 - fromCredits);
    expect(state.queryCount).toBe(30);
    expect((await subscriptionOf(agent)).subscription).toMatchObject({ queryCount: 30, queryLimit: 30 });
  });

  it("ignores events for another subscription than the one the member paid for", async () => {
    const { agent, userId } = await member();
    await subscribe(agent, "basic");
    // An abandoned second checkout expiring must not cancel the paid plan.
    const abandoned = await postJson<{ clientSecret: string }>(agent, "/api/create-subscription", { tier: "pro" });
    expect(abandoned.status).toBe(409);
    const stray = stripeEvent("customer.subscription.deleted", { id: "sub_local_unknown", object: "subscription" });
    expect(await (await deliver(stray)).json()).toMatchObject({ applied: false });
    expect((await subscriptionOf(agent)).tier).toBe("basic");
    expect((await billingRowOf(userId)).firstPaidAt).not.toBeNull();
  });

  it("forgets event ids after 90 days (the nightly prune), keeping recent ones", async () => {
    const db = getDb(env.DB);
    const now = Date.parse("2026-11-23T03:00:00.000Z");
    await db.insert(stripeEvents).values([
      { id: "evt_prune_old", type: "invoice.paid", created: 1, receivedAt: "2026-08-24T02:59:59.000Z" },
      { id: "evt_prune_recent", type: "invoice.paid", created: 1, receivedAt: "2026-08-25T03:00:00.000Z" },
    ]);
    expect(await pruneStripeEvents(db, now)).toBeGreaterThanOrEqual(1);
    const left = (await db.select({ id: stripeEvents.id }).from(stripeEvents)).map((r) => r.id);
    expect(left).toContain("evt_prune_recent");
    expect(left).not.toContain("evt_prune_old");
  });
});
