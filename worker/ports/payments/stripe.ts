import Stripe from "stripe";
import { logger } from "#worker/lib/log.ts";
import {
  CREDITS_PACK,
  CREDITS_PURPOSE,
  PAYMENTS_LISTED,
  type PaidTier,
  type PaymentRecord,
  type PaymentStart,
  PaymentsError,
  type PaymentsPort,
  type ProviderPayment,
  type ProviderSubscription,
} from "./payments.ts";

export type StripeOptions = {
  secretKey: string;
  /** Price ids per tier (configuration, never the client). A tier without one is not for sale. */
  prices: Partial<Record<PaidTier, string>>;
};

const iso = (unix: number | null | undefined) => (typeof unix === "number" ? new Date(unix * 1000).toISOString() : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));

/** The live adapter: the stripe package over fetch and Web Crypto, so it runs in Workers. */
export function createStripePayments(options: StripeOptions): PaymentsPort {
  const stripe = new Stripe(options.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 10_000,
  });
  const tierOfPrice = new Map(Object.entries(options.prices).map(([tier, price]) => [price, tier as PaidTier]));

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError) {
        // Card and request errors carry a message meant for the payer; others stay generic.
        const shown = err.type === "StripeCardError" || err.type === "StripeInvalidRequestError";
        logger("payments").error("Stripe call failed", { what, type: err.type, code: err.code, status: err.statusCode });
        throw new PaymentsError(shown ? err.message : "The payment provider is unavailable. Please try again.", err.statusCode);
      }
      throw err;
    }
  }

  return {
    mode: "live",

    createCustomer: ({ userId, email }) =>
      call("customers.create", async () => {
        const customer = await stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `coinsight-customer-${userId}` });
        return customer.id;
      }),

    startSubscription: ({ customerId, userId, tier }) =>
      call("subscriptions.create", async (): Promise<PaymentStart> => {
        const price = options.prices[tier];
        if (!price) throw new PaymentsError(`The ${tier} plan is not for sale right now.`);
        const sub = await stripe.subscriptions.create({
          customer: customerId,
          items: [{ price }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: { userId, tier },
          expand: ["latest_invoice.confirmation_secret"],
        });
        const invoice = typeof sub.latest_invoice === "string" ? null : sub.latest_invoice;
        const clientSecret = invoice?.confirmation_secret?.client_secret;
        if (!clientSecret) throw new PaymentsError("The payment provider did not return a payment to confirm.");
        return { id: sub.id, clientSecret };
      }),

    startCreditsPayment: ({ customerId, userId }) =>
      call("paymentIntents.create", async () => {
        const pi = await stripe.paymentIntents.create({
          amount: CREDITS_PACK.amountCents,
          currency: CREDITS_PACK.currency,
          customer: customerId,
          automatic_payment_methods: { enabled: true },
          description: `Coinsight top-up: ${CREDITS_PACK.credits} Ask Coinsight credits`,
          metadata: { purpose: CREDITS_PURPOSE, userId, credits: String(CREDITS_PACK.credits) },
        });
        if (!pi.client_secret) throw new PaymentsError("The payment provider did not return a payment to confirm.");
        return { id: pi.id, clientSecret: pi.client_secret };
      }),

    getSubscription: (id) =>
      call("subscriptions.retrieve", async (): Promise<ProviderSubscription | null> => {
        let sub: Stripe.Subscription;
        try {
          sub = await stripe.subscriptions.retrieve(id);
        } catch (err) {
          if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) return null;
          throw err;
        }
        const item = sub.items.data[0];
        return {
          id: sub.id,
          customerId: idOf(sub.customer) ?? "",
          status: sub.status,
          tier: (item && tierOfPrice.get(item.price.id)) ?? null,
          periodStart: iso(item?.current_period_start),
          periodEnd: iso(item?.current_period_end),
          cancelAt: sub.cancel_at_period_end ? iso(item?.current_period_end) : iso(sub.cancel_at),
        };
      }),

    getPayment: (id) =>
      call("paymentIntents.retrieve", async (): Promise<ProviderPayment | null> => {
        let pi: Stripe.PaymentIntent;
        try {
          pi = await stripe.paymentIntents.retrieve(id);
        } catch (err) {
          if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) return null;
          throw err;
        }
        return {
          id: pi.id,
          customerId: idOf(pi.customer),
          status: pi.status,
          amountCents: pi.amount,
          amountReceivedCents: pi.amount_received,
          currency: pi.currency,
          purpose: pi.metadata?.purpose ?? null,
        };
      }),

    createPortalSession: ({ customerId, returnUrl }) =>
      call("billingPortal.sessions.create", async () => {
        const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
        return session.url;
      }),

    listPayments: (customerId) =>
      call("invoices.list+paymentIntents.list", async (): Promise<PaymentRecord[]> => {
        const [invoices, intents] = await Promise.all([
          stripe.invoices.list({ customer: customerId, status: "paid", limit: PAYMENTS_LISTED }),
          stripe.paymentIntents.list({ customer: customerId, limit: PAYMENTS_LISTED }),
        ]);
        const plans = invoices.data
          .filter((inv) => inv.amount_paid > 0 && inv.id)
          .map((inv): PaymentRecord => {
            const price = inv.lines.data[0]?.pricing?.price_details?.price;
            const priceId = typeof price === "string" ? price : (price?.id ?? null);
            return {
              id: inv.id ?? "",
              paidAt: iso(inv.status_transitions?.paid_at ?? inv.created) ?? "",
              kind: "subscription",
              tier: priceId ? (tierOfPrice.get(priceId) ?? null) : null,
              amountCents: inv.amount_paid,
              currency: inv.currency,
            };
          });
        // Invoice payments are intents too; only the credits pack is listed from them.
        const credits = intents.data
          .filter((pi) => pi.status === "succeeded" && pi.metadata?.purpose === CREDITS_PURPOSE)
          .map(
            (pi): PaymentRecord => ({
              id: pi.id,
              paidAt: iso(pi.created) ?? "",
              kind: "credits",
              tier: null,
              amountCents: pi.amount_received,
              currency: pi.currency,
            }),
          );
        return [...plans, ...credits].sort((a, b) => b.paidAt.localeCompare(a.paidAt)).slice(0, PAYMENTS_LISTED);
      }),
  };
}
