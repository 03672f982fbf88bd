import type { Subscription } from "#schema/contracts/auth.ts";
import { PLANS } from "#schema/contracts/plans.ts";

/** The credits pack the banner offers at the monthly limit (assistant-plans-admin.md §9). */
export const CREDITS_OFFER = "Buy 10 more questions for $5.00";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Does this plan pay for one more premium question? */
export function canPay(sub: Subscription): boolean {
  if (sub.status !== "active") return false;
  if (sub.tier === "free") return sub.trialQueriesRemaining > 0;
  return sub.queryCount < sub.queryLimit || sub.credits > 0;
}

/** A paid (or complimentary) plan whose month is used up and whose credits are spent: the banner offers credits. */
export function atMonthlyLimit(sub: Subscription | undefined): boolean {
  return !!sub && sub.tier !== "free" && sub.status === "active" && sub.queryCount >= sub.queryLimit && sub.credits <= 0;
}

/**
 * What one premium question costs this member, said before they ask: "uses 1 of your 2
 * trial questions", "uses 1 of 30 this month", "uses 1 credit". Null when nothing can pay for one.
 */
export function premiumCost(sub: Subscription): string | null {
  if (!canPay(sub)) return null;
  if (sub.tier === "free") {
    return sub.trialQueriesRemaining === 1
      ? "uses your last trial question"
      : `uses 1 of your ${sub.trialQueriesRemaining} trial questions`;
  }
  if (sub.queryCount < sub.queryLimit) return `uses 1 of ${sub.queryLimit} this month (${sub.queryLimit - sub.queryCount} left)`;
  return `uses 1 credit (${plural(sub.credits, "credit", "credits")} left)`;
}

/** The usage line: trial questions left, this month's count (with credits), or the complimentary plan's. */
export function usageText(sub: Subscription): string {
  if (sub.tier === "free") return `Trial queries: ${sub.trialQueriesRemaining}/${PLANS.free.queries} left`;
  const month = `${sub.complimentary ? "Complimentary Pro, this month" : "Queries this month"}: ${sub.queryCount}/${sub.queryLimit}`;
  return sub.credits > 0 ? `${month} · ${plural(sub.credits, "credit", "credits")}` : month;
}
