import type { PaidTier } from "#schema/contracts/billing.ts";
import { PLANS } from "#schema/contracts/plans.ts";
import { HttpError } from "#web/lib/api.ts";
import type { Purchase } from "./billing.ts";

// The payment texts of assistant-plans-admin.md §8.

/** Creation failed: the server's error text, else its status, else the generic line. */
export function creationErrorMessage(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage || `Server responded with ${error.status}`;
  return "Failed to initialize payment. Please try again.";
}

export const NO_CLIENT_SECRET = "No client secret received from server";

/** The success toast names the plan actually bought (the spec's "Basic else Pro" quirk is not kept). */
export function successMessage(purchase: Purchase): string {
  return purchase.kind === "credits"
    ? "10 credits have been added to your account!"
    : `You are now subscribed to Coinsight ${PLANS[purchase.tier].name}!`;
}

export function payButtonLabel(purchase: Purchase): string {
  return purchase.kind === "credits" ? "Pay $5.00 for 10 credits" : `Subscribe to Coinsight ${PLANS[purchase.tier].name}`;
}

export function purchaseName(purchase: Purchase): string {
  return purchase.kind === "credits" ? "Top-up Credits" : `Coinsight ${PLANS[purchase.tier].name}`;
}

/** Where Stripe (or the test checkout) sends the member after paying (assistant-plans-admin.md §7: ?tier={tier}). */
export function successPath(purchase: Purchase): string {
  return purchase.kind === "credits" ? "/subscription-success?type=credits" : `/subscription-success?tier=${purchase.tier}`;
}

export const paidTiers: PaidTier[] = ["lite", "basic", "pro"];
