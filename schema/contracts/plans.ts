// No zod here: the header's plan line imports this, and it must not pull a validator into every page.
import type { Tier } from "./auth.ts";

/** The free tier's trial allowance (public-site.md §9). */
export const FREE_TRIAL_QUERIES = 2;

/** The plan catalogue (assistant-plans-admin.md §9), shared by the account page and the plans feature. */
export type PlanInfo = { tier: Tier; name: string; priceMonthly: number; queries: number; features: string[] };

export const PLANS: Record<Tier, PlanInfo> = {
  free: {
    tier: "free",
    name: "Free",
    priceMonthly: 0,
    queries: FREE_TRIAL_QUERIES,
    features: ["2 trial premium queries", "Does not renew"],
  },
  lite: {
    tier: "lite",
    name: "Lite",
    priceMonthly: 4.99,
    queries: 15,
    features: ["15 Ask Coinsight queries a month", "Email support (24-48h)"],
  },
  basic: {
    tier: "basic",
    name: "Basic",
    priceMonthly: 9.99,
    queries: 30,
    features: ["30 Ask Coinsight queries a month", "Email support (24-48h)"],
  },
  pro: {
    tier: "pro",
    name: "Pro",
    priceMonthly: 24.99,
    queries: 80,
    features: ["80 Ask Coinsight queries a month", "No advertisements", "Priority email support (12-24h)"],
  },
};

/**
 * What every paid plan adds, said as what the product does: the spec's "enhanced AI with live search
 * and real-time price predictions" are things Ask Coinsight refuses to do (it answers from the site's
 * own checked figures and never predicts a price). docs/decisions/billing/plan-features-as-delivered.md.
 */
export const PAID_PLAN_FEATURES = ["Price ranges from realised volatility", "Answers from Coinsight's own data", "Cancel anytime"];
