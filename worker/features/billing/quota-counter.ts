import { DurableObject } from "cloudflare:workers";
import { PLANS } from "#schema/contracts/plans.ts";
import {
  type CreditTopUp,
  type PaidPeriod,
  type PlanStatus,
  type QuotaState,
  RESERVATION_TTL_MS,
  type RefusalReason,
  type Reservation,
  type ReservationSource,
} from "#schema/contracts/quota.ts";
import { logger } from "#worker/lib/log.ts";
import { calendarMonth, type StateRow, toState, writeMirror } from "./quota-row.ts";

/** After a failed D1 mirror write, the alarm tries again this much later. */
const MIRROR_RETRY_MS = 30_000;

/** What the member's role grants, as the caller read it from D1 (see `state`). `now` is for tests. */
export type Access = { complimentary: boolean; now?: number };

type ReservationRow = { id: string; source: ReservationSource; period_start: string | null; expires_at: number };

/**
 * One member's Ask allowance (docs/architecture.md, Quotas). The object is the single
 * writer: every change happens in one synchronous SQLite transaction, so concurrent asks are
 * serialised and can never both take the last unit. D1's `subscriptions` row is a read mirror,
 * written after every change; a write that fails is retried by the alarm, and writes never overlap,
 * so the row always ends at the object's latest state.
 */
export class QuotaCounter extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** Resolves waiters once D1 holds at least their version. */
  private waiters: { version: number; resolve: () => void }[] = [];
  private mirroring = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS quota (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        user_id TEXT NOT NULL,
        tier TEXT NOT NULL,
        status TEXT NOT NULL,
        trial INTEGER NOT NULL CHECK (trial >= 0),
        used INTEGER NOT NULL CHECK (used >= 0),
        lim INTEGER NOT NULL CHECK (lim >= 0),
        credits INTEGER NOT NULL CHECK (credits >= 0),
        period_start TEXT,
        period_end TEXT,
        version INTEGER NOT NULL,
        mirrored_version INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS reservations (
        id TEXT PRIMARY KEY,
        source TEXT NOT NULL,
        period_start TEXT,
        expires_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS applied_keys (key TEXT PRIMARY KEY, applied_at INTEGER NOT NULL);
    `);
    // Objects created before the premium role granted anything have no `comp` column yet.
    const columns = this.sql.exec<{ name: string }>("PRAGMA table_info(quota)").toArray();
    if (!columns.some((c) => c.name === "comp")) this.sql.exec("ALTER TABLE quota ADD COLUMN comp INTEGER NOT NULL DEFAULT 0");
  }

  /**
   * The member's allowance. `access.complimentary` is whether their role (premium) grants the
   * complimentary Pro allowance now: callers pass what D1's users row says, so a role change made
   * anywhere takes effect on the member's next question or page (docs/decisions/accounts/premium-role.md).
   */
  async state(userId: string, access?: Access): Promise<QuotaState> {
    await this.load(userId);
    this.syncComplimentary(access);
    await this.mirror();
    return toState(this.row());
  }

  /** Takes one unit before the model is called: monthly allowance, then credits, then trial. */
  async reserve(userId: string, access?: Access): Promise<Reservation> {
    await this.load(userId);
    this.syncComplimentary(access);
    const result = this.ctx.storage.transactionSync((): Reservation => {
      const s = this.row();
      const refuse = (reason: RefusalReason): Reservation => ({ ok: false, reason, state: toState(s) });
      let source: ReservationSource;
      if (s.tier === "free") {
        if (s.trial > 0) source = "trial";
        // Credits outlive a cancelled plan but need an active paid plan to be spent.
        else return refuse(s.credits > 0 ? "plan_required" : "limit_reached");
      } else if (s.status !== "active") return refuse("inactive");
      else if (s.used < s.lim) source = "monthly";
      else if (s.credits > 0) source = "credits";
      else return refuse("limit_reached");

      const column = source === "trial" ? "trial = trial - 1" : source === "credits" ? "credits = credits - 1" : "used = used + 1";
      this.sql.exec(`UPDATE quota SET ${column}, version = version + 1 WHERE id = 1`);
      const reservationId = crypto.randomUUID();
      this.sql.exec(
        "INSERT INTO reservations (id, source, period_start, expires_at) VALUES (?, ?, ?, ?)",
        reservationId,
        source,
        s.period_start,
        Date.now() + RESERVATION_TTL_MS,
      );
      return { ok: true, reservationId, source, state: toState(this.row()) };
    });
    if (result.ok) await this.armAlarm();
    await this.mirror();
    return result;
  }

  /** Keeps the unit: the answer was shown. Unknown or expired ids change nothing. */
  async commit(userId: string, reservationId: string): Promise<QuotaState> {
    await this.load(userId);
    this.sql.exec("DELETE FROM reservations WHERE id = ?", reservationId);
    await this.mirror();
    return toState(this.row());
  }

  /** Gives the unit back: the answer failed. Unknown, committed or expired ids change nothing. */
  async release(userId: string, reservationId: string): Promise<QuotaState> {
    await this.load(userId);
    this.ctx.storage.transactionSync(() => this.refund(reservationId));
    await this.mirror();
    return toState(this.row());
  }

  /** invoice.paid: the tier's allowance, status active; a new period starts the count from 0. */
  async applyPaidPeriod(userId: string, p: PaidPeriod): Promise<QuotaState> {
    await this.load(userId);
    this.once(p.key, () => {
      const s = this.row();
      // A late webhook for an older period must not roll a newer one back.
      if (s.period_start && p.periodStart < s.period_start) return;
      // A paid plan replaces a complimentary one, and its count starts afresh.
      const newPeriod = p.periodStart !== s.period_start || s.comp === 1;
      this.sql.exec(
        `UPDATE quota SET tier = ?, status = 'active', comp = 0, lim = ?, used = CASE WHEN ? THEN 0 ELSE used END,
           period_start = ?, period_end = ?, version = version + 1 WHERE id = 1`,
        p.tier,
        PLANS[p.tier].queries,
        newPeriod ? 1 : 0,
        p.periodStart,
        p.periodEnd,
      );
    });
    await this.mirror();
    return toState(this.row());
  }

  /** subscription.updated / deleted. Free is always active with no monthly allowance; credits are kept. */
  async setPlanStatus(userId: string, p: PlanStatus): Promise<QuotaState> {
    await this.load(userId);
    this.once(p.key, () => {
      if (p.tier === "free") {
        this.sql.exec(
          `UPDATE quota SET tier = 'free', status = 'active', comp = 0, lim = 0, used = 0, period_start = NULL, period_end = NULL,
             version = version + 1 WHERE id = 1`,
        );
      } else {
        this.sql.exec(
          "UPDATE quota SET tier = ?, status = ?, comp = 0, lim = ?, period_end = ?, version = version + 1 WHERE id = 1",
          p.tier,
          p.status,
          PLANS[p.tier].queries,
          p.periodEnd,
        );
      }
    });
    await this.mirror();
    return toState(this.row());
  }

  async addCredits(userId: string, p: CreditTopUp): Promise<QuotaState> {
    if (!Number.isInteger(p.amount) || p.amount <= 0) throw new RangeError(`credit amount must be a positive integer, got ${p.amount}`);
    await this.load(userId);
    this.once(p.key, () => {
      this.sql.exec("UPDATE quota SET credits = credits + ?, version = version + 1 WHERE id = 1", p.amount);
    });
    await this.mirror();
    return toState(this.row());
  }

  /** Gives back every reservation older than the TTL (an isolate died mid-answer), then retries the mirror. */
  override async alarm(): Promise<void> {
    if (!this.hasState()) return;
    const now = Date.now();
    this.ctx.storage.transactionSync(() => {
      const expired = this.sql.exec<{ id: string }>("SELECT id FROM reservations WHERE expires_at <= ?", now).toArray();
      for (const { id } of expired) this.refund(id);
    });
    await this.armAlarm();
    await this.mirror();
  }

  // ---- internals ----

  /**
   * Grants, renews or takes back the complimentary Pro allowance. It is granted only over the free
   * tier (a paying member keeps the plan they pay for) and renewed each UTC calendar month; taking
   * it back returns the member to the free tier with the trial queries they had left.
   */
  private syncComplimentary(access: Access | undefined): void {
    if (!access) return;
    const now = access.now ?? Date.now();
    this.ctx.storage.transactionSync(() => {
      const s = this.row();
      if (access.complimentary && s.comp === 0 && s.tier === "free") {
        const { start, end } = calendarMonth(now);
        this.sql.exec(
          `UPDATE quota SET tier = 'pro', status = 'active', comp = 1, lim = ?, used = 0, period_start = ?, period_end = ?,
             version = version + 1 WHERE id = 1`,
          PLANS.pro.queries,
          start,
          end,
        );
      } else if (access.complimentary && s.comp === 1 && (!s.period_end || Date.parse(s.period_end) <= now)) {
        const { start, end } = calendarMonth(now);
        this.sql.exec("UPDATE quota SET used = 0, period_start = ?, period_end = ?, version = version + 1 WHERE id = 1", start, end);
      } else if (!access.complimentary && s.comp === 1) {
        this.sql.exec(
          `UPDATE quota SET tier = 'free', status = 'active', comp = 0, lim = 0, used = 0, period_start = NULL, period_end = NULL,
             version = version + 1 WHERE id = 1`,
        );
      }
    });
  }

  private hasState(): boolean {
    return this.sql.exec("SELECT 1 FROM quota WHERE id = 1").toArray().length > 0;
  }

  private row(): StateRow {
    return this.sql.exec<StateRow>("SELECT * FROM quota WHERE id = 1").one();
  }

  /** First use: start from the D1 row (members that predate the object) or the free tier's defaults. */
  private async load(userId: string): Promise<void> {
    if (!this.hasState()) {
      await this.ctx.blockConcurrencyWhile(async () => {
        if (this.hasState()) return;
        const d1 = await this.env.DB.prepare(
          `SELECT tier, status, trial_queries_remaining AS trial, query_count AS used, query_limit AS lim, credits,
             complimentary AS comp, period_start, period_end FROM subscriptions WHERE user_id = ?`,
        )
          .bind(userId)
          .first<Omit<StateRow, "user_id" | "version" | "mirrored_version">>();
        const s = d1 ?? {
          tier: "free",
          status: "active",
          trial: PLANS.free.queries,
          used: 0,
          lim: 0,
          credits: 0,
          comp: 0,
          period_start: null,
          period_end: null,
        };
        this.sql.exec(
          `INSERT INTO quota (id, user_id, tier, status, trial, used, lim, credits, comp, period_start, period_end, version, mirrored_version)
           VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
          userId,
          s.tier,
          s.status,
          s.trial,
          s.used,
          s.lim,
          s.credits,
          s.comp ? 1 : 0,
          s.period_start,
          s.period_end,
          // A member without a D1 row gets one on the first mirror.
          d1 ? 0 : 1,
        );
      });
    }
    const owner = this.row().user_id;
    if (owner !== userId) throw new Error(`QuotaCounter of ${owner} was called for ${userId}`);
  }

  /** Runs a payment change at most once per key, in one transaction with recording the key. */
  private once(key: string, change: () => void): void {
    if (!key) throw new RangeError("an idempotency key is required");
    this.ctx.storage.transactionSync(() => {
      if (this.sql.exec("SELECT 1 FROM applied_keys WHERE key = ?", key).toArray().length) return;
      this.sql.exec("INSERT INTO applied_keys (key, applied_at) VALUES (?, ?)", key, Date.now());
      change();
    });
  }

  /** Must run inside a transaction. */
  private refund(reservationId: string): void {
    const r = this.sql.exec<ReservationRow>("SELECT * FROM reservations WHERE id = ?", reservationId).toArray()[0];
    if (!r) return;
    this.sql.exec("DELETE FROM reservations WHERE id = ?", r.id);
    const s = this.row();
    if (r.source === "trial") this.sql.exec("UPDATE quota SET trial = trial + 1, version = version + 1 WHERE id = 1");
    else if (r.source === "credits") this.sql.exec("UPDATE quota SET credits = credits + 1, version = version + 1 WHERE id = 1");
    // A monthly unit from a period that has since been reset is gone with that period.
    else if (r.period_start === s.period_start && s.used > 0)
      this.sql.exec("UPDATE quota SET used = used - 1, version = version + 1 WHERE id = 1");
  }

  /** The alarm fires at the earliest open reservation's expiry (a failed mirror write arms its own retry). */
  private async armAlarm(): Promise<void> {
    const at = this.sql.exec<{ at: number | null }>("SELECT min(expires_at) AS at FROM reservations").one().at;
    if (at === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at || current < Date.now()) await this.ctx.storage.setAlarm(at);
  }

  /**
   * Brings D1 up to this object's current version. Writes never overlap: one loop writes the latest
   * state until nothing is newer, and each caller waits until its own version is in D1.
   */
  private mirror(): Promise<void> {
    const version = this.row().version;
    if (this.row().mirrored_version >= version) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.waiters.push({ version, resolve }));
    if (!this.mirroring) void this.mirrorLoop();
    return done;
  }

  private async mirrorLoop(): Promise<void> {
    this.mirroring = true;
    try {
      for (;;) {
        const s = this.row();
        if (s.mirrored_version >= s.version) break;
        try {
          await writeMirror(this.env.DB, s);
          this.sql.exec("UPDATE quota SET mirrored_version = max(mirrored_version, ?) WHERE id = 1", s.version);
        } catch (err) {
          logger("quota-counter").error("D1 mirror write failed; retried by the alarm", { error: err });
          // The object stays the truth; the alarm tries again. Callers are not failed for a late mirror.
          await this.ctx.storage.setAlarm(Date.now() + MIRROR_RETRY_MS);
          this.settle(Number.POSITIVE_INFINITY);
          return;
        }
        this.settle(s.version);
      }
    } finally {
      this.mirroring = false;
    }
  }

  private settle(upTo: number): void {
    const ready = this.waiters.filter((w) => w.version <= upTo);
    this.waiters = this.waiters.filter((w) => w.version > upTo);
    for (const w of ready) w.resolve();
  }
}

/** What the member's role grants their allowance: premium is complimentary Pro (docs/decisions/accounts/premium-role.md). */
export function accessOf(user: { role: string }): Access {
  return { complimentary: user.role === "premium" };
}

/** The member's QuotaCounter stub. */
export function quotaCounter(env: Env, userId: string) {
  return env.QUOTA_COUNTER.get(env.QUOTA_COUNTER.idFromName(userId));
}
