import type { QuestionType } from "#schema/contracts/ask-types.ts";
import type { Subscription } from "#schema/contracts/auth.ts";

/** assistant-plans-admin.md §8's banners, shown once a 429 set the limit-reached state. */
export const BANNERS = {
  guestDaily: "Daily limit reached. Sign in for standard queries or subscribe for enhanced features with higher limits.",
  paid: "Monthly query limit exceeded. Upgrade or wait until next month.",
  free: "Please subscribe for more queries.",
  otherwise: "Usage limit reached. Please try again later.",
  guestPremium:
    "Daily limit for premium questions reached. Sign in for standard Ask Coinsight queries or wait until midnight UTC for reset.",
} as const;

export const ANSWER_FAILED = "Sorry, I couldn't answer that question right now. Please try again later.";

/** The banner for a 429: guests by question, members by plan (a member's daily `about` cap is "otherwise"). */
export function limitBanner(who: { signedIn: boolean; subscription: Subscription | null }, type: QuestionType): string {
  if (!who.signedIn) return type === "about" ? BANNERS.guestDaily : BANNERS.guestPremium;
  if (type === "about" || !who.subscription) return BANNERS.otherwise;
  return who.subscription.tier === "free" ? BANNERS.free : BANNERS.paid;
}
