import { queryOptions } from "@tanstack/react-query";
import type { BillingInfo, ClientSecretResponse, PaidTier, PortalResponse, TestCheckoutResponse } from "#schema/contracts/billing.ts";
import { api } from "#web/lib/api.ts";

export const billingKeys = { info: ["billing", "info"] as const };

/** How this server sells (Stripe, the local test checkout, or not at all) and whether the member has paid. */
export function billingInfoQuery(enabled: boolean) {
  return queryOptions({
    queryKey: billingKeys.info,
    queryFn: () => api<BillingInfo>("/api/billing"),
    enabled,
    staleTime: 30_000,
    retry: 1,
  });
}

/** What is being paid for: a plan, or the one-time credits pack. */
export type Purchase = { kind: "subscription"; tier: PaidTier } | { kind: "credits" };

/** Asks the server for the payment to confirm; the price is the server's, never ours. */
export function startPayment(purchase: Purchase): Promise<Partial<ClientSecretResponse>> {
  return purchase.kind === "credits"
    ? api<Partial<ClientSecretResponse>>("/api/billing/credits", { method: "POST", json: {} })
    : api<Partial<ClientSecretResponse>>("/api/create-subscription", { method: "POST", json: { tier: purchase.tier } });
}

/** The local test checkout's Pay button (only where the server has no Stripe key, outside production). */
export function payInTestCheckout(clientSecret: string, outcome: "succeed" | "decline"): Promise<TestCheckoutResponse> {
  return api<TestCheckoutResponse>("/api/billing/test-checkout", { method: "POST", json: { clientSecret, outcome } });
}

export function openBillingPortal(): Promise<PortalResponse> {
  return api<PortalResponse>("/api/billing/portal", { method: "POST", json: {} });
}
