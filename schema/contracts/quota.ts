// No zod here: the quota model is plain data passed between the QuotaCounter object, the Ask route
// and the billing webhook, which all import this module (docs/architecture.md, Quotas).

export type QuotaTier = "free" | "lite" | "basic" | "pro";
export type PaidTier = Exclude<QuotaTier, "free">;

export type QuotaState = {
  tier: QuotaTier;
  /** "active" or the payment provider's status (past_due, canceled, incomplete, ...). */
  status: string;
  /** Free members: 2, never renewed. */
  trialQueriesRemaining: number;
  /** Used this period (a reserved, not yet committed unit counts as used). */
  queryCount: number;
  /** 15 / 30 / 80 for lite / basic / pro, 0 for free. */
  queryLimit: number;
  /** Top-up credits: used after the monthly allowance, never expire, need an active paid plan. */
  credits: number;
  /** The premium role's complimentary Pro allowance (renewed each UTC calendar month), not a paid plan. */
  complimentary: boolean;
  /** ISO UTC. */
  periodStart: string | null;
  periodEnd: string | null;
};

export type ReservationSource = "monthly" | "credits" | "trial";
export type RefusalReason = "limit_reached" | "plan_required" | "inactive";

export type Reservation =
  | { ok: true; reservationId: string; source: ReservationSource; state: QuotaState }
  | { ok: false; reason: RefusalReason; state: QuotaState };

/** invoice.paid: a paid period starts (or is confirmed again). */
export type PaidPeriod = { key: string; tier: PaidTier; periodStart: string; periodEnd: string };
/** customer.subscription.updated / deleted. */
export type PlanStatus = { key: string; tier: QuotaTier; status: string; periodEnd: string | null };
/** A one-time top-up. */
export type CreditTopUp = { key: string; amount: number };

/** How long a reservation may stay open before the object's alarm gives the unit back. */
export const RESERVATION_TTL_MS = 120_000;
