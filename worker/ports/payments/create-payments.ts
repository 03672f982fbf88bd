import { isProduction } from "#worker/lib/secrets.ts";
import { createOfflinePayments, type OfflinePayments } from "./offline.ts";
import type { PaymentsPort } from "./payments.ts";
import { createStripePayments } from "./stripe.ts";

type PaymentsEnv = Pick<Env, "APP_ENV" | "KV" | "STRIPE_SECRET_KEY" | "STRIPE_PRICE_LITE" | "STRIPE_PRICE_BASIC" | "STRIPE_PRICE_PRO">;

/**
 * Stripe when STRIPE_SECRET_KEY is set; the local test checkout outside production; in production
 * without a key nothing is sold (null), so a misconfigured deploy never hands out plans for free.
 */
export function createPayments(env: PaymentsEnv): PaymentsPort | null {
  if (env.STRIPE_SECRET_KEY)
    return createStripePayments({
      secretKey: env.STRIPE_SECRET_KEY,
      prices: { lite: env.STRIPE_PRICE_LITE, basic: env.STRIPE_PRICE_BASIC, pro: env.STRIPE_PRICE_PRO },
    });
  if (isProduction(env)) return null;
  return createOfflinePayments(env.KV);
}

/** True where the local test checkout is the payments adapter: no Stripe key, not production. */
export function usesLocalTestCheckout(env: Pick<Env, "APP_ENV" | "STRIPE_SECRET_KEY">): boolean {
  return !env.STRIPE_SECRET_KEY && !isProduction(env);
}

/** The local test checkout, only where it is the payments adapter (no key, not production). */
export function localTestPayments(env: PaymentsEnv): OfflinePayments | null {
  return usesLocalTestCheckout(env) ? createOfflinePayments(env.KV) : null;
}
