import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BillingAccount } from "#schema/contracts/billing.ts";
import { getDb } from "#worker/lib/db.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { billingAccount } from "./account.service.ts";
import { billingRowOf, member, postJson, subscribe, subscriptionOf } from "./test-support.ts";

/** Presses a button of the local test portal (a same-origin form POST that redirects to /account). */
async function portal(agent: BrowserAgent, action: string) {
  const res = await agent.fetch(`/api/billing/test-portal/${action}`, { method: "POST", redirect: "manual" });
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe("/account");
}

async function buyCredits(agent: BrowserAgent) {
  const started = await postJson<{ clientSecret: string }>(agent, "/api/billing/credits");
  return postJson(agent, "/api/billing/test-checkout", { clientSecret: started.body.clientSecret });
}

afterEach(() => vi.restoreAllMocks());

describe("the account page's billing: payments and the plan's state", () => {
  it("lists the local checkout's payments newest first: date, what was bought, amount", async () => {
    const { agent } = await member();
    expect((await agent.json<BillingAccount>("/api/billing/account")).body).toEqual({ payments: [], plan: null, message: null });
    await subscribe(agent, "basic");
    expect((await buyCredits(agent)).status).toBe(200);
    const { status, body } = await agent.json<BillingAccount>("/api/billing/account");
    expect(status).toBe(200);
    expect(body.payments.map((p) => [p.kind, p.description, p.amount, p.amountCents])).toEqual([
      ["credits", "10 Ask Coinsight credits", "$5.00", 500],
      ["subscription", "Coinsight Basic plan, one month", "$9.99", 999],
    ]);
    expect(Date.parse(body.payments[0]?.paidAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(body.plan).toMatchObject({ tier: "basic", status: "active", cancelAt: null });
    expect(body.plan?.renewsAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // A declined card is no payment.
    const other = await member();
    const started = await postJson<{ clientSecret: string }>(other.agent, "/api/create-subscription", { tier: "pro" });
    await postJson(other.agent, "/api/billing/test-checkout", { clientSecret: started.body.clientSecret, outcome: "decline" });
    expect((await other.agent.json<BillingAccount>("/api/billing/account")).body.payments).toEqual([]);
  });

  it("the credits balance shows beside the allowance once bought", async () => {
    const { agent } = await member();
    await subscribe(agent, "lite");
    await buyCredits(agent);
    expect((await subscriptionOf(agent)).subscription).toMatchObject({ tier: "lite", credits: 10, queryLimit: 15 });
  });

  it("cancel at period end leaves the plan until then, shown as the day it ends; don't cancel undoes it", async () => {
    const { agent } = await member();
    await subscribe(agent, "pro");
    await portal(agent, "cancel-at-period-end");
    const cancelling = (await agent.json<BillingAccount>("/api/billing/account")).body;
    expect(cancelling.plan).toMatchObject({ tier: "pro", status: "active", renewsAt: null });
    expect(cancelling.plan?.cancelAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The plan stays usable until then.
    expect((await subscriptionOf(agent)).subscription).toMatchObject({ tier: "pro", status: "active" });
    const page = await (await agent.fetch("/api/billing/test-portal")).text();
    expect(page).toMatch(/Cancels on <strong>\d{1,2} [A-Z][a-z]+ \d{4}<\/strong>/);
    await portal(agent, "resume");
    expect((await agent.json<BillingAccount>("/api/billing/account")).body.plan).toMatchObject({ cancelAt: null });
  });

  it("a plan change in the portal applies the new plan's allowance at once, keeping this month's count", async () => {
    const { agent } = await member();
    await subscribe(agent, "lite");
    await portal(agent, "plan/pro");
    expect((await subscriptionOf(agent)).subscription).toMatchObject({ tier: "pro", queryLimit: 80, status: "active" });
    expect((await agent.json<BillingAccount>("/api/billing/account")).body.plan).toMatchObject({ tier: "pro" });
    expect((await agent.fetch("/api/billing/test-portal/plan/enterprise", { method: "POST", redirect: "manual" })).status).toBe(400);
  });

  it("cancel now ends the plan: back to free, no plan shown, payments kept", async () => {
    const { agent } = await member();
    await subscribe(agent, "basic");
    await portal(agent, "cancel");
    expect((await subscriptionOf(agent)).tier).toBe("free");
    const account = (await agent.json<BillingAccount>("/api/billing/account")).body;
    expect(account.plan).toBeNull();
    expect(account.payments).toHaveLength(1);
  });

  it("refuses guests, and answers a message instead of an error when the provider cannot be asked", async () => {
    expect((await new BrowserAgent().fetch("/api/billing/account")).status).toBe(401);
    const { agent, userId } = await member();
    await subscribe(agent, "basic");
    const row = await billingRowOf(userId);
    expect(row.subscriptionId).toBeTruthy();
    // Live adapter, Stripe down: the account page still loads, with the reason in place of the list.
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ error: { type: "api_error", message: "boom" } }), {
        status: 500,
        headers: { "content-type": "application/json" },
      }),
    );
    const live = { ...env, STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PRICE_BASIC: "price_basic_monthly" } as Env;
    const answer = await billingAccount({ env: live, db: getDb(env.DB) }, userId);
    expect(answer).toEqual({
      payments: [],
      plan: null,
      message: "Your payments could not be loaded from the payment provider right now. Please try again later.",
    });
  });
});
