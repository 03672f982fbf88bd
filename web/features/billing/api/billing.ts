import { queryOptions } from "@tanstack/react-query";
import type { ClientSecretResponse, PaidTier, PortalResponse, TestCheckoutResponse } from "#schema/contracts/billing.ts";
import { request } from "#web/lib/api-client.ts";

export const billingKeys = { info: ["billing", "info"] as const, account: ["billing", "account"] as const };

/** The member's payments and their plan's renewal or cancellation, as the payment provider holds them. */
export function billingAccountQuery(enabled: boolean) {
  return queryOptions({
    queryKey: billingKeys.account,
    queryFn: () => request("getBillingAccount"),
    enabled,
    staleTime: 30_000,
    retry: 1,
  });
}

/** How this server sells (Stripe, the local test checkout, or not at all) and whether the member has paid. */
export function billingInfoQuery(enabled: boolean) {
  return queryOptions({
    queryKey: billingKeys.info,
    queryFn: () => request("getBilling"),
    enabled,
    staleTime: 30_000,
    retry: 1,
  });
}

/** What is being paid for: a plan, or the one-time credits pack. */
export type Purchase = { kind: "subscription"; tier: PaidTier } | { kind: "credits" };

/** Asks the server for the payment to confirm; the price is the server's, never ours. */
export function startPayment(purchase: Purchase): Promise<Partial<ClientSecretResponse>> {
  return purchase.kind === "credits" ? request("buyCredits") : request("createSubscription", { body: { tier: purchase.tier } });
}

/** The local test checkout's Pay button (only where the server has no Stripe key, outside production). */
export function payInTestCheckout(clientSecret: string, outcome: "succeed" | "decline"): Promise<TestCheckoutResponse> {
  return request("payTestCheckout", { body: { clientSecret, outcome } });
}

export function openBillingPortal(): Promise<PortalResponse> {
  return request("openBillingPortal");
}
