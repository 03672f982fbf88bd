import { afterEach, describe, expect, it, vi } from "vitest";
import customer from "./fixtures/customer.json";
import apiError from "./fixtures/error-api.json";
import priceInactive from "./fixtures/error-price-inactive.json";
import missing from "./fixtures/error-resource-missing.json";
import invoiceList from "./fixtures/invoice-list.json";
import paymentIntent from "./fixtures/payment-intent.json";
import intentList from "./fixtures/payment-intent-list.json";
import paymentSucceeded from "./fixtures/payment-intent-succeeded.json";
import portal from "./fixtures/portal-session.json";
import active from "./fixtures/subscription-active.json";
import cancelling from "./fixtures/subscription-cancelling.json";
import incomplete from "./fixtures/subscription-incomplete.json";
import { PaymentsError } from "./payments.ts";
import { createStripePayments } from "./stripe.ts";

const prices = { lite: "price_lite_monthly", basic: "price_basic_monthly", pro: "price_pro_monthly" };

/** Replays recorded answers in order (the last one repeats) and keeps every request. */
function replay(...answers: { body: unknown; status?: number }[]) {
  const requests: { url: URL; method: string; headers: Headers; form: URLSearchParams }[] = [];
  let i = 0;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const headers = new Headers(init?.headers);
    requests.push({
      url: new URL(String(input)),
      method: init?.method ?? "GET",
      headers,
      form: new URLSearchParams(String(init?.body ?? "")),
    });
    const answer = answers[Math.min(i++, answers.length - 1)];
    return new Response(JSON.stringify(answer?.body), {
      status: answer?.status ?? 200,
      headers: { "content-type": "application/json", "request-id": "req_test" },
    });
  });
  return requests;
}

const adapter = () => createStripePayments({ secretKey: "sk_test_coinsight", prices });

afterEach(() => vi.restoreAllMocks());

describe("Stripe payments adapter", () => {
  it("creates a customer with the member's email and id, idempotent per member", async () => {
    const requests = replay({ body: customer });
    expect(await adapter().createCustomer({ userId: "user-1", email: "payer@example.com" })).toBe("cus_TQxk8mZ2aB4cDe");
    const [req] = requests;
    expect(req?.method).toBe("POST");
    expect(req?.url.href).toBe("https://api.stripe.com/v1/customers");
    expect(req?.headers.get("authorization")).toBe("Bearer sk_test_coinsight");
    expect(req?.headers.get("idempotency-key")).toBe("coinsight-customer-user-1");
    expect(Object.fromEntries(req?.form ?? [])).toEqual({ email: "payer@example.com", "metadata[userId]": "user-1" });
  });

  it("creates an incomplete subscription to the configured price and answers the invoice's client secret", async () => {
    const requests = replay({ body: incomplete });
    const started = await adapter().startSubscription({ customerId: "cus_TQxk8mZ2aB4cDe", userId: "user-1", tier: "basic" });
    expect(started).toEqual({
      id: "sub_1SQxk8LkdIwHu7ixAbCdEfGh",
      clientSecret: "pi_3SQxk8LkdIwHu7ix0abcdEFG_secret_h1I2j3K4l5M6n7O8p9Q0r1S2t",
    });
    const form = requests[0]?.form;
    expect(requests[0]?.url.pathname).toBe("/v1/subscriptions");
    expect(form?.get("customer")).toBe("cus_TQxk8mZ2aB4cDe");
    expect(form?.get("items[0][price]")).toBe("price_basic_monthly");
    expect(form?.get("payment_behavior")).toBe("default_incomplete");
    expect(form?.get("payment_settings[save_default_payment_method]")).toBe("on_subscription");
    expect(form?.get("expand[0]")).toBe("latest_invoice.confirmation_secret");
  });

  it("refuses a tier without a configured price before calling Stripe", async () => {
    const requests = replay({ body: incomplete });
    const payments = createStripePayments({ secretKey: "sk_test_coinsight", prices: { basic: "price_basic_monthly" } });
    await expect(payments.startSubscription({ customerId: "cus_x", userId: "u", tier: "pro" })).rejects.toThrow(PaymentsError);
    expect(requests).toHaveLength(0);
  });

  it("creates the $5.00 credits payment intent with its purpose in the metadata", async () => {
    const requests = replay({ body: paymentIntent });
    const started = await adapter().startCreditsPayment({ customerId: "cus_TQxk8mZ2aB4cDe", userId: "user-1" });
    expect(started).toEqual({
      id: "pi_3SQxm2LkdIwHu7ix1CrEdItS",
      clientSecret: "pi_3SQxm2LkdIwHu7ix1CrEdItS_secret_Zy9Xw8Vu7Ts6Rq5Po4Nm3Lk2J",
    });
    const form = requests[0]?.form;
    expect(requests[0]?.url.pathname).toBe("/v1/payment_intents");
    expect(form?.get("amount")).toBe("500");
    expect(form?.get("currency")).toBe("usd");
    expect(form?.get("metadata[purpose]")).toBe("coinsight_credits");
    expect(form?.get("automatic_payment_methods[enabled]")).toBe("true");
  });

  it("reads a subscription's current state: tier from its price, period from its item", async () => {
    const requests = replay({ body: active });
    expect(await adapter().getSubscription("sub_1SQxk8LkdIwHu7ixAbCdEfGh")).toEqual({
      id: "sub_1SQxk8LkdIwHu7ixAbCdEfGh",
      customerId: "cus_TQxk8mZ2aB4cDe",
      status: "active",
      tier: "pro",
      periodStart: new Date(1795420800 * 1000).toISOString(),
      periodEnd: new Date(1798099200 * 1000).toISOString(),
      cancelAt: null,
    });
    expect(requests[0]?.method).toBe("GET");
    expect(requests[0]?.url.pathname).toBe("/v1/subscriptions/sub_1SQxk8LkdIwHu7ixAbCdEfGh");
  });

  it("reads a cancellation at the period's end as the day the plan ends", async () => {
    replay({ body: cancelling });
    expect(await adapter().getSubscription("sub_1SQxk8LkdIwHu7ixAbCdEfGh")).toMatchObject({
      status: "active",
      cancelAt: new Date(1798099200 * 1000).toISOString(),
    });
  });

  it("lists paid invoices and succeeded credits payments, newest first, from the customer's recorded lists", async () => {
    const paths: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input));
      paths.push(`${url.pathname}?${url.searchParams}`);
      const body = url.pathname === "/v1/invoices" ? invoiceList : intentList;
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    });
    const payments = await adapter().listPayments("cus_TQxk8mZ2aB4cDe");
    expect(paths.sort()).toEqual([
      "/v1/invoices?customer=cus_TQxk8mZ2aB4cDe&status=paid&limit=24",
      "/v1/payment_intents?customer=cus_TQxk8mZ2aB4cDe&limit=24",
    ]);
    expect(payments).toEqual([
      {
        id: "in_1SXr4aLkdIwHu7ixRenewal1",
        paidAt: new Date(1798103100 * 1000).toISOString(),
        kind: "subscription",
        tier: "basic",
        amountCents: 999,
        currency: "usd",
      },
      {
        id: "pi_3SUa1bLkdIwHu7ix1CrEdItS",
        paidAt: new Date(1796800000 * 1000).toISOString(),
        kind: "credits",
        tier: null,
        amountCents: 500,
        currency: "usd",
      },
      {
        id: "in_1SQxk8LkdIwHu7ixFirst001",
        paidAt: new Date(1795420860 * 1000).toISOString(),
        kind: "subscription",
        tier: "basic",
        amountCents: 999,
        currency: "usd",
      },
    ]);
  });

  it("answers null for a subscription Stripe does not know", async () => {
    replay({ body: missing, status: 404 });
    expect(await adapter().getSubscription("sub_missing")).toBeNull();
  });

  it("reads a payment intent back: status, amounts, currency, customer and purpose", async () => {
    const requests = replay({ body: paymentSucceeded });
    expect(await adapter().getPayment("pi_3SQxm2LkdIwHu7ix1CrEdItS")).toEqual({
      id: "pi_3SQxm2LkdIwHu7ix1CrEdItS",
      customerId: "cus_TQxk8mZ2aB4cDe",
      status: "succeeded",
      amountCents: 500,
      amountReceivedCents: 500,
      currency: "usd",
      purpose: "coinsight_credits",
    });
    expect(requests[0]?.method).toBe("GET");
    expect(requests[0]?.url.pathname).toBe("/v1/payment_intents/pi_3SQxm2LkdIwHu7ix1CrEdItS");
  });

  it("answers null for a payment intent Stripe does not know", async () => {
    replay({ body: missing, status: 404 });
    expect(await adapter().getPayment("pi_missing")).toBeNull();
  });

  it("opens a customer portal session with the return URL", async () => {
    const requests = replay({ body: portal });
    const url = await adapter().createPortalSession({ customerId: "cus_TQxk8mZ2aB4cDe", returnUrl: "https://coinsight.test/account" });
    expect(url).toBe(portal.url);
    expect(requests[0]?.url.pathname).toBe("/v1/billing_portal/sessions");
    expect(requests[0]?.form.get("return_url")).toBe("https://coinsight.test/account");
  });

  it("passes Stripe's message for a request error, and hides an outage's details", async () => {
    replay({ body: priceInactive, status: 400 });
    await expect(adapter().startSubscription({ customerId: "cus_x", userId: "u", tier: "lite" })).rejects.toMatchObject({
      name: "PaymentsError",
      status: 400,
      message: "The price specified is inactive. This field only accepts active prices.",
    });
    vi.restoreAllMocks();
    const requests = replay({ body: apiError, status: 500 });
    await expect(adapter().createPortalSession({ customerId: "cus_x", returnUrl: "https://x.test/" })).rejects.toMatchObject({
      name: "PaymentsError",
      message: "The payment provider is unavailable. Please try again.",
    });
    // Stripe's client retries a 500 twice, with the same idempotency key.
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers.get("idempotency-key"))).size).toBe(1);
  });
});
