import type { Tier } from "#schema/contracts/auth.ts";
import { PortError } from "#worker/ports/port.ts";

export type PaidTier = Exclude<Tier, "free">;

/** A subscription as the provider holds it now (webhooks read this rather than trust event order). */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  /** Stripe's status: incomplete, incomplete_expired, active, trialing, past_due, unpaid, canceled, paused. */
  status: string;
  /** The plan its price stands for; null for a price this site does not sell. */
  tier: PaidTier | null;
  periodStart: string | null;
  periodEnd: string | null;
  /** When it ends because it was cancelled (at the period's end, or on a set date); null while it renews. */
  cancelAt?: string | null;
};

/** A completed payment as the provider records it (the account page lists them). */
export type PaymentRecord = {
  id: string;
  /** ISO UTC. */
  paidAt: string;
  kind: "subscription" | "credits";
  /** The plan paid for (subscription payments); null for credits or a price this site does not sell. */
  tier: PaidTier | null;
  amountCents: number;
  currency: string;
};

/** Payments listed at most. */
export const PAYMENTS_LISTED = 24;

/** A one-time payment as the provider holds it now: the webhook applies credits only from this. */
export type ProviderPayment = {
  id: string;
  customerId: string | null;
  /** Stripe's PaymentIntent status: requires_payment_method, processing, succeeded, canceled, ... */
  status: string;
  amountCents: number;
  amountReceivedCents: number;
  currency: string;
  /** The `purpose` metadata the site set when it started the payment. */
  purpose: string | null;
};

/** What the browser needs to confirm a payment with the provider's SDK (or the local test checkout). */
export type PaymentStart = { id: string; clientSecret: string };

/** The one-time top-up: fixed on the server, never taken from the client (assistant-plans-admin.md §9). */
export const CREDITS_PACK = { amountCents: 500, currency: "usd", credits: 10 } as const;

/** Metadata that marks a payment intent as a credits purchase in webhooks. */
export const CREDITS_PURPOSE = "coinsight_credits";

/** A provider refusal or outage, with a message that is safe to show the member. */
export class PaymentsError extends PortError {
  constructor(message: string, status?: number) {
    super("PaymentsError", message, status);
  }
}

/** The payments port: Stripe live, or the local test checkout offline (README, Configuration). */
export interface PaymentsPort {
  /** "live": Stripe with the Payment Element; "test": the local test checkout, no card is charged. */
  readonly mode: "live" | "test";
  /** A new customer; the same member asking twice at once gets the same one (idempotency key). */
  createCustomer(member: { userId: string; email: string }): Promise<string>;
  /** An incomplete subscription to the tier's configured price, paid by confirming the client secret. */
  startSubscription(p: { customerId: string; userId: string; tier: PaidTier }): Promise<PaymentStart>;
  /** A one-time payment of the credits pack. */
  startCreditsPayment(p: { customerId: string; userId: string }): Promise<PaymentStart>;
  /** The subscription's current state, or null when the provider does not know it. */
  getSubscription(id: string): Promise<ProviderSubscription | null>;
  /** A one-time payment's current state, or null when the provider does not know it. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /** A customer portal session (Manage Billing); answers its URL. */
  createPortalSession(p: { customerId: string; returnUrl: string }): Promise<string>;
  /** The customer's completed payments, newest first (paid invoices and credits payments), at most PAYMENTS_LISTED. */
  listPayments(customerId: string): Promise<PaymentRecord[]>;
}
