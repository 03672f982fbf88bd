import { FREE_QUESTION, type QuestionType, type RateLimitInfo } from "#schema/contracts/ask.ts";
import type { AuthUser, Subscription } from "#schema/contracts/auth.ts";
import type { ErrorCode } from "#schema/contracts/error.ts";
import type { QuotaState } from "#schema/contracts/quota.ts";
import { accessOf, quotaCounter } from "#worker/features/billing/index.ts";
import { guestLimiter } from "./guest-limiter.ts";

/** `about` questions a guest may ask per UTC day (per salted address hash). */
export const GUEST_DAILY_LIMIT = 5;
/** `about` questions a member may ask per UTC day: generous, only there to bound the model's cost. */
export const MEMBER_ABOUT_DAILY_CAP = 50;

/** assistant-plans-admin.md §8's texts, as the server's messages (the card shows them on 402 and 429). */
export const MESSAGES = {
  guestDaily: "Daily limit reached. Sign in for standard queries or subscribe for enhanced features with higher limits.",
  memberDaily: "Daily limit for standard questions reached. Please try again after midnight UTC.",
  guestPremium: "Sign in to ask premium questions: every member gets 2 free trial queries.",
  trialUsed: "You have used your free trial queries. Please subscribe for more queries.",
  monthly: "Monthly query limit exceeded. Upgrade or wait until next month.",
  inactive: "Subscription inactive. Update your payment details to ask premium questions.",
  creditsNeedPlan: "Top-up credits need an active paid plan. Please subscribe for more queries.",
} as const;

export type Refusal = { code: Extract<ErrorCode, "PAYMENT_REQUIRED" | "RATE_LIMITED">; message: string; subscription: Subscription | null };

/** What a granted question settles when its answer is shown (commit) or fails (refund). */
export type Grant = {
  /** Whether the question takes one of the member's paid questions (trial, plan or credits): not for `about`, nor for admins. */
  charged: boolean;
  rateLimit: RateLimitInfo;
  subscription: Subscription | null;
  commit: () => Promise<Subscription | null>;
  refund: () => Promise<Subscription | null>;
};

export function toSubscription(s: QuotaState): Subscription {
  return {
    tier: s.tier,
    status: s.status,
    trialQueriesRemaining: s.trialQueriesRemaining,
    queryCount: s.queryCount,
    queryLimit: s.queryLimit,
    credits: s.credits,
    complimentary: s.complimentary,
    periodEnd: s.periodEnd,
  };
}

/** Premium questions left: the month's allowance plus credits on a paid plan, the trial on free. */
function premiumLeft(s: QuotaState): RateLimitInfo {
  if (s.tier === "free") return { remaining: s.trialQueriesRemaining, resetTime: null };
  if (s.status !== "active") return { remaining: 0, resetTime: s.periodEnd };
  return { remaining: Math.max(0, s.queryLimit - s.queryCount) + s.credits, resetTime: s.periodEnd };
}

const settled = async () => null;

/**
 * Decides whether this person may ask this question now, and takes the unit if so (assistant-plans-admin.md §5, §6):
 * admins are never counted; `about` is free within a daily limit (guests) or cap (members);
 * the other four reserve one unit of the member's QuotaCounter. Lite is a paid plan like the others.
 */
export async function admit(env: Env, user: AuthUser | null, type: QuestionType, client: string, now: number): Promise<Grant | Refusal> {
  if (user?.role === "admin") {
    return { charged: false, rateLimit: { remaining: null, resetTime: null }, subscription: null, commit: settled, refund: settled };
  }

  if (type === FREE_QUESTION) {
    const key = user ? `user:${user.id}` : `ip:${client}`;
    const limiter = guestLimiter(env, now);
    const [take, state] = await Promise.all([
      limiter.take(key, user ? MEMBER_ABOUT_DAILY_CAP : GUEST_DAILY_LIMIT, now),
      user ? quotaCounter(env, user.id).state(user.id, accessOf(user)) : Promise.resolve(null),
    ]);
    const subscription = state ? toSubscription(state) : null;
    if (!take.allowed) return { code: "RATE_LIMITED", message: user ? MESSAGES.memberDaily : MESSAGES.guestDaily, subscription };
    return {
      charged: false,
      rateLimit: { remaining: take.remaining, resetTime: take.resetTime },
      subscription,
      commit: async () => subscription,
      refund: async () => {
        await limiter.giveBack(key, now);
        return subscription;
      },
    };
  }

  if (!user) return { code: "PAYMENT_REQUIRED", message: MESSAGES.guestPremium, subscription: null };
  const counter = quotaCounter(env, user.id);
  const r = await counter.reserve(user.id, accessOf(user));
  if (!r.ok) {
    const subscription = toSubscription(r.state);
    if (r.reason === "inactive") return { code: "PAYMENT_REQUIRED", message: MESSAGES.inactive, subscription };
    if (r.reason === "plan_required") return { code: "PAYMENT_REQUIRED", message: MESSAGES.creditsNeedPlan, subscription };
    return { code: "RATE_LIMITED", message: r.state.tier === "free" ? MESSAGES.trialUsed : MESSAGES.monthly, subscription };
  }
  return {
    charged: true,
    rateLimit: premiumLeft(r.state),
    subscription: toSubscription(r.state),
    commit: async () => toSubscription(await counter.commit(user.id, r.reservationId)),
    refund: async () => toSubscription(await counter.release(user.id, r.reservationId)),
  };
}

export function isRefusal(g: Grant | Refusal): g is Refusal {
  return "code" in g;
}
