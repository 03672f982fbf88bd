import type { QuotaState, QuotaTier } from "#schema/contracts/quota.ts";

/**
 * A QuotaCounter's one state row (quota-counter.ts): its shape in the object's SQLite, the member's
 * QuotaState it answers, and the D1 mirror it is written to.
 */
export type StateRow = {
  user_id: string;
  tier: QuotaTier;
  status: string;
  trial: number;
  used: number;
  lim: number;
  credits: number;
  /** 1 while the plan is the premium role's complimentary Pro allowance. */
  comp: number;
  period_start: string | null;
  period_end: string | null;
  version: number;
  mirrored_version: number;
};

export function toState(s: StateRow): QuotaState {
  return {
    tier: s.tier,
    status: s.status,
    trialQueriesRemaining: s.trial,
    queryCount: s.used,
    queryLimit: s.lim,
    credits: s.credits,
    complimentary: s.comp === 1,
    periodStart: s.period_start,
    periodEnd: s.period_end,
  };
}

/** The UTC calendar month around `now`: the complimentary allowance's period. */
export function calendarMonth(now: number): { start: string; end: string } {
  const d = new Date(now);
  return {
    start: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString(),
    end: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString(),
  };
}

/** Writes the D1 read mirror of a member's state (`subscriptions`), the object's latest row. */
export async function writeMirror(db: D1Database, s: StateRow): Promise<void> {
  // Skipped when the member was deleted (the row would break the foreign key, and nobody reads it).
  await db
    .prepare(
      `INSERT INTO subscriptions (user_id, tier, status, trial_queries_remaining, query_count, query_limit, credits, complimentary, period_start, period_end)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?10, ?8, ?9 WHERE EXISTS (SELECT 1 FROM users WHERE id = ?1)
     ON CONFLICT (user_id) DO UPDATE SET tier = excluded.tier, status = excluded.status,
       trial_queries_remaining = excluded.trial_queries_remaining, query_count = excluded.query_count,
       query_limit = excluded.query_limit, credits = excluded.credits, complimentary = excluded.complimentary,
       period_start = excluded.period_start, period_end = excluded.period_end, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    )
    .bind(s.user_id, s.tier, s.status, s.trial, s.used, s.lim, s.credits, s.period_start, s.period_end, s.comp)
    .run();
}
